package render

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"github.com/fogleman/gg"

	"oyunbot/ai"
	"oyunbot/games"
)

// islemView is what the İşlem drawer reads from a Frame's Position: every
// İşlem position has it (games/islem's *Position, in games/islem/view.go),
// so a position without it is not İşlem. Squares are numbered rank*8+file
// from a1 = 0.
type islemView interface {
	// Stone is the stone on square sq: its side and number (0 to
	// islemValues-1); ok false when the square is empty.
	Stone(sq int) (s ai.Side, v int, ok bool)
	// Captures is how many stones each side has captured.
	Captures() [2]int
	// Hand is side s's stones in hand by set, their numbers ascending.
	Hand(s ai.Side) [2][]int
	// LastChains is the square of the stone last placed or moved (-1 when
	// none) and the squares of each part of every operation it completed,
	// each from the stone that joins it to the other part outwards.
	LastChains() (sq int, parts [][]int)
}

// İşlem's board: 8×8 squares, stones numbered 0..13.
const (
	islemSize    = 8
	islemSquares = islemSize * islemSize
	islemValues  = 14
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
	stones [2][2][islemValues]*Sprite
	small  [2][islemValues]*Sprite
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
// for a second set not yet begun). It reads Frame.Position (an İşlem
// position, through islemView); the picture is size×size pixels (clamped to
// MinSize..MaxSize).
func NewIslem(size int) Drawer {
	d := &islemDrawer{}
	d.board, _ = BoardArea(size, islemAspect)
	d.grid = float64(d.board.Dy())
	d.cell = d.grid / islemSize
	fonts, err := LoadFonts()
	if err != nil {
		panic(err) // embedded fonts
	}
	side := int(math.Round(d.cell * 0.86))
	small := int(math.Round(d.cell * 0.5))
	for s := range 2 {
		for v := range islemValues {
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
		Samples: []Frame{{Position: islemExample}, {Position: islemStart}},
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
	for i := 0; i <= islemSize; i++ {
		t := float64(i) * d.cell
		dc.DrawLine(x0+t, y0, x0+t, y0+d.grid)
		dc.DrawLine(x0, y0+t, x0+d.grid, y0+t)
	}
	dc.Stroke()
	// The coordinates on the frame, outside the squares (stones cover
	// their corners): files below the grid, ranks on its left.
	rim := float64(b.Min.Y - c.Frame.Min.Y)
	face := c.Face(true, math.Max(8, math.Min(0.6*rim, 0.3*d.cell)))
	for i := 0; i < islemSize; i++ {
		t := (float64(i) + 0.5) * d.cell
		c.TextCentred(face, string(rune('a'+i)), x0+t, float64(b.Max.Y)+rim/2, c.Theme.FrameText)
		c.TextCentred(face, strconv.Itoa(islemSize-i), float64(c.Frame.Min.X)+rim/2, y0+t, c.Theme.FrameText)
	}
}

// centre is the centre of square sq on the picture.
func (d *islemDrawer) centre(b image.Rectangle, sq int) (float64, float64) {
	f, r := sq%islemSize, sq/islemSize
	return float64(b.Min.X) + (float64(f)+0.5)*d.cell, float64(b.Min.Y) + (float64(islemSize-1-r)+0.5)*d.cell
}

// paint is İşlem's Spec.Paint.
func (d *islemDrawer) paint(c *Canvas, f Frame) error {
	p, ok := f.Position.(islemView)
	if !ok {
		return badFrame("position %T is not an İşlem position", f.Position)
	}
	b := c.Board
	last, parts := p.LastChains()
	// The last stone's operations, every part of them outlined under the
	// stones: a chain as a rounded bar, a single stone as a ring.
	if len(parts) > 0 {
		dc := c.DC
		dc.SetColor(islemChain)
		dc.SetLineWidth(0.08 * d.cell)
		dc.SetLineCapRound()
		for _, part := range parts {
			if !onIslemBoard(part...) {
				return badFrame("İşlem: a chain off the board: %v", part)
			}
			if len(part) == 1 { // a single stone (the 9 of 6+3=9): ringed as a chain is
				cx, cy := d.centre(b, part[0])
				dc.DrawCircle(cx, cy, 0.5*d.cell)
				dc.Stroke()
				continue
			}
			if len(part) < 2 {
				continue
			}
			x1, y1 := d.centre(b, part[0])
			x2, y2 := d.centre(b, part[len(part)-1])
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
	for sq := 0; sq < islemSquares; sq++ {
		s, v, ok := p.Stone(sq)
		if !ok {
			continue
		}
		if !islemHasStone(s, v) {
			return badFrame("İşlem: a stone %d of side %d", v, s)
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
			sq, err := parseSquare(name, islemSize)
			if err != nil {
				return badFrame("captured square %q", name)
			}
			cx, cy := d.centre(b, sq.rank*islemSize+sq.file)
			r := 0.2 * d.cell
			dc.DrawLine(cx-r, cy-r, cx+r, cy+r)
			dc.DrawLine(cx-r, cy+r, cx+r, cy-r)
		}
		dc.Stroke()
	}
	return d.paintHands(c, p)
}

// onIslemBoard says whether every one of squares is on the board.
func onIslemBoard(squares ...int) bool {
	for _, sq := range squares {
		if sq < 0 || sq >= islemSquares {
			return false
		}
	}
	return true
}

// islemHasStone says whether a view's stone is one the drawer has.
func islemHasStone(s ai.Side, v int) bool {
	return (s == ai.First || s == ai.Second) && v >= 0 && v < islemValues
}

// paintHands writes each side's captures and draws its stones in hand in
// the panel: red (the side at the top) above, black below.
func (d *islemDrawer) paintHands(c *Canvas, p islemView) error {
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
			if !islemHasStone(ai.Side(s), v) {
				return badFrame("İşlem: a stone %d in hand", v)
			}
			cx := x0 + 0.1*d.cell + step*(float64(i%cols)+0.5)
			cy := y + step*float64(i/cols)
			d.small[s][v].DrawCentred(c.Img, cx, cy)
		}
		if len(hand[0]) > 0 && len(hand[1]) > 0 {
			rows := (len(set) + cols - 1) / cols
			c.Text(small, "+"+strconv.Itoa(len(hand[1])), x0+0.12*d.cell, y+step*float64(rows)+0.1*d.cell, islemPanelTxt)
		}
	}
	return nil
}

// sampleIslem is an İşlem position for the palette's sample frames. It
// embeds a nil games.Position only to be one: the drawer calls nothing
// else.
type sampleIslem struct {
	games.Position
	stones []sampleStone
	caps   [2]int
	hands  [2][2][]int
	last   int
	parts  [][]int
}

// sampleStone is a stone on the board of a sample.
type sampleStone struct {
	sq int
	s  ai.Side
	v  int
}

func (p *sampleIslem) Stone(sq int) (ai.Side, int, bool) {
	for _, st := range p.stones {
		if st.sq == sq {
			return st.s, st.v, true
		}
	}
	return ai.NoSide, 0, false
}
func (p *sampleIslem) Captures() [2]int           { return p.caps }
func (p *sampleIslem) Hand(s ai.Side) [2][]int    { return p.hands[s] }
func (p *sampleIslem) LastChains() (int, [][]int) { return p.last, p.parts }

// islemSet is a whole set of stones in hand.
var islemSet = []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13}

// The samples are games/islem's positions as its view shows them
// (TestIslemSamples checks them against the game): the worked example of
// the rules (islem.ExamplePosition: the 12 on d6 completing four
// operations) and the start.
var (
	islemExample = &sampleIslem{
		stones: []sampleStone{{0, 1, 1}, {7, 1, 11}, {9, 1, 6}, {14, 1, 10}, {28, 0, 3}, {35, 0, 4}, {37, 0, 9},
			{38, 0, 8}, {43, 0, 12}, {44, 0, 5}, {49, 0, 7}, {50, 0, 5}, {52, 0, 2}, {56, 1, 0}, {59, 0, 6}, {63, 1, 13}},
		hands: [2][2][]int{{nil, {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13}}, {nil, islemSet}},
		last:  43,
		parts: [][]int{{43}, {35, 28}, {43}, {50, 49}, {43}, {52, 59}, {44, 43}, {37, 38}},
	}
	islemStart = &sampleIslem{hands: [2][2][]int{{islemSet, islemSet}, {islemSet, islemSet}}, last: -1}
)
