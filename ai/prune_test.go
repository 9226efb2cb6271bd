package ai_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"oyunbot/ai"
)

// TestSelectiveOptionsInertWithoutInterfaces: a game that implements none
// of NullMover, Checker and MoveScorer is searched exactly alike with the
// selective techniques on and off.
func TestSelectiveOptionsInertWithoutInterfaces(t *testing.T) {
	on := ai.DefaultOptions()
	off := on
	off.NullMove, off.CheckExt, off.LMR, off.GameOrder, off.Futility = false, false, false, false, false
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 200; i++ {
		tr := randomTree(r, 1+r.IntN(6), true)
		a := ai.NewEngine(on).Search(context.Background(), tr, ai.Limits{Depth: 6}, nil)
		b := ai.NewEngine(off).Search(context.Background(), tr, ai.Limits{Depth: 6}, nil)
		if a.Score != b.Score || a.Best != b.Best || a.Nodes != b.Nodes {
			t.Fatalf("tree %d: on %+v, off %+v", i, a, b)
		}
	}
}

// checkTree is a tree game whose listed nodes are "in check" (ai.Checker).
type checkTree struct {
	*tree
	checked map[int]bool
}

func (c *checkTree) InCheck() bool {
	id := 0
	if len(c.path) > 0 {
		id = c.path[len(c.path)-1]
	}
	return c.checked[id]
}

// TestCheckExtension: at depth 1, move A leaves the opponent in check and
// looks good statically (+100), but the check's only answer wins (-300 for
// us); B is a quiet 0. Extended, the search sees the answer and plays B.
func TestCheckExtension(t *testing.T) {
	b := &builder{}
	root := b.add(node{turn: ai.First})
	a := b.add(node{turn: ai.Second, eval: -100})
	bb := b.add(leaf(ai.Second, 0))
	a1 := b.add(leaf(ai.First, -300))
	b.t.nodes[root].kids = []int{a, bb}
	b.t.nodes[a].kids = []int{a1}
	g := &checkTree{tree: &b.t, checked: map[int]bool{a: true}}
	for _, tc := range []struct {
		ext  bool
		want uint64 // the move's index + 1
	}{{true, 2}, {false, 1}} {
		o := ai.DefaultOptions()
		o.CheckExt = tc.ext
		res := ai.NewEngine(o).Search(context.Background(), g, ai.Limits{Depth: 1}, nil)
		if res.Best.Lo != tc.want {
			t.Errorf("check extension %v: best move %d (score %d), want %d", tc.ext, res.Best.Lo, res.Score, tc.want)
		}
	}
}

// TestTuningCheck: the engine's own requirements of a Tuning, whatever
// the game: a correction table's size is a power of two or 0, and no
// setting is negative.
func TestTuningCheck(t *testing.T) {
	for _, c := range []struct {
		tn   ai.Tuning
		want string
	}{
		{ai.Tuning{}, ""},
		{ai.Tuning{CorrectionSize: 16384, RFPMargin: 75}, ""},
		{ai.Tuning{CorrectionSize: 1000}, "CorrectionSize is 0 (off) or a power of two up to 2097152, not 1000"},
		{ai.Tuning{CorrectionSize: 1 << 22}, "CorrectionSize is 0 (off) or a power of two up to 2097152, not 4194304"},
		{ai.Tuning{ProbCutMargin: -1}, "ProbCutMargin is -1: no setting is negative"},
	} {
		err := c.tn.Check()
		if got := fmt.Sprint(err); (err == nil) != (c.want == "") || err != nil && got != c.want {
			t.Errorf("%+v: %v, want %q", c.tn, err, c.want)
		}
	}
}
