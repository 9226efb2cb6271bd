package router_test

import (
	"strings"
	"testing"

	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/islem"
	"oyunbot/sessions"
)

// TestIslemLegalGrouped: "legal" in İşlem lists the placements as the
// stones in hand and their squares, a group a line, not 896 items, in
// both languages (issue 20).
func TestIslemLegalGrouped(t *testing.T) {
	for _, tc := range []struct{ lang, play, legal, want string }{
		{"en", "play islem easy", "legal", "Legal moves (896): \nplace 0 1 2 3 4 5 6 7 8 9 10 11 12 13 → a1–8 b1–8 c1–8 d1–8 e1–8 f1–8 g1–8 h1–8"},
		{"tr", "oyna islem kolay", "yasal", "Oynanabilir hamleler (896): \nkoy 0 1 2 3 4 5 6 7 8 9 10 11 12 13 → a1–8"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			reg, err := games.NewRegistry(islem.Game{})
			if err != nil {
				t.Fatal(err)
			}
			b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
			b.say("lang " + tc.lang)
			b.say(tc.play)
			rs := b.say(tc.legal)
			b.expect(rs, tc.want)
			if strings.Contains(texts(rs), "0 a1, 0 a2") {
				t.Errorf("the moves one by one: %q", texts(rs))
			}
		})
	}
}
