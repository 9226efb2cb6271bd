package web_test

// browser_test.go: the pages in a real browser, headless Chromium (Debian's
// chromium, which .ci/run installs), driven by chromedp. Skipped where no
// Chromium is installed.

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"oyunbot/chat/telegram"
	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/chat/web"
)

// screenshots is a folder to write the pages' pictures to (README's,
// docs/web): go test ./chat/web -run Screenshots -screenshots ../../docs/web
var screenshots = flag.String("screenshots", "", "write the pages' screenshots to this folder")

// shared is one headless Chromium for every browser test of the package,
// started by the first and closed by TestMain: each test has a tab of its
// own in a browser context of its own (cookies and storage apart), so the
// tests run side by side, and the browser starts once.
var shared struct {
	once   sync.Once
	ctx    context.Context // the browser's first tab; nil when it cannot run
	cancel func()
	skip   string // why not
}

// startBrowser starts the shared browser, or says why it cannot.
func startBrowser() {
	path := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		shared.skip = "no Chromium installed (apt-get install chromium)"
		return
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(path),
		chromedp.NoSandbox, chromedp.Flag("disable-gpu", true), chromedp.WindowSize(1200, 900))
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel2 := chromedp.NewContext(actx)
	shared.cancel = func() { cancel2(); cancel() }
	if err := chromedp.Do(ctx); err != nil {
		shared.skip = fmt.Sprintf("Chromium does not start: %v", err)
		return
	}
	shared.ctx = ctx
}

// browser returns a new tab of the shared browser, in a browser context of
// its own, or skips the test.
func browser(t *testing.T) context.Context {
	t.Helper()
	shared.once.Do(startBrowser)
	if shared.ctx == nil {
		t.Skip(shared.skip)
	}
	ctx, cancel := chromedp.NewContext(shared.ctx, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("a new tab: %v", err)
	}
	return ctx
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.cancel != nil {
		shared.cancel()
	}
	os.Exit(code)
}

// do runs steps, failing the test on an error.
func do(t *testing.T, ctx context.Context, steps ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		t.Fatal(err)
	}
}

// js is the value of expr on the page.
func js[T any](t *testing.T, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// waitText waits until the text of the element sel contains want.
func waitText(t *testing.T, ctx context.Context, sel, want string) {
	t.Helper()
	expr := fmt.Sprintf(`(document.querySelector(%q)||{}).textContent||""`, sel)
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`(%s).includes(%q)`, expr, want),
		chromedp.WithPollingTimeout(20*time.Second)))
	if err != nil {
		t.Fatalf("%s: %q, want %q (%v)", sel, js[string](t, ctx, expr), want, err)
	}
}

func TestBrowser(t *testing.T) {
	t.Parallel()
	ctx := browser(t)
	e := newEnv(t, nil)
	e.msg("g1", "bora", "bora", "lang en", false)
	e.msg("g1", "ayse", evil, "challenge @bora ttt", false)
	url := watchURL(t, e.msg("g1", "bora", "bora", "accept", false))

	// The game started in chat is on its page; the name is text.
	do(t, ctx, chromedp.Navigate(url+"?lang=en"), chromedp.WaitVisible("#board"))
	names := js[string](t, ctx, `document.getElementById("players").textContent`)
	imgs := js[int](t, ctx, `document.querySelectorAll("#players img").length`)
	if !strings.Contains(names, evil) || imgs != 0 {
		t.Errorf("the players: %q, %d pictures", names, imgs)
	}
	js[bool](t, ctx, `window.notReloaded = true`)
	waitText(t, ctx, "#live", "Live")

	// A move in chat reaches the open page, without a reload.
	start := time.Now()
	e.msg("g1", "ayse", evil, "5", false)
	waitText(t, ctx, "#moves", "1. b2")
	t.Logf("a move reached the page in %v", time.Since(start))
	e.msg("g1", "bora", "bora", "1", false)
	waitText(t, ctx, "#moves", "1… a3")
	waitText(t, ctx, "#stepno", "2/2")
	if !js[bool](t, ctx, `window.notReloaded === true`) {
		t.Error("the page reloaded")
	}

	// Stepping: the buttons, the arrow keys, a move of the list.
	src := func() string { return js[string](t, ctx, `document.getElementById("board").src`) }
	do(t, ctx, chromedp.Click("#prev"))
	waitText(t, ctx, "#stepno", "1/2")
	if s := src(); !strings.Contains(s, "/step/1.png") {
		t.Errorf("after ◀ the picture is %s", s)
	}
	do(t, ctx, chromedp.Click("#first"))
	waitText(t, ctx, "#stepno", "0/2")
	do(t, ctx, chromedp.KeyEvent(kb.ArrowRight))
	waitText(t, ctx, "#stepno", "1/2")
	do(t, ctx, chromedp.Click(`#moves button[data-step="2"]`))
	waitText(t, ctx, "#stepno", "2/2")
	do(t, ctx, chromedp.KeyEvent(kb.ArrowLeft))
	waitText(t, ctx, "#stepno", "1/2")
	do(t, ctx, chromedp.KeyEvent(kb.End))
	waitText(t, ctx, "#stepno", "2/2")
	do(t, ctx, chromedp.Click("#flip"))
	if s := src(); !strings.Contains(s, "flip=1") {
		t.Errorf("after ⇅ the picture is %s", s)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("board").complete && document.getElementById("board").naturalWidth > 0`,
		chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Errorf("the board picture does not load: %v", err)
	}

	// The server restarts while the game goes on: the page reconnects and
	// shows every move made meanwhile.
	e.restartWeb(func() {
		e.msg("g1", "ayse", evil, "9", false)
		e.msg("g1", "bora", "bora", "4", false)
	})
	waitText(t, ctx, "#moves", "2… a2")
	waitText(t, ctx, "#stepno", "4/4")
	waitText(t, ctx, "#live", "Live")

	// A private game's page is not found without its token.
	e.msg("dm", "cem", "Cem", "play ttt easy", true)
	do(t, ctx, chromedp.Navigate(e.base+"/g/2?lang=en"))
	if h1 := js[string](t, ctx, `document.querySelector("h1").textContent`); h1 != "Page not found" {
		t.Errorf("/g/2: %q", h1)
	}
}

// TestScreenshots writes the pages' screenshots (with -screenshots): a
// game of each kind, desktop and a 390x844 phone, both languages.
func TestScreenshots(t *testing.T) {
	if *screenshots == "" {
		t.Skip("no -screenshots folder")
	}
	ctx := browser(t)
	e := newEnv(t, nil)
	shots := []struct {
		name  string
		setup []string
	}{
		{"tictactoe", []string{"play ttt easy", "5", "1"}},
		{"dama", []string{"play dama easy", "c3-c4", "b3-b4"}},
		{"italian", []string{"play italian easy", "b3-a4"}},
		{"checkers", []string{"play checkers easy"}},
		{"chess", []string{"play chess easy", "e4", "Nf3", "Bc4"}},
		{"tavla", []string{"play hapis easy"}},
		{"islem", []string{"play islem easy"}},
		{"puzzle8", []string{"play puzzle8"}},
	}
	if err := os.MkdirAll(*screenshots, 0o755); err != nil {
		t.Fatal(err)
	}
	shoot := func(url, name string, w, h int64) {
		t.Helper()
		do(t, ctx, chromedp.EmulateViewport(w, h, chromedp.EmulateScale(1)), chromedp.Navigate(url),
			chromedp.WaitVisible("main"))
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*screenshots, name), png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// A listed channel's tournament: the front page and the tournament's.
	e.admin("cdama", "boss", "web on")
	e.admin("tour", "boss", "web on")
	e.msg("tour", "bora", "bora", "lang en", false)
	e.msg("tour", "ayse", "Ayşe", "tournament create ttt roundrobin", false)
	e.msg("tour", "bora", "bora", "tournament join", false)
	e.msg("tour", "ayse", "Ayşe", "tournament join", false)
	e.msg("tour", "cem", "Cem", "tournament join", false)
	e.msg("tour", "ayse", "Ayşe", "tournament start", false)
	tour := linkOf(t, e.msg("tour", "ayse", "Ayşe", "tournament pairings", false), "/t/")
	for _, s := range shots {
		ch := "c" + s.name
		var url string
		for _, text := range s.setup {
			if rep := e.msg(ch, "ayse", "Ayşe", text, false); url == "" {
				url = watchURL(t, rep)
			}
		}
		for _, lang := range []string{"tr", "en"} {
			for _, dev := range []struct {
				name string
				w, h int64
			}{{"desktop", 1200, 860}, {"phone", 390, 844}} {
				do(t, ctx, chromedp.EmulateViewport(dev.w, dev.h, chromedp.EmulateScale(1)),
					chromedp.Navigate(url+"?lang="+lang), chromedp.WaitVisible("#board"))
				chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("board").complete && document.getElementById("live").textContent != ""`,
					chromedp.WithPollingTimeout(10*time.Second)))
				png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
				if err != nil {
					t.Fatal(err)
				}
				name := filepath.Join(*screenshots, s.name+"-"+dev.name+"-"+lang+".png")
				if err := os.WriteFile(name, png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	shoot(e.base+"/?lang=en", "front-desktop-en.png", 1200, 860)
	shoot(tour+"?lang=tr", "tournament-phone-tr.png", 390, 844)
}

// TestBrowserTelegram: a game started through the (fake) Telegram is on the
// page its reply links (in the text: Telegram takes a button only to a
// public address), and a move sent there reaches the open page.
func TestBrowserTelegram(t *testing.T) {
	t.Parallel()
	ctx := browser(t)
	e := newEnv(t, nil)
	srv := telegramtest.NewServer(telegramtest.Config{})
	t.Cleanup(srv.Close)
	tg, err := telegram.New(telegram.Config{Token: srv.Token(), APIEndpoint: srv.Endpoint(),
		Commands: telegram.DefaultCommands("tictactoe")}, e.r)
	if err != nil {
		t.Fatal(err)
	}
	e.r.AddSender(t.Context(), telegram.Platform, tg)
	tctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		tg.Run(tctx)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	ayse := telegramtest.User{ID: 42, FirstName: "Ayşe", LanguageCode: "en"}
	dm := telegramtest.Chat{ID: 42, Type: "private", FirstName: "Ayşe"}
	link := regexp.MustCompile(`http://127\.0\.0\.1:\d+/g/[A-Za-z0-9_-]{22,}`)
	if _, err := srv.SendText(dm, ayse, "/play ttt easy"); err != nil {
		t.Fatal(err)
	}
	var url string
	if err := srv.Wait(30*time.Second, func() bool {
		for _, m := range srv.Sent(dm.ID) {
			if u := link.FindString(m.Text); u != "" {
				url = u
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("no page link in %+v", srv.Sent(dm.ID))
	}
	do(t, ctx, chromedp.Navigate(url+"?lang=en"), chromedp.WaitVisible("#board"))
	waitText(t, ctx, "#players", "Ayşe")
	waitText(t, ctx, "#live", "Live")
	if _, err := srv.SendText(dm, ayse, "5"); err != nil {
		t.Fatal(err)
	}
	waitText(t, ctx, "#moves", "1. b2")
	waitText(t, ctx, "#stepno", "2/2") // and the bot's answer
}

// TestBrowserClock: a timed game's running clock ticks on the page.
func TestBrowserClock(t *testing.T) {
	t.Parallel()
	ctx := browser(t)
	e := newEnv(t, nil)
	e.msg("g1", "bora", "bora", "lang en", false)
	e.msg("g1", "ayse", "ayse", "challenge @bora ttt 5m", false)
	url := watchURL(t, e.msg("g1", "bora", "bora", "accept", false))
	e.msg("g1", "ayse", "ayse", "5", false) // the clocks start at the first move: bora's runs
	do(t, ctx, chromedp.Navigate(url+"?lang=en"), chromedp.WaitVisible(".clock.running"))
	first := js[string](t, ctx, `document.querySelector(".clock.running").textContent`)
	if side := js[string](t, ctx, `document.querySelector(".clock.running").dataset.side`); side != "1" {
		t.Errorf("the running clock is side %s's, want bora's (1)", side)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](fmt.Sprintf(`document.querySelector(".clock.running").textContent != %q`, first),
		chromedp.WithPollingTimeout(10*time.Second))); err != nil {
		t.Errorf("the clock stays at %s: %v", first, err)
	}
}

// TestBrowserRetriesRefusedStream: a page whose stream is refused (the
// address's streams are all open) tries again, and once a stream is free
// (a viewer gone, noticed at its next keep-alive) it follows the game.
func TestBrowserRetriesRefusedStream(t *testing.T) {
	t.Parallel()
	ctx := browser(t)
	e := newEnv(t, func(c *web.Config) { c.StreamsPerIP, c.KeepAlive = 1, 200*time.Millisecond })
	e.msg("g1", "bora", "bora", "lang en", false)
	e.msg("g1", "ayse", "ayse", "challenge @bora ttt", false)
	url := watchURL(t, e.msg("g1", "bora", "bora", "accept", false))
	other := openStream(t, url+"/events", "") // the address's one stream
	do(t, ctx, chromedp.Navigate(url+"?lang=en"), chromedp.WaitVisible("#board"))
	waitText(t, ctx, "#live", "Reconnecting")
	other.res.Body.Close()
	waitText(t, ctx, "#live", "Live")
	e.msg("g1", "ayse", "ayse", "5", false)
	waitText(t, ctx, "#moves", "1. b2")
}

// TestBrowserFinishedAndTournamentPages: a game's page stops saying it is
// live when the game ends, and a finished game's page never says so; a
// tournament's summary shows its lines apart (issue 35 item 15).
func TestBrowserFinishedAndTournamentPages(t *testing.T) {
	t.Parallel()
	ctx := browser(t)
	e := newEnv(t, nil)
	url := watchURL(t, e.msg("dm", "ayse", "Ayşe", "play ttt easy", true))
	do(t, ctx, chromedp.Navigate(url+"?lang=en"), chromedp.WaitVisible("#board"))
	waitText(t, ctx, "#live", "Live")
	e.msg("dm", "ayse", "Ayşe", "5", true)
	e.msg("dm", "ayse", "Ayşe", "resign yes", true)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("live").textContent === "" && !document.getElementById("live").classList.contains("on")`,
		chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Errorf("the page of a game just ended still says %q: %v", js[string](t, ctx, `document.getElementById("live").textContent`), err)
	}
	do(t, ctx, chromedp.Navigate(url+"?lang=en"), chromedp.WaitVisible("#board"))
	if live := js[string](t, ctx, `document.getElementById("live").className + ":" + document.getElementById("live").textContent`); live != "live:" {
		t.Errorf("a finished game's page: #live %q", live)
	}

	e.msg("tour", "ayse", "Ayşe", "tournament create ttt roundrobin", false)
	e.msg("tour", "bora", "bora", "tournament join", false)
	e.msg("tour", "ayse", "Ayşe", "tournament join", false)
	e.msg("tour", "ayse", "Ayşe", "tournament start", false)
	tour := linkOf(t, e.msg("tour", "ayse", "Ayşe", "tournament pairings", false), "/t/")
	do(t, ctx, chromedp.Navigate(tour+"?lang=en"), chromedp.WaitVisible("h1"))
	info := js[string](t, ctx, `document.querySelector("#tournament p.info").innerText`)
	if want := js[string](t, ctx, `document.querySelector("#tournament p.info").textContent`); !strings.Contains(want, "\n") || info != want {
		t.Errorf("the tournament's summary runs its lines together: %q (its text %q)", info, want)
	}
}
