package draughts

import (
	"math/rand/v2"
	"testing"
)

// TestInCheckIsACompulsoryCapture: over random games of both variants,
// InCheck (the modern search's capture extension and no stand-pat) holds
// exactly when every legal move is a capture, and every move's key is
// within the tuning's bound, distinct for a man's and a king's move.
func TestInCheckIsACompulsoryCapture(t *testing.T) {
	for _, g := range []Game{Italian, Checkers} {
		if err := g.NewStart().Tuning().Check(); err != nil {
			t.Fatalf("%s: %v", g.Name(), err)
		}
		checks := 0
		for i := range 40 {
			r := rand.New(rand.NewPCG(uint64(i), 40))
			p := g.NewStart()
			for !p.Status().Over {
				moves := p.Moves(nil)
				all := true
				for _, m := range moves {
					all = all && moveCount(m) > 0
					k := p.MoveKey(m)
					king := p.st.kings[p.st.side]&bit(moveFrom(m)) != 0
					if k < 0 || k >= p.Tuning().MoveKeys || (k%64 >= 32) != king || k/64 != int(p.st.side) || k%32 != moveTo(m) {
						t.Fatalf("%s %s: key %d of %s", g.Name(), p, k, p.FormatMove(m))
					}
				}
				if p.InCheck() != all {
					t.Fatalf("%s %s: InCheck %v, every move a capture %v", g.Name(), p, p.InCheck(), all)
				}
				if all {
					checks++
				}
				p.Make(moves[r.IntN(len(moves))])
			}
		}
		if checks < 100 {
			t.Errorf("%s: only %d compulsory captures met", g.Name(), checks)
		}
	}
}
