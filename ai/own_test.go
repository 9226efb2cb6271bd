package ai_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"oyunbot/ai"
)

// ownGame is an endless game that searches itself for the level named
// "own": it answers with its second move and counts its calls in the
// engine's slot; other levels it leaves to the engine.
type ownGame struct {
	endless
	calls int
}

func (g *ownGame) SearchOwn(ctx context.Context, lvl ai.Level, rng *rand.Rand, progress func(ai.Info), slot *any) (ai.Result, bool) {
	if lvl.Name != "own" && lvl.Limits.Depth != 7 {
		return ai.Result{}, false
	}
	n, _ := (*slot).(int)
	*slot = n + 1
	g.calls = n + 1
	return ai.Result{Best: g.Moves(nil)[1], Score: 42, Depth: 7}, true
}

// TestOwnSearcher: Choose, ChooseWith and Search hand a position that
// searches itself to it (Search with the limits only), the engine keeps
// the game's slot between calls, and a level the game declines is
// searched by the engine as before; Clear empties the slot.
func TestOwnSearcher(t *testing.T) {
	g := &ownGame{}
	e := ai.NewEngine(ai.DefaultOptions())
	own := ai.Level{Name: "own", Limits: ai.Limits{Depth: 3}}
	if res := e.Choose(context.Background(), g, own, nil); res.Best != g.Moves(nil)[1] || res.Score != 42 || g.calls != 1 {
		t.Fatalf("Choose: %+v after %d calls", res, g.calls)
	}
	if res := e.Search(context.Background(), g, ai.Limits{Depth: 7}, nil); res.Score != 42 || g.calls != 2 {
		t.Fatalf("Search: %+v after %d calls", res, g.calls)
	}
	if ai.NewEngine(ai.DefaultOptions()).Choose(context.Background(), g, own, nil); g.calls != 1 {
		t.Fatalf("a new engine's slot began at %d calls", g.calls-1)
	}
	if e.Clear(); e.Choose(context.Background(), g, own, nil).Score != 42 || g.calls != 1 {
		t.Fatalf("after Clear the slot began at %d calls", g.calls-1)
	}
	plain := ai.Level{Name: "hard", Limits: ai.Limits{Depth: 3}}
	want := ai.NewEngine(ai.DefaultOptions()).Choose(context.Background(), &endless{}, plain, nil)
	if res := e.Choose(context.Background(), g, plain, nil); res.Best != want.Best || res.Score != want.Score || res.Depth != 3 {
		t.Fatalf("declined: %+v, the engine alone %+v", res, want)
	}
}
