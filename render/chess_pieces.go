package render

import (
	"image/color"

	"github.com/fogleman/gg"
)

// chess_pieces.go draws the chess pieces as vector shapes of our own
// design (a simplified Staunton set), so that no piece artwork and no
// licence of one is needed. A piece is laid out in a box of 100×100 units
// standing on y = 89; drawChessPiece scales it to the square. The drawings
// run once per drawer, into sprites.

// pieceInk is how a side's pieces are coloured: body fill, outline, and the
// inner detail lines (dark on white pieces, light on black ones).
type pieceInk struct {
	fill, line, detail color.RGBA
}

var (
	whiteInk = pieceInk{fill: rgb(0xfbf8f0), line: rgb(0x1d1b18), detail: rgb(0x1d1b18)}
	blackInk = pieceInk{fill: rgb(0x34302c), line: rgb(0x0c0b0a), detail: rgb(0xe4ddd0)}
)

// pieceBox draws in the 100-unit box of a piece centred on (cx, cy) in a
// square of side sq: p maps units to pixels, and u is the pixel size of a unit.
type pieceBox struct {
	dc       *gg.Context
	x0, y0   float64
	u        float64
	ink      pieceInk
	lineUnit float64 // outline width in units
}

func (b *pieceBox) moveTo(x, y float64) { b.dc.MoveTo(b.x0+x*b.u, b.y0+y*b.u) }
func (b *pieceBox) lineTo(x, y float64) { b.dc.LineTo(b.x0+x*b.u, b.y0+y*b.u) }
func (b *pieceBox) cubic(x1, y1, x2, y2, x, y float64) {
	b.dc.CubicTo(b.x0+x1*b.u, b.y0+y1*b.u, b.x0+x2*b.u, b.y0+y2*b.u, b.x0+x*b.u, b.y0+y*b.u)
}

// poly adds a closed polygon through the points (x, y pairs).
func (b *pieceBox) poly(xy ...float64) {
	b.moveTo(xy[0], xy[1])
	for i := 2; i+1 < len(xy); i += 2 {
		b.lineTo(xy[i], xy[i+1])
	}
	b.dc.ClosePath()
}

func (b *pieceBox) roundRect(x0, y0, x1, y1, r float64) {
	b.dc.DrawRoundedRectangle(b.x0+x0*b.u, b.y0+y0*b.u, (x1-x0)*b.u, (y1-y0)*b.u, r*b.u)
}

func (b *pieceBox) circle(x, y, r float64) { b.dc.DrawCircle(b.x0+x*b.u, b.y0+y*b.u, r*b.u) }

// ink fills the current path with the body colour and outlines it.
func (b *pieceBox) inkPath() {
	b.dc.SetColor(b.ink.fill)
	b.dc.FillPreserve()
	b.dc.SetColor(b.ink.line)
	b.dc.SetLineWidth(b.lineUnit * b.u)
	b.dc.Stroke()
}

// detailLine strokes a line of the detail colour through the points.
func (b *pieceBox) detailLine(w float64, xy ...float64) {
	b.moveTo(xy[0], xy[1])
	for i := 2; i+1 < len(xy); i += 2 {
		b.lineTo(xy[i], xy[i+1])
	}
	b.dc.SetColor(b.ink.detail)
	b.dc.SetLineWidth(w * b.u)
	b.dc.Stroke()
}

// base is the round-edged plinth every piece stands on.
func (b *pieceBox) base() {
	b.roundRect(23, 79, 77, 89, 3.5)
	b.inkPath()
}

// drawChessPiece draws FEN letter ch (PNBRQK white, pnbrqk black) centred
// at (cx, cy) in a square of side sq. Other letters draw nothing.
func drawChessPiece(dc *gg.Context, ch byte, cx, cy, sq float64) {
	ink := whiteInk
	if ch >= 'a' && ch <= 'z' {
		ink = blackInk
		ch -= 'a' - 'A'
	}
	u := 0.0108 * sq // the pieces span units 7..89: 89 % of the square's height
	b := &pieceBox{dc: dc, x0: cx - 50*u, y0: cy - 48*u, u: u, ink: ink, lineUnit: 2.6}
	dc.SetLineJoinRound()
	dc.SetLineCapRound()
	switch ch {
	case 'P':
		drawPawn(b)
	case 'N':
		drawKnight(b)
	case 'B':
		drawBishop(b)
	case 'R':
		drawRook(b)
	case 'Q':
		drawQueen(b)
	case 'K':
		drawKing(b)
	}
}

func drawPawn(b *pieceBox) {
	b.moveTo(30, 80)
	b.cubic(31, 66, 39, 57, 42, 48)
	b.lineTo(58, 48)
	b.cubic(61, 57, 69, 66, 70, 80)
	b.dc.ClosePath()
	b.inkPath()
	b.roundRect(35, 42, 65, 50, 4)
	b.inkPath()
	b.circle(50, 30, 12.5)
	b.inkPath()
	b.base()
}

func drawRook(b *pieceBox) {
	b.poly(29, 36, 29, 13, 38.5, 13, 38.5, 21, 45.5, 21, 45.5, 13, 54.5, 13, 54.5, 21, 61.5, 21, 61.5, 13, 71, 13, 71, 36)
	b.inkPath()
	b.poly(34, 74, 36.5, 40, 63.5, 40, 66, 74)
	b.inkPath()
	b.roundRect(29, 34, 71, 42, 2)
	b.inkPath()
	b.roundRect(27, 71, 73, 80, 2)
	b.inkPath()
	b.base()
}

func drawBishop(b *pieceBox) {
	// Stem, widening to the base.
	b.moveTo(35, 80)
	b.cubic(40, 72, 42, 66, 43, 58)
	b.lineTo(57, 58)
	b.cubic(58, 66, 60, 72, 65, 80)
	b.dc.ClosePath()
	b.inkPath()
	// The mitre, with its cleft.
	b.moveTo(50, 17)
	b.cubic(64, 25, 70, 40, 62, 55)
	b.lineTo(38, 55)
	b.cubic(30, 40, 36, 25, 50, 17)
	b.dc.ClosePath()
	b.inkPath()
	b.detailLine(2.6, 57, 27, 47, 41)
	b.roundRect(34, 53, 66, 61, 4)
	b.inkPath()
	b.circle(50, 13, 5.5)
	b.inkPath()
	b.base()
}

func drawKnight(b *pieceBox) {
	b.moveTo(27, 82)
	b.lineTo(75, 82)
	b.cubic(78, 60, 76, 34, 59, 22) // the back of the neck
	b.lineTo(58, 11)                // ear
	b.lineTo(51, 19)
	b.cubic(41, 19, 30, 30, 24, 44) // forehead
	b.lineTo(19, 53)                // the nose
	b.cubic(20, 60, 28, 62, 33, 58) // muzzle
	b.cubic(38, 55, 43, 54, 48, 50) // under the jaw
	b.cubic(45, 62, 29, 68, 27, 82) // the chest
	b.dc.ClosePath()
	b.inkPath()
	// Eye, nostril and mane.
	b.circle(41, 32, 2.6)
	b.dc.SetColor(b.ink.detail)
	b.dc.Fill()
	b.detailLine(2.4, 24, 52, 26, 50)
	b.moveTo(62, 26)
	b.cubic(71, 36, 72, 58, 69, 78)
	b.dc.SetColor(b.ink.detail)
	b.dc.SetLineWidth(2.2 * b.u)
	b.dc.Stroke()
	b.base()
}

func drawQueen(b *pieceBox) {
	b.poly(23, 33, 35, 58, 37, 27, 45, 56, 50, 23, 55, 56, 63, 27, 65, 58, 77, 33, 69, 70, 31, 70)
	b.inkPath()
	for _, p := range [][2]float64{{23, 31}, {37, 25}, {50, 21}, {63, 25}, {77, 31}} {
		b.circle(p[0], p[1], 4.8)
		b.inkPath()
	}
	b.roundRect(29, 66, 71, 80, 3)
	b.inkPath()
	b.detailLine(2.2, 33, 73, 67, 73)
	b.base()
}

func drawKing(b *pieceBox) {
	// The cross, then the dome it stands on, then the body.
	b.poly(46.5, 7, 53.5, 7, 53.5, 14, 60, 14, 60, 21, 53.5, 21, 53.5, 31, 46.5, 31, 46.5, 21, 40, 21, 40, 14, 46.5, 14)
	b.inkPath()
	b.moveTo(39, 44)
	b.cubic(39, 28, 61, 28, 61, 44)
	b.dc.ClosePath()
	b.inkPath()
	b.moveTo(31, 72)
	b.lineTo(23, 44)
	b.cubic(33, 36, 43, 43, 50, 39)
	b.cubic(57, 43, 67, 36, 77, 44)
	b.lineTo(69, 72)
	b.dc.ClosePath()
	b.inkPath()
	b.detailLine(2.2, 28, 52, 50, 47, 72, 52)
	b.roundRect(29, 68, 71, 80, 3)
	b.inkPath()
	b.detailLine(2.2, 33, 73, 67, 73)
	b.base()
}
