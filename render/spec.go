package render

import (
	"errors"
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
)

// Spec describes a drawer for a board that is not a grid of one-letter
// squares: the game's code draws the board, NewDrawer everything around it.
type Spec struct {
	// Size is the side of the square picture in pixels (clamped to
	// MinSize..MaxSize).
	Size int
	// Aspect is the board's width over its height (0 means 1, square);
	// clamped to 0.5..2. The board gets as much of the picture as the
	// player bars above and below it leave.
	Aspect float64
	// Icon draws a side's token (side 0 or 1) centred at (cx, cy), about
	// size pixels across, for that player's bar. Nil: a light disc for side
	// 0, a dark one for side 1.
	Icon func(dc *gg.Context, side int, cx, cy, size float64)
	// Base paints what never changes on the board (points, lines, labels)
	// into c.Board, and its rim if it likes into c.Frame, seen from side 1
	// when flip is set. It runs twice, when the drawer is built; the
	// background and the wooden frame are already drawn. Nil: a bare board
	// of the frame's wood.
	Base func(c *Canvas, flip bool)
	// Paint draws frame f's position over the base, inside c.Frame (the
	// bars outside it are drawn afterwards and would cover anything there).
	// It reads the position through f.Position, type-asserted to the view
	// its game exposes, and honours f.Flip; it returns an error wrapping
	// ErrBadFrame for a frame that is not of its game. Required.
	Paint func(c *Canvas, f Frame) error
	// Samples are frames whose pictures together show every piece, colour
	// and highlight Paint draws; the palette is chosen from their renders
	// (their names and texts are replaced by samples of every letter).
	// At least one is required: a colour missing from them is drawn as
	// the nearest one they have.
	Samples []Frame
	// Exact are colours kept exactly in the palette (the board's flat
	// fills); the theme's main colours always are.
	Exact []color.RGBA
	// Spots, when set, are the board's squares on the picture, seen from
	// side 1 when flip is set (Spotter), from the functions Base and Paint
	// place them with. Nil: the drawer is no Spotter.
	Spots func(flip bool) []Spot
}

// Canvas is what Spec.Base and Spec.Paint draw on: the whole picture and a
// gg context on it, where the board and its frame are, and the theme and
// fonts. Pieces drawn many times a frame are best pre-rendered as Sprites
// (NewSprite) and blended onto Img: vector drawing with gg costs tens of
// microseconds a shape, a sprite a few. Each goroutine has its own; Paint must not keep it. Its state
// from an earlier frame (colours, line width, fonts of DC) is not reset:
// set what you use. The transform, clip and path are reset before Paint.
type Canvas struct {
	// Img is the whole picture; DC draws on it.
	Img *image.RGBA
	DC  *gg.Context
	// Board is the board's area; Frame is the wooden frame around it,
	// Board included: labels may go on its rim.
	Board, Frame image.Rectangle
	// Theme is the picture's colours, Fonts the embedded fonts.
	Theme Theme
	Fonts *Fonts

	faces map[faceKey]font.Face
	capH  map[font.Face]float64
}

type faceKey struct {
	bold bool
	px   float64
}

// maxFaces bounds a canvas's cache of faces: a drawer uses a few sizes, but
// one that computes sizes from its data must not grow it for ever.
const maxFaces = 32

// Face returns the canvas's face of the regular or bold font at px pixels
// (rounded to a whole pixel), made once and cached: making a face costs
// far more than drawing a few glyphs with it.
func (c *Canvas) Face(bold bool, px float64) font.Face {
	k := faceKey{bold, math.Max(1, math.Round(px))}
	if f, ok := c.faces[k]; ok {
		return f
	}
	if len(c.faces) >= maxFaces {
		clear(c.faces)
		clear(c.capH)
	}
	tt := c.Fonts.Regular
	if bold {
		tt = c.Fonts.Bold
	}
	f := Face(tt, k.px)
	c.faces[k] = f
	return f
}

// FitFace returns the largest face (regular or bold) of at most px pixels,
// and at least minPx, in which s is at most maxW wide: a number on a stone
// or a tile should shrink, not be cut. At minPx it may still be wider.
func (c *Canvas) FitFace(bold bool, px, minPx, maxW float64, s string) font.Face {
	px = math.Round(px)
	for {
		f := c.Face(bold, px)
		w := TextWidth(f, s)
		if w <= maxW || px <= minPx {
			return f
		}
		// Text width is close to proportional to the size: jump near the
		// answer, then step down past rounding.
		px = math.Max(minPx, math.Min(px-1, math.Floor(px*maxW/w)))
	}
}

// Text draws s in face and colour col, its baseline starting at (x, baseline).
func (c *Canvas) Text(face font.Face, s string, x, baseline float64, col color.Color) {
	drawText(c.Img, face, image.NewUniform(col), s, x, baseline)
}

// TextCentred draws s in face and colour col centred on (cx, cy): its
// width around cx, its capital height around cy (so digits and capitals
// look centred, whatever hangs below the line).
func (c *Canvas) TextCentred(face font.Face, s string, cx, cy float64, col color.Color) {
	h, ok := c.capH[face]
	if !ok {
		h = capHeight(face)
		c.capH[face] = h
	}
	c.Text(face, s, cx-TextWidth(face, s)/2, cy+h/2, col)
}

// specDrawer is the Drawer NewDrawer builds. Everything but the pool is
// read-only once built, so Draw may run on many goroutines.
type specDrawer struct {
	chrome
	spec    Spec
	base    [2]*image.RGBA     // background, frame and Spec.Base; not flipped and flipped
	basePal [2]*image.Paletted // base mapped to the palette
	quant   *quantizer
	pool    sync.Pool // of *specWorker
}

// specWorker is a goroutine's state: canvas, faces and PNG encoder.
type specWorker struct {
	canvas Canvas
	barFaces
	pal *image.Paletted
	png *pngWriter
}

// NewDrawer builds the Drawer of s: its frames are drawn with the same
// surroundings as every board (background, wooden frame, player bars with
// names, clocks, side to move, title and footer) and s's board inside,
// and encoded as 8-bit paletted PNGs with a palette chosen from s.Samples.
// It is an error if s has no Paint or no Samples, or a sample fails to draw.
func NewDrawer(s Spec) (Drawer, error) {
	if s.Paint == nil {
		return nil, errors.New("render: Spec.Paint is nil")
	}
	if len(s.Samples) == 0 {
		return nil, errors.New("render: Spec.Samples is empty: the palette would not know the board's colours")
	}
	fonts, err := LoadFonts()
	if err != nil {
		return nil, err
	}
	d := &specDrawer{chrome: chrome{lay: specLayout(s.Size, s.Aspect), theme: DefaultTheme(), fonts: fonts}, spec: s}
	for side := range d.icons {
		d.icons[side] = d.iconSprite(func(dc *gg.Context, cx, cy, size float64) {
			if s.Icon != nil {
				s.Icon(dc, side, cx, cy, size)
				return
			}
			defaultIcon(dc, side, cx, cy, size)
		})
	}
	for flip := range d.base {
		w := d.newWorker()
		d.drawFrame(w.canvas.DC)
		if s.Base != nil {
			s.Base(&w.canvas, flip == 1)
		}
		d.base[flip] = w.canvas.Img
	}
	d.pool.New = func() any { return d.newWorker() }

	// Choose the palette from renders of the samples, each side to move.
	w := d.newWorker()
	var ims []*image.RGBA
	for _, f := range s.Samples {
		for side := range 2 {
			f.ToMove, f.Finished = side, false
			im, err := d.render(w, withSampleText(f))
			if err != nil {
				return nil, err
			}
			ims = append(ims, image.NewRGBA(im.Rect))
			copy(ims[len(ims)-1].Pix, im.Pix)
		}
	}
	t := d.theme
	must := append([]color.RGBA{t.Background, t.Frame, t.Text, t.Accent}, s.Exact...)
	d.quant = newQuantizer(ims, must...)
	for flip, b := range d.base {
		d.basePal[flip] = image.NewPaletted(b.Rect, d.quant.pal)
		d.quant.apply(d.basePal[flip], b)
	}
	d.pool.Put(w)
	return d, nil
}

// BoardArea returns where NewDrawer puts the board of a Spec of this size
// and aspect on the picture, and the frame around it: Canvas.Board and
// Canvas.Frame, known before the drawer is built so that a game's drawer
// can size its sprites to its board.
func BoardArea(size int, aspect float64) (board, frame image.Rectangle) {
	l := specLayout(size, aspect)
	return l.boardRect, l.frameRect
}

// specLayout sizes a board of the given aspect. The bars keep the height
// and at least the width they have around a square board, so that names
// and icons look the same in every game's pictures.
func specLayout(size int, aspect float64) layout {
	size = min(max(size, MinSize), MaxSize)
	if aspect <= 0 {
		aspect = 1
	}
	aspect = min(max(aspect, 0.5), 2)
	s := float64(size)
	h := math.Min(0.75*s, 0.88*s/aspect)
	w := h * aspect
	l := pictureLayout(size, int(w), int(h))
	ref := pictureLayout(size, int(0.75*s), int(0.75*s))
	bar := func(strip, refBar image.Rectangle) image.Rectangle {
		cy := (strip.Min.Y + strip.Max.Y) / 2
		h := refBar.Dy()
		return image.Rect(min(l.frameRect.Min.X, refBar.Min.X), cy-h/2, max(l.frameRect.Max.X, refBar.Max.X), cy-h/2+h)
	}
	l.topBar = bar(l.strips[0], ref.topBar)
	l.bottomBar = bar(l.strips[1], ref.bottomBar)
	return l
}

func defaultIcon(dc *gg.Context, side int, cx, cy, size float64) {
	fill, rim := rgb(0xf1ebdf), rgb(0x7c6c58)
	if side == 1 {
		fill, rim = rgb(0x2a2624), rgb(0xa8a094)
	}
	dc.DrawCircle(cx, cy, 0.36*size)
	dc.SetColor(fill)
	dc.FillPreserve()
	dc.SetColor(rim)
	dc.SetLineWidth(math.Max(1, 0.05*size))
	dc.Stroke()
}

func (d *specDrawer) newWorker() *specWorker {
	img := image.NewRGBA(image.Rect(0, 0, d.lay.size, d.lay.size))
	return &specWorker{
		canvas: Canvas{
			Img: img, DC: gg.NewContextForRGBA(img),
			Board: d.lay.boardRect, Frame: d.lay.frameRect,
			Theme: d.theme, Fonts: d.fonts,
			faces: map[faceKey]font.Face{}, capH: map[font.Face]float64{},
		},
		barFaces: d.newBarFaces(),
		pal:      image.NewPaletted(img.Rect, nil),
		png:      newPNGWriter(),
	}
}

// Draw implements Drawer.
func (d *specDrawer) Draw(f Frame) ([]byte, error) {
	w := d.pool.Get().(*specWorker)
	defer d.pool.Put(w)
	im, err := d.render(w, f)
	if err != nil {
		return nil, err
	}
	flip := 0
	if f.Flip {
		flip = 1
	}
	w.pal.Palette = d.quant.pal
	d.quant.applyChanged(w.pal, d.basePal[flip], im, d.base[flip])
	return w.png.encode(w.pal)
}

// render draws f into w's picture: the base, Paint's board, the bars.
func (d *specDrawer) render(w *specWorker, f Frame) (*image.RGBA, error) {
	if err := checkSides(f); err != nil {
		return nil, err
	}
	c := &w.canvas
	flip := 0
	if f.Flip {
		flip = 1
	}
	copy(c.Img.Pix, d.base[flip].Pix)
	c.DC.Identity()
	c.DC.ResetClip()
	c.DC.ClearPath()
	if err := d.spec.Paint(c, f); err != nil {
		return nil, err
	}
	c.DC.Identity()
	c.DC.ResetClip()
	c.DC.ClearPath()
	d.drawBars(c.Img, c.DC, &w.barFaces, f)
	return c.Img, nil
}
