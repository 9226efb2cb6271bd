package render_test

import (
	"bytes"
	"image/png"
	"math/rand/v2"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/games/tictactoe"
	"oyunbot/render"
)

// TestRealGames plays random games with the real rules and draws every
// position with its last move: the games' Board and MoveSquares must always
// make frames the drawers accept. A frame that carries only the Position
// must give the same picture as one with its Board.
func TestRealGames(t *testing.T) {
	for _, tc := range []struct {
		game  games.Game
		draw  render.Drawer
		games int
	}{
		{dama.Game{}, render.NewDama(256), 3},
		{tictactoe.Game{}, render.NewTicTacToe(256), 5},
	} {
		rng := rand.New(rand.NewPCG(7, 8))
		captures := 0
		for g := 0; g < tc.games; g++ {
			p := tc.game.Start()
			var buf []ai.Move
			for ply := 0; ply < 120 && !p.Status().Over; ply++ {
				buf = p.Moves(buf[:0])
				m := buf[rng.IntN(len(buf))]
				path, captured := p.(games.Highlighter).MoveSquares(m)
				captures += len(captured)
				p.Make(m)
				toMove := 0
				if p.Turn() == ai.Second {
					toMove = 1
				}
				f := render.Frame{
					Board: p.Board(), Path: path, Captured: captured, ToMove: toMove,
					Players: [2]string{"A", "B"}, Title: tc.game.Name(), Flip: ply%2 == 1,
				}
				b, err := tc.draw.Draw(f)
				if err != nil {
					t.Fatalf("%s game %d ply %d: %v (board %q path %q captured %q)", tc.game.Name(), g, ply, err, p.Board(), path, captured)
				}
				if _, err := png.Decode(bytes.NewReader(b)); err != nil {
					t.Fatalf("%s: %v", tc.game.Name(), err)
				}
				if ply%7 == 0 {
					f.Board, f.Position = nil, p.Clone()
					fromPos, err := tc.draw.Draw(f)
					if err != nil || !bytes.Equal(fromPos, b) {
						t.Fatalf("%s game %d ply %d: the frame with only the position gives another picture (err %v)", tc.game.Name(), g, ply, err)
					}
				}
			}
		}
		if tc.game.Name() == "dama" && captures == 0 {
			t.Errorf("dama: no captures in %d random games; the test shows nothing of them", tc.games)
		}
	}
}
