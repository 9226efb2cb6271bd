package render_test

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"

	"oyunbot/render"
)

// TestSpotsAreWhereTheSquaresAreDrawn: each drawer that says where its
// squares are (render.Spots) draws a piece put on a square inside that
// square's spot, seen from either side: a click on the picture finds the
// square it shows.
func TestSpotsAreWhereTheSquaresAreDrawn(t *testing.T) {
	for _, tc := range []struct {
		name    string
		d       render.Drawer
		n       int
		piece   byte
		squares []string
	}{
		{"chess", render.NewChess(512), 8, 'Q', []string{"a1", "e4", "h8", "b7"}},
		{"dama", render.NewDama(512), 8, 'w', []string{"a1", "e4", "h8", "b7"}},
		{"checkers", render.NewCheckers(512), 8, 'b', []string{"a1", "c3", "h8", "b8"}},
		{"tictactoe", render.NewTicTacToe(512), 3, 'x', []string{"a1", "b2", "c3", "a3"}},
	} {
		for _, flip := range []bool{false, true} {
			spots, ok := render.Spots(tc.d, flip)
			if !ok || len(spots) != tc.n*tc.n {
				t.Fatalf("%s: %d spots (%v)", tc.name, len(spots), ok)
			}
			at := map[string]image.Rectangle{}
			for _, s := range spots {
				at[s.Name] = s.Rect
			}
			empty := drawSpotted(t, tc.d, emptyBoard(tc.n), flip)
			for _, sq := range tc.squares {
				b := emptyBoard(tc.n)
				file, rank := int(sq[0]-'a'), int(sq[1]-'1')
				row := []byte(b[tc.n-1-rank])
				row[file] = tc.piece
				b[tc.n-1-rank] = string(row)
				diff := changed(empty, drawSpotted(t, tc.d, b, flip))
				centre := image.Pt((diff.Min.X+diff.Max.X)/2, (diff.Min.Y+diff.Max.Y)/2)
				if diff.Empty() || !centre.In(at[sq]) {
					t.Errorf("%s flip %v: a piece on %s is drawn in %v, its spot is %v", tc.name, flip, sq, diff, at[sq])
				}
			}
		}
	}
}

func emptyBoard(n int) []string {
	b := make([]string, n)
	for i := range b {
		b[i] = strings.Repeat(".", n)
	}
	return b
}

func drawSpotted(t *testing.T, d render.Drawer, board []string, flip bool) image.Image {
	t.Helper()
	b, err := d.Draw(render.Frame{Board: board, Flip: flip, Players: [2]string{"a", "b"}})
	if err != nil {
		t.Fatal(err)
	}
	im, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return im
}

// changed is the smallest rectangle holding every pixel that differs.
func changed(a, b image.Image) image.Rectangle {
	var r image.Rectangle
	bounds := a.Bounds()
	for y := bounds.Min.Y; y < bounds.Max.Y; y++ {
		for x := bounds.Min.X; x < bounds.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}
