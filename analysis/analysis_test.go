package analysis_test

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"oyunbot/ai"
	"oyunbot/analysis"
	"oyunbot/games"
	"oyunbot/games/gamestest"
	"oyunbot/games/tictactoe"
)

// record reads a game's moves from its start.
func record(t *testing.T, start games.Position, texts ...string) []ai.Move {
	t.Helper()
	p := start.Clone()
	var ms []ai.Move
	for _, s := range texts {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatalf("%s: %v", s, err)
		}
		ms = append(ms, m)
		p.Make(m)
	}
	return ms
}

// analyse runs an analysis that must succeed.
func analyse(t *testing.T, g games.Game, start games.Position, moves []ai.Move, opts analysis.Options) *analysis.Result {
	t.Helper()
	r, err := analysis.Analyse(context.Background(), g, start, moves, opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestTicTacToeBlunder: o's a2 lets x win at once (a3 was the only move);
// x's moves are all best.
func TestTicTacToeBlunder(t *testing.T) {
	g := tictactoe.Game{}
	start := g.Start()
	moves := record(t, start, "b2", "a1", "c3", "a2", "a3", "c1", "b3")
	r := analyse(t, g, start, moves, analysis.Options{})
	if !r.Complete || r.Method != analysis.MethodEngine || len(r.Turns) != 7 || len(r.Curve) != 8 {
		t.Fatalf("result %+v", r)
	}
	for i, tn := range r.Turns {
		want := analysis.None
		if i == 3 {
			want = analysis.Blunder
		}
		if tn.Class != want {
			t.Errorf("turn %d %v: class %q, want %q (loss %v)", i, tn.Moves, tn.Class, want, tn.Loss)
		}
	}
	b := r.Turns[3]
	if !reflect.DeepEqual(b.Best, []string{"a3"}) || b.Loss != 50 || b.Before != 0 || b.After != -1 {
		t.Errorf("the blunder: %+v", b)
	}
	x, o := r.Sides[0], r.Sides[1]
	if x.Accuracy != 100 || x.Blunders != 0 || len(x.Worst) != 0 {
		t.Errorf("x: %+v", x)
	}
	if o.Blunders != 1 || !reflect.DeepEqual(o.Worst, []int{3}) || o.Accuracy >= 50 {
		t.Errorf("o: %+v", o)
	}
	if !r.Over || r.Winner != ai.First || r.Points != 1 {
		t.Errorf("end: over %v winner %v points %d", r.Over, r.Winner, r.Points)
	}
	if r.Curve[0] != 50 || r.Curve[7] != 100 {
		t.Errorf("curve %v: from a draw to x's win", r.Curve)
	}
}

// TestResultJSON: a result survives JSON (it is stored with the game).
func TestResultJSON(t *testing.T) {
	g := tictactoe.Game{}
	start := g.Start()
	r := analyse(t, g, start, record(t, start, "a1", "b2", "c3"), analysis.Options{})
	data, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back analysis.Result
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*r, back) {
		t.Errorf("JSON changed the result:\n%+v\n%+v", *r, back)
	}
}

// TestProgressCancelResume: progress counts up to its total; a cancelled
// analysis returns what it did, and resuming it gives the whole analysis.
func TestProgressCancelResume(t *testing.T) {
	g := tictactoe.Game{}
	start := g.Start()
	moves := record(t, start, "b2", "a1", "c3", "a2", "a3", "c1", "b3")
	full := analyse(t, g, start, moves, analysis.Options{})

	var seen []int
	total := 0
	analyse(t, g, start, moves, analysis.Options{Progress: func(done, n int) { seen, total = append(seen, done), n }})
	if total != 8 || len(seen) != 8 || seen[0] != 1 || seen[7] != 8 {
		t.Errorf("progress %v of %d, want 1..8 of 8", seen, total)
	}

	ctx, cancel := context.WithCancel(context.Background())
	part, err := analysis.Analyse(ctx, g, start, moves, analysis.Options{Progress: func(done, _ int) {
		if done == 4 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || part == nil || part.Complete || len(part.Turns) != 0 || len(part.Sides) != 0 {
		t.Fatalf("cancelled: err %v, %+v", err, part)
	}
	done := 0
	for k, e := range part.Evals {
		if e.Done {
			done++
			if k < len(part.Evals)-4 {
				t.Errorf("position %d of %d evaluated: they go from the last", k, len(part.Evals))
			}
		}
	}
	if done != 4 {
		t.Errorf("%d positions evaluated when cancelled after 4", done)
	}
	// Stored and read back, as the bot keeps it over a restart.
	data, _ := json.Marshal(part)
	var stored analysis.Result
	if err := json.Unmarshal(data, &stored); err != nil {
		t.Fatal(err)
	}
	var resumed []int
	whole, err := analysis.Analyse(context.Background(), g, start, moves, analysis.Options{
		Resume: &stored, Progress: func(d, _ int) { resumed = append(resumed, d) }})
	if err != nil {
		t.Fatal(err)
	}
	if resumed[0] != 5 {
		t.Errorf("resumed progress %v: want it to start where the first run stopped", resumed)
	}
	whole.Elapsed, full.Elapsed = 0, 0
	if !reflect.DeepEqual(whole, full) {
		t.Errorf("resumed:\n%+v\nwant\n%+v", whole, full)
	}

	// A resume of another game of the same length is ignored.
	other := record(t, start, "a1", "a2", "b1", "b2", "c3", "c1", "b3")
	r := analyse(t, g, start, other, analysis.Options{Resume: &stored})
	fresh := analyse(t, g, start, other, analysis.Options{})
	r.Elapsed, fresh.Elapsed = 0, 0
	if !reflect.DeepEqual(r, fresh) {
		t.Errorf("a foreign resume was used")
	}
}

// TestBadRecord: a record that does not replay is refused with the move.
func TestBadRecord(t *testing.T) {
	g := tictactoe.Game{}
	start := g.Start()
	moves := record(t, start, "a1", "b1")
	moves = append(moves, moves[0]) // a1 again: occupied
	_, err := analysis.Analyse(context.Background(), g, start, moves, analysis.Options{})
	if !errors.Is(err, analysis.ErrBadRecord) {
		t.Errorf("err %v, want ErrBadRecord", err)
	}
	won := record(t, start, "a1", "b1", "a2", "b2", "a3")
	p := start.Clone()
	for _, m := range won {
		p.Make(m)
	}
	_, err = analysis.Analyse(context.Background(), g, start, append(won, ai.Move{Lo: 99}), analysis.Options{})
	if !errors.Is(err, analysis.ErrBadRecord) {
		t.Errorf("a move after the end: err %v", err)
	}
}

// TestEmptyRecord: a game without moves has its start's value and sides
// without turns.
func TestEmptyRecord(t *testing.T) {
	g := tictactoe.Game{}
	r := analyse(t, g, g.Start(), nil, analysis.Options{})
	if len(r.Turns) != 0 || len(r.Curve) != 1 || r.Curve[0] != 50 || len(r.Sides) != 2 || r.Sides[0].Turns != 0 {
		t.Errorf("%+v", r)
	}
}

// TestPuzzleDistance: Steps from 10 is solved in 4 (dec, third, third,
// dec); "half" first makes it 5 moves.
func TestPuzzleDistance(t *testing.T) {
	g := gamestest.Steps{}
	start := g.Start()
	r := analyse(t, g, start, record(t, start, "half", "dec", "half", "half", "dec"), analysis.Options{})
	if r.Method != analysis.MethodDistance || len(r.Turns) != 5 || len(r.Sides) != 1 {
		t.Fatalf("%+v", r)
	}
	first := r.Turns[0]
	if first.Loss != 1 || first.Class != analysis.Inaccuracy || !reflect.DeepEqual(first.Best, []string{"dec"}) || first.Accuracy != 0 {
		t.Errorf("half from 10: %+v", first)
	}
	s := r.Sides[0]
	if s.Optimal != 4 || s.Judged != 5 || s.Accuracy != 80 || s.Inaccuracies != 1 || !reflect.DeepEqual(s.Worst, []int{0}) {
		t.Errorf("side: %+v", s)
	}
	if want := []float64{4, 4, 3, 2, 1, 0}; !reflect.DeepEqual(r.Curve, want) {
		t.Errorf("curve %v, want %v", r.Curve, want)
	}
}

// playRace plays a Race game with seeded dice and the engine at depth 2.
func playRace(rng *rand.Rand, e *ai.Engine) (games.Position, []ai.Move) {
	g := gamestest.Race{}
	start := g.Start()
	p := start.Clone()
	var moves []ai.Move
	for !p.Status().Over {
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
			m = e.Search(context.Background(), p, ai.Limits{Depth: 2, Turns: true}, nil).Best
		}
		moves = append(moves, m)
		p.Make(m)
	}
	return start, moves
}

// TestLuckAveragesZero: over games on seeded dice, each side's luck per
// roll averages zero (within three standard errors), the rolls' luck is
// counted for the side that rolled, and the luck-adjusted result is the
// result less the net luck.
func TestLuckAveragesZero(t *testing.T) {
	g := gamestest.Race{}
	rng := rand.New(rand.NewPCG(11, 12))
	e := ai.NewEngine(ai.DefaultOptions())
	var lucks []float64
	games := 200
	if testing.Short() {
		games = 60
	}
	for range games {
		start, moves := playRace(rng, e)
		r := analyse(t, g, start, moves, analysis.Options{Engine: e, Budget: analysis.Budget{Depth: 2}})
		sum := [2]float64{}
		for _, tn := range r.Turns {
			if tn.Roll == "" {
				t.Fatalf("a Race turn without its roll: %+v", tn)
			}
			lucks = append(lucks, tn.Luck)
			sum[tn.Side] += tn.Luck
		}
		for s, st := range r.Sides {
			if math.Abs(st.Luck-sum[s]) > 1e-9 {
				t.Errorf("side %d luck %v, turns sum %v", s, st.Luck, sum[s])
			}
			if want := st.Result - (st.Luck - r.Sides[1-s].Luck); math.Abs(st.LuckAdjusted-want) > 1e-9 {
				t.Errorf("luck-adjusted %v, want %v", st.LuckAdjusted, want)
			}
		}
		if r.Sides[r.Winner].Result != float64(r.Points) {
			t.Errorf("winner's result %v, points %d", r.Sides[r.Winner].Result, r.Points)
		}
	}
	mean, se := meanSE(lucks)
	t.Logf("luck per roll: mean %.4f ± %.4f over %d rolls", mean, se, len(lucks))
	if math.Abs(mean) > 3*se {
		t.Errorf("luck per roll averages %.4f, more than 3 standard errors (%.4f) from 0", mean, se)
	}
}

func meanSE(xs []float64) (mean, se float64) {
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	v := 0.0
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(v / float64(len(xs)-1) / float64(len(xs)))
}
