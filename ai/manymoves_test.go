package ai_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"oyunbot/ai"
	"oyunbot/games/dama"
)

// TestMoreMovesThanMaxMoves: MaxMoves is a usual capacity, not a bound. A
// dama king with hundreds of maximum-capture paths (1,825 here, found by a
// random search; one with 448 crashed a self-play match) must be searched
// and chosen from like any position, at every level and with every
// technique.
func TestMoreMovesThanMaxMoves(t *testing.T) {
	for _, fen := range []string{
		".b...b../..b..bb./bb.....b/....b.../...b..../......b./b....b../W....... w",
		"...b..../......../...b..b./.bW.b.../b....b.b/..b...../...bW.b./........ w",
	} {
		p, err := dama.Game{}.ParsePosition(fen)
		if err != nil {
			t.Fatal(err)
		}
		legal := p.Moves(nil)
		if len(legal) <= ai.MaxMoves {
			t.Fatalf("%s: only %d moves; the test needs more than %d", fen, len(legal), ai.MaxMoves)
		}
		for name, opts := range map[string]ai.Options{"default": ai.DefaultOptions(), "plain": {}} {
			res := ai.NewEngine(opts).Search(context.Background(), p, ai.Limits{Depth: 3}, nil)
			// (Depth may stop short of 3 when every line ends the game.)
			if !slices.Contains(legal, res.Best) || res.Depth < 1 {
				t.Errorf("%s %s: best %v at depth %d, want a legal move", fen, name, res.Best, res.Depth)
			}
		}
		for _, lvl := range ai.Levels() {
			lvl.Limits = ai.Limits{Depth: 2}
			res := ai.NewEngine(ai.DefaultOptions()).Choose(context.Background(), p, lvl, rand.New(rand.NewPCG(1, 2)))
			if !slices.Contains(legal, res.Best) {
				t.Errorf("%s %s: chose %v, not a legal move", fen, lvl.Name, res.Best)
			}
		}
		if got := p.String(); got != fen {
			t.Errorf("search left the position at %s", got)
		}
	}

	// The same board with the other side to move: the huge move lists come
	// inside the tree (where the self-play crash was), not at the root.
	p, err := dama.Game{}.ParsePosition(".b...b../..b..bb./bb.....b/....b.../...b..../......b./b....b../W....... b")
	if err != nil {
		t.Fatal(err)
	}
	legal := p.Moves(nil)
	p.Make(legal[0])
	if n := len(p.Moves(nil)); n <= ai.MaxMoves {
		t.Fatalf("after %v the reply has only %d moves", legal[0], n)
	}
	p.Unmake()
	for name, opts := range map[string]ai.Options{"default": ai.DefaultOptions(), "plain": {}, "quiescence": {Quiescence: true}} {
		res := ai.NewEngine(opts).Search(context.Background(), p, ai.Limits{Depth: 2}, nil)
		if !slices.Contains(legal, res.Best) {
			t.Errorf("inner %s: best %v, not a legal move", name, res.Best)
		}
	}
}
