package tavla

import (
	"slices"
	"testing"
)

// TestMonteCarloPlaysLegalTurns: the Monte-Carlo player's turns are legal
// ply by ply, and the same seed makes the same choices.
func TestMonteCarloPlaysLegalTurns(t *testing.T) {
	positions := turnPositions(t, 1)
	if testing.Short() {
		positions = positions[:30]
	}
	a, b := NewMonteCarlo(4, 7), NewMonteCarlo(4, 7)
	for i, p := range positions {
		if i%5 != 0 {
			continue
		}
		ta, tb := a.Choose(p), b.Choose(p)
		if ta.st.hash != tb.st.hash {
			t.Fatalf("%s: the same seed chose %v and %v", p, ta.Moves(), tb.Moves())
		}
		q := p.Clone().(*Pos)
		for _, m := range ta.Moves() {
			if !slices.Contains(q.Moves(nil), m) {
				t.Fatalf("%s: %s is not legal", p, q.FormatMove(m))
			}
			q.Make(m)
		}
	}
}

// TestMonteCarloTakesTheWin: with a turn that bears off the last checker
// and others that do not, the playouts find the win (and the mars).
func TestMonteCarloTakesTheWin(t *testing.T) {
	// White: one checker on 20, one on 22, 13 off; 6-3 bears both off.
	p := mustPos(t, board(map[int]string{20: "w1", 22: "w1", 4: "b15"}, "13 0", "w", "6-3"))
	tr := NewMonteCarlo(8, 1).Choose(p)
	if v, over := finalValue(&tr.st, white); !over || v != 2 {
		t.Fatalf("played %v, leaving %v", tr.Moves(), tr.st.off)
	}
}

// TestGreedyPlayoutsEnd: playouts from the start end, within the limit,
// with a result worth 1 or 2 points (or a deadlock's 0).
func TestGreedyPlayoutsEnd(t *testing.T) {
	m := NewMonteCarlo(1, 3)
	board := startBoard(false)
	for i := range 50 {
		m.pcg.Seed(uint64(i), 1)
		switch v := m.playout(&board, white); v {
		case 1, 2, -1, -2, 0:
		default:
			t.Fatalf("playout %d: %v", i, v)
		}
	}
}
