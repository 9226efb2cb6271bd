package draughts

import (
	"context"
	"math/rand/v2"
	"strconv"
	"testing"

	"oyunbot/ai"
	"oyunbot/games/dama"
)

// BenchmarkPerft: bulk-counted perft from each start (nodes/s beside
// dama's BenchmarkPerft in BENCHMARKS.md), and from a middlegame with
// kings of each file.
func BenchmarkPerft(b *testing.B) {
	for _, tc := range []struct {
		g     Game
		depth int
	}{{Italian, 8}, {Checkers, 9}} {
		b.Run(tc.g.Name()+"/start/depth"+strconv.Itoa(tc.depth), func(b *testing.B) {
			p := tc.g.NewStart()
			var nodes uint64
			cpu0 := cpuTime()
			for b.Loop() {
				nodes += p.Perft(tc.depth)
			}
			reportNodes(b, nodes, cpu0)
		})
	}
	for _, pf := range perftFiles {
		cases := loadPerft(b, pf.file)
		b.Run(pf.game.Name()+"/file", func(b *testing.B) {
			var nodes uint64
			cpu0 := cpuTime()
			for b.Loop() {
				for _, c := range cases[1:] {
					p, _ := pf.game.Parse(c.pos)
					nodes += p.Perft(len(c.counts))
				}
			}
			reportNodes(b, nodes, cpu0)
		})
	}
}

// BenchmarkPerftDama is dama's start perft measured the same way, for
// the figures side by side in BENCHMARKS.md (dama's own benchmark reports
// the clock only).
func BenchmarkPerftDama(b *testing.B) {
	p := dama.NewStart()
	var nodes uint64
	cpu0 := cpuTime()
	for b.Loop() {
		nodes += p.Perft(7)
	}
	reportNodes(b, nodes, cpu0)
}

// BenchmarkEvaluate is the evaluation of a middlegame position.
func BenchmarkEvaluate(b *testing.B) {
	p := randomPosition(Checkers, rand.New(rand.NewPCG(1, 2)), 20)
	var s int
	for b.Loop() {
		s += p.Evaluate()
	}
	_ = s
}

// BenchmarkSearch is the hard level's engine searching a middlegame to a
// fixed depth: nodes/s through the common engine.
func BenchmarkSearch(b *testing.B) {
	for _, g := range []Game{Italian, Checkers} {
		b.Run(g.Name(), func(b *testing.B) {
			p := g.NewStart()
			for _, i := range []int{0, 1, 2, 3} {
				p.Make(p.Moves(nil)[i%len(p.Moves(nil))])
			}
			e := ai.NewEngine(ai.DefaultOptions())
			var nodes int64
			cpu0 := cpuTime()
			for b.Loop() {
				e.Clear()
				nodes += e.Search(context.Background(), p, ai.Limits{Depth: 10}, nil).Nodes
			}
			reportNodes(b, uint64(nodes), cpu0)
		})
	}
}

// reportNodes reports nodes per second of the clock and of the process's
// CPU time since cpu0 (what a shared machine does not inflate).
func reportNodes(b *testing.B, nodes uint64, cpu0 int64) {
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(nodes)/(float64(cpu)/1e9), "nodes/cpu-s")
	}
}
