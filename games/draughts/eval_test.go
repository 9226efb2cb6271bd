package draughts

import "testing"

// TestTrappedKing: a king without a step costs TrappedKing; a king with
// one costs nothing.
func TestTrappedKing(t *testing.T) {
	w := Checkers.DefaultWeights()
	for _, tc := range []struct {
		pos     string
		trapped int
	}{
		{"......../......../......../......../......../..b...../.b....../W....... w", 1}, // a1 held by b2 and c3
		{"......../......../......../......../......../......../.b....../W....... b", -1},
		{"......../......../......../......../......../..b...../......../W....... w", 0},
	} {
		p, err := Checkers.Parse(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		w.TrappedKing = 0
		base := p.EvaluateWith(&w)
		w.TrappedKing = 10
		if d := base - p.EvaluateWith(&w); d != 10*tc.trapped {
			t.Errorf("%s: the trapped king term is %d, want %d", tc.pos, d, 10*tc.trapped)
		}
	}
}
