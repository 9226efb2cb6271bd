package web_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"oyunbot/chat/web"
)

// pollOpts poll by interval (a page in a tab behind another gets no
// animation frames, which chromedp's polls wait for by default), for 20 s
// at most.
var pollOpts = []chromedp.PollOption{chromedp.WithPollingInterval(50 * time.Millisecond), chromedp.WithPollingTimeout(20 * time.Second)}

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

	login := web.NewLinks(e.base, e.store, nil).LoginURL(t.Context(), "test", "ayse")
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

// TestBrowserChessGameWithPromotion: a whole game of chess played by
// clicks on its page opened as a Telegram Mini App: the pawn, its square,
// then the piece it becomes among the four; the promotion mates, and the
// chat on Telegram and the spectator's page see it, and the end.
func TestBrowserChessGameWithPromotion(t *testing.T) {
	p := newPlayed(t, "/play chess easy white fen 7k/4P3/6K1/8/8/8/8/8 w - - 0 1")
	n := p.moves()
	p.click(`button[data-cmd$=" e7"]`)
	p.click(`button[data-cmd$=" e7 e8"]`)
	// The pieces it may become, each its own button: the queen.
	_, err := chromedp.Run(p.player, chromedp.Poll[bool](idle+` && [...document.querySelectorAll('#controls button[data-cmd*=" e7 e8 "]')].length === 4`, pollOpts...))
	if err != nil {
		t.Fatalf("the promotion's four choices never came: %s", p.controls())
	}
	js[bool](t, p.player, `[...document.querySelectorAll('#controls button[data-cmd*=" e7 e8 "]')].find(b => b.textContent.includes("=Q")).click(), true`)
	p.seen(n, "e8=Q#")
	for _, tab := range []context.Context{p.player, p.spectator} {
		waitText(t, tab, "#status", "Game over")
	}
	p.wait()
	if !js[bool](t, p.player, `document.getElementById("play").hidden || document.querySelectorAll('#controls button[data-cmd^="tap "]').length === 0`) {
		t.Errorf("the game is over and the page still offers moves: %s", p.controls())
	}
}

// TestBrowserDamaMultiCapture: dama on the page, on a phone's 390-px
// screen: the man, then the end of its two captures; the chat and the
// spectator see the whole capture. The page fits the screen in both
// languages, its controls big enough for a thumb.
func TestBrowserDamaMultiCapture(t *testing.T) {
	p := newPlayed(t, "/play dama easy white from b......./......../......../...b..../......../...b..../...w..../........ w")
	do(t, p.player, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	for _, lang := range []string{"tr", "en"} {
		do(t, p.player, chromedp.Navigate(p.url+"?lang="+lang+p.launch), chromedp.WaitVisible("#controls button"))
		if w := js[int](t, p.player, `document.documentElement.scrollWidth`); w > 390 {
			t.Errorf("%s: on a 390-px screen the page is %d px wide", lang, w)
		}
		small := js[string](t, p.player, `[...document.querySelectorAll("#controls button, #typed button")].filter(b => {
			const r = b.getBoundingClientRect(); return r.width < 40 || r.height < 40 || r.right > 390 }).map(b => b.textContent).join(" ")`)
		if small != "" {
			t.Errorf("%s: controls too small for a thumb or off the 390-px screen: %q", lang, small)
		}
	}
	n := p.moves()
	p.click(`button[data-cmd$=" d2"]`)
	p.click(`button[data-cmd$=" d2 d6"]`)
	p.seen(n, "d2xd4xd6")
}

// TestBrowserTavlaTurnWithTakeBack: tavla on the page by clicks: one die's
// move, taken back (the turn's ply, "↩"), played again, then the other
// die's: the turn ends, and the chat and the spectator see it.
func TestBrowserTavlaTurnWithTakeBack(t *testing.T) {
	p := newPlayed(t, "/play hapis easy")
	moveBtn := `document.querySelector('#controls button[data-cmd*=" ="]')`
	undoBtn := `document.querySelector('#controls button[data-cmd^="undo "]')`
	// The player's turn (the bot may have opened the game).
	if _, err := chromedp.Run(p.player, chromedp.Poll[bool](idle+` && `+moveBtn+` !== null`, pollOpts...)); err != nil {
		t.Fatalf("no checker move to click: %s", p.controls())
	}
	if !js[bool](t, p.player, undoBtn+` === null`) {
		t.Fatal("a take-back button before any ply of the turn")
	}
	n := p.moves()
	first := js[string](t, p.player, moveBtn+`.dataset.cmd`)
	js[bool](t, p.player, moveBtn+`.click(), true`)
	if _, err := chromedp.Run(p.player, chromedp.Poll[bool](idle+` && `+undoBtn+` !== null`, pollOpts...)); err != nil {
		t.Fatalf("after one die's move, no take-back: %s", p.controls())
	}
	js[bool](t, p.player, undoBtn+`.click(), true`)
	if _, err := chromedp.Run(p.player, chromedp.Poll[bool](idle+` && `+undoBtn+` === null && `+moveBtn+` !== null`, pollOpts...)); err != nil {
		t.Fatalf("the take-back did not give the turn back whole: %s", p.controls())
	}
	if now := js[string](t, p.player, moveBtn+`.dataset.cmd`); now[strings.LastIndex(now, "=")+1:] != first[strings.LastIndex(first, "=")+1:] {
		t.Errorf("after the take-back the first move is %q, was %q", now, first)
	}
	parts := 0
	for ; parts < 4; parts++ { // both dice (four of a double)
		p.wait()
		if js[bool](t, p.player, moveBtn+` === null`) {
			break
		}
		js[bool](t, p.player, moveBtn+`.click(), true`)
		p.wait()
		if js[bool](t, p.player, undoBtn+` === null`) {
			parts++
			break // the turn is over: the bot's now, or the player's next
		}
	}
	if parts < 2 {
		t.Errorf("the turn ended after %d of the dice's moves", parts)
	}
	p.seen(n, "")
}

// TestBrowserSolvesAPuzzle: the 8-puzzle on the page: its tiles that can
// slide are buttons; the last one clicked solves it, and the chat and the
// spectator say so.
func TestBrowserSolvesAPuzzle(t *testing.T) {
	p := newPlayed(t, "/play puzzle8 from 1,2,3,4,5,6,7,0,8")
	p.wait()
	tiles := js[string](t, p.player, `[...document.querySelectorAll('#controls button[data-cmd*=" ="]')].map(b => b.textContent).join(" ")`)
	if tiles != "5 7 8" {
		t.Fatalf("the tiles that can slide: %q, want 5 7 8", tiles)
	}
	n := p.moves()
	p.click(`button[data-cmd$="=8"]`)
	_, err := chromedp.Run(p.player, chromedp.Poll[bool](`document.getElementById("play").hidden || document.querySelectorAll('#controls button[data-cmd*=" ="]').length === 0`, pollOpts...))
	if err != nil {
		t.Fatalf("the puzzle is not solved on the page: %s", p.controls())
	}
	p.seen(n, "")
	p.chatSaw("olved")
	waitText(t, p.spectator, "#status", "olved")
}

// TestBrowserIslemTurn: İşlem on the page: a square, then the stone to
// place there among the choices; the turn's placement reaches the chat and
// the spectator.
func TestBrowserIslemTurn(t *testing.T) {
	p := newPlayed(t, "/play islem easy black")
	n := p.moves()
	p.click(`button[data-cmd$=" d4"]`)
	p.click(`button[data-cmd*=" d4 d4 "]`)
	p.seen(n, "d4")
}

// TestBrowserResumesAfterRestart: the player's page of a game in play
// follows it through a restart of the pages' server, the move the player
// made meanwhile in the chat included, and plays on by clicks after it.
func TestBrowserResumesAfterRestart(t *testing.T) {
	p := newPlayed(t, "/play ttt easy x")
	cell := `button[data-cmd^="move #"]`
	// current waits until the player's controls are the position's (a free
	// square each, after the list's moves) and returns the first square.
	current := func() string {
		t.Helper()
		cond := idle + ` && document.querySelectorAll('#controls ` + cell + `').length === 10 - document.querySelectorAll("#moves li").length`
		if _, err := chromedp.Run(p.player, chromedp.Poll[bool](cond, pollOpts...)); err != nil {
			t.Fatalf("the controls are not the position's: %s", p.controls())
		}
		cmd := js[string](t, p.player, `document.querySelector('#controls `+cell+`').dataset.cmd`)
		return cmd[strings.LastIndex(cmd, " ")+1:]
	}
	current()
	n := p.moves()
	p.click(cell)
	p.seen(n+1, "") // the move and the bot's answer
	sq := current()
	p.e.restartWeb(func() {
		if _, err := p.tg.SendText(p.dm, p.user, sq); err != nil {
			t.Fatal(err)
		}
		p.chatSaw("Ayşe: " + sq)
	})
	for _, tab := range []context.Context{p.player, p.spectator} {
		if _, err := chromedp.Run(tab, chromedp.Poll[bool](`document.getElementById("moves").textContent.includes(" `+sq+`")`, pollOpts...)); err != nil {
			t.Fatalf("the page did not get the move made while its server was down: %q", js[string](t, tab, `document.getElementById("moves").textContent`))
		}
		waitText(t, tab, "#live", "Live")
	}
	// The bot's answer, then the player's turn again: by a click.
	if _, err := chromedp.Run(p.player, chromedp.Poll[bool](`document.querySelectorAll("#moves li").length > `+strconv.Itoa(n+3)+
		` || document.getElementById("status").textContent.includes("Game over")`, pollOpts...)); err != nil {
		t.Fatalf("no answer from the bot after the restart: %q", js[string](t, p.player, `document.getElementById("moves").textContent`))
	}
	if js[bool](t, p.player, `document.getElementById("status").textContent.includes("Game over")`) {
		return
	}
	current()
	m := p.moves()
	p.click(cell)
	p.seen(m, "")
}

// TestBrowserMiniAppLobby: the lobby opened as a Mini App (the bot's menu
// button) signs in with Telegram's initData: it lists the player's game,
// theirs to move, linked to its page.
func TestBrowserMiniAppLobby(t *testing.T) {
	p := newPlayed(t, "/play ttt easy x")
	tab := p.spectator // signed in as nobody
	do(t, tab, chromedp.Navigate(p.e.base+"/lobby?lang=en"+p.launch), chromedp.WaitVisible("#lobby"))
	game := p.url[strings.Index(p.url, "/g/"):]
	if _, err := chromedp.Run(tab, chromedp.Poll[bool](`document.querySelector('#lobby a[href="`+game+`"]') !== null`, pollOpts...)); err != nil {
		t.Fatalf("the Mini App's lobby does not list the player's game: %q", js[string](t, tab, `document.getElementById("lobby").textContent`))
	}
}

// TestBrowserIllegalClickExplained: in a game between two people, a click
// on a square while it is the other's turn is explained on the page (the
// chat's own answer), and neither moves the game nor reaches the chat.
func TestBrowserIllegalClickExplained(t *testing.T) {
	ctx := browser(t)
	e := newEnv(t, nil)
	e.mod = func(c *web.Config) { c.Handler = e.r }
	e.restartWeb(nil)
	e.msg("g1", "bora", "bora", "lang en", false)
	e.msg("g1", "ayse", "Ayşe", "challenge @bora ttt", false)
	page := watchURL(t, e.msg("g1", "bora", "bora", "accept", false)) + "?lang=en"
	e.msg("g1", "ayse", "Ayşe", "b2", false) // bora's turn now
	login := web.NewLinks(e.base, e.store, nil).LoginURL(t.Context(), "test", "ayse")
	do(t, ctx, chromedp.Navigate(login), chromedp.Navigate(page), chromedp.WaitVisible("#play"))
	cell := `document.querySelector('#controls button[data-cmd^="move #"]')`
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](idle+` && `+cell+` !== null`, pollOpts...)); err != nil {
		t.Fatalf("no square to click out of turn: %s", js[string](t, ctx, `document.getElementById("controls").textContent`))
	}
	moves := len(e.mgr.Lobby().Find("test", "g1", "ayse")[0].Moves)
	e.rec.take()
	js[bool](t, ctx, cell+`.click(), true`)
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](idle+` && document.getElementById("said").textContent.length > 0`, pollOpts...)); err != nil {
		t.Fatal("a click out of turn was not explained on the page")
	}
	said := js[string](t, ctx, `document.getElementById("said").textContent`)
	if got := len(e.mgr.Lobby().Find("test", "g1", "ayse")[0].Moves); got != moves {
		t.Errorf("a click out of turn moved: %d moves, then %d", moves, got)
	}
	if err := e.r.Wait(t.Context()); err != nil {
		t.Fatal(err)
	}
	if chat := texts(e.rec.take()); chat != "" {
		t.Errorf("a click out of turn was answered in the chat: %q (the page said %q)", chat, said)
	}
	t.Logf("the page said: %q", said)
}

// TestBrowserMiniAppForgedInitData: a page opened as a Mini App with
// initData not signed for this bot (another user's id under Ayşe's
// hash, another bot's token) or signed two days ago signs no one in: the
// page stays to watch, and a move posted with it is refused.
func TestBrowserMiniAppForgedInitData(t *testing.T) {
	for _, tc := range []struct {
		name   string
		launch func(fields map[string]string, token string) string
	}{
		{"forged", func(f map[string]string, token string) string {
			return strings.Replace(signInitData(f, token), "%3A42%2C", "%3A43%2C", 1) // "id":42, → 43
		}},
		{"another bot's", func(f map[string]string, _ string) string { return signInitData(f, "654321:OTHER-TOKEN") }},
		{"stale", func(f map[string]string, token string) string {
			f["auth_date"] = strconv.FormatInt(time.Now().Add(-48*time.Hour).Unix(), 10)
			return signInitData(f, token)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newPlayedAs(t, "/play ttt easy x", tc.launch)
			if _, err := chromedp.Run(p.player, chromedp.Poll[bool](`document.getElementById("game").dataset.signedIn !== undefined`, pollOpts...)); err != nil {
				t.Fatal("the page never finished signing in")
			}
			if js[string](t, p.player, `document.getElementById("game").dataset.signedIn`) != "0" ||
				!js[bool](t, p.player, `document.getElementById("play").hidden`) {
				t.Fatalf("%s initData signed the page in: %s", tc.name, p.controls())
			}
			// What play.js would send, sent by hand: refused.
			js[bool](t, p.player, `window.actCode = 0, fetch("/g/`+p.url[strings.LastIndex(p.url, "/")+1:]+`/act", {method: "POST",
				headers: {Authorization: "tma " + window.Telegram.WebApp.initData},
				body: new URLSearchParams({cmd: "move b2", key: "k-forged-0001", csrf: "x"})}).then(r => window.actCode = r.status), true`)
			if _, err := chromedp.Run(p.player, chromedp.Poll[bool](`window.actCode > 0`, pollOpts...)); err != nil {
				t.Fatal("no answer to the move")
			}
			code := js[int](t, p.player, `window.actCode`)
			if code != 401 {
				t.Errorf("a move with %s initData: %d, want 401", tc.name, code)
			}
		})
	}
}

// TestBrowserPlaysByKeyboard: the player's controls are reached with Tab
// and pressed with Enter: a move made by keyboard alone.
func TestBrowserPlaysByKeyboard(t *testing.T) {
	p := newPlayed(t, "/play ttt easy x")
	p.wait()
	onControl := `document.activeElement && document.activeElement.matches('#controls button[data-cmd^="move #"]')`
	for i := 0; i < 80 && !js[bool](t, p.player, onControl); i++ {
		do(t, p.player, chromedp.KeyEvent(kb.Tab))
	}
	if !js[bool](t, p.player, onControl) {
		t.Fatalf("Tab never reaches a square's control (focus on %q)", js[string](t, p.player, `document.activeElement.outerHTML`))
	}
	n := p.moves()
	do(t, p.player, chromedp.KeyEvent(kb.Enter))
	p.seen(n, "")
}
