package chessgame

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"runtime"
	"sort"
	"testing"
	"time"

	"oyunbot/ai"
)

var budgetN = flag.Int("budget", 0, "TestLevelBudgets: moves measured per level (0: skip)")

// TestLevelBudgets measures, for each level with a time budget, how long
// Choose takes (the wall clock around it, as a chat reply waits for it)
// on positions of seeded random games, with a busy loop on every core
// beside it, and reports the median, the 99th percentile and the worst
// as a share of the budget. Run by hand (BENCHMARKS.md):
//
//	go test ./games/chess -run TestLevelBudgets -budget 200 -v -timeout 0
func TestLevelBudgets(t *testing.T) {
	if *budgetN == 0 {
		t.Skip("run with -budget N")
	}
	for range runtime.NumCPU() {
		busy := exec.Command("sh", "-c", "while :; do :; done")
		if err := busy.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { busy.Process.Kill(); busy.Wait() }()
	}
	positions := budgetPositions(*budgetN)
	for _, lvl := range levels() {
		if lvl.Limits.Time == 0 {
			continue
		}
		e := ai.NewEngine(ai.DefaultOptions())
		rng := rand.New(rand.NewPCG(1, 1))
		var ratios []float64
		for _, fen := range positions {
			p, _ := ParseFEN(fen)
			start := time.Now()
			e.Choose(context.Background(), p, lvl, rng)
			ratios = append(ratios, float64(time.Since(start))/float64(budgetOf(lvl.Limits.Time))) // of the budget
		}
		sort.Float64s(ratios)
		q := func(f float64) float64 { return 100 * ratios[min(int(f*float64(len(ratios))), len(ratios)-1)] }
		line := fmt.Sprintf("%s (budget %v): %d moves, median %.1f%%, p90 %.1f%%, p99 %.1f%%, worst %.1f%% of the budget",
			lvl.Name, budgetOf(lvl.Limits.Time), len(ratios), q(0.5), q(0.9), q(0.99), 100*ratios[len(ratios)-1])
		t.Log(line)
	}
}

// budgetPositions are n positions of seeded random games past the book,
// at every stage.
func budgetPositions(n int) []string {
	rng := rand.New(rand.NewPCG(77, 77))
	var out []string
	for len(out) < n {
		p := NewStart()
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

// budgetOf is the reply's budget of a level's time limit (budget's inverse).
func budgetOf(limit time.Duration) time.Duration {
	for _, d := range []time.Duration{300 * time.Millisecond, 500 * time.Millisecond, time.Second, 2 * time.Second} {
		if budget(d) == limit {
			return d
		}
	}
	return limit
}
