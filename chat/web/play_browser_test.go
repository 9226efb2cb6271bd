package web_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"oyunbot/chat/web"
)

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
		_, err := chromedp.Run(ctx, chromedp.Poll[bool](`(`+ready+`) || document.getElementById("status").textContent.includes("Game over")`))
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
		_, err = chromedp.Run(ctx, chromedp.Poll[bool](`document.querySelectorAll("#moves li").length > `+itoa(int64(before))))
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
			if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!document.getElementById("play").classList.contains("busy")`)); err != nil {
				t.Fatal(err)
			}
			js[bool](t, ctx, `document.getElementById("typedmove").value = "`+sq+`", document.querySelector("#typed button").click(), true`)
			_, err := chromedp.Run(ctx, chromedp.Poll[bool](`document.getElementById("said").textContent.length > 0`))
			if err != nil {
				t.Fatalf("an illegal move typed on the page was not explained: %v", err)
			}
		}
	}
	waitText(t, ctx, "#status", "Game over")
}
