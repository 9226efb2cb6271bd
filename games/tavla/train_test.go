package tavla

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"oyunbot/ai"
)

// TestLambdaReturns: the targets of three steps (rollers alternating) at
// λ 0 (the next position's value), 1 (the result) and 0.5.
func TestLambdaReturns(t *testing.T) {
	steps := []trainStep{
		{roller: white, v: [3]float32{0.5, 0.1, 0.1}},
		{roller: black, v: [3]float32{0.4, 0.2, 0.0}},
		{roller: white, v: [3]float32{0.8, 0.3, 0.05}},
	}
	final := [3]float32{1, 1, 0} // the last roller won a mars
	near := func(a, b [3]float32) bool {
		for k := range a {
			if math.Abs(float64(a[k]-b[k])) > 1e-6 {
				return false
			}
		}
		return true
	}
	for _, c := range []struct {
		lam  float32
		want [][3]float32
	}{
		// λ 0: step 2 the result; step 1 (Black) White's step-2 value seen
		// by Black; step 0 (White) Black's step-1 value seen by White.
		{0, [][3]float32{{0.6, 0.0, 0.2}, {0.2, 0.05, 0.3}, {1, 1, 0}}},
		// λ 1: the result from each roller's side.
		{1, [][3]float32{{1, 1, 0}, {0, 0, 1}, {1, 1, 0}}},
		// λ 0.5: G1 = 0.5*(0.2,0.05,0.3) + 0.5*(0,0,1) = (0.1,0.025,0.65);
		// G0 = 0.5*(0.6,0,0.2) + 0.5*flip(G1) = 0.5*(0.6,0,0.2) + 0.5*(0.9,0.65,0.025).
		{0.5, [][3]float32{{0.75, 0.325, 0.1125}, {0.1, 0.025, 0.65}, {1, 1, 0}}},
	} {
		got := lambdaReturns(steps, final, c.lam, nil)
		for i := range got {
			if !near(got[i], c.want[i]) {
				t.Errorf("λ %.1f step %d: %v, want %v", c.lam, i, got[i], c.want[i])
			}
		}
	}
}

// trainFor trains a fresh network of seed for games games.
func trainFor(seed uint64, games int) *Net {
	n := NewNet(16, 0.1, rand.New(rand.NewPCG(seed, 2)).Float64)
	tr := NewTrainer(n, 0.7, 0.05)
	dice := rand.New(rand.NewPCG(seed, 1))
	for range games {
		tr.PlayGame(dice)
	}
	return n
}

// TestTrainingIsReproducible: the same seed trains the same weights, and
// another seed others.
func TestTrainingIsReproducible(t *testing.T) {
	a, b, c := trainFor(5, 20), trainFor(5, 20), trainFor(6, 20)
	if !slicesEqual(a.W1, b.W1) || !slicesEqual(a.W2, b.W2) || a.B2 != b.B2 {
		t.Fatal("two trainings from seed 5 differ")
	}
	if slicesEqual(a.W1, c.W1) {
		t.Fatal("seeds 5 and 6 trained the same weights")
	}
}

// TestTrainingLearns: a network after 1,500 games of self-play beats its
// own first weights, both searching 1-ply, over 100 games on the same
// dice.
func TestTrainingLearns(t *testing.T) {
	if testing.Short() {
		t.Skip("trains for a while")
	}
	before := NewNet(16, 0.1, rand.New(rand.NewPCG(3, 2)).Float64)
	after := trainFor(3, 1500)
	pts := [2]float64{}
	for g := range 100 {
		// Pairs of games on the same dice, colours swapped.
		dice := rand.New(rand.NewPCG(9, uint64(g/2)))
		sides := [2]*Searcher{NewSearcher(SearchOptions{Net: after}), NewSearcher(SearchOptions{Net: before})}
		if g%2 == 1 {
			sides[0], sides[1] = sides[1], sides[0]
		}
		p := Game{}.Start().(*Pos)
		for n := 0; n < 3000 && !p.Status().Over; n++ {
			if p.Turn() == ai.Chance {
				p.Make(sample(p, dice))
				continue
			}
			c := sides[p.Turn()].Choose(context.Background(), p, time.Time{}, nil)
			for _, m := range c.Turn.Moves() {
				p.Make(m)
			}
		}
		st := p.Status()
		if st.Winner == ai.NoSide {
			continue
		}
		trainedWon := (st.Winner == white) == (g%2 == 0)
		pts[b2i(!trainedWon)] += float64(st.WinPoints())
	}
	if share := pts[0] / (pts[0] + pts[1]); share < 0.65 {
		t.Fatalf("the trained network took %.2f of the points (%v)", share, pts)
	}
}
