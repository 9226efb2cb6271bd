package render

import (
	"errors"
	"image"
	"strings"
	"testing"
)

// FuzzChessFrame feeds arbitrary frames to the chess drawer: Draw must
// never panic, must refuse with ErrBadFrame or return a PNG of the right
// size, and must accept exactly the frames that are well formed (a chess
// move lights at most 8 squares; the king in check is on a board square).
func FuzzChessFrame(f *testing.F) {
	f.Add(operaBoardText, "d1 d8", "", "e8", 1, "Paul Morphy", "Duke", "#g1 · chess", "1-0", false)
	f.Add("rnbqkbnr|pppppppp|........|........|....P...|........|PPPP.PPP|RNBQKBNR", "E2 e4", "", "", 0, "", "", "", "", true)
	f.Add("8/8/8/8/8/8/8/8", "e5 d6", "d5", "e9", 2, "\xff", "\u202e", "\n", "\t", false)
	f.Add(operaBoardText, "a1 a2 a3 a4 a5 a6 a7 a8 b1", "", "h1", 0, "", "", "", "", true)
	f.Fuzz(func(t *testing.T, board, path, captured, check string, toMove int, p0, p1, title, footer string, flip bool) {
		fr := Frame{
			Board:    strings.Split(board, "|"),
			Position: fakeChess{check: check},
			Path:     strings.Fields(path),
			Captured: strings.Fields(captured),
			ToMove:   toMove,
			Players:  [2]string{p0, p1},
			Title:    title,
			Footer:   footer,
			Flip:     flip,
		}
		good := wellFormed(fr, 8, chessLetters) && len(fr.Path) <= 8 && len(fr.Captured) <= 8 &&
			(check == "" || wellFormed(Frame{Board: fr.Board, Path: []string{check}}, 8, chessLetters))
		b, err := chess256().Draw(fr)
		if good != (err == nil) {
			t.Fatalf("well formed %v, Draw error %v", good, err)
		}
		if err != nil {
			if !errors.Is(err, ErrBadFrame) {
				t.Fatalf("error %v does not wrap ErrBadFrame", err)
			}
			return
		}
		if got := decodePNG(t, b).Bounds(); got != image.Rect(0, 0, 256, 256) {
			t.Fatalf("picture %v", got)
		}
	})
}
