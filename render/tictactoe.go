package render

import (
	"github.com/fogleman/gg"
)

// NewTicTacToe returns the Drawer of tic-tac-toe boards: a 3×3 paper grid
// with X and O drawn as pen strokes, each square's keypad digit (1 top
// left … 9 bottom right, what people type) small in its corner. The
// picture is size×size pixels (clamped to MinSize..MaxSize).
func NewTicTacToe(size int) Drawer {
	g := gridGame{
		n:            3,
		pieces:       "xo",
		board:        rgb(0xf4eedf),
		line:         rgb(0x4a433c),
		lineW:        0.04,
		drawPiece:    drawTicTacToePiece,
		icons:        [2]byte{'x', 'o'},
		startFill:    nrgba(255, 200, 40, 110),
		pathFill:     nrgba(255, 200, 40, 110),
		pathLine:     nrgba(200, 140, 0, 200),
		capturedFill: nrgba(214, 48, 36, 90),
		capturedMark: rgb(0xb3261e),
		keys:         []string{"1", "2", "3", "4", "5", "6", "7", "8", "9"},
	}
	return newGridDrawer(g, size, sampleFrames(3, g.pieces))
}

// drawTicTacToePiece draws X as two crossing strokes and O as a ring.
func drawTicTacToePiece(dc *gg.Context, ch byte, cx, cy, sq float64) {
	r := 0.29 * sq
	dc.SetLineWidth(0.11 * sq)
	dc.SetLineCapRound()
	for pass := 0; pass < 2; pass++ {
		dx, dy := 0.0, 0.0
		if pass == 0 { // soft shadow
			dx, dy = 0.015*sq, 0.025*sq
			dc.SetColor(nrgba(60, 40, 20, 45))
		} else if ch == 'x' {
			dc.SetColor(rgb(0xd5453a))
		} else {
			dc.SetColor(rgb(0x2d6cc4))
		}
		if ch == 'x' {
			dc.DrawLine(cx-r+dx, cy-r+dy, cx+r+dx, cy+r+dy)
			dc.DrawLine(cx+r+dx, cy-r+dy, cx-r+dx, cy+r+dy)
		} else {
			dc.DrawCircle(cx+dx, cy+dy, 1.05*r)
		}
		dc.Stroke()
	}
}
