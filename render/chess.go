package render

import (
	"image"
	"image/color"
	"math"
	"math/bits"

	"github.com/fogleman/gg"

	"oyunbot/games"
)

// chessLetters are the board letters of chess (FEN's), '.' an empty square.
const chessLetters = ".PNBRQKpnbrqk"

// Chess board colours: light and dark squares, the last move's squares.
var (
	chessLight    = rgb(0xf0d9b5)
	chessDark     = rgb(0xb58863)
	chessLastMove = nrgba(155, 199, 0, 105)
	// chessBefore marks the move before the last (the player's own, under
	// the bot's answer), fainter.
	chessBefore = nrgba(155, 199, 0, 52)
)

// checkedKinger is the view of a chess position the drawer asks for: the
// square of the king in check ("e1"), if the side to move is in check.
// Every chess position has it, so a Frame.Position without it is not chess.
type checkedKinger interface {
	CheckedKing() (string, bool)
}

// chessDrawer holds the sprites its Paint blends: each piece, and the red
// glow under a king in check, one square in size.
type chessDrawer struct {
	board  image.Rectangle
	pieces [256]*Sprite
	check  *Sprite
}

// NewChess returns the Drawer of chess boards: light and dark squares,
// pieces drawn by the program, coordinates on the frame, the last move's
// squares and a king in check highlighted, seen from Black's side when the
// Frame is flipped. The picture is size×size pixels (clamped to
// MinSize..MaxSize).
//
// Frames give the position as Board (FEN letters, rank 8 first) or as
// Position, a chess position: the king in check is only shown from a
// Position (its CheckedKing method), and a Position of another game is
// refused.
func NewChess(size int) Drawer {
	d := &chessDrawer{}
	d.board, _ = BoardArea(size, 1)
	sq := d.board.Dx() / 8
	for i := 1; i < len(chessLetters); i++ {
		ch := chessLetters[i]
		d.pieces[ch] = NewSprite(sq, sq, func(dc *gg.Context) {
			drawChessPiece(dc, ch, float64(sq)/2, float64(sq)/2, float64(sq))
		})
	}
	d.check = NewSprite(sq, sq, func(dc *gg.Context) {
		r := float64(sq) / 2
		g := gg.NewRadialGradient(r, r, 0, r, r, 0.75*float64(sq))
		g.AddColorStop(0, color.NRGBA{255, 0, 0, 255})
		g.AddColorStop(0.3, color.NRGBA{231, 0, 0, 235})
		g.AddColorStop(0.85, color.NRGBA{169, 0, 0, 0})
		dc.SetFillStyle(g)
		dc.DrawRectangle(0, 0, float64(sq), float64(sq))
		dc.Fill()
	})
	dr, err := NewDrawer(Spec{
		Size: size,
		Icon: func(dc *gg.Context, side int, cx, cy, size float64) {
			ch := byte('K')
			if side == 1 {
				ch = 'k'
			}
			drawChessPiece(dc, ch, cx, cy, size)
		},
		Base:    d.base,
		Paint:   d.paint,
		Samples: chessSamples(),
		Exact:   []color.RGBA{chessLight, chessDark, whiteInk.fill, blackInk.fill},
		Spots: func(flip bool) []Spot {
			return gridSpots(8, func(c cell) image.Rectangle { return d.square(chessScreen(c, flip)) })
		},
	})
	if err != nil {
		return errDrawer{err}
	}
	return dr
}

// square is the rectangle of the screen square (col, row), (0, 0) top-left.
// The board's side need not be a multiple of 8: squares differ by a pixel.
func (d *chessDrawer) square(col, row int) image.Rectangle {
	b := d.board
	return image.Rect(b.Min.X+col*b.Dx()/8, b.Min.Y+row*b.Dy()/8, b.Min.X+(col+1)*b.Dx()/8, b.Min.Y+(row+1)*b.Dy()/8)
}

// screen is where cell c is drawn, seen from White or (flip) from Black.
func chessScreen(c cell, flip bool) (col, row int) {
	if flip {
		return 7 - c.file, c.rank
	}
	return c.file, 7 - c.rank
}

// base paints the squares and the coordinates on the frame: files below
// the board, ranks on its left, in the order the viewer sees them.
func (d *chessDrawer) base(c *Canvas, flip bool) {
	dc := c.DC
	for row := range 8 {
		for col := range 8 {
			r := d.square(col, row)
			dc.SetColor(chessLight)
			if (row+col)%2 == 1 { // a1 (bottom-left from White) is dark
				dc.SetColor(chessDark)
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
		col, row := chessScreen(cell{i, i}, flip)
		r := d.square(col, row)
		c.TextCentred(face, string(rune('a'+i)), float64(d.square(col, 0).Min.X)+float64(r.Dx())/2, float64(b.Max.Y)+rim/2, c.Theme.FrameText)
		c.TextCentred(face, string(rune('1'+i)), float64(fr.Min.X)+rim/2, float64(r.Min.Y)+float64(r.Dy())/2, c.Theme.FrameText)
	}
}

// paint draws f's position: the move before the last's squares, fainter,
// the last move's, the glow under a king in check, then the pieces.
func (d *chessDrawer) paint(c *Canvas, f Frame) error {
	var checker checkedKinger
	if f.Position != nil {
		var ok bool
		if checker, ok = f.Position.(checkedKinger); !ok {
			return badFrame("the position (%T) is not a chess position", f.Position)
		}
	}
	board := f.Board
	if board == nil {
		if f.Position == nil {
			return badFrame("no board and no position")
		}
		board = f.Position.Board()
	}
	if err := validBoard(board, 8, chessLetters); err != nil {
		return err
	}
	if len(f.Path) > 8 || len(f.Captured) > 8 || len(f.Before) > 8 {
		return badFrame("a chess move has %d squares and captures %d (the one before %d)", len(f.Path), len(f.Captured), len(f.Before))
	}
	for _, s := range f.Captured { // not drawn (the piece is gone), but checked
		if _, err := parseSquare(s, 8); err != nil {
			return err
		}
	}
	var lit uint64 // squares already highlighted: a square named twice is lit once
	var before uint64
	for _, s := range f.Before {
		sq, err := parseSquare(s, 8)
		if err != nil {
			return err
		}
		before |= uint64(1) << (sq.rank*8 + sq.file)
	}
	for _, s := range f.Path {
		if sq, err := parseSquare(s, 8); err == nil {
			before &^= uint64(1) << (sq.rank*8 + sq.file) // the last move's mark wins
		}
	}
	for b := before; b != 0; b &= b - 1 {
		i := bits.TrailingZeros64(b)
		fillOver(c.Img, d.square(chessScreen(cell{i % 8, i / 8}, f.Flip)), chessBefore)
	}
	for _, s := range f.Path {
		sq, err := parseSquare(s, 8)
		if err != nil {
			return err
		}
		if bit := uint64(1) << (sq.rank*8 + sq.file); lit&bit == 0 {
			lit |= bit
			fillOver(c.Img, d.square(chessScreen(sq, f.Flip)), chessLastMove)
		}
	}
	if checker != nil {
		if s, ok := checker.CheckedKing(); ok {
			sq, err := parseSquare(s, 8)
			if err != nil {
				return badFrame("king in check on %q", s)
			}
			d.check.Draw(c.Img, d.square(chessScreen(sq, f.Flip)).Min)
		}
	}
	for r, rank := range board {
		for file := range 8 {
			sp := d.pieces[rank[file]]
			if sp == nil {
				continue
			}
			sq := d.square(chessScreen(cell{file, 7 - r}, f.Flip))
			sp.DrawCentred(c.Img, float64(sq.Min.X)+float64(sq.Dx())/2, float64(sq.Min.Y)+float64(sq.Dy())/2)
		}
	}
	return nil
}

// samplePosition stands in for a chess position in the palette's samples:
// a king in check, without the rules. Only CheckedKing is called (the
// samples carry their Board).
type samplePosition struct{ games.Position }

func (samplePosition) CheckedKing() (string, bool) { return "e8", true }

// chessSamples are frames that show every piece on both colours of square,
// on the last move's highlight and the check glow, both ways up.
func chessSamples() []Frame {
	boards := [][]string{
		{"rnbqkbnr", "pppppppp", "PNBRQKPN", "BRQKpnbr", "qkpnbrqk", "........", "PPPPPPPP", "RNBQKBNR"},
		{"RNBQKBNR", "PPPPPPPP", "qkpnbrqk", "BRQKpnbr", "PNBRQKPN", "........", "pppppppp", "rnbqkbnr"},
	}
	var out []Frame
	for i, b := range boards {
		for _, flip := range []bool{false, true} {
			out = append(out, Frame{
				Board:    b,
				Position: samplePosition{},
				Path:     []string{"a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"}[i*2 : i*2+6],
				Before:   []string{"a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"}[i*2 : i*2+6],
				Flip:     flip,
			})
		}
	}
	return out
}
