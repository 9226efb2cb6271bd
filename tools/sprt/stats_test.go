package main

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestEloAndScoreAreInverse(t *testing.T) {
	for _, e := range []float64{-400, -35, 0, 5, 100, 700} {
		if got := eloOf(scoreOf(e)); math.Abs(got-e) > 1e-6 {
			t.Errorf("eloOf(scoreOf(%g)) = %g", e, got)
		}
	}
	if s := scoreOf(0); s != 0.5 {
		t.Errorf("scoreOf(0) = %g, want 0.5", s)
	}
}

func TestTallyCountsPairs(t *testing.T) {
	var tl tally
	tl.addPair(1, 1)     // 2 points
	tl.addPair(1, 0.5)   // 1½
	tl.addPair(0.5, 0.5) // 1
	tl.addPair(0, 0.5)   // ½
	tl.addPair(0, 1)     // 1
	if want := (penta{0, 1, 2, 1, 1}); tl.pairs != want {
		t.Errorf("pairs %v, want %v", tl.pairs, want)
	}
	if tl.wins != 4 || tl.draws != 4 || tl.loss != 2 || tl.games() != 10 {
		t.Errorf("W-D-L %d-%d-%d in %d games, want 4-4-2 in 10", tl.wins, tl.draws, tl.loss, tl.games())
	}
	mean, v, n := tl.meanVar()
	// Pair means 1, .75, .5, .25, .5: mean .6, variance (.16+.0225+.01+.1225+.01)/5.
	if n != 5 || math.Abs(mean-0.6) > 1e-12 || math.Abs(v-0.065) > 1e-12 {
		t.Errorf("mean %g variance %g n %d, want 0.6 0.065 5", mean, v, n)
	}
}

// TestLLRByHand checks the log-likelihood ratio against a computation
// done by hand: pentanomial counts 1, 2, 4, 2, 1 have mean ½ and
// variance 0.075; for elo0=0, elo1=10, s1 = 1/(1+10^(-1/40)).
func TestLLRByHand(t *testing.T) {
	tl := tally{pairs: penta{1, 2, 4, 2, 1}}
	s1 := 1 / (1 + math.Pow(10, -10.0/400))
	want := 10 / (2 * 0.075) * (0 - (0.5-s1)*(0.5-s1))
	test := sprt{elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05}
	if got := test.llr(&tl); math.Abs(got-want) > 1e-12 {
		t.Errorf("llr = %g, want %g", got, want)
	}
	lo, hi := test.bounds()
	if math.Abs(lo+2.944438979) > 1e-6 || math.Abs(hi-2.944438979) > 1e-6 {
		t.Errorf("bounds %g, %g, want ±ln(19) = ±2.9444", lo, hi)
	}
}

// simulatePair draws a pair of games between engines elo apart, with a
// draw rate that shrinks as the gap grows (the usual shape of engine
// results).
func simulatePair(rng *rand.Rand, elo float64) (float64, float64) {
	s := scoreOf(elo)
	draw := 0.4
	win := s - draw/2
	game := func() float64 {
		switch x := rng.Float64(); {
		case x < win:
			return 1
		case x < win+draw:
			return 0.5
		}
		return 0
	}
	return game(), game()
}

// TestSPRTErrorRates runs the test many times on simulated matches: when
// the truth is elo0 it must seldom accept H1, when the truth is elo1 it
// must seldom accept H0 (alpha = beta = 5%; 200 runs each, so a rate
// under 10% is asked, fixed seeds make it repeatable).
func TestSPRTErrorRates(t *testing.T) {
	test := sprt{elo0: 0, elo1: 20, alpha: 0.05, beta: 0.05}
	for _, tc := range []struct {
		truth float64
		wrong string
	}{{0, "H1"}, {20, "H0"}} {
		rng := rand.New(rand.NewPCG(7, uint64(tc.truth)))
		wrong, undecided, pairs := 0, 0, 0
		const runs = 200
		for range runs {
			var tl tally
			v := ""
			for i := 0; i < 20000 && v == ""; i++ {
				tl.addPair(simulatePair(rng, tc.truth))
				v = test.verdict(&tl)
			}
			switch v {
			case tc.wrong:
				wrong++
			case "":
				undecided++
			}
			pairs += tl.games() / 2
		}
		if wrong > runs/10 || undecided > 0 {
			t.Errorf("truth %+g: %d of %d runs accepted %s, %d undecided", tc.truth, wrong, runs, tc.wrong, undecided)
		}
		t.Logf("truth %+g: wrong %d/%d, %d pairs a run on average", tc.truth, wrong, runs, pairs/runs)
	}
}

func TestEloIntervalCoversTheTruth(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	var tl tally
	for range 2000 {
		tl.addPair(simulatePair(rng, 50))
	}
	est, lo, hi := tl.elo()
	if !(lo < 50 && 50 < hi) || !(lo < est && est < hi) || hi-lo > 30 {
		t.Errorf("elo %+.1f [%+.1f, %+.1f] after 4000 games at +50", est, lo, hi)
	}
}

func TestParseSPRT(t *testing.T) {
	s, err := parseSPRT("0,5")
	if err != nil || s != (sprt{0, 5, 0.05, 0.05}) {
		t.Errorf("parseSPRT(0,5) = %v, %v", s, err)
	}
	s, err = parseSPRT("-3,1,0.1,0.02")
	if err != nil || s != (sprt{-3, 1, 0.1, 0.02}) {
		t.Errorf("parseSPRT(-3,1,0.1,0.02) = %v, %v", s, err)
	}
	for _, bad := range []string{"", "5", "5,0", "0,5,0.05", "0,x", "0,5,0.7,0.05"} {
		if _, err := parseSPRT(bad); err == nil {
			t.Errorf("parseSPRT(%q) accepted", bad)
		}
	}
}
