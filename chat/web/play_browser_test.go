package web_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"oyunbot/chat/web"
)

// pollOpts poll by interval (a page in a tab behind another gets no
// animation frames, which chromedp's polls wait for by default), for 20 s
// at most.
var pollOpts = []chromedp.PollOption{chromedp.WithPollingInterval(50 * time.Millisecond), chromedp.WithPollingTimeout(20 * time.Second)}

// chatSaw waits until the chat's replies since the last take contain sub
// (the outbox delivers on its own goroutine), and returns them.
func chatSaw(t *testing.T, e *env, sub string) string {
	t.Helper()
	var all strings.Builder
	deadline := time.Now().Add(20 * time.Second)
	for {
		if err := e.r.Wait(t.Context()); err != nil {
			t.Fatal(err)
		}
		all.WriteString(texts(e.rec.take()))
		if strings.Contains(all.String(), sub) || time.Now().After(deadline) {
			return all.String()
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestBrowserPlaysFromThePage: in Chromium, a game's page is to watch
// until its player signs in with their personal link; then it shows the
// chat's buttons for them, and the whole game of tic-tac-toe against the
// bot is played by clicks on the page: each move reaches the chat (its
// board) and the page (its list of moves); a typed illegal move is
// explained on the page.
func TestBrowserPlaysFromThePage(t *testing.T) {
	ctx := browser(t)
	e := newEnv(t, nil)
	e.mod = func(c *web.Config) { c.Handler = e.r }
	e.restartWeb(nil)
	page := watchURL(t, e.msg("dm", "ayse", "Ayşe", "play ttt easy x", true)) + "?lang=en"

	do(t, ctx, chromedp.Navigate(page), chromedp.WaitVisible("#board"))
	waitText(t, ctx, "#live", "Live")
	if hidden := js[bool](t, ctx, `document.getElementById("play").hidden`); !hidden {
		t.Fatal("the controls show to a visitor not signed in")
	}

	login := web.NewLinks(e.base, e.store, nil).LoginURL("test", "ayse")
	do(t, ctx, chromedp.Navigate(login), chromedp.Navigate(page), chromedp.WaitVisible("#controls button"))
	if *screenshots != "" {
		do(t, ctx, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(1)))
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(*screenshots, "play-390.png"), png, 0o644); err != nil {
			t.Fatal(err)
		}
		do(t, ctx, chromedp.EmulateViewport(1200, 900, chromedp.EmulateScale(1)))
	}
	cell := `document.querySelector('#controls button[data-cmd^="move #g1"]')`
	ready := `!document.getElementById("play").classList.contains("busy") && ` + cell + ` !== null`
	for turn := 1; ; turn++ {
		// The player's turn again (the bot has answered), or the end.
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](`(`+ready+`) || document.getElementById("status").textContent.includes("Game over")`, pollOpts...))
		if err != nil {
			t.Fatalf("turn %d: neither the player's turn nor the end: %v", turn, err)
		}
		if !js[bool](t, ctx, ready) {
			break
		}
		if turn > 5 {
			t.Fatal("tic-tac-toe did not end")
		}
		before := js[int](t, ctx, `document.querySelectorAll("#moves li").length`)
		js[bool](t, ctx, cell+`.click(), true`)
		_, err = chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll("#moves li").length > `+itoa(int64(before)), pollOpts...))
		if err != nil {
			t.Fatalf("turn %d: the click's move never reached the page: %v", turn, err)
		}
		if turn == 1 {
			if err := e.r.Wait(t.Context()); err != nil {
				t.Fatal(err)
			}
			chat := texts(e.rec.take())
			if !strings.Contains(chat, "Ayşe: ") {
				t.Fatalf("the chat did not see the move made on the page: %q", chat)
			}
			// b2 or whatever was played first is taken now: typed again, it
			// is explained on the page.
			first := js[string](t, ctx, `document.querySelectorAll("#moves li button")[1].textContent`)
			sq := first[strings.LastIndex(first, " ")+1:]
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!document.getElementById("play").classList.contains("busy")`, pollOpts...)); err != nil {
				t.Fatal(err)
			}
			js[bool](t, ctx, `document.getElementById("typedmove").value = "`+sq+`", document.querySelector("#typed button").click(), true`)
			_, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("said").textContent.length > 0`, pollOpts...))
			if err != nil {
				t.Fatalf("an illegal move typed on the page was not explained: %v", err)
			}
		}
	}
	waitText(t, ctx, "#status", "Game over")
}

// TestBrowserPromotion: chess on the page by clicks, the chat's own tap
// board: the pawn, then its square, then the piece it becomes; the chat
// sees the promotion.
func TestBrowserPromotion(t *testing.T) {
	ctx := browser(t)
	e := newEnv(t, nil)
	e.mod = func(c *web.Config) { c.Handler = e.r }
	e.restartWeb(nil)
	page := watchURL(t, e.msg("dm", "ayse", "Ayşe", "play chess easy white fen 7k/4P3/8/8/8/8/8/K7 w - - 0 1", true)) + "?lang=en"
	login := web.NewLinks(e.base, e.store, nil).LoginURL("test", "ayse")
	do(t, ctx, chromedp.Navigate(login), chromedp.Navigate(page), chromedp.WaitVisible("#controls button"))
	e.rec.take()
	click := func(what, suffix string) {
		t.Helper()
		sel := `document.querySelector('#controls button[data-cmd$="` + suffix + `"]')`
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](`!document.getElementById("play").classList.contains("busy") && `+sel+` !== null`, pollOpts...))
		if err != nil {
			t.Fatalf("no button for %s (%q): %v", what, suffix, err)
		}
		js[bool](t, ctx, sel+`.click(), true`)
	}
	click("the pawn", " e7")
	click("its square", " e7 e8")
	// The pieces it may become, each its own button: the queen.
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](`[...document.querySelectorAll('#controls button[data-cmd*=" e7 e8 "]')].length === 4`, pollOpts...))
	if err != nil {
		t.Fatalf("the promotion's choices never came: %v", err)
	}
	js[bool](t, ctx, `document.querySelector('#controls button[data-cmd*=" e7 e8 "]').click(), true`)
	waitText(t, ctx, "#moves", "e8=Q")
	if chat := chatSaw(t, e, "e8="); !strings.Contains(chat, "e8=") {
		t.Errorf("the chat did not see the promotion: %q", chat)
	}
}

// TestBrowserTavlaTurnWithTakeBack: tavla on the page by clicks: one die's
// move, taken back (the turn's ply, "↩"), played again, then the other
// die's: the turn ends and the chat sees it.
func TestBrowserTavlaTurnWithTakeBack(t *testing.T) {
	ctx := browser(t)
	e := newEnv(t, nil)
	e.mod = func(c *web.Config) { c.Handler = e.r }
	e.restartWeb(nil)
	page := watchURL(t, e.msg("dm", "ayse", "Ayşe", "play hapis easy", true)) + "?lang=en"
	login := web.NewLinks(e.base, e.store, nil).LoginURL("test", "ayse")
	do(t, ctx, chromedp.Navigate(login), chromedp.Navigate(page), chromedp.WaitVisible("#controls button"))
	idle := `!document.getElementById("play").classList.contains("busy")`
	moveBtn := `document.querySelector('#controls button[data-cmd*=" ="]')`
	undoBtn := `document.querySelector('#controls button[data-cmd^="undo "]')`
	// The player's turn (the bot may have opened the game).
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](idle+` && `+moveBtn+` !== null`, pollOpts...)); err != nil {
		t.Fatalf("no checker move to click: %v", err)
	}
	if !js[bool](t, ctx, undoBtn+` === null`) {
		t.Fatal("a take-back button before any ply of the turn")
	}
	first := js[string](t, ctx, moveBtn+`.dataset.cmd`)
	js[bool](t, ctx, moveBtn+`.click(), true`)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](idle+` && `+undoBtn+` !== null`, pollOpts...)); err != nil {
		t.Fatalf("after one die's move, no take-back: %v", err)
	}
	js[bool](t, ctx, undoBtn+`.click(), true`)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](idle+` && `+undoBtn+` === null && `+moveBtn+` !== null`, pollOpts...)); err != nil {
		t.Fatalf("the take-back did not give the turn back whole: %v", err)
	}
	if now := js[string](t, ctx, moveBtn+`.dataset.cmd`); now[strings.LastIndex(now, "=")+1:] != first[strings.LastIndex(first, "=")+1:] {
		t.Errorf("after the take-back the first move is %q, was %q", now, first)
	}
	e.rec.take()
	for part := 0; part < 4; part++ { // both dice (four of a double)
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](idle, pollOpts...)); err != nil {
			t.Fatal(err)
		}
		if js[bool](t, ctx, moveBtn+` === null`) {
			break
		}
		js[bool](t, ctx, moveBtn+`.click(), true`)
		chromedp.Run(ctx, chromedp.Poll[bool](idle, pollOpts...))
		if err := e.r.Wait(t.Context()); err != nil {
			t.Fatal(err)
		}
		if js[bool](t, ctx, undoBtn+` === null`) {
			break // the turn is over: the bot's now, or the player's next
		}
	}
	if err := e.r.Wait(t.Context()); err != nil {
		t.Fatal(err)
	}
	if chat := texts(e.rec.take()); !strings.Contains(chat, "Ayşe: ") {
		t.Errorf("the chat did not see the turn played on the page: %q", chat)
	}
}

// TestBrowserSolvesAPuzzle: the 8-puzzle on the page: its tiles that can
// slide are buttons; the last one clicked solves it, and the chat says so.
func TestBrowserSolvesAPuzzle(t *testing.T) {
	ctx := browser(t)
	e := newEnv(t, nil)
	e.mod = func(c *web.Config) { c.Handler = e.r }
	e.restartWeb(nil)
	page := watchURL(t, e.msg("dm", "ayse", "Ayşe", "play puzzle8 from 1,2,3,4,5,6,7,0,8", true)) + "?lang=en"
	login := web.NewLinks(e.base, e.store, nil).LoginURL("test", "ayse")
	do(t, ctx, chromedp.Navigate(login), chromedp.Navigate(page), chromedp.WaitVisible("#controls button"))
	e.rec.take()
	tiles := js[string](t, ctx, `[...document.querySelectorAll('#controls button[data-cmd*=" ="]')].map(b => b.textContent).join(" ")`)
	if tiles != "5 7 8" {
		t.Fatalf("the tiles that can slide: %q, want 5 7 8", tiles)
	}
	js[bool](t, ctx, `document.querySelector('#controls button[data-cmd$="=8"]').click(), true`)
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("play").hidden || document.querySelectorAll('#controls button[data-cmd*=" ="]').length === 0`, pollOpts...))
	if err != nil {
		t.Fatalf("the puzzle is not solved on the page: %v", err)
	}
	if err := e.r.Wait(t.Context()); err != nil {
		t.Fatal(err)
	}
	if chat := texts(e.rec.take()); !strings.Contains(strings.ToLower(chat), "solved") {
		t.Errorf("the chat did not see the puzzle solved: %q", chat)
	}
}

// TestBrowserDamaMultiCapture: dama on the page: the man, then the end of
// its two captures; the chat sees the whole capture.
func TestBrowserDamaMultiCapture(t *testing.T) {
	ctx := browser(t)
	e := newEnv(t, nil)
	e.mod = func(c *web.Config) { c.Handler = e.r }
	e.restartWeb(nil)
	page := watchURL(t, e.msg("dm", "ayse", "Ayşe",
		"play dama easy white from b......./......../......../...b..../......../...b..../...w..../........ w", true)) + "?lang=en"
	login := web.NewLinks(e.base, e.store, nil).LoginURL("test", "ayse")
	do(t, ctx, chromedp.Navigate(login), chromedp.Navigate(page), chromedp.WaitVisible("#controls button"))
	e.rec.take()
	idle := `!document.getElementById("play").classList.contains("busy")`
	for _, suffix := range []string{" d2", " d2 d6"} {
		sel := `document.querySelector('#controls button[data-cmd$="` + suffix + `"]')`
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](idle+` && `+sel+` !== null`, pollOpts...)); err != nil {
			t.Fatalf("no button %q: %s", suffix, js[string](t, ctx, `[...document.querySelectorAll('#controls button')].map(b => b.dataset.cmd).join(" | ")`))
		}
		js[bool](t, ctx, sel+`.click(), true`)
	}
	waitText(t, ctx, "#moves", "d2xd4xd6")
	if chat := chatSaw(t, e, "d2xd4xd6"); !strings.Contains(chat, "d2xd4xd6") {
		t.Errorf("the chat did not see the capture: %q", chat)
	}
}

// TestBrowserIslemTurn: İşlem on the page: a square, then the stone to
// place there among the choices; the turn's placement reaches the chat.
func TestBrowserIslemTurn(t *testing.T) {
	ctx := browser(t)
	e := newEnv(t, nil)
	e.mod = func(c *web.Config) { c.Handler = e.r }
	e.restartWeb(nil)
	page := watchURL(t, e.msg("dm", "ayse", "Ayşe", "play islem easy black", true)) + "?lang=en"
	login := web.NewLinks(e.base, e.store, nil).LoginURL("test", "ayse")
	do(t, ctx, chromedp.Navigate(login), chromedp.Navigate(page), chromedp.WaitVisible("#controls button"))
	e.rec.take()
	idle := `!document.getElementById("play").classList.contains("busy")`
	square := `document.querySelector('#controls button[data-cmd$=" d4"]')`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](idle+` && `+square+` !== null`, pollOpts...)); err != nil {
		t.Fatalf("no square d4: %s", js[string](t, ctx, `[...document.querySelectorAll('#controls button')].map(b => b.dataset.cmd).join(" | ")`))
	}
	before := js[int](t, ctx, `document.querySelectorAll("#moves li").length`)
	js[bool](t, ctx, square+`.click(), true`)
	choice := `document.querySelector('#controls button[data-cmd*=" d4 d4 "]')`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](idle+` && `+choice+` !== null`, pollOpts...)); err != nil {
		t.Fatalf("no stone to choose for d4: %s", js[string](t, ctx, `[...document.querySelectorAll('#controls button')].map(b => b.dataset.cmd).join(" | ")`))
	}
	js[bool](t, ctx, choice+`.click(), true`)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll("#moves li").length > `+itoa(int64(before)), pollOpts...)); err != nil {
		t.Fatalf("the placement never reached the page: %v", err)
	}
	if err := e.r.Wait(t.Context()); err != nil {
		t.Fatal(err)
	}
	if chat := texts(e.rec.take()); !strings.Contains(chat, "d4") {
		t.Errorf("the chat did not see the placement: %q", chat)
	}
}
