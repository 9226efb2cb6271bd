package render

// gif.go makes a game's animation: every position drawn by its drawer, one
// palette for all, and each frame after the first only the rectangle that
// changed, so that a whole game stays small enough to share.

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"iter"
	"slices"
	"time"
)

// Animate draws frames with d and encodes them as an animated GIF that
// loops: each frame shows for delay, the last one (the result) for hold.
func Animate(d Drawer, frames []Frame, delay, hold time.Duration) ([]byte, error) {
	var buf bytes.Buffer
	if err := AnimateTo(&buf, d, slices.Values(frames), delay, hold); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// AnimateTo is Animate writing to w from frames as they come: one frame is
// drawn and written before the next is asked for, so that the memory an
// animation takes is that of a few pictures, whatever the game's length.
// The palette is the first picture's (the drawers' pictures share one);
// each later frame is the rectangle that changed, its unchanged pixels
// transparent.
func AnimateTo(w io.Writer, d Drawer, frames iter.Seq[Frame], delay, hold time.Duration) error {
	var (
		enc       *gifWriter
		remap     func(image.Image) *image.Paletted
		prev      *image.Paletted // the whole picture shown last
		pend      *image.Paletted // the frame not yet written: its delay may grow
		pendDelay int
		pendTrans = -1
		err       error
	)
	cs := centis(delay)
	for f := range frames {
		var b []byte
		if b, err = d.Draw(f); err != nil {
			break
		}
		var im image.Image
		if im, err = png.Decode(bytes.NewReader(b)); err != nil {
			break
		}
		if enc == nil {
			remap = paletteOf(im)
			p := remap(im)
			if enc, err = newGIFWriter(w, p.Rect, p.Palette); err != nil {
				break
			}
			prev, pend, pendDelay = p, p, cs
			continue
		}
		p := remap(im)
		if p.Rect != prev.Rect {
			err = badFrame("the pictures of an animation differ in size")
			break
		}
		r := changed(prev, p)
		if r.Empty() { // nothing moved: the frame before stays longer
			pendDelay += cs
			continue
		}
		enc.frame(pend, pendDelay, pendTrans)
		pend, pendTrans = changes(prev, p, r)
		pendDelay = cs
		prev = p
	}
	if err != nil {
		return err
	}
	if enc == nil {
		return errors.New("render: an animation needs a frame")
	}
	// The last frame holds for hold instead of delay.
	enc.frame(pend, max(pendDelay-cs+centis(hold), 1), pendTrans)
	return enc.close()
}

// changes is the rectangle r of p as a frame over prev: pixels that
// prev shows already are transparent, with an index r of p does not use
// (-1, and all of them drawn, when p uses all 256 there).
func changes(prev, p *image.Paletted, r image.Rectangle) (*image.Paletted, int) {
	out := image.NewPaletted(r, p.Palette)
	var used [256]bool
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := p.Pix[p.PixOffset(r.Min.X, y):p.PixOffset(r.Max.X, y)]
		copy(out.Pix[out.PixOffset(r.Min.X, y):], row)
		for _, c := range row {
			used[c] = true
		}
	}
	t := slices.Index(used[:], false)
	if t < 0 {
		return out, -1
	}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		was := prev.Pix[prev.PixOffset(r.Min.X, y):prev.PixOffset(r.Max.X, y)]
		row := out.Pix[out.PixOffset(r.Min.X, y):out.PixOffset(r.Max.X, y)]
		for x := range row {
			if row[x] == was[x] {
				row[x] = byte(t)
			}
		}
	}
	return out, t
}

// paletteOf returns how the pictures of an animation whose first is first
// get one palette: the first's own when it is paletted (the drawers'
// pictures are, all with the same palette; another palette is mapped to
// it colour by colour), else one chosen from the first picture.
func paletteOf(first image.Image) func(image.Image) *image.Paletted {
	if p, ok := first.(*image.Paletted); ok && len(p.Palette) <= 256 {
		pal := p.Palette
		return func(im image.Image) *image.Paletted {
			q, ok := im.(*image.Paletted)
			if ok && slices.Equal(q.Palette, pal) {
				return q
			}
			out := image.NewPaletted(im.Bounds(), pal)
			draw.Draw(out, out.Rect, im, im.Bounds().Min, draw.Src)
			return out
		}
	}
	q := newQuantizer([]*image.RGBA{toRGBA(first)}, color.RGBA{0, 0, 0, 255}, color.RGBA{255, 255, 255, 255})
	return func(im image.Image) *image.Paletted {
		p := image.NewPaletted(im.Bounds(), q.pal)
		q.apply(p, toRGBA(im))
		return p
	}
}

func toRGBA(im image.Image) *image.RGBA {
	if r, ok := im.(*image.RGBA); ok {
		return r
	}
	r := image.NewRGBA(im.Bounds())
	draw.Draw(r, r.Bounds(), im, im.Bounds().Min, draw.Src)
	return r
}

// centis is d in hundredths of a second (GIF's unit), at least 1.
func centis(d time.Duration) int { return max(int(d/(10*time.Millisecond)), 1) }

// changed is the smallest rectangle outside which a and b (same bounds)
// are equal; empty when they are equal.
func changed(a, b *image.Paletted) image.Rectangle {
	r := b.Bounds()
	minX, minY, maxX, maxY := r.Max.X, r.Max.Y, r.Min.X-1, r.Min.Y-1
	for y := r.Min.Y; y < r.Max.Y; y++ {
		ra := a.Pix[a.PixOffset(r.Min.X, y):a.PixOffset(r.Max.X, y)]
		rb := b.Pix[b.PixOffset(r.Min.X, y):b.PixOffset(r.Max.X, y)]
		if bytes.Equal(ra, rb) {
			continue
		}
		minY, maxY = min(minY, y), y
		lo := 0
		for lo < len(ra) && ra[lo] == rb[lo] {
			lo++
		}
		hi := len(ra) - 1
		for hi > lo && ra[hi] == rb[hi] {
			hi--
		}
		minX, maxX = min(minX, r.Min.X+lo), max(maxX, r.Min.X+hi)
	}
	if maxY < minY {
		return image.Rectangle{}
	}
	return image.Rect(minX, minY, maxX+1, maxY+1)
}
