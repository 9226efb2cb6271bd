package main

// measure.go: the engine's measurements (the package doc gives them).

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"runtime"
	"sort"
	"time"

	"oyunbot/ai"
	"oyunbot/games/chess"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/chess/engine"
)

// benchFENs are middlegame and endgame positions: the engine's
// BenchmarkSearch searches the same (games/chess/engine/eval_bench_test.go).
var benchFENs = []string{
	chess.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30",
}

// fingerprint prints, for each benchmark position, the nodes, score, best
// move and principal variation of a search to -fingerprint-depth. A change
// that must leave the search as it was is checked by diffing its output
// before and after.
func fingerprint(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("fingerprint", stderr)
	depth := fs.Int("fingerprint-depth", 11, "the search's depth")
	if err := fs.Parse(args); err != nil {
		return err
	}
	for i, fen := range benchFENs {
		p, err := engine.ParseFEN(fen)
		if err != nil {
			return err
		}
		e := ai.NewEngine(ai.DefaultOptions())
		r := e.Search(context.Background(), p, ai.Limits{Depth: *depth}, nil)
		fmt.Fprintf(stdout, "position %d: depth %d nodes %d score %d best %v pv %v\n", i, r.Depth, r.Nodes, r.Score, r.Best, r.PV)
	}
	return nil
}

// optionsMatch measures one engine technique by a match: the full engine
// plays the engine with the named technique switched off, at -match-time
// a move, from random openings played with both colours.
func optionsMatch(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("match", stderr)
	matchOff := fs.String("match", "", "technique the opponent plays without: no-null, no-lmr, no-checkext, no-see, no-futility")
	matchGames := fs.Int("match-games", 20, "games of the match")
	matchTime := fs.Duration("match-time", 100*time.Millisecond, "time per move")
	if err := fs.Parse(args); err != nil {
		return err
	}
	off := map[string]func(*ai.Options){
		"no-null":     func(o *ai.Options) { o.NullMove = false },
		"no-lmr":      func(o *ai.Options) { o.LMR = false },
		"no-checkext": func(o *ai.Options) { o.CheckExt = false },
		"no-see":      func(o *ai.Options) { o.GameOrder = false },
		"no-futility": func(o *ai.Options) { o.Futility = false },
	}[*matchOff]
	if off == nil {
		return fmt.Errorf("unknown technique %q (-match)", *matchOff)
	}
	ob := ai.DefaultOptions()
	off(&ob)
	ea, eb := ai.NewEngine(ai.DefaultOptions()), ai.NewEngine(ob)
	rng := rand.New(rand.NewPCG(5, 6))
	var opening []ai.Move
	w, d, l := 0, 0, 0
	for g := 0; g < *matchGames; g++ {
		if g%2 == 0 {
			opening = opening[:0]
			p := engine.NewStart()
			for range 4 {
				ms := p.Moves(nil)
				m := ms[rng.IntN(len(ms))]
				opening = append(opening, m)
				p.Make(m)
			}
			ea.NewGame()
			eb.NewGame()
		}
		p := engine.NewStart()
		for _, m := range opening {
			p.Make(m)
		}
		aWhite := g%2 == 0
		for ply := 0; ply < 300 && !p.Status().Over; ply++ {
			e := eb
			if (p.Turn() == ai.First) == aWhite {
				e = ea
			}
			p.Make(e.Search(context.Background(), p, ai.Limits{Time: *matchTime}, nil).Best)
		}
		st := p.Status()
		switch {
		case !st.Over || st.Winner == ai.NoSide:
			d++
		case (st.Winner == ai.First) == aWhite:
			w++
		default:
			l++
		}
		fmt.Fprintf(stdout, "game %d: all %s: +%d =%d -%d\n", g, map[bool]string{true: "white", false: "black"}[aWhite], w, d, l)
	}
	fmt.Fprintf(stdout, "all vs %s: +%d =%d -%d, score %.3f\n", *matchOff, w, d, l, (float64(w)+float64(d)/2)/float64(w+d+l))
	return nil
}

// levelBudgets measures, for each level with a time budget, how long
// Choose takes (the wall clock around it, as a chat reply waits for it)
// on positions of seeded random games, with a busy loop on every core
// beside it, and reports the median, the 99th percentile and the worst
// as a share of the budget (BENCHMARKS.md).
func levelBudgets(args []string, stdout, stderr io.Writer) error {
	fs := newFlags("budget", stderr)
	n := fs.Int("budget", 200, "moves measured per level")
	if err := fs.Parse(args); err != nil {
		return err
	}
	for range runtime.NumCPU() {
		busy := exec.Command("sh", "-c", "while :; do :; done")
		if err := busy.Start(); err != nil {
			return err
		}
		defer func() { busy.Process.Kill(); busy.Wait() }()
	}
	positions := budgetPositions(*n)
	for _, lvl := range (chessgame.Game{}).Host().Levels {
		if lvl.Limits.Time == 0 {
			continue
		}
		e := ai.NewEngine(ai.DefaultOptions())
		rng := rand.New(rand.NewPCG(1, 1))
		var ratios []float64
		for _, fen := range positions {
			p, _ := chessgame.ParseFEN(fen)
			start := time.Now()
			e.Choose(context.Background(), p, lvl, rng)
			ratios = append(ratios, float64(time.Since(start))/float64(budgetOf(lvl.Limits.Time))) // of the budget
		}
		sort.Float64s(ratios)
		q := func(f float64) float64 { return 100 * ratios[min(int(f*float64(len(ratios))), len(ratios)-1)] }
		fmt.Fprintf(stdout, "%s (budget %v): %d moves, median %.1f%%, p90 %.1f%%, p99 %.1f%%, worst %.1f%% of the budget\n",
			lvl.Name, budgetOf(lvl.Limits.Time), len(ratios), q(0.5), q(0.9), q(0.99), 100*ratios[len(ratios)-1])
	}
	return nil
}

// budgetPositions are n positions of seeded random games past the book,
// at every stage.
func budgetPositions(n int) []string {
	rng := rand.New(rand.NewPCG(77, 77))
	var out []string
	for len(out) < n {
		p := chessgame.NewStart()
		plies := 10 + rng.IntN(70)
		for i := 0; i < plies && !p.Status().Over; i++ {
			ms := p.Moves(nil)
			p.Make(ms[rng.IntN(len(ms))])
		}
		if !p.Status().Over {
			out = append(out, p.FEN())
		}
	}
	return out
}

// budgetOf is the reply's budget of a level's time limit (chessgame.Budget's
// inverse).
func budgetOf(limit time.Duration) time.Duration {
	for _, d := range []time.Duration{300 * time.Millisecond, 500 * time.Millisecond, time.Second, 2 * time.Second} {
		if chessgame.Budget(d) == limit {
			return d
		}
	}
	return limit
}
