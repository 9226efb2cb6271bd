package ai_test

import (
	"context"
	"testing"

	"oyunbot/ai"
)

// pointsTree: First chooses between A, a one-point win at once, and B, where
// Second must choose between a two-point win for First in two plies and a
// chance node: half the time a two-point win for First, half the time a
// one-point loss. A is worth Win-1; B is worth min(two-point win at ply 3,
// expectation of the chance node) for First, and the two-point win at ply 3
// scores above the one-point win at ply 1, but the chance node averages to
// about half a point: Second picks it, so First picks A.
//
// With C instead (a two-point win three plies deep, forced), First prefers C
// to A: more points beat a shorter win.
func pointsTree(withC bool) *tree {
	b := &builder{}
	root := b.add(node{turn: ai.First})
	a := b.add(node{turn: ai.Second, over: true, winner: ai.First})
	bb := b.add(node{turn: ai.Second})
	twoPly := b.add(node{turn: ai.First})
	twoWin := b.add(node{turn: ai.Second, over: true, winner: ai.First, points: 2})
	b.t.nodes[twoPly].kids = []int{twoWin}
	chance := b.add(node{turn: ai.Chance, probs: []float64{0.5, 0.5}})
	won2 := b.add(node{turn: ai.Second, over: true, winner: ai.First, points: 2})
	lost := b.add(node{turn: ai.First, over: true, winner: ai.Second})
	b.t.nodes[chance].kids = []int{won2, lost}
	b.t.nodes[bb].kids = []int{twoPly, chance}
	b.t.nodes[root].kids = []int{a, bb}
	if withC {
		c := b.add(node{turn: ai.Second})
		c1 := b.add(node{turn: ai.First})
		cWin := b.add(node{turn: ai.Second, over: true, winner: ai.First, points: 2})
		b.t.nodes[c1].kids = []int{cWin}
		b.t.nodes[c].kids = []int{c1}
		b.t.nodes[root].kids = append(b.t.nodes[root].kids, c)
	}
	return &b.t
}

func TestPointsScaleTerminalScores(t *testing.T) {
	for name, opts := range presets() {
		res := ai.NewEngine(opts).Search(context.Background(), pointsTree(false), ai.Limits{Depth: 4}, nil)
		if res.Best.Lo != 1 || res.Score != ai.Win-1 {
			t.Errorf("%s: best %d score %d, want A (1) at %d", name, res.Best.Lo, res.Score, ai.Win-1)
		}
		res = ai.NewEngine(opts).Search(context.Background(), pointsTree(true), ai.Limits{Depth: 4}, nil)
		if want := ai.Win + ai.PointScore - 3; res.Best.Lo != 3 || res.Score != want {
			t.Errorf("%s: best %d score %d, want C (3): a two-point win at ply 3, %d", name, res.Best.Lo, res.Score, want)
		}
	}
	if mm := ai.Minimax(pointsTree(true), 4, nil); mm.Best.Lo != 3 || mm.Score != ai.Win+ai.PointScore-3 {
		t.Errorf("Minimax: %+v", mm)
	}
}

func TestWinPoints(t *testing.T) {
	for _, tc := range []struct {
		st   ai.Status
		want int
	}{
		{ai.Status{}, 0},
		{ai.Status{Over: true, Winner: ai.NoSide, Points: 2}, 0},
		{ai.Status{Over: true, Winner: ai.First}, 1},
		{ai.Status{Over: true, Winner: ai.Second, Points: 2}, 2},
		{ai.Status{Over: true, Winner: ai.First, Points: 999}, ai.MaxPoints},
		{ai.Status{Over: true, Winner: ai.First, Points: 24}, 24}, // backgammon: a gammon on a cube of 8, and more
	} {
		if got := tc.st.WinPoints(); got != tc.want {
			t.Errorf("%+v: %d, want %d", tc.st, got, tc.want)
		}
	}
}

// turnsTree: First chooses A, after which First moves again (the second
// die), or B, which ends the turn. A's static evaluation flatters it (+50
// for First) but its only continuation gives Second +100; B is worth +10.
// Searched one ply deep, A looks best; searched one turn deep (Limits.Turns)
// the whole turn is seen and B is chosen.
func turnsTree() *tree {
	b := &builder{}
	root := b.add(node{turn: ai.First})
	a := b.add(node{turn: ai.First, eval: 50})
	aEnd := b.add(leaf(ai.Second, 100))
	b.t.nodes[a].kids = []int{aEnd}
	bb := b.add(leaf(ai.Second, -10))
	b.t.nodes[root].kids = []int{a, bb}
	return &b.t
}

func TestDepthInTurns(t *testing.T) {
	for name, opts := range presets() {
		opts.Quiescence = false
		plies := ai.NewEngine(opts).Search(context.Background(), turnsTree(), ai.Limits{Depth: 1}, nil)
		turns := ai.NewEngine(opts).Search(context.Background(), turnsTree(), ai.Limits{Depth: 1, Turns: true}, nil)
		if plies.Best.Lo != 1 || turns.Best.Lo != 2 || turns.Score != 10 {
			t.Errorf("%s: one ply deep %d (%d), one turn deep %d (%d); want A, then B at 10", name,
				plies.Best.Lo, plies.Score, turns.Best.Lo, turns.Score)
		}
	}
}
