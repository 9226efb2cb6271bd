package render

// tavla.go draws hapis tavlası boards from the game's structured view.

import (
	"fmt"
	"image"
	"image/color"
	"strconv"

	"github.com/fogleman/gg"

	"oyunbot/ai"
	"oyunbot/games/tavla"
)

// tavlaView is what the drawer reads from a Frame's Position: every tavla
// position has it (games/tavla's Pos), so a position without it is not
// tavla.
type tavlaView interface {
	Points() [24]tavla.Point
	Off() [2]int
	Dice() (a, b, left int)
	Pips() [2]int
}

// Tavla board geometry in columns: 12 points, the bar after the sixth, a
// tray on the right; the board is wider than high.
const (
	tavlaCols    = 14
	tavlaAspect  = 1.3
	tavlaVisible = 4 // checkers drawn on a point; more show a count
)

var (
	tavlaFelt     = rgb(0x2f6b4a)
	tavlaPointA   = rgb(0xe8d3a8)
	tavlaPointB   = rgb(0x9c3d2e)
	tavlaBar      = rgb(0x6b4423)
	tavlaTray     = rgb(0x4a2e17)
	tavlaPinRing  = rgb(0xe0301e)
	tavlaDieFace  = rgb(0xfaf6ec)
	tavlaDiePip   = rgb(0x1d1b19)
	tavlaUsedDice = nrgba(40, 40, 40, 150)
)

type tavlaDrawer struct {
	board  image.Rectangle
	col    float64
	disc   [2]*Sprite // White's and Black's checker
	pinned [2]*Sprite // a pinned checker of each side, ringed
}

// NewTavla returns the Drawer of hapis tavlası boards: 24 points as
// triangles (White's 13..24 above and 12..1 below, as White sits; turned
// for Black), stacks with their counts, a pinned checker under its pinner
// with a red ring, the borne-off trays and pip counts on the right, and the
// last roll's dice (faded once played). Point numbers are the bottom
// player's. The Frame must carry the tavla position (Frame.Position); it
// has no match score, so none is drawn. The picture is size×size pixels.
func NewTavla(size int) Drawer {
	d := &tavlaDrawer{}
	d.board, _ = BoardArea(size, tavlaAspect)
	d.col = float64(d.board.Dx()) / tavlaCols
	n := int(d.col)
	for s := range 2 {
		d.disc[s] = NewSprite(n, n, func(dc *gg.Context) { drawTavlaChecker(dc, s, float64(n)) })
		d.pinned[s] = NewSprite(n, n, func(dc *gg.Context) {
			drawTavlaChecker(dc, s, float64(n))
			dc.SetColor(tavlaPinRing)
			dc.SetLineWidth(0.09 * float64(n))
			dc.DrawCircle(float64(n)/2, float64(n)/2, 0.38*float64(n))
			dc.Stroke()
		})
	}
	dr, err := NewDrawer(Spec{
		Size:   size,
		Aspect: tavlaAspect,
		Icon: func(dc *gg.Context, side int, cx, cy, size float64) {
			dc.Push()
			dc.Translate(cx-size/2, cy-size/2)
			drawTavlaChecker(dc, side, size)
			dc.Pop()
		},
		Base:    d.base,
		Paint:   d.paint,
		Samples: tavlaSamples(),
		Exact:   []color.RGBA{tavlaFelt, tavlaPointA, tavlaPointB, tavlaBar, tavlaTray, tavlaDieFace},
	})
	if err != nil {
		panic(err) // the embedded fonts and the samples are the program's own
	}
	return dr
}

func drawTavlaChecker(dc *gg.Context, side int, n float64) {
	r := 0.46 * n
	face, edge := rgb(0xf4efe4), rgb(0x6d6253)
	if side == 1 {
		face, edge = rgb(0x2b2724), rgb(0x0a0909)
	}
	dc.SetColor(face)
	dc.DrawCircle(n/2, n/2, r)
	dc.Fill()
	dc.SetColor(edge)
	dc.SetLineWidth(0.06 * n)
	dc.DrawCircle(n/2, n/2, r)
	dc.Stroke()
	dc.SetLineWidth(0.04 * n)
	dc.DrawCircle(n/2, n/2, 0.6*r)
	dc.Stroke()
}

// slot returns the left x of display column k (0..11, left to right).
func (d *tavlaDrawer) slot(k int) float64 {
	if k >= 6 {
		k++ // past the bar
	}
	return float64(d.board.Min.X) + float64(k)*d.col
}

// pointAt is the White-numbered board index shown at display column k of
// the top (top true) or bottom row.
func pointAt(k int, top, flip bool) int {
	if top != flip {
		return 12 + k // White's 13..24 left to right
	}
	return 11 - k // White's 12..1 left to right
}

func (d *tavlaDrawer) base(c *Canvas, flip bool) {
	dc := c.DC
	b := c.Board
	dc.SetColor(tavlaFelt)
	dc.DrawRectangle(float64(b.Min.X), float64(b.Min.Y), float64(b.Dx()), float64(b.Dy()))
	dc.Fill()
	dc.SetColor(tavlaBar)
	dc.DrawRectangle(float64(b.Min.X)+6*d.col, float64(b.Min.Y), d.col, float64(b.Dy()))
	dc.Fill()
	dc.SetColor(tavlaTray)
	dc.DrawRectangle(float64(b.Min.X)+13*d.col, float64(b.Min.Y), float64(b.Max.X)-(float64(b.Min.X)+13*d.col), float64(b.Dy()))
	dc.Fill()
	h := 0.42 * float64(b.Dy())
	reader := ai.First
	if flip {
		reader = ai.Second
	}
	rim := float64(b.Min.Y - c.Frame.Min.Y)
	face := c.Face(false, max(8, 0.6*rim))
	for k := range 12 {
		x := d.slot(k)
		for _, top := range []bool{true, false} {
			col := tavlaPointA
			if (k%2 == 0) != top {
				col = tavlaPointB
			}
			dc.SetColor(col)
			edge, tip := float64(b.Min.Y), float64(b.Min.Y)+h
			if !top {
				edge, tip = float64(b.Max.Y), float64(b.Max.Y)-h
			}
			dc.MoveTo(x+0.04*d.col, edge)
			dc.LineTo(x+d.col-0.04*d.col, edge)
			dc.LineTo(x+d.col/2, tip)
			dc.ClosePath()
			dc.Fill()
			// The point's number on the rim, in the reader's numbering.
			i := pointAt(k, top, flip)
			num := i + 1
			if reader == ai.Second {
				num = 24 - i
			}
			ly := float64(b.Min.Y) - rim/2
			if !top {
				ly = float64(b.Max.Y) + rim/2
			}
			if rim >= 8 {
				c.TextCentred(face, strconv.Itoa(num), x+d.col/2, ly, c.Theme.FrameText)
			}
		}
	}
}

func (d *tavlaDrawer) paint(c *Canvas, f Frame) error {
	v, ok := f.Position.(tavlaView)
	if !ok {
		return badFrame("tavla: the frame carries no tavla position (%T)", f.Position)
	}
	b := d.board
	pts := v.Points()
	disc := d.col
	for k := range 12 {
		cx := d.slot(k) + d.col/2
		for _, top := range []bool{true, false} {
			pt := pts[pointAt(k, top, f.Flip)]
			if pt.Side == ai.NoSide {
				continue
			}
			// Centre of the j-th disc from the edge.
			at := func(j float64) float64 {
				if top {
					return float64(b.Min.Y) + disc/2 + j*disc
				}
				return float64(b.Max.Y) - disc/2 - j*disc
			}
			start := 0.0
			if pt.Pinned {
				d.pinned[pt.Side.Opponent()].DrawCentred(c.Img, cx, at(0))
				start = 0.7 // the pinner sits over it, covering most of it
			}
			shown := min(pt.Count, tavlaVisible)
			for j := range shown {
				d.disc[pt.Side].DrawCentred(c.Img, cx, at(start+float64(j)))
			}
			if pt.Count > tavlaVisible {
				ink := c.Theme.Text
				if pt.Side == ai.First {
					ink = rgb(0x1d1b19)
				} else {
					ink = rgb(0xf4efe4)
				}
				face := c.FitFace(true, 0.5*disc, 6, 0.8*disc, strconv.Itoa(pt.Count))
				c.TextCentred(face, strconv.Itoa(pt.Count), cx, at(start+float64(shown-1)), ink)
			}
		}
	}
	d.paintTray(c, f, v)
	d.paintDice(c, v)
	return nil
}

// paintTray draws the borne-off checkers as slim bars, top player's above,
// and both pip counts by the middle.
func (d *tavlaDrawer) paintTray(c *Canvas, f Frame, v tavlaView) {
	b := d.board
	x0 := float64(b.Min.X) + 13*d.col + 0.12*d.col
	w := float64(b.Max.X) - x0 - 0.12*d.col
	off, pips := v.Off(), v.Pips()
	bottom, top := 0, 1
	if f.Flip {
		bottom, top = 1, 0
	}
	slim := 0.3 * float64(b.Dy()) / 15
	fills := [2]color.RGBA{rgb(0xf4efe4), rgb(0x2b2724)}
	dc := c.DC
	for _, s := range []int{top, bottom} {
		for j := range off[s] {
			y := float64(b.Min.Y) + 0.04*float64(b.Dy()) + float64(j)*slim
			if s == bottom {
				y = float64(b.Max.Y) - 0.04*float64(b.Dy()) - float64(j+1)*slim
			}
			dc.SetColor(fills[s])
			dc.DrawRectangle(x0, y+0.1*slim, w, 0.8*slim)
			dc.Fill()
		}
		label := strconv.Itoa(off[s])
		face := c.FitFace(true, 0.4*d.col, 6, w, label)
		y := float64(b.Min.Y) + 0.4*float64(b.Dy())
		if s == bottom {
			y = float64(b.Max.Y) - 0.4*float64(b.Dy())
		}
		c.TextCentred(face, label, x0+w/2, y, c.Theme.AccentText)
		pip := strconv.Itoa(pips[s])
		pf := c.FitFace(false, 0.36*d.col, 6, w, pip)
		py := float64(b.Min.Y+b.Max.Y)/2 - 0.35*d.col
		if s == bottom {
			py = float64(b.Min.Y+b.Max.Y)/2 + 0.35*d.col
		}
		c.TextCentred(pf, pip, x0+w/2, py, c.Theme.AccentText)
	}
}

// dicePips are the pips of each face on a 3×3 grid (-1, 0, 1).
var dicePips = [7][][2]float64{
	{}, {{0, 0}}, {{-1, -1}, {1, 1}}, {{-1, -1}, {0, 0}, {1, 1}},
	{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}}, {{-1, -1}, {1, -1}, {0, 0}, {-1, 1}, {1, 1}},
	{{-1, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {1, 1}},
}

// paintDice draws the last roll in the middle of the right half, faded
// once the turn has been played.
func (d *tavlaDrawer) paintDice(c *Canvas, v tavlaView) {
	a, bb, left := v.Dice()
	if a == 0 {
		return
	}
	dc := c.DC
	s := 0.85 * d.col
	cy := float64(d.board.Min.Y+d.board.Max.Y) / 2
	cx := d.slot(9)
	for i, n := range []int{a, bb} {
		x := cx + float64(2*i-1)*0.6*d.col - s/2
		dc.SetColor(tavlaDieFace)
		dc.DrawRoundedRectangle(x, cy-s/2, s, s, 0.15*s)
		dc.Fill()
		dc.SetColor(tavlaDiePip)
		for _, p := range dicePips[n] {
			dc.DrawCircle(x+s/2+p[0]*0.28*s, cy+p[1]*0.28*s, 0.09*s)
		}
		dc.Fill()
		if left == 0 {
			dc.SetColor(tavlaUsedDice)
			dc.DrawRoundedRectangle(x, cy-s/2, s, s, 0.15*s)
			dc.Fill()
		}
	}
}

// tavlaSamples are positions showing every colour Paint draws: stacks with
// counts, pins both ways, both trays, dice fresh and played.
func tavlaSamples() []Frame {
	var out []Frame
	for _, s := range []string{
		"w15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,b15 0 0 w 6-5",
		"w3,b2,.,b1,.,w1,w2/b,b1,.,b1,.,w2,.,b1,.,b1/w,w1,b1,.,w2,w1/b,w1,w1,b5 0 0 w 4-1",
		".,.,.,.,.,.,.,b1,.,.,b1,.,.,b1,b3,.,.,.,w4,w1,w1,w5,w1,b1/w 2 8 b -",
	} {
		p, err := tavla.Game{}.ParsePosition(s)
		if err != nil {
			panic(fmt.Sprintf("tavla sample %q: %v", s, err))
		}
		out = append(out, Frame{Position: p, Players: [2]string{"A", "B"}, Title: "tavla"})
	}
	return out
}
