package render

import "image"

// sprite is a pre-rendered picture with alpha (a piece, an icon), with the
// span of visible pixels of each row, for a faster blend than draw.Draw:
// pieces are drawn 30 times a frame and their corners are empty.
type sprite struct {
	im    *image.RGBA
	spans [][2]int // per row: first and past-last x with alpha > 0
}

func newSprite(im *image.RGBA) *sprite {
	s := &sprite{im: im, spans: make([][2]int, im.Rect.Dy())}
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
func (s *sprite) drawOver(dst *image.RGBA, p image.Point) {
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
