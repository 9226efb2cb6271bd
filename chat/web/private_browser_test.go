package web_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserHintOnThePage: a hint asked on the page (confirmed: the
// game is rated) comes to the player's page, with its move to play, by
// the page's own event stream (the engine answers after the request);
// the spectator's page of the game never shows it.
func TestBrowserHintOnThePage(t *testing.T) {
	p := newPlayed(t, "/play dama easy white")
	n := p.moves()
	p.click(`button[data-cmd$=" c3"]`)
	p.click(`button[data-cmd$=" c3 c4"]`)
	p.seen(n, "c3-c4")
	// The bot's answer, then the player's turn.
	if _, err := chromedp.Run(p.player, chromedp.Poll[bool](`document.querySelectorAll("#moves li").length > `+strconv.Itoa(n+1), pollOpts...)); err != nil {
		t.Fatal("the bot did not answer")
	}
	p.click(`button[data-cmd^="hint"]`)
	p.click(`button[data-cmd^="hint"][data-cmd*=" yes"]`)
	p.said("Hint: ")
	// Its move is offered as a button, the game's controls beneath it.
	hinted := `document.querySelector('#controls button[data-cmd^="move #g1 "]')`
	if !js[bool](p.t, p.player, hinted+` !== null && document.querySelector('#controls button[data-cmd^="resign"]') !== null`) {
		t.Errorf("the hint's move and the game's controls are not offered: %s", p.controls())
	}
	m := p.moves()
	js[bool](t, p.player, hinted+`.click(), true`)
	p.seen(m, "")
	// The spectator's page has seen the hinted move, never the hint.
	if body := js[string](t, p.spectator, `document.body.textContent`); strings.Contains(body, "Hint: ") {
		t.Errorf("the spectator's page shows the hint: %q", body)
	}
}
