package tavla

import (
	"context"
	"math"
	"testing"
	"time"

	"oyunbot/ai"
)

// TestAnalyserRatesTurns: every legal turn is rated, best first; the
// turn a 1-ply search plays is the best; Rate finds a played turn's
// equity and refuses an unfinished one.
func TestAnalyserRatesTurns(t *testing.T) {
	p := mustPos(t, benchPos)
	a := NewAnalyser(1)
	turns, err := a.Turns(p)
	if err != nil {
		t.Fatal(err)
	}
	if n := p.Perft(1); uint64(len(turns)) != n {
		t.Fatalf("%d turns rated, %d legal", len(turns), n)
	}
	if c := NewSearcher(SearchOptions{}).Choose(context.Background(), p, time.Time{}, nil); c.Turn.st.hash != turns[0].end {
		t.Fatalf("1-ply plays %v, the analyser's best is %v", c.Turn.Moves(), turns[0].Moves)
	}
	for i := 1; i < len(turns); i++ {
		if turns[i].Equity > turns[i-1].Equity {
			t.Fatalf("turn %d worth more than turn %d", i, i-1)
		}
	}
	last := turns[len(turns)-1]
	played, best, err := a.Rate(p, last.Moves)
	if err != nil || played != last.Equity || best != turns[0].Equity {
		t.Fatalf("rate the worst: %v %v %v, want %v %v", played, best, err, last.Equity, turns[0].Equity)
	}
	if _, _, err := a.Rate(p, last.Moves[:1]); err == nil {
		t.Fatal("half a turn was rated")
	}
	if _, err := a.Turns(mustPos(t, "w3,b2,.,b1,.,w1,w2/b,b1,.,b1,.,w2,.,b1,.,b1/w,w1,b1,.,w2,w1/b,w1,w1,b5 0 0 w -")); err == nil {
		t.Fatal("turns listed with no dice")
	}
}

// TestLuckAveragesZero: a position's equity before the roll is the
// average of its equities after each of the 21 rolls, so that a roll's
// luck (after less before) averages zero over the 36.
func TestLuckAveragesZero(t *testing.T) {
	for _, plies := range []int{1, 2} {
		a := NewAnalyser(plies)
		p := mustPos(t, "w3,b2,.,b1,.,w1,w2/b,b1,.,b1,.,w2,.,b1,.,b1/w,w1,b1,.,w2,w1/b,w1,w1,b5 0 0 w -")
		if plies == 2 {
			p = mustPos(t, board(map[int]string{19: "w3", 22: "w4", 24: "w2", 2: "b5", 6: "b3"}, "6 7", "w", "-"))
		}
		before := a.Equity(p)
		luck := 0.0
		for _, o := range p.Chances(nil) {
			p.Make(o.Move)
			luck += o.Prob * (a.Equity(p) - before)
			p.Unmake()
		}
		if math.Abs(luck) > 1e-9 || before < -2 || before > 2 {
			t.Fatalf("%d-ply: equity %.4f, mean luck %.2g", plies, before, luck)
		}
	}
	if v := NewAnalyser(1).Equity(Game{}.Start().(*Pos)); v != 0 {
		t.Fatalf("the opening is worth %v", v)
	}
	over := mustPos(t, board(map[int]string{3: "b15"}, "15 0", "b", "-"))
	if v := NewAnalyser(1).Equity(over); v != -2 || over.Side() != ai.Second {
		t.Fatalf("a mars lost is worth %v to %v", v, over.Side())
	}
}
