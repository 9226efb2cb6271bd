package render

import (
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"
)

// draughtsLetters are the board letters of the 8×8 draughts games.
const draughtsLetters = ".wbWB"

// Draughts board colours: the light squares, the dark ones the game is
// played on, and the highlights (as dama's: the last move green, its
// captures red).
var (
	draughtsLight    = rgb(0xf2e2c2)
	draughtsDark     = rgb(0x9a6a3a)
	draughtsStart    = nrgba(96, 170, 40, 110)
	draughtsPath     = nrgba(96, 170, 40, 170)
	draughtsLine     = nrgba(44, 112, 18, 210)
	draughtsCaptured = nrgba(214, 48, 36, 120)
	draughtsCross    = rgb(0xb3261e)
)

// draughtsDrawer draws the boards of one draughts game: which corner is
// dark is the game's, the rest is shared.
type draughtsDrawer struct {
	board  image.Rectangle
	darkA1 bool // a1 is a dark square (checkers); else h1 is (Italian)
	pieces [256]*Sprite
}

// NewItalianDraughts returns the Drawer of Italian draughts: the 8×8 board
// with h1 dark (White's single corner on its right), men and crowned kings
// on the dark squares, the last move and the one before it, the capture
// path with the captured pieces crossed out, the pieces that must capture
// ringed, seen from Black's side when the Frame is flipped. The picture is
// size×size pixels (clamped to MinSize..MaxSize).
func NewItalianDraughts(size int) Drawer { return newDraughts(size, false) }

// NewCheckers returns the Drawer of English checkers: as
// NewItalianDraughts, on the board with a1 dark.
func NewCheckers(size int) Drawer { return newDraughts(size, true) }

func newDraughts(size int, darkA1 bool) Drawer {
	d := &draughtsDrawer{darkA1: darkA1}
	d.board, _ = BoardArea(size, 1)
	sq := d.board.Dx() / 8
	for i := 1; i < len(draughtsLetters); i++ {
		ch := draughtsLetters[i]
		d.pieces[ch] = NewSprite(sq, sq, func(dc *gg.Context) {
			drawDamaPiece(dc, ch, float64(sq)/2, float64(sq)/2, float64(sq))
		})
	}
	dr, err := NewDrawer(Spec{
		Size: size,
		Icon: func(dc *gg.Context, side int, cx, cy, size float64) {
			drawDamaPiece(dc, "wb"[side], cx, cy, size*1.08)
		},
		Base:    d.base,
		Paint:   d.paint,
		Samples: d.samples(),
		Exact:   []color.RGBA{draughtsLight, draughtsDark},
		Spots: func(flip bool) []Spot {
			return gridSpots(8, func(c cell) image.Rectangle { return d.cellRect(c, flip) })
		},
	})
	if err != nil {
		return errDrawer{err}
	}
	return dr
}

// dark reports whether c is one of the squares played on.
func (d *draughtsDrawer) dark(c cell) bool {
	if d.darkA1 {
		return (c.file+c.rank)%2 == 0
	}
	return (c.file+c.rank)%2 == 1
}

// square is the rectangle of screen square (col, row), (0, 0) top-left.
func (d *draughtsDrawer) square(col, row int) image.Rectangle {
	b := d.board
	return image.Rect(b.Min.X+col*b.Dx()/8, b.Min.Y+row*b.Dy()/8, b.Min.X+(col+1)*b.Dx()/8, b.Min.Y+(row+1)*b.Dy()/8)
}

func (d *draughtsDrawer) cellRect(c cell, flip bool) image.Rectangle {
	return d.square(chessScreen(c, flip))
}

func draughtsCentre(r image.Rectangle) (float64, float64) {
	return float64(r.Min.X) + float64(r.Dx())/2, float64(r.Min.Y) + float64(r.Dy())/2
}

// base paints the squares and the coordinates on the frame.
func (d *draughtsDrawer) base(c *Canvas, flip bool) {
	dc := c.DC
	for rank := range 8 {
		for file := range 8 {
			cl := cell{file, rank}
			r := d.cellRect(cl, flip)
			dc.SetColor(draughtsLight)
			if d.dark(cl) {
				dc.SetColor(draughtsDark)
			}
			dc.DrawRectangle(float64(r.Min.X), float64(r.Min.Y), float64(r.Dx()), float64(r.Dy()))
			dc.Fill()
		}
	}
	b, fr := c.Board, c.Frame
	dc.SetColor(shade(c.Theme.Frame, -0.45))
	dc.SetLineWidth(math.Max(1, float64(c.Img.Rect.Dx())/400))
	dc.DrawRectangle(float64(b.Min.X)-0.5, float64(b.Min.Y)-0.5, float64(b.Dx())+1, float64(b.Dy())+1)
	dc.Stroke()
	rim := float64(b.Min.X - fr.Min.X)
	face := c.Face(true, math.Max(8, math.Round(0.027*float64(c.Img.Rect.Dx()))))
	for i := range 8 {
		r := d.cellRect(cell{i, i}, flip)
		cx, cy := draughtsCentre(r)
		c.TextCentred(face, string(rune('a'+i)), cx, float64(b.Max.Y)+rim/2, c.Theme.FrameText)
		c.TextCentred(face, string(rune('1'+i)), float64(fr.Min.X)+rim/2, cy, c.Theme.FrameText)
	}
}

// paint draws f: the move before the last (faint), the last move's
// captured squares and path, the pieces, the crosses on the captured
// pieces' squares and the rings of the pieces that must capture.
func (d *draughtsDrawer) paint(c *Canvas, f Frame) error {
	board := f.Board
	if board == nil {
		if f.Position == nil {
			return badFrame("no board and no position")
		}
		board = f.Position.Board()
	}
	if err := validBoard(board, 8, draughtsLetters); err != nil {
		return err
	}
	for r, rank := range board {
		for file := range 8 {
			if rank[file] != '.' && !d.dark(cell{file, 7 - r}) {
				return badFrame("a piece on %c%d, a light square", 'a'+file, 8-r)
			}
		}
	}
	var cells [4][]cell
	for i, names := range [4][]string{f.Before, f.Captured, f.Path, f.Forced} {
		var err error
		if cells[i], err = parseSquares(nil, names, 8, [4]string{"before", "captured", "path", "forced"}[i]); err != nil {
			return err
		}
	}
	before, captured, path, forced := cells[0], cells[1], cells[2], cells[3]
	faint := draughtsPath
	faint.A /= 2
	for _, cl := range before {
		fillOver(c.Img, d.cellRect(cl, f.Flip), faint)
	}
	for _, cl := range captured {
		fillOver(c.Img, d.cellRect(cl, f.Flip), draughtsCaptured)
	}
	var lit uint64 // a square the path passes twice is lit once
	for i, cl := range path {
		bit := uint64(1) << (cl.rank*8 + cl.file)
		if lit&bit != 0 {
			continue
		}
		lit |= bit
		fill := draughtsPath
		if i == 0 && len(path) > 1 {
			fill = draughtsStart
		}
		fillOver(c.Img, d.cellRect(cl, f.Flip), fill)
	}
	dc := c.DC
	sq := float64(d.board.Dx()) / 8
	if len(path) > 1 {
		dc.SetColor(draughtsLine)
		dc.SetLineWidth(0.085 * sq)
		dc.SetLineCapRound()
		dc.SetLineJoinRound()
		for i, cl := range path {
			x, y := draughtsCentre(d.cellRect(cl, f.Flip))
			if i == 0 {
				dc.MoveTo(x, y)
			} else {
				dc.LineTo(x, y)
			}
		}
		dc.Stroke()
		x, y := draughtsCentre(d.cellRect(path[0], f.Flip))
		dc.DrawCircle(x, y, 0.1*sq)
		dc.Fill()
	}
	for r, rank := range board {
		for file := range 8 {
			if sp := d.pieces[rank[file]]; sp != nil {
				x, y := draughtsCentre(d.cellRect(cell{file, 7 - r}, f.Flip))
				sp.DrawCentred(c.Img, x, y)
			}
		}
	}
	for _, cl := range captured {
		x, y := draughtsCentre(d.cellRect(cl, f.Flip))
		a := 0.17 * sq
		dc.SetColor(draughtsCross)
		dc.SetLineWidth(0.07 * sq)
		dc.SetLineCapRound()
		dc.DrawLine(x-a, y-a, x+a, y+a)
		dc.DrawLine(x+a, y-a, x-a, y+a)
		dc.Stroke()
	}
	for _, cl := range forced {
		x, y := draughtsCentre(d.cellRect(cl, f.Flip))
		dc.SetColor(forcedRing)
		dc.SetLineWidth(0.06 * sq)
		dc.DrawCircle(x, y, 0.45*sq)
		dc.Stroke()
	}
	return nil
}

// samples are frames that show every piece on every highlight, both ways
// up: the palette's choice.
func (d *draughtsDrawer) samples() []Frame {
	var board []string
	var dark []string
	letters := "wbWB"
	k := 0
	for r := 7; r >= 0; r-- {
		row := []byte("........")
		for f := range 8 {
			if d.dark(cell{f, r}) {
				if r != 3 && r != 4 {
					row[f] = letters[k%4]
					k++
				}
				dark = append(dark, string([]byte{byte('a' + f), byte('1' + r)}))
			}
		}
		board = append(board, string(row))
	}
	var out []Frame
	for _, flip := range []bool{false, true} {
		out = append(out,
			Frame{Board: board, Path: dark[:6], Captured: dark[6:10], Before: dark[10:14], Forced: dark[14:18], Flip: flip},
			Frame{Board: board, Path: dark[18:24], Captured: dark[24:28], Before: dark[28:32], Forced: dark[:4], Flip: flip})
	}
	return out
}
