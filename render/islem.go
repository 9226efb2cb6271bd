package render

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/fogleman/gg"

	"oyunbot/ai"
	"oyunbot/games/islem"
)

// İşlem's colours: the thesis's black and red stones on a light board.
var (
	islemBoard    = rgb(0xf1e4c8)
	islemLine     = rgb(0xb39466)
	islemStone    = [2]color.RGBA{rgb(0x26221f), rgb(0xc0392b)}
	islemEdge     = [2]color.RGBA{rgb(0x050505), rgb(0x6e1a12)}
	islemNumber   = rgb(0xfaf6ee)
	islemLast     = rgb(0xe3a13b)
	islemChain    = nrgba(40, 120, 200, 210)
	islemCaptured = rgb(0xc0392b)
	islemLabel    = rgb(0x7a6142)
	islemPanel    = rgb(0xe4d2ae)
	islemPanelTxt = rgb(0x3b2a1c)
)

// islemDrawer draws İşlem boards: stones are sprites made once, in each
// colour for each number, plain and ringed as the last stone.
type islemDrawer struct {
	board image.Rectangle
	grid  float64 // side of the 8×8 grid, at the board's left
	cell  float64
	// stones[side][ringed][value], and the hands' small stones.
	stones [2][2][islem.SetStones]*Sprite
	small  [2][islem.SetStones]*Sprite
	icon   [2]*Sprite // a side's plain stone, beside its captures
}

// islemAspect leaves a column at the right of the grid for the hands.
const islemAspect = 1.3

// NewIslem returns the Drawer of İşlem boards: black and red numbered
// stones on an 8×8 grid with coordinates on the frame, the last stone
// ringed in amber and the whole of each operation it made outlined (its
// chains and its single stones), the squares of stones
// just captured (Frame.Captured) crossed in red, and at the right each
// side's captures and the stones in its hand (the set it is placing; "+14"
// for a second set not yet begun). It reads Frame.Position
// (*islem.Position); the picture is size×size pixels (clamped to
// MinSize..MaxSize).
func NewIslem(size int) Drawer {
	d := &islemDrawer{}
	d.board, _ = BoardArea(size, islemAspect)
	d.grid = float64(d.board.Dy())
	d.cell = d.grid / islem.Size
	fonts, err := LoadFonts()
	if err != nil {
		panic(err) // embedded fonts
	}
	side := int(math.Round(d.cell * 0.86))
	small := int(math.Round(d.cell * 0.5))
	for s := range 2 {
		for v := range islem.SetStones {
			for ring := range 2 {
				d.stones[s][ring][v] = islemStoneSprite(fonts, side, s, v, ring == 1)
			}
			d.small[s][v] = islemStoneSprite(fonts, small, s, v, false)
		}
		d.icon[s] = NewSprite(small, small, func(dc *gg.Context) {
			w := float64(small)
			dc.SetColor(islemEdge[s])
			dc.DrawCircle(w/2, w/2, 0.46*w)
			dc.Fill()
			dc.SetColor(islemStone[s])
			dc.DrawCircle(w/2, w/2, 0.41*w)
			dc.Fill()
		})
	}
	drawer, err := NewDrawer(Spec{
		Size:   size,
		Aspect: islemAspect,
		Icon: func(dc *gg.Context, s int, cx, cy, size float64) {
			dc.SetColor(islemStone[s])
			dc.DrawCircle(cx, cy, 0.42*size)
			dc.Fill()
		},
		Base:    d.base,
		Paint:   d.paint,
		Samples: []Frame{{Position: islem.ExamplePosition()}, {Position: islem.Game{}.Start()}},
		Exact:   []color.RGBA{islemBoard, islemStone[0], islemStone[1], islemNumber, islemLast},
	})
	if err != nil {
		panic(err) // the samples are ours: a failure is a programming error
	}
	return drawer
}

// islemStoneSprite is a stone: a disc in its side's colour with its number.
func islemStoneSprite(fonts *Fonts, side, s, v int, ring bool) *Sprite {
	label := strconv.Itoa(v)
	return NewSprite(side, side, func(dc *gg.Context) {
		w := float64(side)
		r := 0.46 * w
		if ring {
			dc.SetColor(islemLast)
			dc.DrawCircle(w/2, w/2, 0.5*w)
			dc.Fill()
			r = 0.4 * w
		}
		dc.SetColor(islemEdge[s])
		dc.DrawCircle(w/2, w/2, r)
		dc.Fill()
		dc.SetColor(islemStone[s])
		dc.DrawCircle(w/2, w/2, 0.9*r)
		dc.Fill()
		px := 1.0 * r
		face := Face(fonts.Bold, px)
		for TextWidth(face, label) > 1.4*r && px > 6 {
			px--
			face = Face(fonts.Bold, px)
		}
		dc.SetFontFace(face)
		dc.SetColor(islemNumber)
		dc.DrawStringAnchored(label, w/2, w/2, 0.5, 0.35)
	})
}

// base paints the grid, its coordinates and the hands' panel.
func (d *islemDrawer) base(c *Canvas, _ bool) {
	b := c.Board
	x0, y0 := float64(b.Min.X), float64(b.Min.Y)
	dc := c.DC
	dc.SetColor(islemBoard)
	dc.DrawRectangle(x0, y0, d.grid, d.grid)
	dc.Fill()
	dc.SetColor(islemPanel)
	dc.DrawRectangle(x0+d.grid, y0, float64(b.Dx())-d.grid, d.grid)
	dc.Fill()
	dc.SetColor(islemLine)
	dc.SetLineWidth(math.Max(1, 0.025*d.cell))
	for i := 0; i <= islem.Size; i++ {
		t := float64(i) * d.cell
		dc.DrawLine(x0+t, y0, x0+t, y0+d.grid)
		dc.DrawLine(x0, y0+t, x0+d.grid, y0+t)
	}
	dc.Stroke()
	// The coordinates on the frame, outside the squares (stones cover
	// their corners): files below the grid, ranks on its left.
	rim := float64(b.Min.Y - c.Frame.Min.Y)
	face := c.Face(true, math.Max(8, math.Min(0.6*rim, 0.3*d.cell)))
	for i := 0; i < islem.Size; i++ {
		t := (float64(i) + 0.5) * d.cell
		c.TextCentred(face, string(rune('a'+i)), x0+t, float64(b.Max.Y)+rim/2, c.Theme.FrameText)
		c.TextCentred(face, strconv.Itoa(islem.Size-i), float64(c.Frame.Min.X)+rim/2, y0+t, c.Theme.FrameText)
	}
}

// centre is the centre of square sq on the picture.
func (d *islemDrawer) centre(b image.Rectangle, sq int) (float64, float64) {
	f, r := sq%islem.Size, sq/islem.Size
	return float64(b.Min.X) + (float64(f)+0.5)*d.cell, float64(b.Min.Y) + (float64(islem.Size-1-r)+0.5)*d.cell
}

// paint is İşlem's Spec.Paint.
func (d *islemDrawer) paint(c *Canvas, f Frame) error {
	p, ok := f.Position.(*islem.Position)
	if !ok {
		return badFrame("position %T is not an İşlem position", f.Position)
	}
	b := c.Board
	last, ops, _ := p.LastOperations()
	// The last stone's operations, every part of them outlined under the
	// stones: a chain as a rounded bar, a single stone as a ring.
	if len(ops) > 0 {
		dc := c.DC
		dc.SetColor(islemChain)
		dc.SetLineWidth(0.08 * d.cell)
		dc.SetLineCapRound()
		for _, op := range ops {
			for _, part := range []islem.Part{op.A, op.B} {
				if len(part.Squares) == 1 { // a single stone (the 9 of 6+3=9): ringed as a chain is
					cx, cy := d.centre(b, part.Squares[0])
					dc.DrawCircle(cx, cy, 0.5*d.cell)
					dc.Stroke()
					continue
				}
				if len(part.Squares) < 2 {
					continue
				}
				x1, y1 := d.centre(b, part.Squares[0])
				x2, y2 := d.centre(b, part.Squares[len(part.Squares)-1])
				ang := math.Atan2(y2-y1, x2-x1)
				r := 0.5 * d.cell
				dc.Push()
				dc.Translate(x1, y1)
				dc.Rotate(ang)
				l := math.Hypot(x2-x1, y2-y1)
				dc.DrawRoundedRectangle(-r, -r, l+2*r, 2*r, r)
				dc.Stroke()
				dc.Pop()
			}
		}
	}
	for sq := 0; sq < islem.Squares; sq++ {
		s, v, ok := p.Stone(sq)
		if !ok {
			continue
		}
		ring := 0
		if sq == last {
			ring = 1
		}
		cx, cy := d.centre(b, sq)
		d.stones[s][ring][v].DrawCentred(c.Img, cx, cy)
	}
	// The stones the last turn captured: a red cross on their squares.
	if len(f.Captured) > 0 {
		dc := c.DC
		dc.SetColor(islemCaptured)
		dc.SetLineWidth(0.07 * d.cell)
		for _, name := range f.Captured {
			sq, ok := islem.ParseSquare(name)
			if !ok {
				return badFrame("captured square %q", name)
			}
			cx, cy := d.centre(b, sq)
			r := 0.2 * d.cell
			dc.DrawLine(cx-r, cy-r, cx+r, cy+r)
			dc.DrawLine(cx-r, cy+r, cx+r, cy-r)
		}
		dc.Stroke()
	}
	d.paintHands(c, p)
	return nil
}

// paintHands writes each side's captures and draws its stones in hand in
// the panel: red (the side at the top) above, black below.
func (d *islemDrawer) paintHands(c *Canvas, p *islem.Position) {
	b := c.Board
	x0 := float64(b.Min.X) + d.grid
	w := float64(b.Dx()) - d.grid
	caps := p.Captures()
	face := c.Face(true, math.Max(9, 0.32*d.cell))
	small := c.Face(false, math.Max(8, 0.24*d.cell))
	step := 0.52 * d.cell
	cols := max(1, int((w-0.1*d.cell)/step))
	for s := range 2 {
		top := float64(b.Min.Y) + 0.06*d.grid
		if s == 0 {
			top = float64(b.Min.Y) + 0.53*d.grid
		}
		d.icon[s].DrawCentred(c.Img, x0+0.3*d.cell, top+0.25*d.cell)
		c.Text(face, "×"+strconv.Itoa(caps[s]), x0+0.62*d.cell, top+0.38*d.cell, islemPanelTxt)
		hand := p.Hand(ai.Side(s))
		set := hand[0]
		if len(set) == 0 {
			set = hand[1]
		}
		y := top + 0.85*d.cell
		for i, v := range set {
			cx := x0 + 0.1*d.cell + step*(float64(i%cols)+0.5)
			cy := y + step*float64(i/cols)
			d.small[s][v].DrawCentred(c.Img, cx, cy)
		}
		if len(hand[0]) > 0 && len(hand[1]) > 0 {
			rows := (len(set) + cols - 1) / cols
			c.Text(small, "+"+strconv.Itoa(len(hand[1])), x0+0.12*d.cell, y+step*float64(rows)+0.1*d.cell, islemPanelTxt)
		}
	}
}
