package engine

import (
	"math/rand/v2"
	"testing"

	"oyunbot/ai"
	"oyunbot/games/chess"
)

// playoutStarts are the positions random playouts start from (the rules'
// property tests play from the same).
var playoutStarts = []string{
	chess.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
	"rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
}

// TestGivesCheck: on the positions of seeded random games, GivesCheck
// agrees with making each legal move and asking InCheck.
func TestGivesCheck(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 25))
	checks := 0
	for g := range 40 {
		p, err := ParseFEN(playoutStarts[g%len(playoutStarts)])
		if err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 150 && !p.Status().Over; ply++ {
			moves := p.Moves(nil)
			for _, m := range moves {
				p.Make(m)
				want := p.InCheck()
				p.Unmake()
				if got := p.GivesCheck(m); got != want {
					t.Fatalf("%s %s: GivesCheck %v, InCheck after the move %v", p.FEN(), MoveOf(m).UCI(), got, want)
				}
				if want {
					checks++
				}
			}
			p.Make(moves[r.IntN(len(moves))])
		}
	}
	if checks < 500 {
		t.Errorf("only %d checking moves met: the test saw too few", checks)
	}
}

// TestSEEAtLeast: the threshold test with its shortcuts agrees with the
// full static exchange evaluation on every move of random positions.
func TestSEEAtLeast(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	for g := range 20 {
		p, _ := ParseFEN(playoutStarts[g%len(playoutStarts)])
		for ply := 0; ply < 100 && !p.Status().Over; ply++ {
			moves := p.Moves(nil)
			for _, m := range moves {
				see := p.SEE(MoveOf(m))
				for _, th := range []int{-900, -330, -101, -100, -60, 0, 1, 100, 320, 500} {
					if got := p.SEEAtLeast(m, th); got != (see >= th) {
						t.Fatalf("%s %s: SEEAtLeast(%d) %v, SEE %d", p.FEN(), MoveOf(m).UCI(), th, got, see)
					}
				}
			}
			p.Make(moves[r.IntN(len(moves))])
		}
	}
}

// BenchmarkPerftEnginepath counts the start position to depth 4 the way
// the engine walks a tree: Moves into an ai.Move buffer, Make and Unmake
// (history stack), every leaf made. Nodes/s is made moves per second.
func BenchmarkPerftEnginePath(b *testing.B) {
	p := NewStart()
	bufs := make([][]ai.Move, 8)
	for i := range bufs {
		bufs[i] = make([]ai.Move, 0, ai.MaxMoves)
	}
	var walk func(depth int) uint64
	walk = func(depth int) uint64 {
		if depth == 0 {
			return 1
		}
		var n uint64
		for _, m := range p.Moves(bufs[depth][:0]) {
			p.Make(m)
			n += walk(depth - 1)
			p.Unmake()
		}
		return n
	}
	var nodes uint64
	for b.Loop() {
		nodes += walk(4)
	}
	if nodes%197281 != 0 {
		b.Fatalf("perft(4) = %d per loop, want 197281", nodes)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
	b.ReportAllocs()
}
