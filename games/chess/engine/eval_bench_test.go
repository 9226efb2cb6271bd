package engine

import (
	"context"
	"flag"
	"testing"

	"oyunbot/ai"
	"oyunbot/games/chess"
)

// benchFENs are middlegame and endgame positions for the search benchmarks.
var benchFENs = []string{
	chess.StartFEN,
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
	"r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
	"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	"6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 30",
}

var benchNodes = flag.Int64("bench-nodes", 500_000, "nodes per position of BenchmarkSearch")

// BenchmarkSearch searches each position for -bench-nodes nodes (one engine,
// cleared before each) with every technique, with one switched off, and with the search
// of before the modern one ("legacy"), and reports nodes and nodes per
// second:
//
//	go test ./games/chess/engine -run XXX -bench Search -benchtime 1x
func BenchmarkSearch(b *testing.B) {
	variants := []struct {
		name string
		off  func(*ai.Options)
	}{
		{"all", func(*ai.Options) {}},
		{"legacy", func(o *ai.Options) { o.Tuned = false }},
		{"no-null", func(o *ai.Options) { o.NullMove = false }},
		{"no-lmr", func(o *ai.Options) { o.LMR = false }},
		{"no-lmp", func(o *ai.Options) { o.LMP = false }},
		{"no-see", func(o *ai.Options) { o.SEEPrune = false }},
		{"no-singular", func(o *ai.Options) { o.Singular = false }},
		{"no-checkext", func(o *ai.Options) { o.CheckExt = false }},
	}
	for _, v := range variants {
		b.Run(v.name, func(b *testing.B) {
			opts := ai.DefaultOptions()
			v.off(&opts)
			var nodes int64
			e := ai.NewEngine(opts)
			e.Clear() // the table's pages touched before the clock runs
			for b.Loop() {
				for _, fen := range benchFENs {
					p, _ := ParseFEN(fen)
					e.Clear()
					nodes += e.Search(context.Background(), p, ai.Limits{Nodes: *benchNodes}, nil).Nodes
				}
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
