package render_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/render"
)

// TestChessRealGames draws random chess games with the real rules: every
// position, its last move's squares from MoveSquares (castling, en passant,
// promotions) and its king in check must make frames the drawer accepts. A
// frame with only the Board gives the same picture as one with the
// Position, except that only the Position can show a king in check.
func TestChessRealGames(t *testing.T) {
	d := render.NewChess(256)
	rng := rand.New(rand.NewPCG(9, 1858))
	checks := 0
	for g := range 4 {
		p := chessgame.Game{}.Start()
		var buf []ai.Move
		for ply := 0; ply < 150 && !p.Status().Over; ply++ {
			buf = p.Moves(buf[:0])
			m := buf[rng.IntN(len(buf))]
			path, captured := p.(games.Highlighter).MoveSquares(m)
			p.Make(m)
			toMove := 0
			if p.Turn() == ai.Second {
				toMove = 1
			}
			f := render.Frame{Position: p.Clone(), Path: path, Captured: captured, ToMove: toMove, Flip: ply%2 == 1}
			fromPos, err := d.Draw(f)
			if err != nil {
				t.Fatalf("game %d ply %d: %v (board %q path %q captured %q)", g, ply, err, p.Board(), path, captured)
			}
			_, inCheck := p.(interface{ CheckedKing() (string, bool) }).CheckedKing()
			if !inCheck && ply%5 != 0 {
				continue
			}
			f.Position, f.Board = nil, p.Board()
			fromBoard, err := d.Draw(f)
			if err != nil {
				t.Fatal(err)
			}
			if same := bytes.Equal(fromPos, fromBoard); same == inCheck {
				t.Fatalf("game %d ply %d: in check %v, yet the pictures from the position and the board are the same: %v", g, ply, inCheck, same)
			}
			if inCheck {
				checks++
			}
		}
	}
	if checks == 0 {
		t.Error("no position in check in the random games: the test shows nothing of the check glow")
	}
}
