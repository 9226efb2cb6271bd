package router_test

import (
	"path/filepath"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/chat"
)

// TestRollByHand: in a channel set to roll by hand, a person's roll waits
// for their "roll" (the bot still rolls its own and the opening roll), the
// board says whose roll it is and offers the button, the roll is in the
// history, and the setting survives a restart; "roll auto" gives the dice
// back to the bot.
func TestRollByHand(t *testing.T) {
	for _, tc := range []struct{ lang, hand, auto, play, set, waits, roll, noRoll string }{
		{"en", "roll hand", "roll auto", "play race easy", "The players roll their own dice", "To roll: Ayse — write: roll", "roll", "You have no roll to make now."},
		{"tr", "zar elle", "zar otomatik", "oyna yarış kolay", "zarları artık oyuncular atar", "Zar sırası: Ayse — yaz: zar", "zar", "Şimdi atılacak bir zarın yok."},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bot.db")
			b := openRouter(t, path, withTestGames(t))
			say := func(text string) []chat.Reply { return b.msg("dm", "ayse", text, true) }
			say("lang " + tc.lang)
			b.expect(say(tc.hand), tc.set)
			rs := say(tc.play)
			b.expect(rs, "#g1")
			d1, d2 := lastRollIn(t, rs[0].Text) // the opening roll: the bot's to make
			b.expect(say(tc.roll), tc.noRoll)   // it is a move that is due
			rs = say("a" + d1 + " b" + d2)
			// The bot rolled and played its turn; Ayse's roll waits for her.
			b.expect(rs, tc.waits)
			s, _ := b.mgr.Lobby().Get(1)
			if s.Turn != ai.Chance {
				t.Fatalf("the game did not wait for the roll: turn %v, moves %v", s.Turn, s.Moves)
			}
			// A move before the roll is told to roll first.
			b.expect(say("a1 b1"), "#g1 "+tc.waits)
			var button string
			for _, row := range rs[len(rs)-1].Buttons {
				for _, bt := range row {
					if strings.HasPrefix(bt.Data, "roll #g1") {
						button = bt.Data
					}
				}
			}
			if button == "" {
				t.Fatalf("no roll button: %+v", rs[len(rs)-1].Buttons)
			}
			b.stop()

			// After a restart the roll still waits; the button rolls.
			b = openRouter(t, path, withTestGames(t))
			defer b.stop()
			say = func(text string) []chat.Reply { return b.msg("dm", "ayse", text, true) }
			rs = say(button)
			b.expect(rs, "Ayse: roll ")
			after, _ := b.mgr.Lobby().Get(1)
			if len(after.Moves) != len(s.Moves)+1 || after.Sides[len(after.Sides)-1] != ai.Chance || after.Turn != ai.First {
				t.Fatalf("the roll: %v %v, turn %v", after.Moves, after.Sides, after.Turn)
			}
			b.expect(say(tc.roll), tc.noRoll) // rolled already

			// Back to the bot's dice: after her move the next roll is made.
			say(tc.auto)
			d1, d2 = lastRollIn(t, rs[0].Text)
			say("a" + d1 + " b" + d2)
			if s, _ := b.mgr.Lobby().Get(1); !s.Result.Over && s.Turn == ai.Chance {
				t.Fatalf("with the bot's dice the game waits for a roll: %v", s.Moves)
			}
		})
	}
}
