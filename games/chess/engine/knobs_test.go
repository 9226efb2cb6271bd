package engine

import (
	"context"
	"testing"

	"oyunbot/ai"
	"oyunbot/games/chess"
)

// TestSearchKnobsTune: ProbCut and the table cutoff's history reward,
// switched on by their tuning, and the side correction histories, switched
// off, change the search, which still plays the winning capture of a queen
// left unguarded.
func TestSearchKnobsTune(t *testing.T) {
	probCut, ttCut := searchTuning, searchTuning
	probCut.ProbCutDepth, probCut.ProbCutMargin, probCut.ProbCutReduce = 5, 120, 3
	ttCut.TTCutHistory = 3
	sideOff := searchTuning // on in chess's tuning: switched off here
	sideOff.SideCorrection = 0
	base := searchTuning
	search := func(fen string, tn *ai.Tuning, depth int) ai.Result {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		e := ai.NewEngine(ai.DefaultOptions())
		e.SetTuning(tn)
		return e.Search(context.Background(), p, ai.Limits{Depth: depth}, nil)
	}
	for name, tn := range map[string]*ai.Tuning{"ProbCut": &probCut, "TTCutHistory": &ttCut, "SideCorrection=0": &sideOff} {
		changed := false
		for _, fen := range benchFENs[1:4] {
			off, on := search(fen, &base, 9), search(fen, tn, 9)
			if on.Best.IsNone() {
				t.Errorf("%s: no move in %s", name, fen)
			}
			changed = changed || off.Nodes != on.Nodes
		}
		if !changed {
			t.Errorf("%s left the search of the benchmark positions as it was", name)
		}
		// White's rook takes the queen, left alone on d5: winning,
		// whatever else the change does.
		const fen = "4k3/ppp2ppp/8/3q4/8/8/PPP2PPP/3RK3 w - - 0 1"
		off, on := search(fen, &base, 8), search(fen, tn, 8)
		if on.Best != off.Best || on.Score < 300 {
			t.Errorf("%s: played %s (score %d) in %s, where the search without it plays %s (score %d)",
				name, MoveOf(on.Best).UCI(), on.Score, fen, MoveOf(off.Best).UCI(), off.Score)
		}
	}
}

// TestSideKeys: a pawn's move leaves both side keys as they were; a
// knight's changes its own side's key alone, and moving it back restores
// it; a capture of a piece changes the captured side's key.
func TestSideKeys(t *testing.T) {
	p, _ := ParseFEN(chess.StartFEN)
	start := p.SideKeys()
	if start[0] == start[1] || start[0] == 0 {
		t.Fatalf("start keys %x", start)
	}
	play(t, p, "e2e4")
	if p.SideKeys() != start {
		t.Errorf("a pawn's move changed the side keys: %x, were %x", p.SideKeys(), start)
	}
	play(t, p, "g8f6")
	if k := p.SideKeys(); k[0] != start[0] || k[1] == start[1] {
		t.Errorf("Black's knight move: keys %x, were %x (Black's alone should change)", k, start)
	}
	play(t, p, "b1c3")
	play(t, p, "f6g8")
	if k := p.SideKeys(); k[1] != start[1] || k[0] == start[0] {
		t.Errorf("after Nc3 and the knight back: keys %x, were %x (White's alone differs)", k, start)
	}
	p, _ = ParseFEN("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1")
	before := p.SideKeys()
	play(t, p, "e4d5")
	if k := p.SideKeys(); k[0] != before[0] || k[1] == before[1] {
		t.Errorf("exd5: keys %x, were %x (Black's alone should change)", k, before)
	}
}
