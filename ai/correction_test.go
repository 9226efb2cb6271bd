package ai

import "testing"

// teach updates the correction of side n times with a search at depth
// that found best where the static score was raw, and returns the
// correction then.
func teach(e *Engine, side Side, n, depth, best, raw int) int {
	for range n {
		e.ts.updateCorrection(side, depth, best, raw, e.ts.corrKeys())
	}
	return e.ts.correction(side, e.ts.corrKeys())
}

// fixedStructure is a StructureKeyer whose current structure is set by the
// test (a stand-in for chess's pawn hash).
type fixedStructure struct{ key *uint64 }

func (f fixedStructure) StructureKey() uint64 { return *f.key }

// TestCorrectionHistory: repeated searches that find a structure's static
// score 30 too low teach the correction +30, nearer the deeper they are;
// a difference beyond the limit counts as the limit; the sides and the
// structures keep their own entries; a new game forgets them.
func TestCorrectionHistory(t *testing.T) {
	var key uint64 = 5
	e := &Engine{ts: &tunedState{sk: fixedStructure{&key}}}
	e.ts.corr[0], e.ts.corr[1] = make([]int32, 8), make([]int32, 8)
	if c := e.ts.correction(First, e.ts.corrKeys()); c != 0 {
		t.Fatalf("fresh correction %d, want 0", c)
	}
	e.ts.updateCorrection(First, 1, 130, 100, e.ts.corrKeys())
	shallow := e.ts.correction(First, e.ts.corrKeys())
	e.ts.corr[0][5] = 0
	e.ts.updateCorrection(First, 12, 130, 100, e.ts.corrKeys())
	if deep := e.ts.correction(First, e.ts.corrKeys()); !(0 <= shallow && shallow < deep) {
		t.Errorf("one update at depth 1 moved the correction to %d, at depth 12 to %d: the deeper should move it more", shallow, deep)
	}
	if c := teach(e, First, 200, 20, 130, 100); c < 28 || c > 30 {
		t.Errorf("after many searches 30 above the static score the correction is %d, want about 30", c)
	}
	if c := e.ts.correction(Second, e.ts.corrKeys()); c != 0 {
		t.Errorf("the other side's correction is %d, want 0", c)
	}
	key = 13 // the same entry of an 8-entry table as 5
	if c := e.ts.correction(First, e.ts.corrKeys()); c < 28 {
		t.Errorf("key 13 shares key 5's entry of 8, correction %d", c)
	}
	key = 6
	if c := e.ts.correction(First, e.ts.corrKeys()); c != 0 {
		t.Errorf("another structure's correction is %d, want 0", c)
	}
	if c := teach(e, Second, 500, 30, -5000, 100); c < -corrLimit || c > -corrLimit+2 {
		t.Errorf("searches 5100 below: correction %d, want about -%d (the limit)", c, corrLimit)
	}
	if c := e.ts.correction(Chance, e.ts.corrKeys()); c != 0 {
		t.Errorf("chance's correction is %d, want 0", c)
	}
	e.ts.newGame()
	key = 5
	if c := e.ts.correction(First, e.ts.corrKeys()); c != 0 {
		t.Errorf("after a new game the correction is %d, want 0", c)
	}
}

// fixedSides adds SideKeys to fixedStructure.
type fixedSides struct {
	fixedStructure
	keys *[2]uint64
}

func (f fixedSides) SideKeys() [2]uint64 { return *f.keys }

// TestSideCorrection: with the side tables, the three entries together
// learn a structure's error (their sum nears it), each stays within the
// limit, a position sharing only a side's pieces gets part of the
// correction, and a new game forgets them.
func TestSideCorrection(t *testing.T) {
	var key uint64 = 5
	sides := [2]uint64{1, 2}
	fs := fixedSides{fixedStructure{&key}, &sides}
	e := &Engine{ts: &tunedState{sk: fs, sdk: fs}}
	e.ts.corr[0], e.ts.corr[1] = make([]int32, 8), make([]int32, 8)
	for i := range e.ts.corrSide {
		for j := range e.ts.corrSide[i] {
			e.ts.corrSide[i][j] = make([]int32, 8)
		}
	}
	if c := teach(e, First, 300, 20, 130, 100); c < 28 || c > 30 {
		t.Errorf("after many searches 30 above the static score the summed correction is %d, want about 30", c)
	}
	if c := e.ts.correction(Second, e.ts.corrKeys()); c != 0 {
		t.Errorf("the other side to move's correction is %d, want 0", c)
	}
	key, sides = 6, [2]uint64{1, 7} // another structure; the first side's pieces as before
	if c := e.ts.correction(First, e.ts.corrKeys()); c <= 0 || c >= 28 {
		t.Errorf("a position sharing only the first side's pieces: correction %d, want a part of 30", c)
	}
	key, sides = 5, [2]uint64{1, 2}
	if c := teach(e, First, 2000, 30, 5000, 100); c > 3*corrLimit || c < 3*corrLimit-6 {
		t.Errorf("searches 4900 above: correction %d, want about %d (three entries at the limit)", c, 3*corrLimit)
	}
	e.ts.newGame()
	if c := e.ts.correction(First, e.ts.corrKeys()); c != 0 {
		t.Errorf("after a new game the correction is %d, want 0", c)
	}
}
