package render

// tavla.go draws hapis tavlası boards from the game's structured view.

import (
	"image"
	"image/color"
	"strconv"
	"strings"

	"github.com/fogleman/gg"

	"oyunbot/ai"
	"oyunbot/games"
)

// tavlaView is what the drawer reads from a Frame's Position: every tavla
// position has it (games/tavla's *Pos, in games/tavla/picture.go), so a
// position without it is not tavla. Points are board indices 0..23 in
// White's numbering (0 is White's point 1).
type tavlaView interface {
	// Stack is point i's stack: the side it belongs to (ai.NoSide: empty),
	// its checkers, and whether one checker of the other side lies pinned
	// under it.
	Stack(i int) (side ai.Side, count int, pinned bool)
	// Off is how many checkers each side has borne off.
	Off() [2]int
	// Dice is the last roll (0 0 before the first) and how many of its
	// dice are still to play.
	Dice() (a, b, left int)
	// Pips is each side's pip count.
	Pips() [2]int
	// LastTurnPlies is each side's last turn, its checkers' moves as
	// {from, to} in the order played (to tavlaOff for a checker borne
	// off), and the side that moved last (ai.NoSide before any turn).
	LastTurnPlies() (latest ai.Side, plies [2][][2]int)
	// PictureText is a word of the picture in lang, from the game's
	// catalogue: "side" (placeholders side, pips, off), "white" and
	// "black" (the sides' names for it), "match" (a, b, target) or
	// "pinned".
	PictureText(lang, key string, kv ...string) string
}

// tavlaOff is a ply's destination when its checker is borne off.
const tavlaOff = -1

// tavlaPoints is the number of points on a tavla board.
const tavlaPoints = 24

// tavlaPoint is one point of the board as the drawer reads it.
type tavlaPoint struct {
	side   ai.Side
	count  int
	pinned bool
}

// tavlaStacks reads the 24 points of v.
func tavlaStacks(v tavlaView) [tavlaPoints]tavlaPoint {
	var out [tavlaPoints]tavlaPoint
	for i := range out {
		out[i].side, out[i].count, out[i].pinned = v.Stack(i)
	}
	return out
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
	// The last turn's points' numbers' pills, and the tray a checker was
	// borne off into.
	tavlaLastTurn   = rgb(0xffd640)
	tavlaTurnBefore = nrgba(255, 214, 64, 90)
	tavlaLabel      = rgb(0xf2ead8)
)

type tavlaDrawer struct {
	// std: standard tavla, its points named 24..1 from each player's
	// start and its bar's checkers drawn.
	std    bool
	board  image.Rectangle
	col    float64
	disc   [2]*Sprite // White's and Black's checker
	pinned [2]*Sprite // a pinned checker of each side, ringed
	legend [2]*Sprite // a smaller pinned checker, for the legend
}

// NewTavla returns the Drawer of hapis tavlası boards: 24 points as
// triangles (White's 13..24 above and 12..1 below, as White sits; turned
// for Black), stacks with their counts, a pinned checker under its pinner
// with a red ring, the borne-off trays on the right, and the last roll's
// dice (faded once played). The numbers of the points the last turn moved
// from and to are on lit pills, those of the other side's last turn on
// ringed ones. In the left half's middle, each
// player's pip count and borne-off checkers are written on their side of
// the board, the match score (Frame.Match) between them; a legend says
// what the red ring is when a checker is pinned. The words are tavla's
// catalogue's in Frame.Lang. Point numbers are the bottom player's. The
// Frame must carry the tavla position (Frame.Position). The picture is
// size×size pixels.
func NewTavla(size int) Drawer { return newTavla(size, false) }

// NewTavlaStandard returns the Drawer of standard tavla (with hitting):
// NewTavla's board, its points named in backgammon's way (24 at each
// player's start down to 1 in its home) and the checkers on the bar drawn
// in the bar, the reader's below the middle and the other's above, with
// their count when there are more than fit.
func NewTavlaStandard(size int) Drawer { return newTavla(size, true) }

// NewBackgammon returns the Drawer of backgammon: NewTavlaStandard's board
// with the doubling cube (cubeView) in the tray column, between the
// borne-off checkers: in the middle while it is centred, towards its
// owner's side once owned, and a double awaiting its answer shown at
// twice the value on the answering side's half, ringed. The words band
// says "money game" when the game is no match's, and the Crawford game.
func NewBackgammon(size int) Drawer { return newTavla(size, true) }

// cubeView is a position with a doubling cube (backgammon's): its value
// and owner (ai.NoSide: centred), the side a double awaits the answer of
// (ai.NoSide: none), whether it is a match's Crawford game, and whether
// it has a cube (on).
type cubeView interface {
	CubeView() (value int, owner, offeredTo ai.Side, crawford, on bool)
}

// barView is a position with a bar (standard tavla's).
type barView interface {
	// Bar is how many checkers each side has on the bar.
	Bar() [2]int
}

func newTavla(size int, std bool) Drawer {
	d := &tavlaDrawer{std: std}
	d.board, _ = BoardArea(size, tavlaAspect)
	d.col = float64(d.board.Dx()) / tavlaCols
	n := int(d.col)
	pinned := func(s, n int) *Sprite {
		return NewSprite(n, n, func(dc *gg.Context) {
			drawTavlaChecker(dc, s, float64(n))
			dc.SetColor(tavlaPinRing)
			dc.SetLineWidth(0.09 * float64(n))
			dc.DrawCircle(float64(n)/2, float64(n)/2, 0.38*float64(n))
			dc.Stroke()
		})
	}
	for s := range 2 {
		d.disc[s] = NewSprite(n, n, func(dc *gg.Context) { drawTavlaChecker(dc, s, float64(n)) })
		d.pinned[s] = pinned(s, n)
		d.legend[s] = pinned(s, max(6, int(0.6*d.col)))
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
		Exact:   []color.RGBA{tavlaFelt, tavlaPointA, tavlaPointB, tavlaBar, tavlaTray, tavlaDieFace, tavlaLastTurn},
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
			if d.std {
				num = 25 - num
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
	pts := tavlaStacks(v)
	d.paintTurns(c, f, v)
	disc := d.col
	for k := range 12 {
		cx := d.slot(k) + d.col/2
		for _, top := range []bool{true, false} {
			pt := pts[pointAt(k, top, f.Flip)]
			if pt.side != ai.First && pt.side != ai.Second {
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
			if pt.pinned {
				d.pinned[pt.side.Opponent()].DrawCentred(c.Img, cx, at(0))
				start = 0.7 // the pinner sits over it, covering most of it
			}
			shown := min(pt.count, tavlaVisible)
			for j := range shown {
				d.disc[pt.side].DrawCentred(c.Img, cx, at(start+float64(j)))
			}
			if pt.count > tavlaVisible {
				ink := c.Theme.Text
				if pt.side == ai.First {
					ink = rgb(0x1d1b19)
				} else {
					ink = rgb(0xf4efe4)
				}
				face := c.FitFace(true, 0.5*disc, 6, 0.8*disc, strconv.Itoa(pt.count))
				c.TextCentred(face, strconv.Itoa(pt.count), cx, at(start+float64(shown-1)), ink)
			}
		}
	}
	if bv, ok := v.(barView); ok && d.std {
		d.paintBar(c, f, bv.Bar())
	}
	d.paintTray(c, f, v)
	d.paintDice(c, v)
	d.paintWords(c, f, v, pts)
	if cv, ok := v.(cubeView); ok {
		d.paintCube(c, f, cv)
	}
	return nil
}

// paintCube draws the doubling cube in the tray column's free middle: a
// die-coloured square with its value (64 on a cube that was never
// doubled, as on a real one), centred or a column towards its owner, or,
// offered, at twice its value towards the side that must answer, ringed
// in the last turn's yellow.
func (d *tavlaDrawer) paintCube(c *Canvas, f Frame, cv cubeView) {
	value, owner, offeredTo, _, on := cv.CubeView()
	offered := offeredTo == ai.First || offeredTo == ai.Second
	if !on {
		return
	}
	b := d.board
	cx := (float64(b.Min.X) + 13*d.col + float64(b.Max.X)) / 2
	mid := float64(b.Min.Y+b.Max.Y) / 2
	bottom := ai.First
	if f.Flip {
		bottom = ai.Second
	}
	towards := func(s ai.Side) float64 {
		if s == bottom {
			return 1
		}
		return -1
	}
	s := 0.8 * d.col
	y := mid
	label := strconv.Itoa(value)
	switch {
	case offered:
		y += towards(offeredTo) * 1.1 * d.col
		label = strconv.Itoa(2 * value)
	case owner == ai.First || owner == ai.Second:
		y += towards(owner) * 1.1 * d.col
	case value == 1:
		label = "64"
	}
	dc := c.DC
	if offered {
		dc.SetColor(tavlaLastTurn)
		dc.DrawRoundedRectangle(cx-s/2-0.08*s, y-s/2-0.08*s, 1.16*s, 1.16*s, 0.18*s)
		dc.Fill()
	}
	dc.SetColor(tavlaDieFace)
	dc.DrawRoundedRectangle(cx-s/2, y-s/2, s, s, 0.15*s)
	dc.Fill()
	face := c.FitFace(true, 0.5*s, 6, 0.8*s, label)
	c.TextCentred(face, label, cx, y, tavlaDiePip)
}

// paintBar draws the checkers on the bar in the bar's column: the bottom
// player's from the middle down, the top player's from the middle up, a
// count on the last when there are more than three.
func (d *tavlaDrawer) paintBar(c *Canvas, f Frame, bar [2]int) {
	b := d.board
	cx := float64(b.Min.X) + 6.5*d.col
	mid := float64(b.Min.Y+b.Max.Y) / 2
	bottom := ai.First
	if f.Flip {
		bottom = ai.Second
	}
	for s := ai.First; s <= ai.Second; s++ {
		n := bar[s]
		if n <= 0 || n > 15 {
			continue
		}
		dir := -1.0
		if s == bottom {
			dir = 1
		}
		shown := min(n, 3)
		var y float64
		for j := range shown {
			y = mid + dir*(0.75*d.col+float64(j)*d.col)
			d.disc[s].DrawCentred(c.Img, cx, y)
		}
		if n > shown {
			ink := rgb(0x1d1b19)
			if s == ai.Second {
				ink = rgb(0xf4efe4)
			}
			face := c.FitFace(true, 0.5*d.col, 6, 0.8*d.col, strconv.Itoa(n))
			c.TextCentred(face, strconv.Itoa(n), cx, y, ink)
		}
	}
}

// screenOf is where White-numbered board index i is shown: its display
// column and whether it is in the top row (the inverse of pointAt).
func screenOf(i int, flip bool) (k int, top bool) {
	if i >= 12 {
		return i - 12, !flip
	}
	return 11 - i, flip
}

// paintTurns marks the points the last turn moved from and to (their
// numbers on a lit pill) and those of the other side's last turn (their
// numbers ringed); a checker borne off in the last turn tints its side's
// tray. (A tint of the points themselves cost a GIF a third more.)
func (d *tavlaDrawer) paintTurns(c *Canvas, f Frame, v tavlaView) {
	latest, turns := v.LastTurnPlies()
	if latest != ai.First && latest != ai.Second {
		return
	}
	b := d.board
	rim := float64(b.Min.Y - c.Frame.Min.Y)
	face := c.Face(false, max(8, 0.6*rim))
	dc := c.DC
	for _, s := range []ai.Side{latest.Opponent(), latest} {
		last := s == latest
		lit := map[int]bool{}
		for _, pl := range turns[s] {
			for _, i := range pl {
				if lit[i] {
					continue
				}
				lit[i] = true
				if i == tavlaOff {
					if last {
						x0 := float64(b.Min.X) + 13*d.col
						y0, y1 := float64(b.Min.Y+b.Max.Y)/2, float64(b.Max.Y)
						if (s == ai.Second) != f.Flip {
							y0, y1 = float64(b.Min.Y), float64(b.Min.Y+b.Max.Y)/2
						}
						dc.SetColor(tavlaTurnBefore)
						dc.DrawRectangle(x0, y0, float64(b.Max.X)-x0, y1-y0)
						dc.Fill()
					}
					continue
				}
				if i < 0 || i >= tavlaPoints {
					continue // not a point: the view's fault, drawn without it
				}
				k, top := screenOf(i, f.Flip)
				x := d.slot(k)
				ly := float64(b.Min.Y) - rim/2
				if !top {
					ly = float64(b.Max.Y) + rim/2
				}
				if rim < 8 {
					continue
				}
				// The point's number on a pill: filled for the last turn,
				// ringed for the one before.
				pw, ph := 0.9*d.col, 0.8*rim
				dc.DrawRoundedRectangle(x+(d.col-pw)/2, ly-ph/2, pw, ph, ph/2)
				num := i + 1
				if f.Flip {
					num = 24 - i
				}
				if d.std {
					num = 25 - num
				}
				ink := c.Theme.FrameText
				if last {
					dc.SetColor(tavlaLastTurn)
					dc.Fill()
					ink = rgb(0x2a1c0e)
				} else {
					dc.SetColor(tavlaLastTurn)
					dc.SetLineWidth(max(1, 0.1*ph))
					dc.Stroke()
				}
				c.TextCentred(face, strconv.Itoa(num), x+d.col/2, ly, ink)
			}
		}
	}
}

// paintWords writes, in the left half's middle band, each player's pip
// count and borne-off checkers on their side of the board and the match
// score between them, and in the right half's band a legend of the red
// ring when a checker is pinned.
func (d *tavlaDrawer) paintWords(c *Canvas, f Frame, v tavlaView, pts [tavlaPoints]tavlaPoint) {
	b := d.board
	mid := float64(b.Min.Y+b.Max.Y) / 2
	band := 0.16 * float64(b.Dy()) // between the tips of the points
	width := 5.6 * d.col
	cx := d.slot(0) + 3*d.col
	pips, off := v.Pips(), v.Off()
	bottom, top := 0, 1
	if f.Flip {
		bottom, top = 1, 0
	}
	lineH := band / 3
	size := 0.8 * lineH
	line := func(text string, y float64, bold bool) {
		face := c.FitFace(bold, size, 6, width, text)
		c.TextCentred(face, text, cx, y, tavlaLabel)
	}
	side := func(s int) string {
		// Whose the figures are: "beyaz: pip 162 · toplanan 0".
		name := v.PictureText(f.Lang, [2]string{"white", "black"}[s])
		return v.PictureText(f.Lang, "side", "side", name, "pips", strconv.Itoa(pips[s]), "off", strconv.Itoa(off[s]))
	}
	line(side(top), mid-lineH, false)
	line(side(bottom), mid+lineH, false)
	if m := f.Match; m.Target > 0 {
		text := v.PictureText(f.Lang, "match", "a", strconv.Itoa(m.Points[top]), "b", strconv.Itoa(m.Points[bottom]),
			"target", strconv.Itoa(m.Target))
		if cv, ok := v.(cubeView); ok {
			if _, _, _, crawford, on := cv.CubeView(); on && crawford {
				text += " · " + v.PictureText(f.Lang, "crawf")
			}
		}
		line(text, mid, true)
	} else if cv, ok := v.(cubeView); ok {
		if _, _, _, _, on := cv.CubeView(); on {
			line(v.PictureText(f.Lang, "money"), mid, true)
		}
	}
	pinned := -1
	for _, pt := range pts {
		if pt.pinned && (pt.side == ai.First || pt.side == ai.Second) {
			pinned = int(pt.side.Opponent())
			break
		}
	}
	if pinned < 0 {
		return
	}
	// The legend: a ringed checker and the word, right of the dice.
	word := v.PictureText(f.Lang, "pinned")
	x0 := d.slot(10) + 0.2*d.col
	room := float64(b.Min.X) + 13*d.col - x0 - 0.1*d.col
	sp := d.legend[pinned]
	icon := float64(sp.im.Rect.Dx())
	sp.DrawCentred(c.Img, x0+icon/2, mid)
	face := c.FitFace(false, size, 6, room-icon-0.1*d.col, word)
	c.Text(face, word, x0+icon+0.1*d.col, mid+size*0.35, tavlaLabel)
}

// paintTray draws the borne-off checkers as slim bars, top player's above
// (their counts and the pip counts are written by paintWords).
func (d *tavlaDrawer) paintTray(c *Canvas, f Frame, v tavlaView) {
	b := d.board
	x0 := float64(b.Min.X) + 13*d.col + 0.12*d.col
	w := float64(b.Max.X) - x0 - 0.12*d.col
	off := v.Off()
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
	if a < 1 || a > 6 || bb < 1 || bb > 6 {
		return // no roll yet (0 0), or none a die shows
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
// counts, pins both ways, both trays, dice fresh and played, the last turns'
// marks (a checker borne off among them), the words and the match score.
// They are games/tavla's positions as its view shows them (TestTavlaSamples
// checks them against the game): the start with 6-5 to play; a middle game
// with pins both ways after White's 1/5 5/6 and Black's 2-2; a race with
// both sides bearing off; and White's last two checkers borne off.
func tavlaSamples() []Frame {
	var out []Frame
	for _, s := range []sampleTavla{
		{points: "w15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,b15", dice: [3]int{6, 5, 2}, pips: [2]int{360, 360},
			latest: ai.NoSide},
		{points: "w2,b2,.,b1,.,w2,w2/b,b2,.,.,.,w2,.,b2,.,b1/w,w1,.,.,w2,w1/b,b1/w,w1,b4", dice: [3]int{2, 2, 0},
			pips: [2]int{184, 214}, latest: ai.Second,
			plies: [2][][2]int{{{0, 4}, {4, 5}}, {{23, 21}, {17, 15}, {15, 13}, {9, 7}}}},
		{points: ".,.,.,.,.,.,.,b1,.,.,b1,.,.,b1,b3,.,.,.,w4,w1,w1,w5,w1,b1/w", off: [2]int{2, 8},
			pips: [2]int{51, 102}, latest: ai.NoSide, cube: 2, cubeOwner: ai.Second, offeredTo: ai.First},
		{points: "b15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,w13", off: [2]int{2, 0}, dice: [3]int{6, 1, 0},
			pips: [2]int{13, 15}, latest: ai.First, plies: [2][][2]int{{{18, tavlaOff}, {23, tavlaOff}}}},
	} {
		s.parse()
		for i, lang := range []string{"tr", "en"} {
			out = append(out, Frame{Position: s, Players: [2]string{"A", "B"}, Title: "tavla", Lang: lang,
				Match: MatchScore{Points: [2]int{i, 3}, Target: 5}, Flip: i == 1})
		}
	}
	return out
}

// sampleTavla is a tavla position for the palette's sample frames. It
// embeds a nil games.Position only to be one: the drawer calls nothing
// else.
type sampleTavla struct {
	games.Position
	// points is the 24 points from White's 1, as tavla's position text
	// writes them: "." empty, "w3" three White checkers, "b1/w" a Black
	// checker on a pinned White one.
	points string
	stacks [tavlaPoints]tavlaPoint
	off    [2]int
	dice   [3]int // the two dice and how many are left
	pips   [2]int
	latest ai.Side
	plies  [2][][2]int
	// cube is backgammon's cube (0: none), its owner and the side a
	// double awaits (ai.NoSide, the zero Side being White's: set both).
	cube                 int
	cubeOwner, offeredTo ai.Side
}

// parse fills s.stacks from s.points.
func (s *sampleTavla) parse() {
	for i, f := range strings.Split(s.points, ",") {
		if f == "." {
			s.stacks[i].side = ai.NoSide
			continue
		}
		f, _, pinned := strings.Cut(f, "/")
		n, err := strconv.Atoi(f[1:])
		if err != nil {
			panic("render: a tavla sample's point " + f) // the samples are ours
		}
		s.stacks[i] = tavlaPoint{side: ai.Side(strings.IndexByte("wb", f[0])), count: n, pinned: pinned}
	}
}

func (s sampleTavla) Stack(i int) (ai.Side, int, bool) {
	return s.stacks[i].side, s.stacks[i].count, s.stacks[i].pinned
}
func (s sampleTavla) Off() [2]int                           { return s.off }
func (s sampleTavla) Dice() (a, b, left int)                { return s.dice[0], s.dice[1], s.dice[2] }
func (s sampleTavla) Pips() [2]int                          { return s.pips }
func (s sampleTavla) LastTurnPlies() (ai.Side, [2][][2]int) { return s.latest, s.plies }
func (s sampleTavla) CubeView() (int, ai.Side, ai.Side, bool, bool) {
	if s.cube == 0 {
		return 1, ai.NoSide, ai.NoSide, false, false
	}
	return s.cube, s.cubeOwner, s.offeredTo, false, true
}
func (s sampleTavla) PictureText(lang, key string, kv ...string) string {
	return games.Fill(tavlaSampleWords[lang][key], kv...)
}

// tavlaSampleWords are the words games/tavla writes on its picture (its
// catalogue's "picture." messages; TestTavlaSamples compares them), for
// the samples, whose letters count in the palette.
var tavlaSampleWords = map[string]map[string]string{
	"tr": {"side": "{side}: pip {pips} · toplanan {off}", "white": "beyaz", "black": "siyah", "match": "maç {a}–{b} · {target} sayıya", "pinned": "hapiste"},
	"en": {"side": "{side}: pips {pips} · off {off}", "white": "white", "black": "black", "match": "match {a}–{b} · to {target}", "pinned": "pinned"},
}
