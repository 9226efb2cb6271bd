package tavla

import (
	"context"
	"testing"

	"oyunbot/ai"
)

// benchPos is a middle game with pins both ways and an open roll.
const benchPos = "w3,b2,.,b1,.,w1,w2/b,b1,.,b1,.,w2,.,b1,.,b1/w,w1,b1,.,w2,w1/b,w1,w1,b5 0 0 w 4-1"

func BenchmarkMoves(b *testing.B) {
	for _, s := range []string{benchPos, "w8,w1,w1,.,w1,w1,w1,.,w1,.,.,.,.,b1,.,.,.,b1,b5,w1,.,.,.,b8 0 0 b 3-3"} {
		p, _ := parsePosition(s)
		buf := make([]ai.Move, 0, 64)
		b.Run(p.diceText(), func(b *testing.B) {
			for b.Loop() {
				buf = p.Moves(buf[:0])
			}
		})
	}
}

func BenchmarkEvaluate(b *testing.B) {
	p, _ := parsePosition(benchPos)
	for b.Loop() {
		p.Evaluate()
	}
}

func BenchmarkPerftTurn(b *testing.B) {
	p, _ := parsePosition(benchPos)
	for b.Loop() {
		p.Perft(1)
	}
}

// BenchmarkSearch: a search of each engine level's depth from benchPos
// (hard: the rest of the turn and the 21 rolls after it; master: the
// opponent's turn too).
func BenchmarkSearch(b *testing.B) {
	for _, lvl := range levels()[2:4] {
		p, _ := parsePosition(benchPos)
		b.Run(lvl.Name, func(b *testing.B) {
			e := ai.NewEngine(ai.DefaultOptions())
			var nodes int64
			for b.Loop() {
				e.Clear()
				nodes = e.Search(context.Background(), p, ai.Limits{Depth: lvl.Limits.Depth, Turns: true}, nil).Nodes
			}
			b.ReportMetric(float64(nodes), "nodes/op")
		})
	}
}
