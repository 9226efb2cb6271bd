package router_test

import (
	"strings"
	"testing"

	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/tavla"
	"oyunbot/sessions"
)

// tavlaBot is a bot that plays tavla.
func tavlaBot(t *testing.T) *bot {
	reg, err := games.NewRegistry(tavla.Game{})
	if err != nil {
		t.Fatal(err)
	}
	return newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
}

// TestTavlaOnlyADieIsLeft: a ply that needs a die the player has played
// already is refused with the dice left, in both languages (issue 20).
func TestTavlaOnlyADieIsLeft(t *testing.T) {
	const start = "w15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,b15 0 0 w 5-3"
	for _, tc := range []struct{ lang, play, want string }{
		{"en", "play hapis easy from ", "only a 5 is left; that move needs a 3"},
		{"tr", "oyna hapis kolay konum ", "yalnız 5 kaldı; bu hamle 3 ister"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := tavlaBot(t)
			b.say("lang " + tc.lang)
			b.say(tc.play + start)
			b.say("1/4")
			b.expect(b.say("4/7"), tc.want)
		})
	}
}

// TestTavlaBoardText: "board" names the dice; the text board numbers the
// points from the reader's side, writes each side's pips and borne-off
// checkers and explains a pin, in both languages (issue 20).
func TestTavlaBoardText(t *testing.T) {
	const start = "w3,b2,.,b1,.,w1,w2/b,b1,.,b1,.,w2,.,b1,.,b1/w,w1,b1,.,w2,w1/b,w1,w1,b5 0 0 w 4-1"
	for _, tc := range []struct{ lang, play, board string }{
		{"en", "play hapis easy from ", "board"},
		{"tr", "oyna hapis kolay konum ", "tahta"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := tavlaBot(t)
			b.say("lang " + tc.lang)
			b.say(tc.play + start)
			rs := b.say(tc.board)
			want := map[string][]string{
				"en": {"your roll: 4-1", "dice: 4-1", "white (w): pips 189, off 0", "black (b): pips 222, off 0", "b1/w: a black stack of 1 on a pinned white checker"},
				"tr": {"zarın: 4-1", "zar: 4-1", "beyaz (b): pip 189, toplanan 0", "siyah (s): pip 222, toplanan 0", "s1/b: 1 siyah pulun altında hapsedilmiş bir beyaz pul"},
			}[tc.lang]
			b.expect(rs, want[0])
			tb := lastGame(t, rs).TextBoard
			for _, w := range want[1:] {
				if !strings.Contains(tb, w) {
					t.Errorf("text board lacks %q:\n%s", w, tb)
				}
			}
			lines := strings.Split(tb, "\n")
			if f := strings.Fields(lines[0]); len(f) != 13 || f[0] != "13" || f[12] != "24" {
				t.Errorf("top numbers %q", lines[0])
			}
			if f := strings.Fields(lines[4]); len(f) != 13 || f[0] != "12" || f[12] != "1" {
				t.Errorf("bottom numbers %q", lines[4])
			}
		})
	}
}
