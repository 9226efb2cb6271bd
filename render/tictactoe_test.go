package render

import (
	"image"
	"testing"
)

// TestTicTacToeKeys: each free square shows its keypad digit in its
// top-left corner (1 top left … 9 bottom right: what a player types), and
// a square's middle stays plain (issue 20).
func TestTicTacToeKeys(t *testing.T) {
	d := NewTicTacToe(512)
	im := mustDraw(t, d, Frame{Board: []string{"...", "...", "..."}})
	l := newLayout(512, 3)
	paper := rgb(0xf4eedf)
	for row := range 3 {
		for col := range 3 {
			r := l.squareRect(col, row)
			corner := image.Rect(r.Min.X+int(0.08*float64(l.sq)), r.Min.Y+int(0.08*float64(l.sq)), r.Min.X+int(0.35*float64(l.sq)), r.Min.Y+int(0.35*float64(l.sq)))
			ink := 0
			for y := corner.Min.Y; y < corner.Max.Y; y++ {
				for x := corner.Min.X; x < corner.Max.X; x++ {
					if colourDist(rgbaAt(im, float64(x), float64(y)), paper) > 60 {
						ink++
					}
				}
			}
			if ink < 10 {
				t.Errorf("square %d,%d: no key in its corner (%d inked pixels)", col, row, ink)
			}
			if c := rgbaAt(im, float64(r.Min.X+r.Dx()/2), float64(r.Min.Y+r.Dy()/2)); colourDist(c, paper) > 10 {
				t.Errorf("square %d,%d: its middle is %v, not the paper", col, row, c)
			}
		}
	}
}
