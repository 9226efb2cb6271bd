package render

import (
	"image/color"
	"sync"
	"testing"

	"oyunbot/games/tavla"
)

var backgammon512 = sync.OnceValue(func() Drawer { return NewBackgammon(512) })

// TestBackgammonCube: the cube is drawn in the tray column, in the middle
// while centred, a column and a tenth towards its owner once owned (below
// the middle for the bottom player, turned with the board), and the
// middle is the tray's own colour then.
func TestBackgammonCube(t *testing.T) {
	const board = "w2,.,.,.,.,b5,.,b3,.,.,.,w5,b5,.,.,.,w3,.,w5,.,.,.,.,b2 0 0 0 0 w 6-3 "
	d := &tavlaDrawer{}
	d.board, _ = BoardArea(512, tavlaAspect)
	d.col = float64(d.board.Dx()) / tavlaCols
	cx := (float64(d.board.Min.X) + 13*d.col + float64(d.board.Max.X)) / 2
	mid := float64(d.board.Min.Y+d.board.Max.Y) / 2
	// The cube's face, away from its number (a corner of the square).
	face := func(c color.RGBA) bool { return c == tavlaDieFace }
	for _, tc := range []struct {
		cube string
		flip bool
		dy   float64 // the cube's centre below the middle, in columns
	}{
		{"1", false, 0},
		{"2w", false, 1.1},
		{"2w", true, -1.1},
		{"4b", false, -1.1},
		{"4b", true, 1.1},
	} {
		p, err := tavla.Backgammon{}.ParsePosition(board + tc.cube + " - money")
		if err != nil {
			t.Fatal(err)
		}
		b, err := backgammon512().Draw(Frame{Position: p, Players: [2]string{"A", "B"}, Lang: "en", Flip: tc.flip})
		if err != nil {
			t.Fatal(err)
		}
		img := decodePNG(t, b)
		at := func(dy float64) color.RGBA { return rgbaAt(img, cx-0.3*d.col, mid+dy*d.col-0.3*d.col) }
		if c := at(tc.dy); !face(c) {
			t.Errorf("cube %s flip %v: %v where the cube should be", tc.cube, tc.flip, c)
		}
		if tc.dy != 0 {
			if c := at(0); face(c) {
				t.Errorf("cube %s flip %v: the cube is still in the middle", tc.cube, tc.flip)
			}
		}
	}
}
