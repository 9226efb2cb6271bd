package dama

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"oyunbot/ai"
)

// mirror turns the board upside down and swaps the colours and the side to
// move: the same position seen from the other side.
func mirror(p *Position) *Position {
	var s state
	for c := 0; c < 2; c++ {
		s.men[c^1] = bits.ReverseBytes64(p.St.men[c])
		s.kings[c^1] = bits.ReverseBytes64(p.St.kings[c])
	}
	s.side = p.St.side ^ 1
	s.hash = s.computeHash()
	return &Position{history: history{St: s}, w: p.w}
}

func TestEvalSymmetry(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	n := 0
	for _, c := range append([]perftCase{{pos: StartFEN}}, loadPerft(t)...) {
		p := mustPos(t, c.pos)
		for ply := 0; ply < 60; ply++ {
			q := mirror(p)
			if p.Evaluate() != q.Evaluate() || p.Material() != q.Material() {
				t.Fatalf("%s: eval %d material %d; mirrored %s: eval %d material %d",
					p, p.Evaluate(), p.Material(), q, q.Evaluate(), q.Material())
			}
			if e := p.Evaluate(); e <= -ai.MaxEval || e >= ai.MaxEval {
				t.Fatalf("%s: eval %d out of bounds", p, e)
			}
			n++
			moves := p.Moves(nil)
			if len(moves) == 0 {
				break
			}
			p.Make(moves[rng.IntN(len(moves))])
		}
	}
	t.Logf("%d positions", n)
}

func TestEvalTerms(t *testing.T) {
	w := DefaultWeights()
	start := NewStart()
	if got := start.Evaluate(); got != w.Tempo {
		t.Errorf("start evaluates %d, want the tempo bonus %d", got, w.Tempo)
	}
	if got := start.Material(); got != 0 {
		t.Errorf("start material %d", got)
	}
	tests := []struct {
		name          string
		better, worse *Position
	}{
		{"a king is worth more than a man",
			board(t, "w", "........", "bbb.....", "........", "........", "...W....", "........", "w.......", "........"),
			board(t, "w", "........", "bbb.....", "........", "........", "...w....", "........", "w.......", "........")},
		{"an extra man is worth having",
			board(t, "w", "........", "bbb.....", "........", "........", "...w....", "........", "w.....w.", "........"),
			board(t, "w", "........", "bbb.....", "........", "........", "...w....", "........", "w.......", "........")},
		{"an advanced man is worth more",
			board(t, "w", "........", "bbb.....", ".......w", "........", "........", "........", "w.......", "........"),
			board(t, "w", "........", "bbb.....", "........", "........", ".......w", "........", "w.......", "........")},
		{"a runaway man is worth more than a stoppable one",
			board(t, "w", "........", "b.......", "........", "......w.", "........", "........", "w.......", "........"),
			board(t, "w", "........", ".....b..", "........", "......w.", "........", "........", "w.......", "........")},
		{"a king in the centre sees more squares than one in the corner",
			board(t, "w", "........", "bbb.....", "........", "........", "...W....", "........", "w......w", "........"),
			board(t, "w", "........", "bbb.....", "........", "........", "........", "........", "w......w", "W......."),
		},
	}
	for _, tt := range tests {
		if b, wo := tt.better.Evaluate(), tt.worse.Evaluate(); b <= wo {
			t.Errorf("%s: %d <= %d", tt.name, b, wo)
		}
	}
	// Material is men 1, kings 3, from the side to move.
	p := board(t, "b", "........", "bbb.....", "........", "........", "...W....", "........", "w.......", "........")
	if got := p.Material(); got != 3-4 {
		t.Errorf("material %d, want -1", got)
	}
}

func TestSetWeights(t *testing.T) {
	p := board(t, "w", "........", "bbb.....", "........", "........", "...W....", "........", "w.......", "........")
	before := p.Evaluate()
	w := DefaultWeights()
	w.King += 100
	c := p.Clone().(*Position)
	c.SetWeights(w)
	if got := c.Evaluate(); got != before+100 {
		t.Errorf("eval with a king worth 100 more: %d, want %d", got, before+100)
	}
	if p.Evaluate() != before || p.Weights() != DefaultWeights() {
		t.Error("SetWeights on a clone changed the original")
	}
	if c.Clone().(*Position).Weights() != w {
		t.Error("Clone dropped the weights")
	}
}

func BenchmarkEvaluate(b *testing.B) {
	p := mustPos(b, "......../bb.bbbbb/b.bbbbb./.b.....B/w......./w...w.../...www../.B...... b")
	s := 0
	for b.Loop() {
		s += p.Evaluate()
	}
	_ = s
}

func BenchmarkStatus(b *testing.B) {
	p := mustPos(b, "......../bb.bbbbb/b.bbbbb./.b.....B/w......./w...w.../...www../.B...... b")
	for b.Loop() {
		p.Status()
	}
}
