package islem

import (
	"context"
	"math/rand/v2"
	"testing"

	"oyunbot/ai"
)

// midgame plays a seeded random game into phase 2/3 for benchmarks.
func midgame(turns int) *Position {
	rng := rand.New(rand.NewPCG(7, 7))
	p := newStart()
	for int(p.turns) < turns && !p.Status().Over {
		ms := p.legal(nil, false)
		p.Make(ms[rng.IntN(len(ms))])
	}
	return p
}

// BenchmarkOperations scans the thesis's 12 example: one scan finds its
// four operations (ops/s = 4 × scans/s).
func BenchmarkOperations(b *testing.B) {
	p := example12.after()
	sq := int(p.last)
	var d detector
	b.ReportAllocs()
	ops := 0
	start := cpuTime()
	for b.Loop() {
		d.scan(&p.board, p.occ[p.turn], sq)
		ops += d.nops
	}
	reportCPU(b, start, ops, "ops")
}

// BenchmarkPlacementsScored scores every placement of the side to move in
// a phase-2 position (each stone in hand on each empty square), one at a
// time (scan) and all values of a square at once (scoreValues, as search
// does).
func BenchmarkPlacementsScored(b *testing.B) {
	p := midgame(40)
	for _, batch := range []bool{false, true} {
		name := "one-by-one"
		if batch {
			name = "per-square"
		}
		b.Run(name, func(b *testing.B) {
			n := 0
			var sc [SetStones]int8
			b.ReportAllocs()
			start := cpuTime()
			for b.Loop() {
				for sq := 0; sq < Squares; sq++ {
					if p.board[sq] != 0 {
						continue
					}
					set := p.hand[p.turn][1]
					n += setBits(set)
					if batch {
						p.poke(sq, stone(p.turn, 0))
						p.det.scoreValues(&p.board, p.occ[p.turn], sq, set, &sc)
						p.poke(sq, 0)
						continue
					}
					for v := 0; v < SetStones; v++ {
						if hasValue(set, v) {
							p.tryPlace(p.turn, v, sq)
						}
					}
				}
			}
			reportCPU(b, start, n, "placements")
		})
	}
}

// BenchmarkMoves is the engine's move generation with its ordering (every
// placement scored) in a phase-2 position, the score cache emptied each time.
func BenchmarkMoves(b *testing.B) {
	p := midgame(40)
	buf := p.Moves(make([]ai.Move, 0, 1024))
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		p.pc[p.turn].hash = 0
		buf = p.Moves(buf[:0])
	}
	reportCPU(b, start, b.N*len(buf), "moves")
}

// BenchmarkSearch is the hard level's search, one turn deep (a placement
// and its captures, scored with the evaluation's threat), in the phase-2
// position: nodes per CPU second, and no allocation once warmed up.
func BenchmarkSearch(b *testing.B) {
	p := midgame(40)
	e := ai.NewEngine(ai.DefaultOptions())
	lim := ai.Limits{Depth: 1, Turns: true}
	e.Search(context.Background(), p, lim, nil)
	b.ReportAllocs()
	var nodes int64
	start := cpuTime()
	for b.Loop() {
		e.Clear()
		nodes += e.Search(context.Background(), p, lim, nil).Nodes
	}
	reportCPU(b, start, int(nodes), "nodes")
}
