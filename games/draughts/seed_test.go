package draughts

import (
	"context"
	"math/rand/v2"
	"testing"

	"oyunbot/ai"
)

// TestSeedEvaluation: dama-deger.lisp's unit test, "tahta_degerlendir":
// 1620 for the start (12 own men at 70, 12 opponent's at 30, 7 moves at
// 60); the attack weights after the computer's seventh move.
func TestSeedEvaluation(t *testing.T) {
	p := Italian.NewStart()
	if got := p.seedValue(false); got != 1620 {
		t.Errorf("start: %d, want 1620", got)
	}
	if got := p.seedValue(true); got != 12*20+12*70+7*60 {
		t.Errorf("start, attack weights: %d", got)
	}
	// The computer's move count decides the weights: after 13 plies Black,
	// to move, has made 6 moves (defence); after 14 White has made 7.
	for i := 0; i < 13; i++ {
		p.Make(p.Moves(nil)[0])
	}
	p.SetStyle(StyleSeed)
	if p.style.attack {
		t.Error("Black has made 6 moves: still the defence weights")
	}
	p.SetStyle("")
	p.Make(p.Moves(nil)[0])
	p.SetStyle(StyleSeed)
	if !p.style.attack {
		t.Error("White has made 7 moves: the attack weights")
	}
	p.SetStyle("")
	if p.style.seed {
		t.Error("the standard style is not back")
	}
}

// randomPosition plays n random moves from g's start, or fewer if the
// game ends.
func randomPosition(g Game, r *rand.Rand, n int) *Position {
	p := g.NewStart()
	for i := 0; i < n; i++ {
		ms := p.Moves(nil)
		if len(ms) == 0 {
			break
		}
		p.Make(ms[r.IntN(len(ms))])
	}
	return p
}

// TestSeedLevelIsTheLISP: the seed level, on the common engine, plays the
// move of the reference search (plain minimax in the LISP's order, the
// first of the best) in positions from random games of both variants.
func TestSeedLevelIsTheLISP(t *testing.T) {
	lvl := Levels()[0]
	if lvl.Name != "seed" || lvl.Limits.Depth != seedDepth || !lvl.Plain || lvl.Style != StyleSeed {
		t.Fatalf("seed level %+v", lvl)
	}
	e := ai.NewEngine(ai.DefaultOptions())
	r := rand.New(rand.NewPCG(3, 23))
	positions := 24
	if testing.Short() {
		positions = 6
	}
	for i := 0; i < positions; i++ {
		g := []Game{Italian, Checkers}[i%2]
		p := randomPosition(g, r, 4+r.IntN(30))
		if p.Status().Over {
			continue
		}
		want, v := p.seedChoice(seedDepth)
		before := p.String()
		got := e.Choose(context.Background(), p, lvl, nil).Best
		if p.String() != before || p.style.seed {
			t.Fatalf("the search left %s in %s, style %v", p, before, p.style.seed)
		}
		if got != want {
			t.Errorf("%s %s: level plays %s, the LISP %s (value %d)", g.Name(), p, p.FormatMove(got), p.FormatMove(want), v)
		}
	}
}
