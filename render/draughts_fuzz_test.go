package render

import (
	"errors"
	"image"
	"strings"
	"sync"
	"testing"
)

var (
	italian256  = sync.OnceValue(func() Drawer { return NewItalianDraughts(256) })
	checkers256 = sync.OnceValue(func() Drawer { return NewCheckers(256) })
)

// FuzzDraughtsFrame feeds arbitrary frames to the two draughts drawers:
// Draw must never panic, must refuse with ErrBadFrame or return a PNG of
// the right size, and must accept exactly the frames that are well formed
// (pieces on the game's dark squares only: h1 dark in Italian, a1 in
// checkers).
func FuzzDraughtsFrame(f *testing.F) {
	italianStart := "b.b.b.b.|.b.b.b.b|b.b.b.b.|........|........|.w.w.w.w|w.w.w.w.|.w.w.w.w"
	checkersStart := ".b.b.b.b|b.b.b.b.|.b.b.b.b|........|........|w.w.w.w.|.w.w.w.w|w.w.w.w."
	f.Add(false, italianStart, "d3 c4", "", "f6 e5", "", 0, "Ayşe", "oyunbot", "#g7 · italian", "hamle 1", false)
	f.Add(true, checkersStart, "c3 e5 g7", "d4 f6", "", "c3", 1, "Bob", "", "#g2 · checkers", "", true)
	f.Add(true, italianStart, "", "", "", "", 0, "", "", "", "", false) // Italian's board on checkers' squares
	f.Add(false, "W.......|........|........|........|........|........|........|.......B", "h1 a8", "", "", "", 0, "", "", "", "", true)
	f.Add(false, "........|........|........|........|........|........|........|........", "a9 i1", "A1", "h8", "b2", 2, "\xff", "\u202e", "\n", "\t", false)
	f.Add(true, "x.......|........|........|........|........|........|........|........", "", "", "", "", 0, "", "", "", "", false)
	f.Fuzz(func(t *testing.T, checkers bool, board, path, captured, before, forced string, toMove int, p0, p1, title, footer string, flip bool) {
		d := italian256()
		if checkers {
			d = checkers256()
		}
		fr := Frame{
			Board:    strings.Split(board, "|"),
			Path:     strings.Fields(path),
			Captured: strings.Fields(captured),
			Before:   strings.Fields(before),
			Forced:   strings.Fields(forced),
			ToMove:   toMove,
			Players:  [2]string{p0, p1},
			Title:    title,
			Footer:   footer,
			Flip:     flip,
		}
		good := wellFormed(fr, 8, draughtsLetters) &&
			wellFormed(Frame{Board: fr.Board, Path: fr.Before, Captured: fr.Forced}, 8, draughtsLetters) &&
			onDarkSquares(fr.Board, checkers)
		b, err := d.Draw(fr)
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

// onDarkSquares: every piece stands on a dark square, told apart by the
// parity of file+rank (counted from 0 at a1): even is dark when a1 is.
func onDarkSquares(board []string, darkA1 bool) bool {
	for r, rank := range board {
		for file := 0; file < len(rank); file++ {
			even := (file+7-r)%2 == 0
			if rank[file] != '.' && even != darkA1 {
				return false
			}
		}
	}
	return true
}
