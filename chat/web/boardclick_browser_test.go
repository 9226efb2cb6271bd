package web_test

import (
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserMovesByClickingTheBoard: moves made by clicks on the board's
// picture itself, square by square: a chess move (the pawn, then its
// square), then, on a phone's screen, a dama capture of two men (the man,
// then where it lands). A click on a square with nothing to play is
// explained on the page.
func TestBrowserMovesByClickingTheBoard(t *testing.T) {
	t.Run("chess", func(t *testing.T) {
		p := newPlayed(t, "/play chess easy white")
		n := p.moves()
		p.clickSquare("e5") // nothing there
		p.said("Nothing to play on that square")
		p.clickSquare("e2")
		p.wait()
		p.clickSquare("e4")
		p.seen(n, "e4")
	})
	t.Run("dama", func(t *testing.T) {
		p := newPlayed(t, "/play dama easy white from b......./......../......../...b..../......../...b..../...w..../........ w")
		do(t, p.player, chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile))
		do(t, p.player, chromedp.Navigate(p.url+"?lang=en"+p.launch), chromedp.WaitVisible("#controls button"))
		n := p.moves()
		p.clickSquare("d2")
		p.wait()
		p.clickSquare("d6")
		p.seen(n, "d2xd4xd6")
	})
}

// clickSquare clicks the player's board picture, with the mouse, at the
// centre of square sq as the page's drawer placed it (the spots the
// player's controls come with), once the page waits for nothing.
func (p *played) clickSquare(sq string) {
	p.t.Helper()
	p.wait()
	js[bool](p.t, p.player, `window.spotsGot = null, fetch(location.pathname + "/controls", {headers: {Authorization: "tma " + window.Telegram.WebApp.initData}})
		.then(r => r.json()).then(a => window.spotsGot = a.spots), true`)
	if _, err := chromedp.Run(p.player, chromedp.Poll[bool](`window.spotsGot !== null && document.getElementById("board").complete`, pollOpts...)); err != nil {
		p.t.Fatal("no squares for the picture")
	}
	at := js[[]float64](p.t, p.player, `(() => {
		const b = document.getElementById("board");
		b.scrollIntoView({block: "center"});
		const flip = /[?&]flip=1/.test(b.src) ? 1 : 0;
		const s = window.spotsGot[flip].find(s => s.n === `+strconv.Quote(sq)+`);
		const r = b.getBoundingClientRect();
		return [r.left + (s.r[0] + s.r[2]) / 2 * r.width / b.naturalWidth, r.top + (s.r[1] + s.r[3]) / 2 * r.height / b.naturalHeight];
	})()`)
	do(p.t, p.player, chromedp.MouseClickXY(at[0], at[1]))
}
