package draughts

// assessment_test.go tests the phases and the win chance, and holds the
// harness the win chance's slope was fitted with (off by default):
//
//	nice -n 10 go test ./games/draughts -run TestFitWinChance -v -timeout 1h -fitwin -fitwin.games 100 -fitwin.depth 10 -fitwin.workers 2
//
// Results are recorded in BENCHMARKS.md, "Post-game analysis".

import (
	"context"
	"flag"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
)

func TestGamePhase(t *testing.T) {
	for _, tc := range []struct {
		g         Game
		pos, want string
	}{
		{Italian, Italian.StartText(), "opening"},
		{Checkers, Checkers.StartText(), "opening"},
		// 20 pieces: four gone, still the opening.
		{Italian, "b.b.b.b./.b.b.b.b/b......./......../......../...w.w.w/w.w.w.w./.w.w.w.w w", "opening"},
		// 19 pieces.
		{Italian, "b.b.b.b./.b.b.b.b/b......./......../......../.....w.w/w.w.w.w./.w.w.w.w w", "middlegame"},
		// 9 pieces, a king among them.
		{Checkers, ".b.b.b.b/b......./......../......../......../w.w...../.W.w..../........ b", "middlegame"},
		// 8 pieces.
		{Checkers, ".b.b.b.b/......../......../......../......../w.w...../.W.w..../........ b", "endgame"},
	} {
		p, err := tc.g.Parse(tc.pos)
		if err != nil {
			t.Fatalf("%s: %v", tc.pos, err)
		}
		if got := p.GamePhase(); got != tc.want {
			t.Errorf("%s %s (%d pieces): %s, want %s", tc.g.Name(), tc.pos, popcount(p.St.occ()), got, tc.want)
		}
	}
}

// TestAssessment: both games are judged in men, by a win chance even at
// 0, rising with the score, and certain at a finished game's score.
func TestAssessment(t *testing.T) {
	for _, g := range []Game{Italian, Checkers} {
		a := games.AssessmentOf(g)
		if a.Unit != "man" || a.Scale != 100 || a.ByChance || !(a.Inaccuracy < a.Mistake && a.Mistake < a.Blunder) {
			t.Errorf("%s: %+v", g.Name(), a)
		}
		wc := a.WinChance
		if wc(0) != 0.5 || wc(100) <= 0.5 || wc(100) >= wc(300) || math.Abs(wc(-100)+wc(100)-1) > 1e-12 ||
			wc(ai.MaxEval+1) != 1 || wc(-ai.MaxEval-1) != 0 {
			t.Errorf("%s: win chances %v %v %v %v", g.Name(), wc(0), wc(100), wc(300), wc(-100))
		}
	}
}

var (
	fitWin        = flag.Bool("fitwin", false, "fit the win chance's slope on self-play")
	fitWinGames   = flag.Int("fitwin.games", 100, "self-play games a variant")
	fitWinGame    = flag.String("fitwin.game", "", "italian or checkers (both when empty)")
	fitWinWorkers = flag.Int("fitwin.workers", 1, "games played at once")
	fitWinDepth   = flag.Int("fitwin.depth", 0, "the search's depth (default: the analysis's)")
)

// fitPoint is a position of a self-play game: the search's score for the
// side to move, and that side's result (1, 0.5 or 0).
type fitPoint struct{ score, result float64 }

// fitGame plays a game from start, each move by the analysis's search
// (the Assessment's limits, -fitwin.depth deep), and returns its
// positions' points.
func fitGame(g Game, start *Position) []fitPoint {
	e := ai.NewEngine(ai.DefaultOptions())
	lim := g.Assessment().Limits
	if *fitWinDepth > 0 {
		lim.Depth = *fitWinDepth
	}
	p := start.clone()
	type seen struct {
		score int
		side  ai.Side
	}
	var pts []seen
	for p.Ply() < maxGamePlies && !p.Status().Over {
		r := e.Search(context.Background(), p.clone(), lim, nil)
		pts = append(pts, seen{r.Score, p.Turn()})
		p.Make(r.Best)
	}
	st := p.Status()
	var out []fitPoint
	for _, s := range pts {
		// Scores of a solved position (the endgame table's, a forced end)
		// say nothing of the slope.
		if abs(s.score) > 1000 {
			continue
		}
		res := 0.5
		if st.Over && st.Winner != ai.NoSide {
			res = 0
			if st.Winner == s.side {
				res = 1
			}
		}
		out = append(out, fitPoint{float64(s.score), res})
	}
	return out
}

func abs(x int) int { return max(x, -x) }

// logLoss is the mean cross-entropy of the logistic of slope k on pts.
func logLoss(games [][]fitPoint, k float64) float64 {
	var sum float64
	n := 0
	for _, pts := range games {
		for _, p := range pts {
			q := 1 / (1 + math.Exp(-k*p.score))
			q = min(max(q, 1e-12), 1-1e-12)
			sum -= p.result*math.Log(q) + (1-p.result)*math.Log(1-q)
			n++
		}
	}
	return sum / float64(max(n, 1))
}

// fitSlope is the slope of least log loss, by golden-section search (the
// loss is convex in k).
func fitSlope(games [][]fitPoint) float64 {
	lo, hi := 0.0001, 0.05
	phi := (math.Sqrt(5) - 1) / 2
	for hi-lo > 1e-6 {
		a, b := hi-phi*(hi-lo), lo+phi*(hi-lo)
		if logLoss(games, a) < logLoss(games, b) {
			hi = b
		} else {
			lo = a
		}
	}
	return (lo + hi) / 2
}

func TestFitSlope(t *testing.T) {
	// Points drawn from a logistic of slope 0.01 give back about 0.01.
	rng := rand.New(rand.NewPCG(1, 2))
	var gs [][]fitPoint
	for range 200 {
		var pts []fitPoint
		for range 50 {
			s := float64(rng.IntN(801) - 400)
			r := 0.0
			if rng.Float64() < 1/(1+math.Exp(-0.01*s)) {
				r = 1
			}
			pts = append(pts, fitPoint{s, r})
		}
		gs = append(gs, pts)
	}
	if k := fitSlope(gs); math.Abs(k-0.01) > 0.001 {
		t.Errorf("fitted %v, want about 0.01", k)
	}
}

// TestFitWinChance plays self-play games of each variant from distinct
// random openings (2-4 plies), each move by the analysis's own search,
// and fits the logistic slope of its scores against the results (a draw
// a half); a 95% interval by resampling the games; and the results by
// score bucket, the fitted and the current slope's chances beside them.
func TestFitWinChance(t *testing.T) {
	if !*fitWin {
		t.Skip("self-play fit of the win chance: run with -fitwin")
	}
	for _, g := range []Game{Italian, Checkers} {
		if *fitWinGame != "" && *fitWinGame != g.Name() {
			continue
		}
		starts := openings(g, *fitWinGames, 24)
		gs := make([][]fitPoint, len(starts))
		var wg sync.WaitGroup
		jobs := make(chan int)
		for range *fitWinWorkers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range jobs {
					gs[i] = fitGame(g, starts[i])
				}
			}()
		}
		for i := range starts {
			jobs <- i
		}
		close(jobs)
		wg.Wait()
		k := fitSlope(gs)
		rng := rand.New(rand.NewPCG(7, 8))
		var boot []float64
		for range 200 {
			re := make([][]fitPoint, len(gs))
			for i := range re {
				re[i] = gs[rng.IntN(len(gs))]
			}
			boot = append(boot, fitSlope(re))
		}
		slices.Sort(boot)
		drawn, n := 0, 0
		for _, pts := range gs {
			if len(pts) > 0 && pts[0].result == 0.5 {
				drawn++
			}
			n += len(pts)
		}
		t.Logf("%s: %d games, %d drawn, %d positions", g.Name(), len(gs), drawn, n)
		t.Logf("%s: slope %.4f per centi-man (95%% %.4f-%.4f); log loss %.4f, at the current %.4f: %.4f",
			g.Name(), k, boot[5], boot[194], logLoss(gs, k), g.winChanceK(), logLoss(gs, g.winChanceK()))
		for lo := -300; lo < 300; lo += 50 {
			var sum float64
			cnt := 0
			for _, pts := range gs {
				for _, p := range pts {
					if p.score >= float64(lo) && p.score < float64(lo+50) {
						sum += p.result
						cnt++
					}
				}
			}
			mid := float64(lo) + 25
			t.Logf("%s: score [%4d, %4d): %5d positions, mean result %.3f; logistic %.3f (current %.3f)", g.Name(), lo, lo+50, cnt,
				sum/float64(max(cnt, 1)), 1/(1+math.Exp(-k*mid)), 1/(1+math.Exp(-g.winChanceK()*mid)))
		}
	}
}
