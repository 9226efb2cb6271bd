package tavla

import (
	"bufio"
	"context"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"oyunbot/ai"
)

// TestLevelsPlayLegalMoves: every level answers with a legal move, from
// the start of a turn and in the middle of one.
func TestLevelsPlayLegalMoves(t *testing.T) {
	e := ai.NewEngine(ai.DefaultOptions())
	for _, lvl := range levels() {
		if lvl.Name == "master" && testing.Short() {
			continue
		}
		lvl.Limits.Time = 200 * time.Millisecond
		for _, s := range []string{
			"w3,b2,.,b1,.,w1,w2/b,b1,.,b1,.,w2,.,b1,.,b1/w,w1,b1,.,w2,w1/b,w1,w1,b5 0 0 w 4-1",
			"w8,w1,w1,.,w1,w1,w1,.,w1,.,.,.,.,b1,.,.,.,b1,b5,w1,.,.,.,b8 0 0 b 3x2",
		} {
			p := mustPos(t, s)
			res := e.Choose(context.Background(), p, lvl, rand.New(rand.NewPCG(1, 2)))
			if !slices.Contains(p.Moves(nil), res.Best) {
				t.Errorf("%s in %s: %v is not legal", lvl.Name, s, res.Best)
			}
			if p.String() != s {
				t.Errorf("%s: the search left %s", lvl.Name, p)
			}
		}
	}
}

// TestSeedMinimisesExposure: the seed level plays the die that leaves its
// open checkers the fewest ways to be pinned (zarToplamı).
func TestSeedMinimisesExposure(t *testing.T) {
	seed := levels()[4]
	if seed.Style != "seed" {
		t.Fatalf("level 4 is %q", seed.Name)
	}
	// White: 14 on its point 1 and an open checker on 20, with Black's 15
	// on White's 24 behind nothing: 1/2 opens a second checker, 20/21 not.
	p := mustPos(t, board(map[int]string{1: "w14", 20: "w1", 24: "b15"}, "", "w", "1"))
	e := ai.NewEngine(ai.DefaultOptions())
	res := e.Choose(context.Background(), p, seed, nil)
	best := 1e9
	for _, m := range p.Moves(nil) {
		p.Make(m)
		best = min(best, p.seedExposure(white))
		p.Unmake()
	}
	p.Make(res.Best)
	got := p.seedExposure(white)
	p.Unmake()
	if got != best {
		t.Fatalf("seed played %s with exposure %.3f; the least is %.3f", p.FormatMove(res.Best), got, best)
	}
	if p.style != "" {
		t.Fatalf("the style %q stayed on after the search", p.style)
	}
}

// TestSeedExposureFormula checks zarToplamı on one open checker: a Black
// checker 5 points behind a lone White one pins it with a 5 (tekZar 1),
// with 1+4 or 2+3 (ikiZarınToplamı 2) and no double: 1/6 + 2/18.
func TestSeedExposureFormula(t *testing.T) {
	p := mustPos(t, board(map[int]string{1: "w14", 10: "w1", 15: "b1", 24: "b14"}, "", "w", "-"))
	if got, want := p.seedExposure(white), 1.0/6+2.0/18; got < want-1e-9 || got > want+1e-9 {
		t.Fatalf("exposure %.4f, want %.4f", got, want)
	}
	// 4 points: tek 1, iki 1 (1+3), çift 2 (2-2 and 1-1): 1/6 + 1/18 + 2/36.
	q := mustPos(t, board(map[int]string{1: "w14", 11: "w1", 15: "b1", 24: "b14"}, "", "w", "-"))
	if got, want := q.seedExposure(white), 1.0/6+1.0/18+2.0/36; got < want-1e-9 || got > want+1e-9 {
		t.Fatalf("exposure %.4f, want %.4f", got, want)
	}
}

// TestDeadline (TAVLA_DEADLINE=1) measures each level's time per whole
// turn (its first ply searched, the rest played from the plan, through
// the common engine as the bot plays) against the level's budget, on the
// perft file's positions and positions of random play, beside a busy loop
// (a goroutine spinning all along). TAVLA_DEADLINE=2 also measures
// searches with no depth limit at 100 ms, 300 ms and 1 s.
func TestDeadline(t *testing.T) {
	if os.Getenv("TAVLA_DEADLINE") == "" {
		t.Skip("set TAVLA_DEADLINE=1 to measure the deadline (timing, not a test)")
	}
	var positions []*Pos
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 6 && !strings.HasPrefix(fs[0], "#") {
			if p, err := parsePosition(strings.Join(fs[:5], " ")); err == nil && len(p.Moves(nil)) > 1 {
				positions = append(positions, p)
			}
		}
	}
	f.Close()
	rng := rand.New(rand.NewPCG(9, 9))
	for len(positions) < 200 {
		p := Game{}.Start().(*Pos)
		for n := rng.IntN(120); n > 0 && !p.Status().Over; n-- {
			if p.Turn() == ai.Chance {
				p.Make(sample(p, rng))
			} else {
				ms := p.Moves(nil)
				p.Make(ms[rng.IntN(len(ms))])
			}
		}
		if p.Turn() != ai.Chance && !p.Status().Over && len(p.Moves(nil)) > 1 {
			positions = append(positions, p.Clone().(*Pos))
		}
	}
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for x := 0; ; x++ {
			if x%1000000 == 0 {
				select {
				case <-stop:
					return
				default:
				}
			}
		}
	}()
	report := func(what string, budget time.Duration, ratios []float64) {
		slices.Sort(ratios)
		q := func(x float64) float64 { return 100 * ratios[min(len(ratios)-1, int(x*float64(len(ratios))))] }
		t.Logf("%s budget %v positions %d median %.1f%% p90 %.1f%% p99 %.1f%% worst %.1f%%", what, budget, len(ratios), q(0.5), q(0.9), q(0.99), 100*ratios[len(ratios)-1])
	}
	// The searches' own CPU time is their thread's: this goroutine keeps
	// its thread (the busy loop runs on another).
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, lvl := range levels()[:4] {
		e := ai.NewEngine(ai.DefaultOptions())
		var ratios, cpus []float64
		for i, p := range positions {
			q := p.Clone().(*Pos)
			side := q.Turn()
			cpu0 := threadCPU()
			start := time.Now()
			var first ai.Result
			for q.Turn() == side && !q.Status().Over {
				res := e.Choose(context.Background(), q, lvl, rand.New(rand.NewPCG(1, uint64(i))))
				if first.PV == nil {
					first = res
				}
				q.Make(res.Best)
			}
			r := float64(time.Since(start)) / float64(lvl.Limits.Time)
			c := float64(threadCPU()-cpu0) / float64(lvl.Limits.Time)
			if r > 0.5 {
				t.Logf("%s: %.0f%% of the budget in %s (%.0f%% in CPU; depth %d, %d evaluations)", lvl.Name, 100*r, p, 100*c, first.Depth, first.Nodes)
			}
			ratios, cpus = append(ratios, r), append(cpus, c)
		}
		report(lvl.Name+" turn, wall", lvl.Limits.Time, ratios)
		report(lvl.Name+" turn, CPU", lvl.Limits.Time, cpus)
	}
	if os.Getenv("TAVLA_DEADLINE") != "2" {
		return
	}
	for _, budget := range []time.Duration{100 * time.Millisecond, 300 * time.Millisecond, time.Second} {
		var ratios []float64
		n := len(positions)
		if budget >= time.Second {
			n = 30
		}
		for _, p := range positions[:n] {
			e := ai.NewEngine(ai.DefaultOptions())
			start := time.Now()
			e.Search(context.Background(), p, ai.Limits{Time: budget, Turns: true}, nil)
			ratios = append(ratios, float64(time.Since(start))/float64(budget))
		}
		report("unlimited depth", budget, ratios)
	}
}
