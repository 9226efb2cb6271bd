package router_test

import (
	"context"
	"strings"
	"testing"

	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
	"oyunbot/sessions/ratings"
)

// laddered is tic-tac-toe with a measured ladder of bot ratings.
type laddered struct{ tictactoe.Game }

func (laddered) Host() games.Host {
	h := tictactoe.Game{}.Host()
	h.LevelRatings = map[string]int{"easy": 1000, "medium": 1300, "hard": 1600, "master": 1700}
	return h
}

// TestBotLadder: at a level with a measured rating the bot's rating is
// fixed and a game rates only the person; "rating @oyunbot" and the
// leaderboard show the ladder.
func TestBotLadder(t *testing.T) {
	for _, tc := range []struct{ lang, play, resign, rated, fixed, botRating, ladder, lb string }{
		{"en", "play ttt easy", "resign yes", "Ratings: Ayse 1500? → ", "oyunbot (easy) 1000 (fixed)",
			"oyunbot by level:\nTic-tac-toe: easy 1000 · medium 1300 · hard 1600 · master 1700 (fixed: measured by matches between the levels)",
			"leaderboard ttt", "1. oyunbot (master) — 1700"},
		{"tr", "oyna xox kolay", "pes evet", "Puanlar: Ayse 1500? → ", "oyunbot (kolay) 1000 (sabit)",
			"oyunbot seviyelerine göre:\nXOX: kolay 1000 · orta 1300 · zor 1600 · usta 1700 (sabit: seviyeler arası maçlarla ölçüldü)",
			"liderler xox", "1. oyunbot (usta) — 1700"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			reg, err := games.NewRegistry(laddered{})
			if err != nil {
				t.Fatal(err)
			}
			b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
			b.say("lang " + tc.lang)
			b.say(tc.play)
			b.say("b2")
			rs := b.say(tc.resign)
			b.expect(rs, tc.rated, tc.fixed)
			if strings.Contains(texts(rs), "1000 → ") {
				t.Fatalf("the bot's fixed rating moved: %q", texts(rs))
			}
			b.expect(b.say("rating @oyunbot"), tc.botRating)
			lb := b.say(tc.ladder) // the command; tc.lb is its first line
			b.expect(lb, tc.lb, "Ayse")
			if n := strings.Count(texts(lb), "oyunbot ("); n != 4 {
				t.Fatalf("%d bot levels on the leaderboard: %q", n, texts(lb))
			}
			// Only the person's rating was stored.
			if r, ok := b.rates.Rating(context.Background(), "test", "tictactoe", ratings.BotID("easy")); !ok || r.Rating.Rating != 1000 || r.Games != 0 {
				t.Fatalf("the bot's rating %+v %v", r, ok)
			}
		})
	}
}
