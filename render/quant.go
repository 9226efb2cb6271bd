package render

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"sort"
)

// A true-colour 512 px PNG takes ~9 ms to encode even at BestSpeed (the
// encoder filters every row of 1.5 MB); the same picture as 8-bit paletted
// takes well under 1 ms. Our pictures use few colours (flat fills plus their
// anti-aliased edges), so a palette chosen once from sample renders, and a
// lookup table from 15-bit colour to palette index, convert a frame in one
// cheap pass without visible loss.

const (
	quantBits  = 5
	quantCells = 1 << (3 * quantBits)
	quantMask  = quantCells - 1
)

func quantKey(r, g, b uint8) int {
	return int(r>>(8-quantBits))<<(2*quantBits) | int(g>>(8-quantBits))<<quantBits | int(b>>(8-quantBits))
}

type cellStat struct {
	n       uint64
	r, g, b uint64
}

func countRow(stats []cellStat, p []uint8) {
	for i := 0; i+3 < len(p); i += 4 {
		s := &stats[quantKey(p[i], p[i+1], p[i+2])]
		s.n++
		s.r += uint64(p[i])
		s.g += uint64(p[i+1])
		s.b += uint64(p[i+2])
	}
}

// quantizer maps opaque RGBA pictures to a fixed palette. Read-only after
// newQuantizer, so safe to share.
type quantizer struct {
	pal color.Palette
	lut *[quantCells]uint8
}

// newQuantizer picks up to 256 colours from the sample pictures (the most
// used 15-bit cells, each represented by the mean colour of its pixels, so
// flat fills keep their exact colour) and fills the lookup table with the
// nearest palette entry of every other cell. must colours are always kept.
func newQuantizer(samples []*image.RGBA, must ...color.RGBA) *quantizer {
	stats := make([]cellStat, quantCells)
	for _, im := range samples {
		for y := im.Rect.Min.Y; y < im.Rect.Max.Y; y++ {
			countRow(stats, im.Pix[im.PixOffset(im.Rect.Min.X, y):im.PixOffset(im.Rect.Max.X, y)])
		}
	}
	mean := func(k int) color.RGBA {
		s := stats[k]
		if s.n == 0 {
			// Cell centre.
			const h = 1 << (7 - quantBits)
			return color.RGBA{
				uint8(k>>(2*quantBits))<<(8-quantBits) | h,
				uint8(k>>quantBits&(1<<quantBits-1))<<(8-quantBits) | h,
				uint8(k&(1<<quantBits-1))<<(8-quantBits) | h,
				0xff,
			}
		}
		return color.RGBA{uint8(s.r / s.n), uint8(s.g / s.n), uint8(s.b / s.n), 0xff}
	}

	q := &quantizer{lut: new([quantCells]uint8)}
	owner := make([]int, quantCells) // palette index + 1 of cells that own an entry
	add := func(k int, c color.RGBA) {
		if owner[k] != 0 || len(q.pal) == 256 {
			return
		}
		q.pal = append(q.pal, c)
		owner[k] = len(q.pal)
	}
	for _, c := range must {
		add(quantKey(c.R, c.G, c.B), c)
	}
	var used []int
	for k := range stats {
		if stats[k].n > 0 {
			used = append(used, k)
		}
	}
	sort.Slice(used, func(i, j int) bool {
		if stats[used[i]].n != stats[used[j]].n {
			return stats[used[i]].n > stats[used[j]].n
		}
		return used[i] < used[j]
	})
	for _, k := range used {
		add(k, mean(k))
	}
	if len(q.pal) == 0 {
		q.pal = append(q.pal, color.RGBA{0, 0, 0, 0xff})
	}

	// Nearest entry for every other cell. The palette is sorted by green
	// (the heaviest weight) so the search can start at the cell's green and
	// stop once green alone is farther than the best match.
	type entry struct{ r, g, b, i int }
	byG := make([]entry, len(q.pal))
	for i, c := range q.pal {
		cc := c.(color.RGBA)
		byG[i] = entry{int(cc.R), int(cc.G), int(cc.B), i}
	}
	sort.Slice(byG, func(i, j int) bool { return byG[i].g < byG[j].g })
	for k := 0; k < quantCells; k++ {
		if owner[k] != 0 {
			q.lut[k] = uint8(owner[k] - 1)
			continue
		}
		c := mean(k)
		r, g, b := int(c.R), int(c.G), int(c.B)
		start := sort.Search(len(byG), func(i int) bool { return byG[i].g >= g })
		best, bestD := 0, 1<<30
		try := func(e entry) {
			// Weighted like the eye: green matters most, blue least.
			dr, dg, db := r-e.r, g-e.g, b-e.b
			if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bestD || d == bestD && e.i < best {
				best, bestD = e.i, d
			}
		}
		for lo, hi := start-1, start; lo >= 0 || hi < len(byG); {
			progressed := false
			if hi < len(byG) {
				if dg := byG[hi].g - g; 4*dg*dg <= bestD {
					try(byG[hi])
					hi++
					progressed = true
				} else {
					hi = len(byG)
				}
			}
			if lo >= 0 {
				if dg := g - byG[lo].g; 4*dg*dg <= bestD {
					try(byG[lo])
					lo--
					progressed = true
				} else {
					lo = -1
				}
			}
			if !progressed {
				break
			}
		}
		q.lut[k] = uint8(best)
	}
	return q
}

// apply writes src (same bounds as dst, opaque) into dst as palette indices.
func (q *quantizer) apply(dst *image.Paletted, src *image.RGBA) {
	lut := q.lut
	s, d := src.Pix, dst.Pix
	if len(s) < 4*len(d) {
		return
	}
	for j := range d {
		i := 4 * j
		d[j] = lut[quantKey(s[i], s[i+1], s[i+2])&quantMask]
	}
}

// pngWriter encodes paletted pictures with a reused buffer; one per
// goroutine.
type pngWriter struct {
	enc  png.Encoder
	ebuf *png.EncoderBuffer
	out  bytes.Buffer
}

func newPNGWriter() *pngWriter {
	w := &pngWriter{}
	w.enc = png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: w}
	return w
}

// Get implements png.EncoderBufferPool for the writer's own encoder.
func (w *pngWriter) Get() *png.EncoderBuffer { return w.ebuf }

// Put implements png.EncoderBufferPool for the writer's own encoder.
func (w *pngWriter) Put(b *png.EncoderBuffer) { w.ebuf = b }

// encode returns a fresh copy of the PNG of im.
func (w *pngWriter) encode(im image.Image) ([]byte, error) {
	w.out.Reset()
	if err := w.enc.Encode(&w.out, im); err != nil {
		return nil, err
	}
	return bytes.Clone(w.out.Bytes()), nil
}

// applyRect is apply restricted to r (within both pictures' bounds).
func (q *quantizer) applyRect(dst *image.Paletted, src *image.RGBA, r image.Rectangle) {
	r = r.Intersect(dst.Rect).Intersect(src.Rect)
	lut := q.lut
	for y := r.Min.Y; y < r.Max.Y; y++ {
		s := src.Pix[src.PixOffset(r.Min.X, y):src.PixOffset(r.Max.X, y)]
		d := dst.Pix[dst.PixOffset(r.Min.X, y):dst.PixOffset(r.Max.X, y)]
		// Runs of one colour are the common case: look up each run once.
		var prev uint32
		var idx uint8
		for j := range d {
			if 4*j+3 >= len(s) {
				break
			}
			v := binary.LittleEndian.Uint32(s[4*j:])
			if v != prev || j == 0 {
				prev = v
				idx = lut[(v>>3&0x1f)<<10|(v>>11&0x1f)<<5|(v>>19&0x1f)]
			}
			d[j] = idx
		}
	}
}
