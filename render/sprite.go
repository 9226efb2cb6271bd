package render

import (
	"image"
	"math"

	"github.com/fogleman/gg"
)

// Sprite is a pre-rendered picture with alpha (a piece, a stone, a die
// face), with the span of visible pixels of each row, for a much faster
// blend than drawing it again: a board draws its pieces dozens of times a
// frame, and anti-aliased vector drawing of each costs more than the rest
// of the picture. Build sprites once, with the drawer (BoardArea says what
// size the board will be); a Sprite is read-only and safe to share.
type Sprite struct {
	im    *image.RGBA
	spans [][2]int // per row: first and past-last x with alpha > 0
}

// NewSprite renders a w×h sprite: draw paints on a transparent picture of
// that size with gg ((0, 0) its top-left corner).
func NewSprite(w, h int, draw func(dc *gg.Context)) *Sprite {
	im := image.NewRGBA(image.Rect(0, 0, max(w, 1), max(h, 1)))
	draw(gg.NewContextForRGBA(im))
	return newSprite(im)
}

// Size is the sprite's width and height in pixels.
func (s *Sprite) Size() image.Point { return s.im.Rect.Size() }

// DrawCentred blends the sprite over dst centred on (cx, cy), rounded to
// whole pixels so that it looks the same wherever it is drawn.
func (s *Sprite) DrawCentred(dst *image.RGBA, cx, cy float64) {
	sz := s.Size()
	s.drawOver(dst, image.Pt(int(math.Round(cx-float64(sz.X)/2)), int(math.Round(cy-float64(sz.Y)/2))))
}

// Draw blends the sprite over dst with its top-left corner at p; parts
// outside dst are clipped.
func (s *Sprite) Draw(dst *image.RGBA, p image.Point) { s.drawOver(dst, p) }

func newSprite(im *image.RGBA) *Sprite {
	s := &Sprite{im: im, spans: make([][2]int, im.Rect.Dy())}
	for y := range s.spans {
		lo, hi := im.Rect.Dx(), 0
		row := im.Pix[y*im.Stride:]
		for x := 0; x < im.Rect.Dx(); x++ {
			if row[4*x+3] != 0 {
				lo = min(lo, x)
				hi = x + 1
			}
		}
		if hi <= lo {
			lo, hi = 0, 0
		}
		s.spans[y] = [2]int{lo, hi}
	}
	return s
}

// drawOver blends the sprite (premultiplied alpha) over dst with its
// top-left corner at p; parts outside dst are clipped.
func (s *Sprite) drawOver(dst *image.RGBA, p image.Point) {
	w, h := s.im.Rect.Dx(), s.im.Rect.Dy()
	for y := 0; y < h; y++ {
		dy := p.Y + y
		if dy < dst.Rect.Min.Y || dy >= dst.Rect.Max.Y {
			continue
		}
		lo, hi := s.spans[y][0], s.spans[y][1]
		lo = max(lo, dst.Rect.Min.X-p.X)
		hi = min(hi, dst.Rect.Max.X-p.X, w)
		if lo >= hi {
			continue
		}
		src := s.im.Pix[y*s.im.Stride+4*lo : y*s.im.Stride+4*hi]
		d := dst.Pix[dst.PixOffset(p.X+lo, dy):dst.PixOffset(p.X+hi, dy)]
		for i := 0; i+3 < len(src) && i+3 < len(d); i += 4 {
			switch a := src[i+3]; a {
			case 0:
			case 255:
				d[i], d[i+1], d[i+2], d[i+3] = src[i], src[i+1], src[i+2], 255
			default:
				ia := uint32(255 - a)
				d[i] = src[i] + uint8((uint32(d[i])*ia+127)/255)
				d[i+1] = src[i+1] + uint8((uint32(d[i+1])*ia+127)/255)
				d[i+2] = src[i+2] + uint8((uint32(d[i+2])*ia+127)/255)
				d[i+3] = a + uint8((uint32(d[i+3])*ia+127)/255)
			}
		}
	}
}
