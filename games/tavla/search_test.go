package tavla

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"oyunbot/ai"
)

// bruteTwoPly is the 2-ply value for mover of q (mover has just played;
// the other side rolls), computed through Pos alone: every roll of
// Chances, every position the opponent's turn can reach (turnEnds, ply by
// ply), the opponent's best by the evaluation, averaged.
func bruteTwoPly(q *Pos, mover ai.Side, e *evaluator) float64 {
	if v, over := finalValue(&q.st, mover); over {
		return v
	}
	sum := 0.0
	for _, o := range q.Chances(nil) {
		q.Make(o.Move)
		worst := math.Inf(1)
		q.turnEnds(func() {
			v, over := finalValue(&q.st, mover)
			if !over {
				v = e.equity(&q.st, mover)
			}
			worst = min(worst, v)
		})
		q.Unmake()
		sum += o.Prob * worst
	}
	return sum
}

// TestTwoPlyMatchesBruteForce: the 2-ply values of a search's candidates
// are the expectiminimax values computed ply by ply through the rules'
// own move generator and chance outcomes.
func TestTwoPlyMatchesBruteForce(t *testing.T) {
	e := newEvaluator(defaultNet())
	positions := []string{
		benchPos,
		"w8,w1,w1,.,w1,w1,w1,.,w1,.,.,.,.,b1,.,.,.,b1,b5,w1,.,.,.,b8 0 0 b 3-2",
		// Black: two checkers pinned by White, one pinning White's.
		".,w2,b1/w,.,b3,.,.,w1/b,.,.,w1/b,.,.,.,.,.,.,w2,.,w3,.,w2,.,b2 3 7 w 6-4",
	}
	for _, text := range positions {
		p := mustPos(t, text)
		s := NewSearcher(SearchOptions{Plies: 2, Keep: 4, Within: 2})
		c := s.Choose(context.Background(), p, time.Time{}, nil)
		if c.Depth != 2 {
			t.Fatalf("%s: depth %d", text, c.Depth)
		}
		for _, cd := range s.cands[:min(4, len(s.cands))] {
			q := p.Clone().(*Pos)
			for _, m := range cd.turn.Moves() {
				q.Make(m)
			}
			// Equal up to float32 rounding: the search evaluates a
			// roll's turns from the roll's start (evaluator.fromBase).
			if want := bruteTwoPly(q, p.st.side, e); math.Abs(cd.v-want) > 1e-5 {
				t.Errorf("%s: turn %v: 2-ply %.6f, by the rules' plies %.6f", text, cd.turn.Moves(), cd.v, want)
			}
		}
	}
}

// TestStoppedSearchKeepsOneDeepChoice: a search whose context is already
// done uses no stage it could not finish: it plays the best turn by the
// evaluation alone (1-ply).
func TestStoppedSearchKeepsOneDeepChoice(t *testing.T) {
	p := mustPos(t, benchPos)
	one := NewSearcher(SearchOptions{}).Choose(context.Background(), p, time.Time{}, nil)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := NewSearcher(masterOptions())
	// The 1-ply stage is always completed; nothing after it starts.
	c := s.Choose(ctx, p, time.Time{}, nil)
	if c.Depth != 1 || c.Turn.st.hash != one.Turn.st.hash {
		t.Fatalf("stopped search: depth %d, turn %v; 1-ply plays %v", c.Depth, c.Turn.Moves(), one.Turn.Moves())
	}
	if p.String() != benchPos {
		t.Fatalf("the search left %s", p)
	}
}

// TestDeliberateMistakes: a searcher told always to err never plays the
// best turn when another is within its margin, and plays only turns
// within it; without an rng it plays the best.
func TestDeliberateMistakes(t *testing.T) {
	const margin = 0.1
	// A position with at least three other turns within the margin.
	var p *Pos
	for _, q := range turnPositions(t, 1) {
		turns, _ := NewAnalyser(1).Turns(q)
		if len(turns) > 3 && turns[3].Equity >= turns[0].Equity-margin {
			p = q
			break
		}
	}
	if p == nil {
		t.Fatal("no position with close turns")
	}
	best := NewSearcher(SearchOptions{}).Choose(context.Background(), p, time.Time{}, nil)
	s := NewSearcher(SearchOptions{Mistake: 1, Margin: margin})
	rng := rand.New(rand.NewPCG(4, 4))
	seen := map[uint64]bool{}
	for range 40 {
		c := s.Choose(context.Background(), p, time.Time{}, rng)
		if c.Turn.st.hash == best.Turn.st.hash {
			t.Fatalf("%s: played the best turn %v", p, c.Turn.Moves())
		}
		if c.Equity < best.Equity-margin-1e-9 {
			t.Fatalf("%s: played %v worth %.3f, more than %.1f below the best %.3f", p, c.Turn.Moves(), c.Equity, margin, best.Equity)
		}
		seen[c.Turn.st.hash] = true
	}
	if len(seen) < 2 {
		t.Fatalf("40 mistakes all the same turn")
	}
	if c := s.Choose(context.Background(), p, time.Time{}, nil); c.Turn.st.hash != best.Turn.st.hash {
		t.Fatalf("without an rng: %v, the best is %v", c.Turn.Moves(), best.Turn.Moves())
	}
}

// TestSearchPlaysLegalTurns: every searcher's turn (1, 2 and 3 plies,
// rollouts, the hand-written evaluation) is legal ply by ply, over
// positions of the perft file and of random games.
func TestSearchPlaysLegalTurns(t *testing.T) {
	opts := []SearchOptions{{}, {Plies: 2}, {Plies: 2, Hand: true}, {Plies: 2, Finalists: 2, Rollouts: 40, Horizon: 3}, masterOptions()}
	positions := turnPositions(t, 1)
	if testing.Short() {
		positions = positions[:40]
	}
	for i, o := range opts {
		s := NewSearcher(o)
		for k, p := range positions {
			if i >= 3 && k%20 != 0 {
				continue // the deep ones on a sample
			}
			c := s.Choose(context.Background(), p, time.Time{}, nil)
			q := p.Clone().(*Pos)
			for _, m := range c.Turn.Moves() {
				if !slices.Contains(q.Moves(nil), m) {
					t.Fatalf("options %d in %s: %s is not legal", i, p, q.FormatMove(m))
				}
				q.Make(m)
			}
			if math.IsNaN(c.Equity) || c.Equity < -2 || c.Equity > 2 {
				t.Fatalf("options %d in %s: equity %v", i, p, c.Equity)
			}
		}
	}
}

// TestRolloutsReorderFinalists: with rollouts, the search reports their
// depth (4) and an equity within bounds, and the same dice give the same
// choice twice.
func TestRolloutsReorderFinalists(t *testing.T) {
	p := mustPos(t, benchPos)
	o := SearchOptions{Plies: 2, Finalists: 3, Rollouts: minTrials, Horizon: 4}
	a := NewSearcher(o).Choose(context.Background(), p, time.Time{}, nil)
	b := NewSearcher(o).Choose(context.Background(), p, time.Time{}, nil)
	if a.Depth != 4 || a.Turn.st.hash != b.Turn.st.hash || a.Equity != b.Equity {
		t.Fatalf("rollouts: depth %d, %v %.4f then %v %.4f", a.Depth, a.Turn.Moves(), a.Equity, b.Turn.Moves(), b.Equity)
	}
}

// TestMasterRollsOutCloseCallsOnly: master's rollouts run (depth 4) in
// exactly the positions where, after its 3-ply, the second best turn is
// within masterClose of the best, and not in the others; both kinds occur
// among the positions, and the rollouts' choice is a legal turn.
func TestMasterRollsOutCloseCallsOnly(t *testing.T) {
	plain := masterOptions()
	plain.Finalists, plain.Rollouts, plain.RolloutWithin = 0, 0, 0
	rolled := masterOptions()
	rolled.Rollouts = minTrials // the same decision, fewer trials
	ps, pr := NewSearcher(plain), NewSearcher(rolled)
	positions := turnPositions(t, 1)
	step := 3
	if testing.Short() {
		step = 8
	}
	close, clear := 0, 0
	for k := 0; k < len(positions); k += step {
		p := positions[k]
		a := ps.Choose(context.Background(), p, time.Time{}, nil)
		wantRolled := len(ps.cands) > 1 && ps.cands[1].v >= ps.cands[0].v-masterClose
		c := pr.Choose(context.Background(), p, time.Time{}, nil)
		if (c.Depth == 4) != wantRolled {
			t.Fatalf("%s: depth %d; after 3-ply (depth %d) the best two are %.4f and %.4f (close: %v)", p, c.Depth, a.Depth, ps.cands[0].v, ps.cands[min(1, len(ps.cands)-1)].v, wantRolled)
		}
		if !wantRolled && (c.Turn.st.hash != a.Turn.st.hash || c.Equity != a.Equity) {
			t.Fatalf("%s: without a close call master plays %v (%.4f), its 3-ply %v (%.4f)", p, c.Turn.Moves(), c.Equity, a.Turn.Moves(), a.Equity)
		}
		if wantRolled {
			close++
		} else {
			clear++
		}
		q := p.Clone().(*Pos)
		for _, m := range c.Turn.Moves() {
			if !slices.Contains(q.Moves(nil), m) {
				t.Fatalf("%s: %s is not legal", p, q.FormatMove(m))
			}
			q.Make(m)
		}
	}
	if close == 0 || clear == 0 {
		t.Fatalf("%d close calls and %d clear ones: the test needs both", close, clear)
	}
}

// TestRolloutsStopAtTheDeadline: rollouts with no limit on their trials
// end at the deadline with a legal turn (a search that ignored it would
// never return), and none begin once the context is done.
func TestRolloutsStopAtTheDeadline(t *testing.T) {
	p := mustPos(t, benchPos)
	o := masterOptions()
	o.Rollouts, o.RolloutWithin = math.MaxInt32, 0 // every position a close call
	s := NewSearcher(o)
	c := s.Choose(context.Background(), p, time.Now().Add(200*time.Millisecond), nil)
	q := p.Clone().(*Pos)
	for _, m := range c.Turn.Moves() {
		if !slices.Contains(q.Moves(nil), m) {
			t.Fatalf("%s is not legal", q.FormatMove(m))
		}
		q.Make(m)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if c := s.Choose(ctx, p, time.Time{}, nil); c.Depth == 4 {
		t.Fatalf("rollouts ran after the context ended")
	}
}
