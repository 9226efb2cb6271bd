package analysis_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"oyunbot/analysis"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/dama"
	"oyunbot/games/draughts"
	"oyunbot/games/islem"
	"oyunbot/games/tavla"
)

// benchGames are games of about 100 plies of self-play at hard, 100 ms a
// move (testdata/bench/<game>/001.txt, written by tools/blunderset with
// -level hard -time 100ms -inject none -plies 100).
func benchGames() []games.Game {
	return []games.Game{chessgame.Game{}, dama.Game{}, draughts.Italian, draughts.Checkers, islem.Game{}, tavla.Game{}}
}

// BenchmarkAnalyse analyses each game at its default budget and reports
// the CPU seconds of an analysis (cpu-s/op: the bound is 30 s of one core
// for 100 plies, and on a shared machine the CPU says more than the
// clock).
func BenchmarkAnalyse(b *testing.B) {
	for _, g := range benchGames() {
		b.Run(g.Name(), func(b *testing.B) {
			text, err := os.ReadFile(filepath.Join("testdata", "bench", g.Name(), "001.txt"))
			if err != nil {
				b.Fatal(err)
			}
			start, moves, err := analysis.ParseRecord(g, strings.NewReader(string(text)))
			if err != nil {
				b.Fatal(err)
			}
			c0 := cpuTime()
			for b.Loop() {
				if _, err := analysis.Analyse(context.Background(), g, start, moves, analysis.Options{}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(cpuTime()-c0)/1e9/float64(b.N), "cpu-s/op")
			b.ReportMetric(float64(len(moves)), "plies")
		})
	}
}

// cpuTime is the process's user+system CPU time in nanoseconds.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
