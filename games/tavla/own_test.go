package tavla

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"oyunbot/ai"
)

// TestEngineSearchesWholeTurns: through the common engine a level chooses
// a whole turn at its first ply and plays the later plies as chosen,
// without searching again. Another engine, asked in the middle of the
// turn, searches the rest: at 1-ply it finds the same plies (the best
// turn is among those the rest of the roll can reach).
func TestEngineSearchesWholeTurns(t *testing.T) {
	for _, lvl := range []ai.Level{levels()[2], levels()[1]} {
		p := mustPos(t, "w8,w1,w1,.,w1,w1,w1,.,w1,.,.,.,.,b1,.,.,.,b1,b5,w1,.,.,.,b8 0 0 b 3-3")
		e := ai.NewEngine(ai.DefaultOptions())
		first := e.Choose(context.Background(), p, lvl, nil)
		if first.Depth < 1 || first.Depth > lvl.Limits.Depth || len(first.PV) != 4 || first.PV[0] != first.Best || first.Nodes == 0 {
			t.Fatalf("%s, first ply: %+v", lvl.Name, first)
		}
		for k := 1; k < len(first.PV); k++ {
			p.Make(first.PV[k-1])
			next := e.Choose(context.Background(), p, lvl, nil)
			if next.Best != first.PV[k] || next.Nodes != 0 {
				t.Fatalf("%s, ply %d: %v after %d evaluations, the plan says %v", lvl.Name, k, next.Best, next.Nodes, first.PV[k])
			}
			if lvl.Limits.Depth > 1 {
				continue
			}
			fresh := ai.NewEngine(ai.DefaultOptions()).Choose(context.Background(), p, lvl, nil)
			if fresh.Best != first.PV[k] {
				t.Errorf("%s, ply %d: a fresh engine plays %s, the plan %s", lvl.Name, k, p.FormatMove(fresh.Best), p.FormatMove(first.PV[k]))
			}
		}
	}
}

// TestEveryPathPlaysTheLevel: Choose (the bot's games, self-play, uci) and
// Search with a level's limits (analyse -depth) play the same search; a
// level's mistakes come only with an rng, and easy makes them where hard
// does not.
func TestEveryPathPlaysTheLevel(t *testing.T) {
	ls := levels()
	easy, hard := ls[0], ls[2]
	positions := turnPositions(t, 2)[:60]
	differ := 0
	for i, p := range positions {
		e := ai.NewEngine(ai.DefaultOptions())
		byChoose := e.Choose(context.Background(), p, hard, rand.New(rand.NewPCG(1, uint64(i))))
		bySearch := ai.NewEngine(ai.DefaultOptions()).Search(context.Background(), p, hard.Limits, nil)
		if byChoose.Best != bySearch.Best || byChoose.Score != bySearch.Score {
			t.Fatalf("%s: Choose %v (%d), Search %v (%d)", p, byChoose.Best, byChoose.Score, bySearch.Best, bySearch.Score)
		}
		plain := ai.NewEngine(ai.DefaultOptions()).Choose(context.Background(), p, easy, nil)
		oneply := NewSearcher(SearchOptions{}).Choose(context.Background(), p, time.Time{}, nil)
		if plain.Best != oneply.Turn.Plies[0] {
			t.Fatalf("%s: easy without an rng plays %v, 1-ply %v", p, plain.Best, oneply.Turn.Plies[0])
		}
		erring := ai.NewEngine(ai.DefaultOptions()).Choose(context.Background(), p, easy, rand.New(rand.NewPCG(1, uint64(i))))
		if erring.Best != plain.Best {
			differ++
		}
	}
	// easy errs in 40% of its turns when another turn is within 0.15.
	if differ < 6 {
		t.Fatalf("easy with its mistakes differs from its best in %d of %d positions", differ, len(positions))
	}
}

// TestSeedLevelStaysTheEngines: the seed level is not searched here (the
// common engine plays the seed document's heuristic one die at a time),
// nor is a styled position; the classic style is the common engine's
// search on the hand-written evaluation.
func TestSeedLevelStaysTheEngines(t *testing.T) {
	p := mustPos(t, benchPos)
	var slot any
	if _, ok := p.SearchOwn(context.Background(), levels()[4], nil, nil, &slot); ok {
		t.Fatal("the seed level was searched by the learned search")
	}
	for _, style := range []string{"seed", "classic"} {
		p.SetStyle(style)
		if _, ok := p.SearchOwn(context.Background(), levels()[2], nil, nil, &slot); ok {
			t.Fatalf("a position in the %s style was searched by the learned search", style)
		}
	}
	classic := levels()[2]
	classic.Style = "classic"
	p.SetStyle("")
	res := ai.NewEngine(ai.DefaultOptions()).Choose(context.Background(), p, classic, nil)
	if res.Nodes < 100 || p.style != "" {
		t.Fatalf("the classic hard level: %+v, style left %q", res, p.style)
	}
}

// TestRollPositionScore: a position waiting for a roll is worth the
// network's equity for the side about to roll, given from White's side;
// the engine chooses no move there.
func TestRollPositionScore(t *testing.T) {
	p := mustPos(t, "w3,b2,.,b1,.,w1,w2/b,b1,.,b1,.,w2,.,b1,.,b1/w,w1,b1,.,w2,w1/b,w1,w1,b5 0 0 b -")
	res := ai.NewEngine(ai.DefaultOptions()).Search(context.Background(), p, ai.Limits{Depth: 2}, nil)
	want := -milli(newEvaluator(defaultNet()).equity(&p.st, black))
	if !res.Best.IsNone() || res.Score != want {
		t.Fatalf("%v score %d, want none and %d", res.Best, res.Score, want)
	}
}

// TestMasterStyles: the master level rolls out close calls through the
// common engine (depth 4 in a close call); its style 3ply does not.
func TestMasterStyles(t *testing.T) {
	master := levels()[3]
	if master.Name != "master" {
		t.Fatalf("levels()[3] is %s", master.Name)
	}
	o, ok := levelSearch(master)
	if !ok || o.Rollouts == 0 || o.Finalists < 2 {
		t.Fatalf("master searches with %+v", o)
	}
	three := master
	three.Style = "3ply"
	o, ok = levelSearch(three)
	if !ok || o.Rollouts != 0 || o.Finalists != 0 || o.Plies != 3 {
		t.Fatalf("master, style 3ply, searches with %+v", o)
	}
	// The first close call among the positions: the best two by 3-ply
	// within masterClose. Without a budget the rollouts run all their
	// trials (the machine's load cannot cut them short).
	master.Limits.Time, three.Limits.Time = 0, 0
	s := NewSearcher(o)
	for _, p := range turnPositions(t, 1) {
		s.Choose(context.Background(), p, time.Time{}, nil)
		if len(s.cands) < 2 || s.cands[1].v < s.cands[0].v-masterClose {
			continue
		}
		if r := ai.NewEngine(ai.DefaultOptions()).Choose(context.Background(), p, master, nil); r.Depth != 4 {
			t.Fatalf("master in %s: depth %d in a close call", p, r.Depth)
		}
		if r := ai.NewEngine(ai.DefaultOptions()).Choose(context.Background(), p, three, nil); r.Depth != 3 {
			t.Fatalf("master, style 3ply, in %s: depth %d", p, r.Depth)
		}
		return
	}
	t.Fatal("no close call among the positions")
}
