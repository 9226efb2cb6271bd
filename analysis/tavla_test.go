package analysis_test

// tavla_test.go measures tavla's analysis the way GNU Backgammon's is
// read: the error rates of the bot's levels in self-play come in the
// order of their strength, and the luck of seeded dice averages zero.

import (
	"context"
	"errors"
	"flag"
	"math"
	"math/rand/v2"
	"runtime"
	"strings"
	"sync"
	"testing"

	"oyunbot/ai"
	"oyunbot/analysis"
	"oyunbot/games"
	"oyunbot/games/tavla"
)

var tavlaWorkers = flag.Int("tavla-workers", runtime.GOMAXPROCS(0), "games played at once in TestTavlaErrorRates (the figures do not depend on it)")

var tavlaLevels = flag.String("tavla-levels", "", "comma-separated levels of TestTavlaErrorRates, weakest first (default seed,medium,hard,master)")

var tavlaFirst = flag.Int("tavla-first", 0, "seed of the first game of TestTavlaErrorRates (a run of -tavla-games N from -tavla-first K plays the games K..K+N-1 of a longer run, so that runs add up)")

var tavlaGames = flag.Int("tavla-games", 0, "self-play games of each level in TestTavlaErrorRates (0: 3, or 1 with -short and master left out; the issue's measure: 200)")

// selfPlay plays a game of g between two players of level lvl, the dice
// (and the levels' deliberate mistakes) drawn from rng.
func selfPlay(g games.Game, e *ai.Engine, lvl ai.Level, rng *rand.Rand) (games.Position, []ai.Move, error) {
	start := g.Start()
	p := start.Clone()
	var moves []ai.Move
	e.NewGame()
	for !p.Status().Over {
		if len(moves) > 2000 {
			return nil, nil, errors.New("a self-play game of over 2000 plies")
		}
		var m ai.Move
		if p.Turn() == ai.Chance {
			outs := p.(ai.Stochastic).Chances(nil)
			x := rng.Float64()
			m = outs[len(outs)-1].Move
			for _, o := range outs {
				if x -= o.Prob; x < 0 {
					m = o.Move
					break
				}
			}
		} else {
			m = e.Choose(context.Background(), p, lvl, rng).Best
		}
		moves = append(moves, m)
		p.Make(m)
	}
	return start, moves, nil
}

// playLevel plays and analyses the seeded games first..first+n-1 of
// level lvl on workers goroutines, each with its own engine; the results
// come back in the games' order, so that any number of workers gives the
// same figures.
func playLevel(g games.Game, lvl ai.Level, first, n, workers int) ([]*analysis.Result, error) {
	results := make([]*analysis.Result, n)
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(workers, n)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e := ai.NewEngine(ai.DefaultOptions())
			for i := range next {
				rng := rand.New(rand.NewPCG(24, uint64(first+i)))
				start, moves, err := selfPlay(g, e, lvl, rng)
				if err == nil {
					results[i], err = analysis.Analyse(context.Background(), g, start, moves, analysis.Options{})
				}
				errs[i] = err
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	return results, errors.Join(errs...)
}

// TestTavlaErrorRates: over self-play games of each level (-tavla-games,
// seeded dice, the levels' searches without their deadlines so that a
// loaded machine plays the same games), the error rates, equity lost per
// unforced decision by the reference (the master level's search), fall
// from seed to medium to hard to master; each side's luck summed over
// its games averages zero within three standard errors, and the
// luck-adjusted result is the result less the net luck.
func TestTavlaErrorRates(t *testing.T) {
	t.Parallel() // beside TestDraughtsBlunderSets: each keeps a core busy
	g := tavla.Game{}
	host := games.HostOf(g)
	n := *tavlaGames
	levels := []string{"seed", "medium", "hard", "master"}
	switch {
	case n > 0:
	case raceDetector:
		// Engine self-play, single-threaded, some ten times slower under
		// the race detector: CI's first pass (without it) measures it.
		t.Skip("engine self-play: measured without the race detector")
	case testing.Short():
		// One game of each level but master (master's self-play, a whole
		// 3-ply search a turn, is half the test's time).
		n, levels = 1, levels[:3]
	default:
		n = 3
	}
	if *tavlaLevels != "" {
		levels = strings.Split(*tavlaLevels, ",")
	}
	var lucks []float64 // each side's luck over a game
	prev := math.Inf(1)
	for _, name := range levels {
		lvl, ok := host.Level(name)
		if !ok {
			t.Fatalf("no level %s", name)
		}
		lvl.Limits.Time = 0
		results, err := playLevel(g, lvl, *tavlaFirst, n, *tavlaWorkers)
		if err != nil {
			t.Fatal(err)
		}
		var lost float64
		var decisions int
		for _, r := range results {
			if r.Method != analysis.MethodReferee || r.Unit != "point" {
				t.Fatalf("tavla judged by %s in %s", r.Method, r.Unit)
			}
			for s, st := range r.Sides {
				lost += st.AverageLoss * float64(st.Judged)
				decisions += st.Judged
				lucks = append(lucks, st.Luck)
				if want := st.Result - (st.Luck - r.Sides[1-s].Luck); math.Abs(st.LuckAdjusted-want) > 1e-9 {
					t.Errorf("luck-adjusted %v, want %v", st.LuckAdjusted, want)
				}
				if rating, class := tavla.Rating(st.AverageLoss); st.Rating != rating || st.RatingClass != class {
					t.Errorf("side %d rated %d %s, want %d %s", s, st.Rating, st.RatingClass, rating, class)
				}
			}
		}
		rate := 1000 * lost / float64(decisions)
		lm, lse := meanSE(lucks[len(lucks)-2*n:])
		t.Logf("%s: error rate %.1f millipoints a decision over %d decisions in %d games; luck a side a game %.3f ± %.3f points", name, rate, decisions, n, lm, lse)
		if rate >= prev {
			t.Errorf("%s's error rate %.1f is not below the weaker level's %.1f", name, rate, prev)
		}
		prev = rate
	}
	mean, se := meanSE(lucks)
	t.Logf("luck a side a game: mean %.3f ± %.3f points over %d", mean, se, len(lucks))
	if math.Abs(mean) > 3*se {
		t.Errorf("luck a side a game averages %.3f, more than 3 standard errors (%.3f) from 0", mean, se)
	}
}

// TestTavlaRating: GNU Backgammon's classes of error rates, and the
// estimate falling with the rate.
func TestTavlaRating(t *testing.T) {
	for rate, want := range map[float64]string{0.001: "supernatural", 0.004: "world-class", 0.007: "expert", 0.01: "advanced",
		0.015: "intermediate", 0.02: "casual", 0.03: "beginner", 0.05: "awful"} {
		if _, class := tavla.Rating(rate); class != want {
			t.Errorf("rate %.3f: %s, want %s", rate, class, want)
		}
	}
	if a, _ := tavla.Rating(0.005); a != 2006 {
		t.Errorf("rate 0.005 rated %d, want 2050-44", a)
	}
	if a, _ := tavla.Rating(1); a != 0 {
		t.Errorf("rate 1 rated %d", a)
	}
}
