package main

import (
	"testing"

	"oyunbot/games/tavla"
)

// TestGnubgMovePlayed: gnubg's answers (pairs of points in the mover's
// numbering, as findbestmove gives them) are played as the legal turn of
// ours that leaves the same board, a hit and an entry from the bar
// included, and a move that is no legal turn is refused.
func TestGnubgMovePlayed(t *testing.T) {
	for _, tc := range []struct {
		pos   string
		pairs []int
		want  string // the position after, "" for a refusal
	}{
		// The opening 3-1: 8/5 6/5.
		{"w2,.,.,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b2 0 0 0 0 w 3-1", []int{8, 5, 6, 5},
			"w2,.,.,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w2,.,w4,w2,.,.,.,b2 0 0 0 0 b -"},
		// Black enters from the bar with a hit: bar/22* (White's 22 point,
		// its own 3), then 6/5.
		{"w1,.,.,.,.,b5,.,b3,.,.,.,w5,b4,.,.,.,w3,.,w5,.,.,w1,.,b2 0 0 0 1 b 3-1", []int{25, 22, 6, 5},
			"w1,.,.,.,b1,b4,.,b3,.,.,.,w5,b4,.,.,.,w3,.,w5,.,.,b1,.,b2 0 0 1 0 w -"},
		// Not legal: 8/2 with a 3-1.
		{"w2,.,.,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b2 0 0 0 0 w 3-1", []int{8, 2}, ""},
	} {
		g, err := tavla.Standard{}.ParsePosition(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		p := g.(*tavla.Pos)
		want := applyPairs(board(p), tc.pairs)
		ok := playTo(p, p.Side(), want)
		if ok != (tc.want != "") || (ok && p.String() != tc.want) {
			t.Errorf("%s %v: %v %s, want %q", tc.pos, tc.pairs, ok, p, tc.want)
		}
	}
}
