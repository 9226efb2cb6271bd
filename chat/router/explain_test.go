package router_test

import (
	"strings"
	"testing"

	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/islem"
	"oyunbot/sessions"
)

// islemExample is İşlem's worked example before black plays 12 d6
// (games/islem/FORMAT.md; the same as cmd/bot's console test).
const islemExample = "r0--b6---r13/-b7b5-b2---/----b5---/---b4-b9b8-/----b3---/--------/-r6----r10-/r1------r11 " +
	"-/0,1,10,11,12,13 -/2,3,4,5,7,8,9,12 14:13 b 0 40"

// TestTurnExplained: after a whole turn typed in one message, the reply
// says what it did (games.Explainer: İşlem's equations and captures), in
// the player's language; a game without explanations says nothing more.
func TestTurnExplained(t *testing.T) {
	for _, tc := range []struct{ lang, play, explained string }{
		{"en", "play islem from " + islemExample, "12 d6: (12=4×3) (12=5+7) (12=2×6) (12+5=9+8), a 5-chain operation capturing 5 stones."},
		{"tr", "oyna islem konum " + islemExample, "12 d6: (12=4×3) (12=5+7) (12=2×6) (12+5=9+8), 5 dizimli işlem, 5 taş alır."},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			reg, err := games.NewRegistry(islem.Game{})
			if err != nil {
				t.Fatal(err)
			}
			b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
			b.say("lang " + tc.lang)
			b.expect(b.say(tc.play), "#g1")
			rs := b.say("12 d6 x a1 h1 a8 h8 b2")
			b.expect(rs, "12 d6 x a1 x h1 x b2 x a8 x h8", tc.explained)
			if n := strings.Count(texts(rs), "12 d6:"); n != 1 {
				t.Errorf("the turn explained %d times: %q", n, texts(rs))
			}
		})
	}
}
