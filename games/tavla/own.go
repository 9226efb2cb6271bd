package tavla

// own.go plugs the whole-turn search (search.go) into the common engine
// (ai.OwnSearcher), so that every path that asks the engine for a move
// (the bot's games and hints, bot analyse, bot uci, self-play) plays a
// level the same way. The seed level stays the common engine's: the seed
// document's greedy heuristic, one die at a time.

import (
	"context"
	"math"
	"math/rand/v2"
	"time"

	"oyunbot/ai"
)

var _ ai.OwnSearcher = (*Pos)(nil)

// levelSearch is how a level searches: by its name for the bot's levels,
// else by its limits (analyse -depth: Depth 1 to 3 is that many plies, 0
// or more than 3 the master's search). A level's deliberate mistakes are
// its BlunderProb, within its Margin in thousandths of a point. Style
// "hand" searches on the hand-written evaluation (to measure the network
// against it); "3ply" is master's search without its rollouts (the
// level as it was before them, to measure them); "nobearoff" the level
// without the bear-off database (SearchOptions.NoBearoff); "seed" and "classic"
// (the common engine on the hand-written evaluation, as before) are not
// searched here (false).
func levelSearch(lvl ai.Level) (SearchOptions, bool) {
	var o SearchOptions
	switch lvl.Style {
	case "seed", "classic":
		return o, false
	case "hand":
		o.Hand = true
	case "nobearoff":
		o.NoBearoff = true
	}
	master := func() SearchOptions {
		m := masterOptions()
		m.Hand, m.NoBearoff = o.Hand, o.NoBearoff
		if lvl.Style == "3ply" {
			m.Finalists, m.Rollouts, m.RolloutWithin = 0, 0, 0
		}
		return m
	}
	switch lvl.Name {
	case "easy", "medium":
		o.Plies = 1
	case "hard":
		o.Plies, o.Keep = 2, 8
	case "master":
		o = master()
	default:
		switch d := lvl.Limits.Depth; {
		case d >= 1 && d <= 3:
			o.Plies = d
		default:
			o = master()
		}
	}
	o.Mistake, o.Margin = lvl.BlunderProb, float64(lvl.Margin)/1000
	return o, true
}

// masterOptions are the master level's search: 2-ply over the best
// twelve turns by 1-ply, then 3-ply over the best three by 2-ply within
// 0.1 points of the best; in a close call, when the best two or three by
// 3-ply are within masterClose of each other, truncated rollouts of them
// decide, until three quarters of the budget are gone (at most
// masterTrials trials each).
func masterOptions() SearchOptions {
	return SearchOptions{Plies: 3, Keep: 12, DeepKeep: 3, DeepWithin: 0.1,
		Finalists: 3, Rollouts: masterTrials, Horizon: 7, RolloutWithin: masterClose}
}

// masterClose is how close (in points) master's finalists must be for
// rollouts to decide between them, and masterTrials the most trials of
// each (36 times 36 first rolls; fewer when the deadline comes first).
const (
	masterClose  = 0.05
	masterTrials = 1296
)

// ownState is what an engine keeps for tavla between calls: a searcher for
// each way of searching, and the rest of the turn it chose last.
type ownState struct {
	searchers map[SearchOptions]*Searcher
	plan      plan
}

// plan is a chosen turn's plies and the hash of the position before each,
// so that the turn's later plies are played as chosen without a search.
type plan struct {
	opts   SearchOptions
	hashes [4]uint64
	plies  [4]ai.Move
	n      int
	score  int
	depth  int
}

// SearchOwn implements ai.OwnSearcher: the turn is searched whole at its
// first ply (or at the first ply asked for, in the middle of a turn) and
// its later plies come from the plan without a search. A position waiting
// for a roll is worth the network's equity for the side about to roll
// (Score in thousandths of a point, from White's point of view as the
// engine's chance nodes are); the opening roll, a finished game and the
// styles seed and classic are left to the engine.
func (p *Pos) SearchOwn(ctx context.Context, lvl ai.Level, rng *rand.Rand, progress func(ai.Info), slot *any) (ai.Result, bool) {
	if p.style != "" || p.over() || p.st.opening {
		return ai.Result{}, false
	}
	opts, ok := levelSearch(lvl)
	if !ok {
		return ai.Result{}, false
	}
	if p.st.hit && !opts.Hand && opts.Net == nil {
		opts.Net = defaultStdNet() // standard tavla's own weights
	}
	start := time.Now()
	os, _ := (*slot).(*ownState)
	if os == nil {
		os = &ownState{searchers: map[SearchOptions]*Searcher{}}
		*slot = os
	}
	s := os.searchers[opts]
	if s == nil {
		s = NewSearcher(opts)
		os.searchers[opts] = s
	}
	if p.st.cube.phase != cubeNone {
		// A cube decision: the level's double, take or drop (cubeful.go),
		// on chances a roll ahead from hard up.
		ahead := 0
		if opts.Plies >= 2 {
			ahead = 1
		}
		m, a := p.cubeChoice(opts.Net, ahead, !opts.NoBearoff && !opts.Hand, opts.Mistake, rng)
		res := ai.Result{Best: m, Score: p.cubeScore(m, a), Depth: 1, PV: []ai.Move{m}, Elapsed: time.Since(start)}
		if progress != nil {
			progress(ai.Info{Depth: 1, Score: res.Score, PV: res.PV, Elapsed: res.Elapsed})
		}
		return res, true
	}
	if p.st.nd == 0 {
		v := s.value(&p.st, p.st.side)
		if p.st.side != white {
			v = -v
		}
		return ai.Result{Best: ai.NoMove, Score: milli(v), Elapsed: time.Since(start)}, true
	}
	if pl := &os.plan; pl.opts == opts {
		h := p.Hash()
		for k := 1; k < pl.n; k++ {
			if pl.hashes[k] == h {
				return ai.Result{Best: pl.plies[k], Score: pl.score, Depth: pl.depth, PV: append([]ai.Move(nil), pl.plies[k:pl.n]...), Elapsed: time.Since(start)}, true
			}
		}
	}
	var deadline time.Time
	if lvl.Limits.Time > 0 {
		// A twentieth is kept back: a stage cut short is thrown away and
		// the turn still has to be returned (and its plan made).
		deadline = start.Add(lvl.Limits.Time - lvl.Limits.Time/20)
	}
	if d, ok := ctx.Deadline(); ok && (deadline.IsZero() || d.Before(deadline)) {
		deadline = d
	}
	ch := s.Choose(ctx, p, deadline, rng)
	pl := &os.plan
	*pl = plan{opts: opts, n: ch.Turn.N, score: milli(ch.Equity), depth: ch.Depth}
	copy(pl.plies[:], ch.Turn.Plies[:ch.Turn.N])
	for k := range pl.n {
		pl.hashes[k] = p.Hash()
		p.Make(pl.plies[k])
	}
	for range pl.n {
		p.Unmake()
	}
	res := ai.Result{Best: pl.plies[0], Score: pl.score, Depth: pl.depth, Nodes: ch.Evals, Elapsed: time.Since(start),
		PV: append([]ai.Move(nil), pl.plies[:pl.n]...)}
	if progress != nil {
		progress(ai.Info{Depth: res.Depth, Score: res.Score, Nodes: res.Nodes, Elapsed: res.Elapsed, PV: res.PV})
	}
	return res, true
}

// milli is an equity in thousandths of a point.
func milli(v float64) int { return int(math.Round(v * 1000)) }
