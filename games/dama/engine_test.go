package dama

import (
	"context"
	"testing"

	"oyunbot/ai"
)

// engine_test.go checks the engine playing dama endgames: rule draws,
// conversion of a won ending, and repetitions.

func TestRepeated(t *testing.T) {
	p := board(t, "w", "......B.", "b.......", "b.......", "........", "........", "........", ".......w", "W......w")
	if p.Repeated() {
		t.Fatal("a fresh position is repeated")
	}
	for i, mv := range []string{"a1-b1", "g8-f8", "b1-a1"} {
		p.Make(mustMove(t, p, mv))
		if p.Repeated() {
			t.Fatalf("repeated after %d plies", i+1)
		}
	}
	p.Make(mustMove(t, p, "f8-g8"))
	if !p.Repeated() || p.Status().Over {
		t.Fatalf("back at the start: repeated %v, status %+v; want repeated, not over", p.Repeated(), p.Status())
	}
	p.Unmake()
	if p.Repeated() {
		t.Fatal("Unmake kept the repetition")
	}
	// A sideways man step can be undone: a position before it may recur.
	p = board(t, "w", "B.......", "b.......", "b.......", "........", "........", "........", ".......w", "W......w")
	for _, mv := range []string{"h2-g2", "a8-b8", "g2-h2", "b8-a8"} {
		p.Make(mustMove(t, p, mv))
	}
	if !p.Repeated() {
		t.Error("sideways man steps back and forth: not repeated")
	}
	// After a forward man step only the positions since it count.
	p = board(t, "w", "......B.", "b.......", "b.......", "........", "........", "........", ".......w", "W......w")
	for i, mv := range []string{"h2-h3", "g8-f8", "a1-b1", "f8-g8", "b1-a1"} {
		p.Make(mustMove(t, p, mv))
		if got, want := p.Repeated(), i == 4; got != want {
			t.Fatalf("after %s: repeated %v, want %v", mv, got, want)
		}
	}
}

// TestEngineDoesNotRepeatWhenAhead replays a game in which a warm engine
// (its table kept from move to move, as in play) used to shuffle a king
// back to a position it had seen, scoring it by a table entry from before
// the repetition was near, and let the opponent claim the third repetition.
// Whatever it picks now, a move back to an earlier position scores a draw,
// and it does not pick one while it believes it is ahead.
func TestEngineDoesNotRepeatWhenAhead(t *testing.T) {
	for _, depth := range []int{4, 5, 8} { // 4 and 8 failed before ai.Repeater
		p := mustPos(t, "...B..../......../b.....W./......../......../......../......../...W.... w")
		e := ai.NewEngine(ai.DefaultOptions())
		for i, mv := range []string{"d1-b1", "d8-h8", "b1-h1", "h8-a8", "h1-b1", "a8-h8", "b1-h1", "h8-a8"} {
			if p.Turn() == ai.First {
				e.Search(context.Background(), p, ai.Limits{Depth: depth}, nil)
			}
			p.Make(mustMove(t, p, mv))
			if i == 7 && !p.Repeated() {
				t.Fatal("the replay did not reach a repeated position")
			}
		}
		res := e.Search(context.Background(), p, ai.Limits{Depth: depth}, nil)
		p.Make(res.Best)
		if p.Repeated() && res.Score != 0 {
			t.Errorf("depth %d: %s plays back into a repeated position with score %d", depth, p.FormatMove(res.Best), res.Score)
		}
	}
}

// TestEngineConvertsThreeKingsAgainstOne: three kings beat a lone king; the
// engine wins well within the fifty-move rule from scattered positions.
func TestEngineConvertsThreeKingsAgainstOne(t *testing.T) {
	positions := []string{
		"......../......../......../W......./......../.W....../W......B/........ w",
		".W..W..W/B......./......../......../......../......../......../........ w",
		"......W./......../......../......../..W...../......../....W.../...B.... w",
		"......../......../B......./..W...../.....W../......../.....W../........ w",
		"......../B......./......../......../......../......../......../.WWW.... w",
		"......../.....W../......../......../......../.......B/....W.../..W..... w",
		".......B/......../......../......../......../......../......../WWW..... w",
		"B......./......../......../......../......../......../......../.....WWW b",
	}
	for _, fen := range positions {
		p := mustPos(t, fen)
		e := [2]*ai.Engine{ai.NewEngine(ai.DefaultOptions()), ai.NewEngine(ai.DefaultOptions())}
		ply := 0
		for ; ply < 100 && !p.Status().Over; ply++ {
			p.Make(e[p.Turn()].Search(context.Background(), p, ai.Limits{Depth: 4}, nil).Best)
		}
		if st := p.Status(); !st.Over || st.Winner != ai.First {
			t.Errorf("%s: after %d plies %s, status %+v; want a white win", fen, ply, p, st)
		}
	}
}

// TestEngineRuleDraws: a position that the one-piece-each rule draws is
// over and scores 0; when the only capture leaves one piece each the engine
// knows the game is drawn; a king that can take both men in one sequence
// wins (taking one would draw).
func TestEngineRuleDraws(t *testing.T) {
	tests := []struct {
		name, fen string
		score     int
	}{
		{"king against a man is drawn", "......../......b./......../......../......../......../......../W....... w", 0},
		{"man against a king is drawn", "......../......../......../...B..../......../......../.w....../........ w", 0},
		{"the only capture leaves one piece each", "......../b......./......../......../.....b../......../......../.....W.. w", 0},
		{"a king takes both men at once", "......../......../......../..b...../......../b......./......../W....... w", ai.Win - 1},
	}
	for _, tt := range tests {
		p := mustPos(t, tt.fen)
		res := ai.NewEngine(ai.DefaultOptions()).Search(context.Background(), p, ai.Limits{Depth: 6}, nil)
		if res.Score != tt.score {
			t.Errorf("%s: score %d (best %s), want %d", tt.name, res.Score, p.FormatMove(res.Best), tt.score)
		}
	}
}
