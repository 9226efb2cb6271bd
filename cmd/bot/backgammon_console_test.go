package main

// backgammon_console_test.go plays backgammon (tavla with the doubling
// cube) end to end through the built bot's console, in both languages: a
// double the bot drops, and a double it takes after which the game is
// played on to its end.

import (
	"strings"
	"testing"
)

// Backgammon positions (games/tavla's text: standard tavla's fields, the
// cube, its phase, the match), the player White at the choice before its
// roll: a race it has won (9 off and 12 pips against 3 off and 42; the bot
// drops), and the start (the bot takes).
const (
	bgWonRace = "b2,b2,b2,b2,b2,b2,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,w2,w2,w2 9 3 0 0 w - 1 d money"
	bgEven    = "w2,.,.,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b2 0 0 0 0 w - 1 d money"
)

// everyBgWord is every ply of standard tavla and the cube's answers: fed
// again and again, the legal ones are played and the others refused, so
// a game with the cube moves on to its end (a redouble of the bot's is
// taken, a turn that begins with a choice is rolled).
func everyBgWord(take, roll string) string {
	return take + "\n" + roll + "\n" + everyStdPly()
}

func TestConsoleBackgammon(t *testing.T) {
	for _, tc := range []struct {
		lang, play, double, take, roll string
		drop, takeWant                 []string
	}{
		{"en", "play backgammon easy from ", "double", "take", "roll",
			[]string{"New game: Backgammon", "your turn: roll (roll) or double the cube to 2", "the double was dropped", "Game over: "},
			[]string{"cube: 2 (black)", "Game over: "}},
		{"tr", "oyna backgammon kolay konum ", "katla", "al", "zar",
			[]string{"Yeni oyun: Tavla (küplü)", "sıra sende: zar at (zar) ya da katla (katla: küp 2 olur)", "katlama bırakıldı", "Oyun bitti: "},
			[]string{"küp: 2 (siyah)", "Oyun bitti: "}},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			out, _ := runTavlaBinary(t, tc.lang, tc.play+bgWonRace+"\nboard\n"+tc.double+"\n")
			for _, want := range tc.drop {
				if !strings.Contains(out, want) {
					t.Errorf("double-drop: no %q in:\n%s", want, tail(out, 40))
				}
			}
			out, _ = runTavlaBinary(t, tc.lang, tc.play+bgEven+"\n"+tc.double+"\nboard\n"+strings.Repeat(everyBgWord(tc.take, tc.roll), 60)+"history\n")
			for _, want := range tc.takeWant {
				if !strings.Contains(out, want) {
					t.Errorf("double-take: no %q in:\n%s", want, tail(out, 60))
				}
			}
		})
	}
}
