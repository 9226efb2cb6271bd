package tavla

import (
	"errors"
	"slices"
	"testing"

	"oyunbot/games"
)

// TestDiceLeftInTheError: a ply needing a die the player no longer holds
// says which dice are left ("only a 5 is left", issue 20), with the die it
// needs, for the catalogue's sentence.
func TestDiceLeftInTheError(t *testing.T) {
	for _, tc := range []struct {
		name, pos, first, ply, reason string
		args                          []string
	}{
		{"one die left", board(map[int]string{1: "w15", 24: "b15"}, "", "w", "5-3"), "1/4", "4/7", "only-die", []string{"die", "3", "dice", "5"}},
		{"two dice left", board(map[int]string{1: "w15", 24: "b15"}, "", "w", "5-3"), "", "1/5", "no-die", []string{"die", "4", "dice", "5 3"}},
		{"a double's dice left", board(map[int]string{1: "w15", 24: "b15"}, "", "w", "6-6"), "1/7", "7/12", "no-die", []string{"die", "5", "dice", "6 6 6"}},
		{"bearing off, one die left", board(map[int]string{19: "w2", 24: "w13", 1: "b15"}, "", "w", "2-1"), "24/off", "19/off", "only-die-off", []string{"die", "6", "dice", "2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := mustPos(t, tc.pos)
			if tc.first != "" {
				m, err := p.ParseMove(tc.first)
				if err != nil {
					t.Fatal(err)
				}
				p.Make(m)
			}
			_, err := p.ParseMove(tc.ply)
			var me *games.MoveError
			if !errors.As(err, &me) || me.Reason != tc.reason || !slices.Equal(me.Args, tc.args) {
				t.Fatalf("%s: %v (%+v), want reason %s with %q", tc.ply, err, me, tc.reason, tc.args)
			}
		})
	}
}
