package tournament

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

// TestGlicko2PaperExample reproduces the worked example of Glickman's
// "Example of the Glicko-2 system": a 1500/200/0.06 player beats a 1400/30
// player and loses to 1550/100 and 1700/300, with τ = 0.5.
func TestGlicko2PaperExample(t *testing.T) {
	g := Glicko2{Tau: 0.5}
	player := Rating{Rating: 1500, RD: 200, Volatility: 0.06}
	games := []Outcome{
		{Opponent: Rating{1400, 30, 0.06}, Score: 1},
		{Opponent: Rating{1550, 100, 0.06}, Score: 0},
		{Opponent: Rating{1700, 300, 0.06}, Score: 0},
	}
	got, err := g.Update(player, games)
	if err != nil {
		t.Fatal(err)
	}
	if !near(got.Rating, 1464.06, 0.01) || !near(got.RD, 151.52, 0.01) || !near(got.Volatility, 0.05999, 0.00001) {
		t.Errorf("got %+v, want 1464.06 / 151.52 / 0.05999", got)
	}
	// The zero Glicko2 uses the same τ.
	if got2, _ := (Glicko2{}).Update(player, games); got2 != got {
		t.Errorf("zero-value Glicko2 gives %+v, want %+v", got2, got)
	}
}

// TestGlicko2Volatility checks the intermediate values of the paper's
// example: v ≈ 1.7785, Δ ≈ -0.4834, and a large upset raising volatility.
func TestGlicko2Volatility(t *testing.T) {
	g := Glicko2{}
	sigma := g.volatility(0.06, 200/glickoScale, 1.7785, -0.4834)
	if !near(sigma, 0.05999, 0.00001) {
		t.Errorf("σ' = %v, want 0.05999", sigma)
	}
	// A weak player beating a much stronger one is surprising: volatility rises.
	weak := Rating{Rating: 1200, RD: 50, Volatility: 0.06}
	strong := Rating{Rating: 2200, RD: 50, Volatility: 0.06}
	nw, ns, err := g.UpdatePair(weak, strong, 1)
	if err != nil {
		t.Fatal(err)
	}
	if nw.Volatility <= weak.Volatility || nw.Rating <= weak.Rating || ns.Rating >= strong.Rating {
		t.Errorf("upset: weak %+v, strong %+v", nw, ns)
	}
}

func TestGlicko2Pair(t *testing.T) {
	g := Glicko2{}
	a, b := NewRating(), NewRating()
	na, nb, err := g.UpdatePair(a, b, 0.5)
	if err != nil {
		t.Fatal(err)
	}
	// Equal players drawing: ratings stay, uncertainty shrinks.
	if !near(na.Rating, 1500, 1e-9) || !near(nb.Rating, 1500, 1e-9) || na.RD >= 350 || na != nb {
		t.Errorf("draw between equals: %+v, %+v", na, nb)
	}
	na, nb, _ = g.UpdatePair(a, b, 1)
	// Symmetric: the winner gains what the loser drops.
	if !near(na.Rating-1500, 1500-nb.Rating, 1e-9) || na.Rating <= 1500 {
		t.Errorf("win between equals: %+v, %+v", na, nb)
	}
}

func TestGlicko2Idle(t *testing.T) {
	g := Glicko2{}
	r := Rating{Rating: 1600, RD: 50, Volatility: 0.06}
	// One period without games is step 6 alone: φ* = sqrt(φ² + σ²).
	want := math.Sqrt(math.Pow(50/glickoScale, 2)+0.06*0.06) * glickoScale
	if got, _ := g.Update(r, nil); !near(got.RD, want, 1e-9) || got.Rating != 1600 {
		t.Errorf("no games: %+v, want RD %v", got, want)
	}
	if got := g.Idle(r, 1); !near(got.RD, want, 1e-9) {
		t.Errorf("Idle 1: %+v, want RD %v", got, want)
	}
	prev := r.RD
	for p := 1; p < 20000; p *= 3 {
		got := g.Idle(r, p)
		if got.RD < prev || got.RD > DefaultRD || got.Rating != r.Rating {
			t.Fatalf("Idle %d: %+v after %v", p, got, prev)
		}
		prev = got.RD
	}
	if prev != DefaultRD {
		t.Errorf("long absence: RD %v, want the cap %v", prev, DefaultRD)
	}
}

func TestGlicko2BadInput(t *testing.T) {
	g := Glicko2{}
	ok := NewRating()
	bad := []struct {
		name  string
		r     Rating
		games []Outcome
	}{
		{"zero RD", Rating{1500, 0, 0.06}, nil},
		{"NaN rating", Rating{math.NaN(), 100, 0.06}, nil},
		{"zero volatility", Rating{1500, 100, 0}, nil},
		{"score above 1", ok, []Outcome{{ok, 1.5}}},
		{"negative score", ok, []Outcome{{ok, -1}}},
		{"NaN score", ok, []Outcome{{ok, math.NaN()}}},
		{"bad opponent", ok, []Outcome{{Rating{1500, -3, 0.06}, 1}}},
	}
	for _, tt := range bad {
		if _, err := g.Update(tt.r, tt.games); err != ErrRatingInput {
			t.Errorf("%s: err %v, want ErrRatingInput", tt.name, err)
		}
	}
}
