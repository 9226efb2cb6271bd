package chess

import (
	"slices"
	"testing"
)

// TestPerftTricky checks positions built to catch one rule each (the
// perft test positions of Peter Ellis Jones, as collected on the Chess
// Programming Wiki's Perft Results talk and TalkChess).
func TestPerftTricky(t *testing.T) {
	cases := []struct {
		name  string
		fen   string
		depth int
		want  uint64
	}{
		{"illegal en passant (rook pin)", "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1", 6, 1134888},
		{"illegal en passant (bishop pin)", "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1", 6, 1015133},
		{"en passant gives check", "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1", 6, 1440467},
		{"short castling gives check", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", 6, 661072},
		{"long castling gives check", "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", 6, 803711},
		{"castling rights", "r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1", 4, 1274206},
		{"castling prevented", "r3k2r/8/3Q4/8/8/5q2/8/R3K2R b KQkq - 0 1", 4, 1720476},
		{"promote out of check", "2K2r2/4P3/8/8/8/8/8/3k4 w - - 0 1", 6, 3821001},
		{"discovered check", "8/8/1P2K3/8/2n5/1q6/8/5k2 b - - 0 1", 5, 1004658},
		{"promote to give check", "4k3/1P6/8/8/8/8/K7/8 w - - 0 1", 6, 217342},
		{"underpromote to give check", "8/P1k5/K7/8/8/8/8/8 w - - 0 1", 6, 92683},
		{"self stalemate", "K1k5/8/P7/8/8/8/8/8 w - - 0 1", 6, 2217},
		{"stalemate and checkmate", "8/k1P5/8/1K6/8/8/8/8 w - - 0 1", 7, 567584},
		{"stalemate and checkmate 2", "8/8/2k5/5q2/5n2/8/5K2/8 b - - 0 1", 4, 23527},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if testing.Short() && c.want > shortNodes {
				t.Skip("deep")
			}
			p, err := ParseFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			if got := p.Perft(c.depth); got != c.want {
				t.Errorf("perft(%d) = %d, want %d", c.depth, got, c.want)
			}
			if got := perftMakeUnmake(p, min(c.depth, 4)); got != p.Perft(min(c.depth, 4)) {
				t.Errorf("make/unmake perft(%d) = %d, bulk %d", min(c.depth, 4), got, p.Perft(min(c.depth, 4)))
			}
		})
	}
}

// perftMakeUnmake counts through Make and Unmake (LegalMoves, MakeMove,
// Unmake), the path the engine takes, without bulk counting.
func perftMakeUnmake(p *Position, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range p.LegalMoves(nil) {
		p.MakeMove(m)
		n += perftMakeUnmake(p, depth-1)
		p.Unmake()
	}
	return n
}

// divideMoves lists the moves Divide reports, in UCI.
func divideMoves(t *testing.T, fen string) []string {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	var total uint64
	p.Divide(2, func(m Move, n uint64) {
		out = append(out, m.UCI())
		total += n
	})
	if total != p.Perft(2) {
		t.Errorf("%s: divide total %d, perft(2) %d", fen, total, p.Perft(2))
	}
	slices.Sort(out)
	return out
}

// TestDivideRules checks single moves that tricky positions allow or not.
func TestDivideRules(t *testing.T) {
	cases := []struct {
		name      string
		fen       string
		has, lack []string
	}{
		{"en passant would expose the king on the rank", "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", nil, []string{"e4d3"}},
		{"en passant allowed", "8/8/8/8/k2Pp3/8/8/3K4 b - d3 0 1", []string{"e4d3"}, nil},
		{"en passant takes the checking pawn", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", []string{"e4d3", "c5d4"}, []string{"e4e3"}},
		{"castling through an attacked square", "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", []string{"e1c1"}, []string{"e1g1"}},
		{"long castling with b1 attacked is allowed", "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", []string{"e1c1", "e1g1"}, nil},
		{"no castling out of check", "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", nil, []string{"e1c1", "e1g1"}},
		{"no castling through a piece", "4k3/8/8/8/8/8/8/RN2K1NR w KQ - 0 1", nil, []string{"e1c1", "e1g1"}},
		{"the four promotions", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", []string{"e7e8b", "e7e8n", "e7e8q", "e7e8r"}, nil},
		{"promotion by capture", "3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1", []string{"e7d8q", "e7d8n", "e7e8q"}, nil},
		{"pinned knight cannot move", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1", nil, []string{"e2c3", "e2g3", "e2c1", "e2g1", "e2d4", "e2f4"}},
		{"pinned rook moves along the pin", "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", []string{"e2e7", "e2e3"}, []string{"e2d2"}},
		{"double check: only the king", "4k3/8/8/8/8/5n2/8/r3K2R w K - 0 1", []string{"e1e2"}, []string{"h1h8", "e1g1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := divideMoves(t, c.fen)
			for _, m := range c.has {
				if !slices.Contains(got, m) {
					t.Errorf("%s missing from %v", m, got)
				}
			}
			for _, m := range c.lack {
				if slices.Contains(got, m) {
					t.Errorf("%s is not legal, got %v", m, got)
				}
			}
		})
	}
}
