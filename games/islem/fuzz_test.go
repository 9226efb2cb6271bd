package islem

import "testing"

// FuzzParseMove: any text is a move or a *games.MoveError, never a panic;
// an accepted move writes back to text that reads as the same move.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"12 d6", "d6 f2", "x e4", "12d6 xe4 f5", "pass", "12 -", "13 h8", "0 a1", "×e4", "99 z9", ""} {
		f.Add(s)
	}
	positions := []*Position{newStart(), example12.before(), example12.after()}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range positions {
			for _, ply := range p.SplitTurn(s) {
				m, err := p.ParseMove(ply)
				if err != nil {
					continue
				}
				if q, err := p.ParseMove(p.FormatMove(m)); err != nil || q != m {
					t.Fatalf("%q: %v reads back as %v, %v", ply, m, q, err)
				}
			}
		}
	})
}

// FuzzParsePosition: any text is a position or an error; a position
// writes back to the same text.
func FuzzParsePosition(f *testing.F) {
	f.Add("start")
	f.Add(newStart().String())
	f.Add(midgame(60).String())
	f.Add("--------/--------/--------/--------/--------/--------/--------/b13r0------ */* */* 0:0 r 0 1")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := Game{}.ParsePosition(s)
		if err != nil {
			return
		}
		q, err := Game{}.ParsePosition(p.String())
		if err != nil || q.String() != p.String() {
			t.Fatalf("%q reads as %q, which reads back as %v %v", s, p, q, err)
		}
		p.Moves(nil) // and a parsed position can be played from
	})
}
