package draughts

import (
	"context"
	"math/rand/v2"
	"testing"

	"oyunbot/ai"
)

// TestInCheckIsACompulsoryCapture: over random games of both variants,
// InCheck (the modern search's capture extension and no stand-pat) holds
// exactly when every legal move is a capture, and every move's key is
// within the tuning's bound, distinct for a man's and a king's move.
func TestInCheckIsACompulsoryCapture(t *testing.T) {
	for _, g := range []Game{Italian, Checkers} {
		if err := g.NewStart().Tuning().Check(); err != nil {
			t.Fatalf("%s: %v", g.Name(), err)
		}
		checks := 0
		for i := range 40 {
			r := rand.New(rand.NewPCG(uint64(i), 40))
			p := g.NewStart()
			for !p.Status().Over {
				moves := p.Moves(nil)
				all := true
				for _, m := range moves {
					all = all && moveCount(m) > 0
					k := p.MoveKey(m)
					king := p.St.kings[p.St.side]&bit(moveFrom(m)) != 0
					if k < 0 || k >= p.Tuning().MoveKeys || (k%64 >= 32) != king || k/64 != int(p.St.side) || k%32 != moveTo(m) {
						t.Fatalf("%s %s: key %d of %s", g.Name(), p, k, p.FormatMove(m))
					}
				}
				if p.InCheck() != all {
					t.Fatalf("%s %s: InCheck %v, every move a capture %v", g.Name(), p, p.InCheck(), all)
				}
				if all {
					checks++
				}
				p.Make(moves[r.IntN(len(moves))])
			}
		}
		if checks < 100 {
			t.Errorf("%s: only %d compulsory captures met", g.Name(), checks)
		}
	}
}

// TestCorrectionKeys: a king's move keeps the structure key (the men)
// and the other side's key, and changes its own side's key; a man's move
// changes the structure key.
func TestCorrectionKeys(t *testing.T) {
	p, err := Checkers.Parse("......../......../...b..../......../...W..../......../.w....../........ w")
	if err != nil {
		t.Fatal(err)
	}
	sk, sides := p.StructureKey(), p.SideKeys()
	var kingMove, manMove bool
	for _, m := range p.Moves(nil) {
		p.Make(m)
		king := p.St.kings[white] != 0 && moveFrom(m) == lowest(p.Hist[len(p.Hist)-1].kings[white])
		switch {
		case king:
			kingMove = true
			if p.StructureKey() != sk || p.SideKeys()[black] != sides[black] || p.SideKeys()[white] == sides[white] {
				t.Errorf("king's move %s: keys %x %x, were %x %x", p.FormatNumeric(m), p.StructureKey(), p.SideKeys(), sk, sides)
			}
		default:
			manMove = true
			if p.StructureKey() == sk || p.SideKeys() != sides {
				t.Errorf("man's move %s: keys %x %x, were %x %x", p.FormatNumeric(m), p.StructureKey(), p.SideKeys(), sk, sides)
			}
		}
		p.Unmake()
	}
	if !kingMove || !manMove {
		t.Errorf("the position has no king's move or no man's move")
	}
}

// TestSearchKeepsTheFortyMoveRule: three kings against one, White to
// move and no capture in reach: with 79 quiet plies behind, White's move
// is the 80th and the game is drawn, so the search scores it 0; with
// none behind, White is winning.
func TestSearchKeepsTheFortyMoveRule(t *testing.T) {
	for _, g := range []Game{Italian, Checkers} {
		for _, tc := range []struct {
			quiet uint8
			win   bool
		}{{0, true}, {79, false}} {
			p := g.NewStart()
			p.St = state{italian: g.v.italian, side: white}
			p.St.kings[white] = bit(28) | bit(29) | bit(30)
			p.St.kings[black] = bit(3)
			p.St.quiet = tc.quiet
			p.St.hash = p.St.computeHash()
			if p.InCheck() {
				t.Fatalf("%s: a capture in %s", g.Name(), p)
			}
			res := ai.NewEngine(ai.DefaultOptions()).Search(context.Background(), p, ai.Limits{Depth: 8}, nil)
			if won := res.Score > 100; won != tc.win || (!tc.win && res.Score != 0) {
				t.Errorf("%s %s after %d quiet plies: score %d", g.Name(), p, tc.quiet, res.Score)
			}
		}
	}
}

// TestBridgeWeight: the bridge counts when both of its men stand and the
// opponent has men, once, for the side that holds it (four pieces: past
// the endgame table).
func TestBridgeWeight(t *testing.T) {
	for _, tc := range []struct {
		pos  string
		want int // Evaluate's change with Bridge 50, for White to move
	}{
		{"......../......../...b.b../......../......../......../......../..w...w. w", 50},
		{"......../......../...B.B../......../......../......../......../..w...w. w", 0}, // no black man to crown
		{"......../......../...b.b../......../......../....w.../......../..w..... w", 0}, // half a bridge
		{".b...b../......../......../......../......../....w.../......../......w. w", -50},
	} {
		p, err := Checkers.Parse(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		w := Checkers.DefaultWeights()
		p.SetWeights(w)
		before := p.Evaluate()
		w.Bridge = 50
		p.SetWeights(w)
		if got := p.Evaluate() - before; got != tc.want {
			t.Errorf("%s: the bridge adds %d, want %d", tc.pos, got, tc.want)
		}
	}
}
