package engine

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestTraceMatchesEvaluate: the tuner's model, computed from the trace
// with the weights in use, gives the evaluation (within rounding), so
// that the weights it fits are the evaluation's.
func TestTraceMatchesEvaluate(t *testing.T) {
	m := CurrentModel()
	r := rand.New(rand.NewPCG(5, 5))
	n := 0
	for g := range 30 {
		p, _ := ParseFEN(playoutStarts[g%len(playoutStarts)])
		for ply := 0; ply < 120 && !p.Status().Over; ply++ {
			var tr evalTrace
			got := p.evaluate(&tr)
			e := TuneEntry{phase: int8(tr.phase), scale: int8(tr.scale)}
			for i, c := range tr.coef {
				if c != 0 {
					e.idx = append(e.idx, int16(i))
					e.coef = append(e.coef, int16(c))
				}
			}
			for c := range 2 {
				for j := range nKD {
					e.kd[c][j] = int8(tr.kd[c][j])
				}
			}
			v, _ := m.eval(&e)
			if p.SideToMove() == Black {
				v = -v
			}
			if math.Abs(v-float64(got)) > 3 {
				t.Fatalf("%s: evaluate %d, the trace's model %.1f", p.FEN(), got, v)
			}
			if p.evaluate(nil) != got {
				t.Fatalf("%s: tracing changed the evaluation", p.FEN())
			}
			n++
			ms := p.Moves(nil)
			p.Make(ms[r.IntN(len(ms))])
		}
	}
	if n < 1000 {
		t.Errorf("only %d positions checked", n)
	}
}
