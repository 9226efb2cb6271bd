package puzzle

import (
	"context"
	"testing"

	"oyunbot/ai"
)

// BenchmarkIDAStar15 solves a random 15-puzzle (53 moves) with
// IDA* on the pattern databases through ai.Solve: nodes/s is the search's
// speed, and the hot path (Moves, Make, Unmake, Hash, Heuristic) must not
// allocate.
func BenchmarkIDAStar15(b *testing.B) {
	db, err := LoadPDB()
	if err != nil {
		b.Fatal(err)
	}
	p := mustParse(b, 4, "11,0,12,7,15,9,5,3,4,8,2,1,13,10,6,14")
	if err := p.SetHeuristic(PDBHeuristic, db); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	var nodes int64
	for b.Loop() {
		r := ai.Solve(context.Background(), p, ai.IDAStar, ai.SolveLimits{})
		if r.Length != 53 {
			b.Fatalf("length %d", r.Length)
		}
		nodes += r.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkHeuristic measures each heuristic on a 15-puzzle position.
func BenchmarkHeuristic(b *testing.B) {
	db, err := LoadPDB()
	if err != nil {
		b.Fatal(err)
	}
	for _, h := range []Heuristic{Misplaced, Manhattan, LinearConflict, PDBHeuristic} {
		b.Run(h.String(), func(b *testing.B) {
			p := Fifteen.Start().(*Pos)
			if err := p.SetHeuristic(h, db); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			s := 0
			for b.Loop() {
				s += p.Heuristic()
			}
			if s == 0 {
				b.Fatal("zero heuristic")
			}
		})
	}
}

// TestSearchDoesNotAllocate: making, unmaking and evaluating moves
// allocates nothing once the history has room.
func TestSearchDoesNotAllocate(t *testing.T) {
	p := Fifteen.Start().(*Pos)
	p.hist = make([]uint8, 0, 64)
	buf := make([]ai.Move, 0, 4)
	allocs := testing.AllocsPerRun(100, func() {
		buf = p.Moves(buf[:0])
		for _, m := range buf {
			p.Make(m)
			_ = p.Hash() + uint64(p.Heuristic())
			p.Unmake()
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per node", allocs)
	}
}
