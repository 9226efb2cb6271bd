package router_test

import (
	"strings"
	"testing"

	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/tavla"
	"oyunbot/sessions"
)

// bgBotWins is a backgammon race the bot (Black, 9 off, 12 pips) has won
// against the player (White, 3 off, 42 pips), Black to roll or double:
// the bot doubles at once.
const bgBotWins = "b2,b2,b2,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,w2,w2,w2,w2,w2,w2 3 9 0 0 b - 1 d money"

// TestBackgammonWordsAndButtons: the bot's double asks the player for
// take or drop, with a button for each in the player's language; the
// bot's own accept word ("kabul", "accept"), with no challenge or offer
// waiting, takes the double; and "roll" ("zar") at the player's own
// choice before the roll rolls rather than saying no roll is due.
func TestBackgammonWordsAndButtons(t *testing.T) {
	for _, tc := range []struct{ lang, play, offer, takeBtn, accept, roll string }{
		{"en", "play backgammon easy from ", "your opponent doubles to 2", "take (2)", "accept", "roll"},
		{"tr", "oyna backgammon kolay konum ", "rakibin katladı, küp 2 olur", "al (2)", "kabul", "zar"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			reg, err := games.NewRegistry(tavla.Backgammon{})
			if err != nil {
				t.Fatal(err)
			}
			b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
			b.say("lang " + tc.lang)
			rs := b.say(tc.play + bgBotWins)
			b.expect(rs, tc.offer)
			var labels []string
			for _, r := range rs {
				for _, row := range r.Buttons {
					for _, btn := range row {
						labels = append(labels, btn.Label)
					}
				}
			}
			if !strings.Contains(strings.Join(labels, "|"), tc.takeBtn) {
				t.Fatalf("no %q button among %q", tc.takeBtn, labels)
			}
			b.say(tc.accept)
			ss := b.mgr.Lobby().ChannelGames("test", "dm")
			if len(ss) != 1 || !strings.Contains(ss[0].Position.String(), " 2w ") {
				t.Fatalf("after %q: %v", tc.accept, ss)
			}
			// The player owns the cube: its turns begin with the choice.
			for range 20 {
				s := b.mgr.Lobby().ChannelGames("test", "dm")
				if len(s) == 0 {
					t.Fatal("the game ended before the player's choice")
				}
				p, ok := s[0].ToMove()
				if ok && p.ID == "ayse" && strings.Contains(strings.Join(s[0].Legal, " "), "roll") {
					rs := b.say(tc.roll)
					if strings.Contains(texts(rs), "no roll to make") || strings.Contains(texts(rs), "atılacak bir zarın yok") {
						t.Fatalf("%q at the choice: %s", tc.roll, texts(rs))
					}
					if after := b.mgr.Lobby().ChannelGames("test", "dm"); len(after) == 1 && strings.Contains(strings.Join(after[0].Legal, " "), "roll") {
						t.Fatalf("%q did not roll: %v", tc.roll, after[0].Legal)
					}
					return
				}
				if ok && p.ID == "ayse" {
					b.say(s[0].Legal[0])
				}
			}
			t.Fatal("the player's choice before the roll never came")
		})
	}
}

// TestBackgammonCubeInTheReaderLanguage: the cube's actions in the move
// lines are the reader's words (Turkish "oyunbot: katla", "Ayse: al", not
// the canonical English ones), and once the cube is turned the caption
// says its value and owner; while it is centred at 1 it says nothing.
func TestBackgammonCubeInTheReaderLanguage(t *testing.T) {
	for _, tc := range []struct{ lang, play, double, take, cube, noCube, wrong string }{
		{"tr", "oyna backgammon kolay konum ", "oyunbot: katla", "Ayse: al", "Küp: 2 (beyaz)", "Küp:", "oyunbot: double"},
		{"en", "play backgammon easy from ", "oyunbot: double", "Ayse: take", "Cube: 2 (white)", "Cube:", "oyunbot: katla"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			reg, err := games.NewRegistry(tavla.Backgammon{})
			if err != nil {
				t.Fatal(err)
			}
			b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
			b.say("lang " + tc.lang)
			rs := b.say(tc.play + bgBotWins)
			b.expect(rs, tc.double)
			if all := texts(rs); strings.Contains(all, tc.noCube) || strings.Contains(all, tc.wrong) {
				t.Errorf("before the take: %q", all)
			}
			rs = b.say(strings.TrimPrefix(tc.take, "Ayse: "))
			b.expect(rs, tc.take, tc.cube)
		})
	}
}
