package tavla

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

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

// BenchmarkNetEval: one evaluation by the network (the inputs lit and the
// forward pass) of benchPos's board; evals/s is its inverse.
func BenchmarkNetEval(b *testing.B) {
	p, _ := parsePosition(benchPos)
	e := newEvaluator(defaultNet())
	st := p.st
	for b.Loop() {
		e.probs(&st, white)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "evals/s")
}

// BenchmarkTurnGen: a roll's whole turns (4-1 and 3-3 in middle games).
func BenchmarkTurnGen(b *testing.B) {
	for _, s := range []string{benchPos, "w8,w1,w1,.,w1,w1,w1,.,w1,.,.,.,.,b1,.,.,.,b1,b5,w1,.,.,.,b8 0 0 b 3-3"} {
		p, _ := parsePosition(s)
		g := newTurnGen()
		st := p.st
		b.Run(p.diceText(), func(b *testing.B) {
			n := 0
			for b.Loop() {
				n = len(g.generate(&st))
			}
			b.ReportMetric(float64(n), "turns")
		})
	}
}

// benchPositions are the perft file's positions with more than one turn
// to choose from (each bench op searches them all).
func benchPositions(b *testing.B) []*Pos {
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var out []*Pos
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 6 && !strings.HasPrefix(fs[0], "#") && fs[4] != "-" {
			if p, err := parsePosition(strings.Join(fs[:5], " ")); err == nil && p.Perft(1) > 1 {
				out = append(out, p)
			}
		}
	}
	return out
}

// BenchmarkLearnedSearch: the searches of the levels (1-ply: easy and
// medium; 2-ply: hard; master) and the flat Monte-Carlo players the
// levels are measured against, over the perft file's positions with a
// choice: ns/op is the time of a whole round, ns/turn a position's.
func BenchmarkLearnedSearch(b *testing.B) {
	ps := benchPositions(b)
	for _, c := range []struct {
		name string
		o    SearchOptions
	}{{"1ply", SearchOptions{}}, {"2ply", SearchOptions{Plies: 2, Keep: 8}}, {"master", masterOptions()}} {
		s := NewSearcher(c.o)
		b.Run(c.name, func(b *testing.B) {
			var evals int64
			for b.Loop() {
				evals = 0
				for _, p := range ps {
					evals += s.Choose(context.Background(), p, time.Time{}, nil).Evals
				}
			}
			b.ReportMetric(float64(evals)/float64(len(ps)), "evals/turn")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/turn")
		})
	}
	for _, n := range []int{32, 64} {
		m := NewMonteCarlo(n, 1)
		b.Run("mc"+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				for _, p := range ps[:20] {
					m.Choose(p)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*20), "ns/turn")
		})
	}
}

// BenchmarkNetEvalFromBase: the same evaluation of a turn's end computed
// from the roll's start (only the inputs the turn changed), as searches
// and the training evaluate a roll's turns.
func BenchmarkNetEvalFromBase(b *testing.B) {
	p, _ := parsePosition(benchPos)
	e := newEvaluator(defaultNet())
	st := p.st
	e.setBase(0, &st, black)
	end := newTurnGen().generate(&st)[0].st
	for b.Loop() {
		e.fromBase(0, &end, black)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "evals/s")
}
