package islem

import (
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
	for b.Loop() {
		d.scan(&p.board, p.occ[p.turn], sq)
		ops += d.nops
	}
	b.ReportMetric(float64(ops)/b.Elapsed().Seconds(), "ops/s")
}

// BenchmarkPlacementsScored scores every placement of the side to move in
// a phase-2 position (each stone in hand on each empty square).
func BenchmarkPlacementsScored(b *testing.B) {
	p := midgame(40)
	n := 0
	b.ReportAllocs()
	for b.Loop() {
		for sq := 0; sq < Squares; sq++ {
			if p.board[sq] != 0 {
				continue
			}
			for v := 0; v < SetStones; v++ {
				if hasValue(p.hand[p.turn][1], v) {
					p.tryPlace(p.turn, v, sq)
					n++
				}
			}
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "placements/s")
}

// BenchmarkMoves is the engine's move generation with ordering.
func BenchmarkMoves(b *testing.B) {
	p := midgame(40)
	buf := make([]ai.Move, 0, 1024)
	b.ReportAllocs()
	for b.Loop() {
		buf = p.Moves(buf[:0])
	}
}
