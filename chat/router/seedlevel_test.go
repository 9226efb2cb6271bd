package router_test

import (
	"strings"
	"testing"

	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/islem"
	"oyunbot/sessions"
)

// TestIslemSeedLevelPlaysLive: the seed document's İşlem player chooses
// among every legal move, wider than the engine's search list (a phase-1
// placement outside b2-g7): the live path accepts its move instead of
// reporting "something went wrong" and leaving the bot to move for good,
// whether the person or the bot opens.
func TestIslemSeedLevelPlaysLive(t *testing.T) {
	for _, tc := range []struct{ name, play, first string }{
		{"person first", "play islem seed", "11 b3"},
		{"bot first", "play islem seed red", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reg, err := games.NewRegistry(islem.Game{})
			if err != nil {
				t.Fatal(err)
			}
			b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
			rs := b.say(tc.play)
			if tc.first != "" {
				rs = b.say(tc.first)
			}
			for i := 0; i < 6; i++ {
				if txt := texts(rs); strings.Contains(txt, "went wrong") || strings.Contains(txt, "ters gitti") {
					t.Fatalf("reply %d: %q", i, txt)
				}
				s, err := b.mgr.Lobby().Get(1)
				if err != nil {
					t.Fatal(err)
				}
				if s.Result.Over {
					break
				}
				if s.Players[s.Turn].Bot {
					t.Fatalf("after %d moves the bot is still to move: %q", len(s.Moves), texts(rs))
				}
				rs = b.say(s.Legal[len(s.Legal)/2])
			}
		})
	}
}
