package render

import (
	"testing"

	"oyunbot/games/islem"
)

// TestIslemCoordinatesAndWholeOperation: the coordinates are on the frame,
// not in the squares' corners (where they read as marks of the stones),
// and a single stone that is a part of an operation (the 12 of 12=5+7) is
// ringed as its chains are outlined (issue 20).
func TestIslemCoordinatesAndWholeOperation(t *testing.T) {
	im := mustDraw(t, NewIslem(512), Frame{Position: islem.ExamplePosition()})
	board, frame := BoardArea(512, islemAspect)
	cell := float64(board.Dy()) / islem.Size
	x0, y0 := float64(board.Min.X), float64(board.Min.Y)
	// Where the labels were, in empty squares: rank 7's at a7's top left,
	// file c's at c1's bottom left.
	for _, at := range [][2]float64{{0.04, 1.04}, {2.04, 7.72}} {
		for dy := 0.0; dy < 0.22; dy += 0.02 {
			for dx := 0.0; dx < 0.2; dx += 0.02 {
				x, y := x0+(at[0]+dx)*cell, y0+(at[1]+dy)*cell
				if c := rgbaAt(im, x, y); colourDist(c, islemBoard) > 20 {
					t.Fatalf("ink %v inside the square at %.0f,%.0f", c, x, y)
				}
			}
		}
	}
	// The labels are on the frame now: some text ink left of rank 8 and
	// below file a.
	ink := func(x0, y0, x1, y1 float64) int {
		n := 0
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				if colourDist(rgbaAt(im, x, y), rgbaAt(im, float64(frame.Min.X)+1, float64(frame.Min.Y)+1)) > 60 {
					n++
				}
			}
		}
		return n
	}
	if n := ink(float64(frame.Min.X), y0, x0, y0+cell); n < 5 {
		t.Errorf("no rank label on the frame beside rank 8 (%d pixels)", n)
	}
	if n := ink(x0, float64(board.Max.Y), x0+cell, float64(frame.Max.Y)); n < 5 {
		t.Errorf("no file label on the frame below file a (%d pixels)", n)
	}
	// The 12 on d6, a single-stone part: its ring, left of the stone.
	sq, _ := islem.ParseSquare("d6")
	f, r := sq%islem.Size, sq/islem.Size
	cx, cy := x0+(float64(f)+0.5)*cell, y0+(float64(islem.Size-1-r)+0.5)*cell
	if c := rgbaAt(im, cx-0.5*cell, cy); int(c.B)-int(c.R) < 60 {
		t.Errorf("the 12's ring: %v at its left, want the operations' blue", c)
	}
}
