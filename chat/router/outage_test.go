package router_test

import (
	"oyunbot/chat"
	"testing"
	"time"
)

// TestOutageCreditsClocks: an adapter's report that its platform could not
// reach the bot gives the player to move that time back, and the game's
// channel is told, in its language; other platforms' games are untouched.
func TestOutageCreditsClocks(t *testing.T) {
	for _, tc := range []struct {
		lang, challenge, accept, board, notice, clock string
	}{
		{"en", "challenge @bora ttt 5m", "accept", "board", "The clock was stopped for the 2 min the bot could not be reached", "Bora 4:30"},
		{"tr", "meydan @bora xox 5dk", "kabul", "tahta", "Saat, bota ulaşılamayan 2 dk için durduruldu", "Bora 4:30"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			clk := newFakeClock()
			b := newBot(t, clk.config)
			grp := func(user, text string) []chat.Reply { return b.msg("g", user, text, false) }
			b.msg("g", "admin", "lang "+tc.lang, true) // as a private chat, where anyone sets the language
			grp("ayse", tc.challenge)
			grp("bora", tc.accept)
			// The clocks start at the first move (issue 20.13): Ayşe's, at
			// once; Bora thinks, then the platform goes away for two minutes.
			grp("ayse", "b2")
			clk.Add(30 * time.Second)
			clk.Add(2 * time.Minute)
			b.r.Outage("test", 2*time.Minute)
			b.r.Outage("elsewhere", time.Hour)
			if err := b.r.Wait(t.Context()); err != nil {
				t.Fatal(err)
			}
			b.expect(b.rec.take(), "#g1 "+tc.notice)
			b.expect(grp("cem", tc.board), tc.clock)
		})
	}
}
