package ai_test

import (
	"context"
	"testing"

	"oyunbot/ai"
)

// shuttle is a game with a repetition rule (a third occurrence of a position
// is a draw, as in dama). First, at X, may go to Z, from which Second can only
// go back to X; or First leaves the cycle for good into an endless chain W1,
// W2, ... that both sides evaluate at +100 for First. The static evaluation
// is optimistic about the cycle (X and Z at +200 for First), as a dama
// evaluation is about a king that seems active but makes no progress. The
// true value of going to Z is therefore at most what leaving is worth: the
// cycle gains nothing and, on the third X, draws.
type shuttle struct {
	path []int // node ids from the start: 0 is X, 1 is Z, k >= 2 is W(k-1)
}

func (g *shuttle) cur() int {
	if len(g.path) == 0 {
		return 0
	}
	return g.path[len(g.path)-1]
}

func (g *shuttle) Turn() ai.Side { return ai.Side(g.cur() % 2) }

func (g *shuttle) Moves(buf []ai.Move) []ai.Move {
	if g.Status().Over {
		return buf
	}
	switch g.cur() {
	case 0:
		return append(buf, ai.Move{Lo: 1}, ai.Move{Lo: 2}) // to Z, to W1
	default:
		return append(buf, ai.Move{Lo: 1}) // Z back to X; W(k) on
	}
}

func (g *shuttle) Make(m ai.Move) {
	switch c := g.cur(); {
	case c == 0 && m.Lo == 1:
		g.path = append(g.path, 1)
	case c == 0:
		g.path = append(g.path, 2)
	case c == 1:
		g.path = append(g.path, 0)
	default:
		g.path = append(g.path, c+1)
	}
}

func (g *shuttle) Unmake() { g.path = g.path[:len(g.path)-1] }

func (g *shuttle) Hash() uint64 { return mix(uint64(g.cur()) + 77) }

// occurrences counts the current position in the game so far.
func (g *shuttle) occurrences() int {
	c, n := g.cur(), 0
	if c == 0 {
		n++ // the start
	}
	for _, id := range g.path {
		if id == c {
			n++
		}
	}
	return n
}

func (g *shuttle) Status() ai.Status {
	if g.occurrences() >= 3 {
		return ai.Status{Over: true, Winner: ai.NoSide, Reason: "repetition"}
	}
	return ai.Status{}
}

func (g *shuttle) Repeated() bool { return g.occurrences() >= 2 }

func (g *shuttle) Evaluate() int {
	v := 100
	if g.cur() < 2 {
		v = 200
	}
	if g.Turn() == ai.Second {
		v = -v
	}
	return v
}

func (g *shuttle) Noisy(ai.Move) bool { return false }

// TestRepetitionIsNoProgress plays the shuttle game with one engine for
// First (its table warm from move to move, as in a real game): it must leave
// the cycle rather than walk into the third repetition, which a table entry
// for Z stored before the repetition was near would hide.
func TestRepetitionIsNoProgress(t *testing.T) {
	for _, depth := range []int{2, 3, 4, 6, 9} {
		g := &shuttle{}
		e := ai.NewEngine(ai.DefaultOptions())
		for ply := 0; ply < 12 && !g.Status().Over; ply++ {
			if g.Turn() == ai.First && g.cur() == 0 {
				res := e.Search(context.Background(), g, ai.Limits{Depth: depth}, nil)
				g.Make(res.Best)
				continue
			}
			g.Make(ai.Move{Lo: 1})
		}
		if st := g.Status(); st.Over || g.cur() < 2 {
			t.Errorf("depth %d: First never left the cycle (path %v, status %+v)", depth, g.path, st)
		}
	}
}

// TestRepeatedPositionScoresDraw: a move into a position seen before is
// scored as a draw (the side that wants more must make progress elsewhere),
// by Search and by the Minimax reference alike.
func TestRepeatedPositionScoresDraw(t *testing.T) {
	g := &shuttle{}
	res := ai.NewEngine(ai.DefaultOptions()).Search(context.Background(), g, ai.Limits{Depth: 4}, nil)
	if res.Best != (ai.Move{Lo: 2}) || res.Score != 100 {
		t.Errorf("Search: best %v score %d, want leaving (move 2) at 100", res.Best, res.Score)
	}
	mm := ai.Minimax(g, 4, nil)
	if mm.Best != (ai.Move{Lo: 2}) || mm.Score != 100 {
		t.Errorf("Minimax: best %v score %d, want leaving (move 2) at 100", mm.Best, mm.Score)
	}
	// At the root a repeated position is searched, not scored: the second
	// X still has a move worth 100.
	g.Make(ai.Move{Lo: 1})
	g.Make(ai.Move{Lo: 1})
	if !g.Repeated() {
		t.Fatal("X not repeated")
	}
	if res := ai.NewEngine(ai.DefaultOptions()).Search(context.Background(), g, ai.Limits{Depth: 4}, nil); res.Score != 100 || res.Best != (ai.Move{Lo: 2}) {
		t.Errorf("from the repeated X: best %v score %d", res.Best, res.Score)
	}
}
