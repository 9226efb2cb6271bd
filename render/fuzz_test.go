package render

import (
	"errors"
	"image"
	"strings"
	"testing"
)

// FuzzFrame feeds arbitrary frames to both drawers: Draw must never panic,
// must refuse with ErrBadFrame or return a PNG of the right size, and must
// accept exactly the frames that are well formed.
func FuzzFrame(f *testing.F) {
	f.Add(false, "........|bbbbbbbb|bbbbbbbb|........|........|wwwwwwww|wwwwwwww|........", "d3 d5", "d4", 0, "Ayşe", "Bot", "#g7 · dama", "Beyaz oynar", false, "4:32")
	f.Add(true, "x.o|.x.|o..", "b2", "", 1, "Ali", "", "#g3", "O oynar", true, "")
	f.Add(false, "W......B|........|........|........|........|........|........|........", "a8 a1 h1", "", 1, "", "", "", "", true, "0:00")
	f.Add(true, "xoX|...|...", "b4", "a1", 2, "\xff\x00", "\u202e", "\n", "\t", false, "\xff\u202e99:99:99:99:99:99:99:99:99")
	f.Add(false, "", "", "", -1, "", "", "", "", false, "")
	f.Fuzz(func(t *testing.T, ttt bool, board, path, captured string, toMove int, p0, p1, title, footer string, flip bool, clock string) {
		dama, tictactoe := dama256(), ttt256()
		d, n, letters := dama, 8, ".wbWB"
		if ttt {
			d, n, letters = tictactoe, 3, ".xo"
		}
		fr := Frame{
			Board:    strings.Split(board, "|"),
			Path:     strings.Fields(path),
			Captured: strings.Fields(captured),
			ToMove:   toMove,
			Players:  [2]string{p0, p1},
			Title:    title,
			Footer:   footer,
			Flip:     flip,
			Clocks:   [2]string{clock, clock},
		}
		b, err := d.Draw(fr)
		if wellFormed(fr, n, letters) != (err == nil) {
			t.Fatalf("well formed %v, Draw error %v", wellFormed(fr, n, letters), err)
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

// wellFormed is an independent statement of what Draw accepts.
func wellFormed(f Frame, n int, letters string) bool {
	if len(f.Board) != n || (f.ToMove != 0 && f.ToMove != 1) {
		return false
	}
	for _, r := range f.Board {
		if len(r) != n || strings.Trim(r, letters) != "" {
			return false
		}
	}
	for _, list := range [][]string{f.Path, f.Captured} {
		if len(list) > 2*n*n {
			return false
		}
		for _, s := range list {
			if len(s) != 2 {
				return false
			}
			file := strings.IndexByte("abcdefgh"[:n], s[0]|0x20)
			rank := strings.IndexByte("12345678"[:n], s[1])
			if file < 0 || rank < 0 || s[0] < 'A' || (s[0] > 'Z' && s[0] < 'a') {
				return false
			}
		}
	}
	return true
}
