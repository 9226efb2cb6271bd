package render_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/dama"
	"oyunbot/games/tavla"
	"oyunbot/render"
)

// randomGameFrames plays a seeded random game of at most plies plies and
// returns its positions as an animation's frames.
func randomGameFrames(g games.Game, plies int) []render.Frame {
	rng := rand.New(rand.NewPCG(1, 2))
	p := g.Start()
	frames := []render.Frame{{Position: p.Clone(), Board: p.Board(), Players: [2]string{"Ayşe", "oyunbot"}, Title: "#g1"}}
	var buf []ai.Move
	for ply := 0; ply < plies && !p.Status().Over; ply++ {
		buf = p.Moves(buf[:0])
		m := buf[rng.IntN(len(buf))]
		var path []string
		if h, ok := p.(games.Highlighter); ok {
			path, _ = h.MoveSquares(m)
		}
		p.Make(m)
		// As the gif command draws them: the same title and no name
		// highlighted, so that only the moved squares change.
		frames = append(frames, render.Frame{Position: p.Clone(), Board: p.Board(), Path: path,
			Finished: true, Players: [2]string{"Ayşe", "oyunbot"}, Title: "#g1 · " + g.Name()})
	}
	return frames
}

// BenchmarkAnimateGame: a whole game as the "gif" command makes it (320
// px); gif-bytes is the file's size, frames its positions.
func BenchmarkAnimateGame(b *testing.B) {
	for _, tc := range []struct {
		name  string
		game  games.Game
		draw  render.Drawer
		plies int
	}{
		{"dama-100", dama.Game{}, render.NewDama(320), 100},
		{"chess-80", chessgame.Game{}, render.NewChess(320), 80},
		{"tavla-250", tavla.Game{}, render.NewTavla(320), 250},
	} {
		frames := randomGameFrames(tc.game, tc.plies)
		b.Run(tc.name, func(b *testing.B) {
			var size int
			for b.Loop() {
				out, err := render.Animate(tc.draw, frames, 800*time.Millisecond, 4*time.Second)
				if err != nil {
					b.Fatal(err)
				}
				size = len(out)
			}
			b.ReportMetric(float64(size), "gif-bytes")
			b.ReportMetric(float64(len(frames)), "frames")
		})
	}
}
