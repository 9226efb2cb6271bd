package islem

import (
	"context"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
)

func level(t *testing.T, name string) ai.Level {
	t.Helper()
	l, ok := Game{}.Host().Level(name)
	if !ok {
		t.Fatalf("no level %q", name)
	}
	return l
}

// bestImmediate is the highest score of any legal placement or move.
func bestImmediate(p *Position) int {
	best := 0
	for _, m := range p.legal(nil, true) {
		best = max(best, p.immediate(m))
	}
	return best
}

// The seed level plays the thesis's greedy placement: the highest score
// there is (12 on d6, five chains, in the worked example).
func TestSeedPlacesGreedily(t *testing.T) {
	p := example12.before()
	e := ai.NewEngine(ai.DefaultOptions())
	res := e.Choose(context.Background(), p, level(t, "seed"), nil)
	if got, want := p.immediate(res.Best), bestImmediate(p); got != want || want < 5 {
		t.Fatalf("seed played %s scoring %d, best %d", p.FormatMove(res.Best), got, want)
	}
	if p.style != "" {
		t.Fatalf("style left as %q", p.style)
	}
}

// Its capture leaves the opponent the lowest best score.
func TestSeedCapturesLeastHarmful(t *testing.T) {
	p := example9.after() // red owes 4 captures among black's stones
	e := ai.NewEngine(ai.DefaultOptions())
	res := e.Choose(context.Background(), p, level(t, "seed"), nil)
	if kindOf(res.Best) != kindCapture {
		t.Fatalf("seed played %s, want a capture", p.FormatMove(res.Best))
	}
	after := func(m ai.Move) int {
		p.Make(m)
		defer p.Unmake()
		return p.bestReply(ai.First, ^uint64(0))
	}
	got := after(res.Best)
	for _, m := range p.legal(nil, true) {
		if v := after(m); v < got {
			t.Fatalf("seed captured %s leaving %d, but %s leaves %d", p.FormatMove(res.Best), got, p.FormatMove(m), v)
		}
	}
}

// The engine levels find the worked example's five-chain placement.
func TestEngineFindsTheBestPlacement(t *testing.T) {
	for _, name := range []string{"medium", "hard"} {
		p := example12.before()
		e := ai.NewEngine(ai.DefaultOptions())
		l := level(t, name)
		l.Limits.Time = 0 // depth only: the test never depends on speed
		res := e.Choose(context.Background(), p, l, nil)
		if got := p.immediate(res.Best); got < 5 {
			t.Errorf("%s played %s scoring %d, want 5", name, p.FormatMove(res.Best), got)
		}
	}
}

// TestSelfplayHardVsSeed plays ISLEM_SELFPLAY games of hard against seed
// (colours alternating) and logs the score: a measurement, run by hand.
func TestSelfplayHardVsSeed(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("ISLEM_SELFPLAY"))
	if n == 0 {
		t.Skip("set ISLEM_SELFPLAY=N to play N games")
	}
	aName := os.Getenv("ISLEM_A")
	if aName == "" {
		aName = "hard"
	}
	a, b := level(t, aName), level(t, "seed")
	if d, err := time.ParseDuration(os.Getenv("ISLEM_TIME")); err == nil {
		a.Limits.Time = d
	}
	ea, eb := ai.NewEngine(ai.DefaultOptions()), ai.NewEngine(ai.DefaultOptions())
	score := 0.0
	start := time.Now()
	for g := 0; g < n; g++ {
		rng := rand.New(rand.NewPCG(uint64(g), 3))
		var p games.Position = newStart()
		for i := 0; i < 2+g%3; i++ { // random opening placements
			ms := p.Moves(nil)
			p.Make(ms[rng.IntN(len(ms))])
		}
		aSide := ai.Side(g % 2)
		for !p.Status().Over {
			e, l := eb, b
			if p.Turn() == aSide {
				e, l = ea, a
			}
			p.Make(e.Choose(context.Background(), p, l, rng).Best)
		}
		st := p.Status()
		switch st.Winner {
		case aSide:
			score++
		case ai.NoSide:
			score += 0.5
		}
		q := p.(*Position)
		t.Logf("game %d: A %v, winner %v (%s) captures %v turns %d, %.1fs", g, aSide, st.Winner, st.Reason, q.Captures(), q.Turns(), time.Since(start).Seconds())
	}
	t.Logf("A scored %.1f/%d", score, n)
}
