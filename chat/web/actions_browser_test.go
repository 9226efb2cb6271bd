package web_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserActionsFromThePage: a game's actions besides its moves, from
// its page opened as a Telegram Mini App: a hint, which in a rated game
// asks first; resigning a rated game, which asks first (what it costs)
// and ends only once confirmed; then, after the end, the analysis and a
// rematch. The chat and the spectator's
// page see the end; the rematch is a new game the page offers moves of.
func TestBrowserActionsFromThePage(t *testing.T) {
	p := newPlayed(t, "/play dama easy white")
	n := p.moves()
	// A move first: resigning a game not yet begun costs nothing, asks
	// nothing.
	p.click(`button[data-cmd$=" c3"]`)
	p.click(`button[data-cmd$=" c3 c4"]`)
	p.seen(n, "c3-c4")

	// A hint in a rated game asks first (it unrates the game): asked
	// and left unanswered, the game stays rated.
	p.click(`button[data-cmd^="hint"]`)
	p.said("hint")

	p.click(`button[data-cmd^="resign"]`)
	// Asked, not done: the question and its answers on the page.
	p.said("rating")
	if over := js[bool](t, p.player, `document.getElementById("status").textContent.includes("Game over")`); over {
		t.Fatal("resigning ended the game before it was confirmed")
	}
	p.click(`button[data-cmd^="resign"][data-cmd*=" yes"]`)
	for _, tab := range []context.Context{p.player, p.spectator} {
		waitText(t, tab, "#status", "Game over")
	}
	p.chatSaw("resign")

	p.click(`button[data-cmd^="analyse"]`)
	p.said("analysing #g1")
	// The rematch starts in the chat, and the player's page goes to the
	// new game's, its moves offered there.
	p.click(`button[data-cmd^="rematch"]`)
	p.chatSaw("#g2")
	ctx, cancel := context.WithTimeout(p.player, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.WaitVisible(`#controls button[data-cmd^="tap #g2"]`)); err != nil {
		t.Fatalf("the player's page did not go to the rematch's: %v: %s at %s", err, p.controls(), js[string](t, p.player, `location.href`))
	}
	if path := js[string](t, p.player, `location.pathname`); p.url == p.e.base+path {
		t.Errorf("the rematch's moves on the finished game's page %s", path)
	}
}

// said waits until what the bot said on the player's page contains text
// (case-insensitive).
func (p *played) said(text string) {
	p.t.Helper()
	cond := idle + ` && document.getElementById("said").textContent.toLowerCase().includes(` + strconv.Quote(strings.ToLower(text)) + `)`
	if _, err := chromedp.Run(p.player, chromedp.Poll[bool](cond, pollOpts...)); err != nil {
		p.t.Fatalf("the page never said %q: %q; controls %s", text, js[string](p.t, p.player, `document.getElementById("said").textContent`), p.controls())
	}
}
