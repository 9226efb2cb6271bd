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
	"image/gif"
	"image/png"
	"slices"
	"time"
)

// Animate draws frames with d and encodes them as an animated GIF that
// loops: each frame shows for delay, the last one (the result) for hold.
func Animate(d Drawer, frames []Frame, delay, hold time.Duration) ([]byte, error) {
	if len(frames) == 0 {
		return nil, errors.New("render: an animation needs a frame")
	}
	imgs := make([]image.Image, len(frames))
	for i, f := range frames {
		b, err := d.Draw(f)
		if err != nil {
			return nil, err
		}
		if imgs[i], err = png.Decode(bytes.NewReader(b)); err != nil {
			return nil, err
		}
	}
	pals := toPaletted(imgs)
	out := &gif.GIF{LoopCount: 0}
	var prev *image.Paletted
	for i, p := range pals {
		cs := centis(delay)
		if i == len(pals)-1 {
			cs = centis(hold)
		}
		if prev != nil {
			r := changed(prev, p)
			if r.Empty() { // nothing moved: the previous frame stays longer
				out.Delay[len(out.Delay)-1] += cs
				continue
			}
			p2 := p.SubImage(r).(*image.Paletted)
			out.Image = append(out.Image, p2)
		} else {
			out.Image = append(out.Image, p)
		}
		out.Delay = append(out.Delay, cs)
		out.Disposal = append(out.Disposal, gif.DisposalNone)
		prev = p
	}
	var buf bytes.Buffer
	if err := gif.EncodeAll(&buf, out); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// centis is d in hundredths of a second (GIF's unit), at least 1.
func centis(d time.Duration) int { return max(int(d/(10*time.Millisecond)), 1) }

// toPaletted gives every picture one palette: the drawer's own when they
// all come paletted with the same colours (the grid drawers' PNGs), else
// one chosen from the first, middle and last pictures.
func toPaletted(imgs []image.Image) []*image.Paletted {
	out := make([]*image.Paletted, len(imgs))
	first, ok := imgs[0].(*image.Paletted)
	same := ok && len(first.Palette) <= 256
	for i, im := range imgs {
		p, ok := im.(*image.Paletted)
		if !same || !ok || !slices.Equal(p.Palette, first.Palette) || p.Bounds() != first.Bounds() {
			same = false
			break
		}
		out[i] = p
	}
	if same {
		return out
	}
	rgba := func(im image.Image) *image.RGBA {
		if r, ok := im.(*image.RGBA); ok {
			return r
		}
		r := image.NewRGBA(im.Bounds())
		draw.Draw(r, r.Bounds(), im, im.Bounds().Min, draw.Src)
		return r
	}
	samples := []*image.RGBA{rgba(imgs[0]), rgba(imgs[len(imgs)/2]), rgba(imgs[len(imgs)-1])}
	q := newQuantizer(samples, color.RGBA{0, 0, 0, 255}, color.RGBA{255, 255, 255, 255})
	for i, im := range imgs {
		p := image.NewPaletted(im.Bounds(), q.pal)
		q.apply(p, rgba(im))
		out[i] = p
	}
	return out
}

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
