package sprtstat

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestEloAndScoreAreInverse(t *testing.T) {
	for _, e := range []float64{-400, -35, 0, 5, 100, 700} {
		if got := EloOf(ScoreOf(e)); math.Abs(got-e) > 1e-6 {
			t.Errorf("EloOf(ScoreOf(%g)) = %g", e, got)
		}
	}
	if s := ScoreOf(0); s != 0.5 {
		t.Errorf("ScoreOf(0) = %g, want 0.5", s)
	}
}

func TestTallyCountsPairs(t *testing.T) {
	var tl Tally
	tl.AddPair(1, 1)     // 2 points
	tl.AddPair(1, 0.5)   // 1½
	tl.AddPair(0.5, 0.5) // 1
	tl.AddPair(0, 0.5)   // ½
	tl.AddPair(0, 1)     // 1
	if want := (Penta{0, 1, 2, 1, 1}); tl.Pairs != want {
		t.Errorf("pairs %v, want %v", tl.Pairs, want)
	}
	if tl.Wins != 4 || tl.Draws != 4 || tl.Loss != 2 || tl.Games() != 10 {
		t.Errorf("W-D-L %d-%d-%d in %d games, want 4-4-2 in 10", tl.Wins, tl.Draws, tl.Loss, tl.Games())
	}
	mean, v, n := tl.MeanVar()
	// Pair means 1, .75, .5, .25, .5: mean .6, variance (.16+.0225+.01+.1225+.01)/5.
	if n != 5 || math.Abs(mean-0.6) > 1e-12 || math.Abs(v-0.065) > 1e-12 {
		t.Errorf("mean %g variance %g n %d, want 0.6 0.065 5", mean, v, n)
	}
}

// TestLLRByHand checks the log-likelihood ratio against a computation
// done by hand: pentanomial counts 1, 2, 4, 2, 1 have mean ½ and
// variance 0.075; for elo0=0, elo1=10, s1 = 1/(1+10^(-1/40)).
func TestLLRByHand(t *testing.T) {
	tl := Tally{Pairs: Penta{1, 2, 4, 2, 1}}
	s1 := 1 / (1 + math.Pow(10, -10.0/400))
	want := 10 / (2 * 0.075) * (0 - (0.5-s1)*(0.5-s1))
	test := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	if got := test.LLR(&tl); math.Abs(got-want) > 1e-12 {
		t.Errorf("llr = %g, want %g", got, want)
	}
	lo, hi := test.Bounds()
	if math.Abs(lo+2.944438979) > 1e-6 || math.Abs(hi-2.944438979) > 1e-6 {
		t.Errorf("bounds %g, %g, want ±ln(19) = ±2.9444", lo, hi)
	}
}

// simulatePair draws a pair of games between engines elo apart, with a
// draw rate that shrinks as the gap grows (the usual shape of engine
// results).
func simulatePair(rng *rand.Rand, elo float64) (float64, float64) {
	s := ScoreOf(elo)
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
	test := SPRT{Elo0: 0, Elo1: 20, Alpha: 0.05, Beta: 0.05}
	for _, tc := range []struct {
		truth float64
		wrong string
	}{{0, "H1"}, {20, "H0"}} {
		rng := rand.New(rand.NewPCG(7, uint64(tc.truth)))
		wrong, undecided, pairs := 0, 0, 0
		const runs = 200
		for range runs {
			var tl Tally
			v := ""
			for i := 0; i < 20000 && v == ""; i++ {
				tl.AddPair(simulatePair(rng, tc.truth))
				v = test.Verdict(&tl)
			}
			switch v {
			case tc.wrong:
				wrong++
			case "":
				undecided++
			}
			pairs += tl.Games() / 2
		}
		if wrong > runs/10 || undecided > 0 {
			t.Errorf("truth %+g: %d of %d runs accepted %s, %d undecided", tc.truth, wrong, runs, tc.wrong, undecided)
		}
		t.Logf("truth %+g: wrong %d/%d, %d pairs a run on average", tc.truth, wrong, runs, pairs/runs)
	}
}

func TestEloIntervalCoversTheTruth(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	var tl Tally
	for range 2000 {
		tl.AddPair(simulatePair(rng, 50))
	}
	est, lo, hi := tl.Elo()
	if !(lo < 50 && 50 < hi) || !(lo < est && est < hi) || hi-lo > 30 {
		t.Errorf("elo %+.1f [%+.1f, %+.1f] after 4000 games at +50", est, lo, hi)
	}
}

func TestParse(t *testing.T) {
	s, err := Parse("0,5")
	if err != nil || s != (SPRT{0, 5, 0.05, 0.05}) {
		t.Errorf("Parse(0,5) = %v, %v", s, err)
	}
	s, err = Parse("-3,1,0.1,0.02")
	if err != nil || s != (SPRT{-3, 1, 0.1, 0.02}) {
		t.Errorf("Parse(-3,1,0.1,0.02) = %v, %v", s, err)
	}
	for _, bad := range []string{"", "5", "5,0", "0,5,0.05", "0,x", "0,5,0.7,0.05"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
}
