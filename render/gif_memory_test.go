package render_test

import (
	"bytes"
	"iter"
	"math/rand/v2"
	"runtime"
	"runtime/metrics"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/render"
)

// longChessSeq is the frames of a seeded random chess game of plies plies,
// played on past the rules' end (a 500-ply game, as issue 21's report
// had), as the gif command now hands them over: one at a time, each the
// one position replayed on (AnimateTo draws a frame before it asks for
// the next).
func longChessSeq(plies int) iter.Seq[render.Frame] {
	return func(yield func(render.Frame) bool) {
		rng := rand.New(rand.NewPCG(3, 4))
		p := chessgame.Game{}.Start()
		if !yield(render.Frame{Position: p, Players: [2]string{"Ayşe", "oyunbot"}, Title: "#g1"}) {
			return
		}
		var buf []ai.Move
		for n := 0; n < plies; {
			if buf = p.Moves(buf[:0]); len(buf) == 0 {
				p = chessgame.Game{}.Start()
				continue
			}
			m := buf[rng.IntN(len(buf))]
			path, _ := p.(games.Highlighter).MoveSquares(m)
			p.Make(m)
			n++
			if !yield(render.Frame{Position: p, Path: path, Finished: true, Players: [2]string{"Ayşe", "oyunbot"}, Title: "#g1 · chess"}) {
				return
			}
		}
	}
}

// peakHeap runs f and returns the most heap memory in use while it ran,
// sampled every millisecond, above what was in use before.
func peakHeap(f func()) uint64 {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	base := read()
	var peak atomic.Uint64
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			if v := read(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	}()
	f()
	close(done)
	<-stopped
	if p := peak.Load(); p > base {
		return p - base
	}
	return 0
}

// BenchmarkAnimateLongGame: a 500-ply chess game's GIF at 320 px (the
// gif command's size); peak-heap-MB is the most memory in use while it is
// made, frames included (issue 21). "slice": every frame made first, each
// with a copy of the position (as the gif command did); "stream": the
// frames made one at a time (as it does now).
func BenchmarkAnimateLongGame(b *testing.B) {
	d := render.NewChess(320)
	for _, tc := range []struct {
		name string
		run  func(w *bytes.Buffer) error
	}{
		{"slice", func(w *bytes.Buffer) error {
			// As the gif command did: every frame first, each with a copy.
			var frames []render.Frame
			for f := range longChessSeq(500) {
				f.Position = f.Position.Clone()
				frames = append(frames, f)
			}
			return render.AnimateTo(w, d, slices.Values(frames), 800*time.Millisecond, 4*time.Second)
		}},
		{"stream", func(w *bytes.Buffer) error {
			return render.AnimateTo(w, d, longChessSeq(500), 800*time.Millisecond, 4*time.Second)
		}},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var peak uint64
			var size int
			for b.Loop() {
				peak = max(peak, peakHeap(func() {
					var w bytes.Buffer
					if err := tc.run(&w); err != nil {
						b.Fatal(err)
					}
					size = w.Len()
				}))
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
			b.ReportMetric(float64(size), "gif-bytes")
		})
	}
}
