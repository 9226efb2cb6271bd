package render

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
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
	pb := newPaletteBuilder(samples, must...)
	q := &quantizer{pal: pb.pal, lut: new([quantCells]uint8)}
	for k := range q.lut {
		q.lut[k] = pb.nearest(k)
	}
	return q
}

// paletteBuilder chooses a palette and finds the entry for any cell.
type paletteBuilder struct {
	stats   []cellStat
	owner   []int // palette index + 1 of the cells that own an entry
	pal     color.Palette
	byG     []paletteEntry // the palette sorted by green
	startOf [256]int       // first index in byG with green >= g
}

type paletteEntry struct{ r, g, b, i int }

func newPaletteBuilder(samples []*image.RGBA, must ...color.RGBA) *paletteBuilder {
	pb := &paletteBuilder{stats: make([]cellStat, quantCells), owner: make([]int, quantCells)}
	for _, im := range samples {
		for y := im.Rect.Min.Y; y < im.Rect.Max.Y; y++ {
			countRow(pb.stats, im.Pix[im.PixOffset(im.Rect.Min.X, y):im.PixOffset(im.Rect.Max.X, y)])
		}
	}
	add := func(k int, c color.RGBA) {
		if pb.owner[k] != 0 || len(pb.pal) == 256 {
			return
		}
		pb.pal = append(pb.pal, c)
		pb.owner[k] = len(pb.pal)
	}
	for _, c := range must {
		add(quantKey(c.R, c.G, c.B), c)
	}
	var used []int
	for k := range pb.stats {
		if pb.stats[k].n > 0 {
			used = append(used, k)
		}
	}
	sort.Slice(used, func(i, j int) bool {
		if pb.stats[used[i]].n != pb.stats[used[j]].n {
			return pb.stats[used[i]].n > pb.stats[used[j]].n
		}
		return used[i] < used[j]
	})
	for _, k := range used {
		add(k, pb.mean(k))
	}
	if len(pb.pal) == 0 {
		pb.pal = append(pb.pal, color.RGBA{0, 0, 0, 0xff})
	}
	// Sorted by green (the heaviest weight), the search can start at the
	// cell's green and stop once green alone is farther than the best match.
	pb.byG = make([]paletteEntry, len(pb.pal))
	for i, c := range pb.pal {
		cc := c.(color.RGBA)
		pb.byG[i] = paletteEntry{int(cc.R), int(cc.G), int(cc.B), i}
	}
	sort.Slice(pb.byG, func(i, j int) bool { return pb.byG[i].g < pb.byG[j].g })
	for g := range pb.startOf {
		pb.startOf[g] = sort.Search(len(pb.byG), func(i int) bool { return pb.byG[i].g >= g })
	}
	return pb
}

// mean is the mean colour of the sample pixels in cell k, or its centre.
func (pb *paletteBuilder) mean(k int) color.RGBA {
	s := pb.stats[k]
	if s.n == 0 {
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

// nearest is the palette index for cell k: its own entry, or the entry
// nearest its mean colour, weighted like the eye (green matters most, blue
// least); ties go to the lower index.
func (pb *paletteBuilder) nearest(k int) uint8 {
	if pb.owner[k] != 0 {
		return uint8(pb.owner[k] - 1)
	}
	c := pb.mean(k)
	r, g, b := int(c.R), int(c.G), int(c.B)
	byG := pb.byG
	best, bestD := 0, 1<<30
	lo, hi := pb.startOf[g]-1, pb.startOf[g]
	for lo >= 0 || hi < len(byG) {
		if hi < len(byG) {
			e := byG[hi]
			if dg := e.g - g; 4*dg*dg > bestD {
				hi = len(byG)
			} else {
				dr, db := r-e.r, b-e.b
				if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bestD || d == bestD && e.i < best {
					best, bestD = e.i, d
				}
				hi++
			}
		}
		if lo >= 0 {
			e := byG[lo]
			if dg := g - e.g; 4*dg*dg > bestD {
				lo = -1
			} else {
				dr, db := r-e.r, b-e.b
				if d := 3*dr*dr + 4*dg*dg + 2*db*db; d < bestD || d == bestD && e.i < best {
					best, bestD = e.i, d
				}
				lo--
			}
		}
	}
	return uint8(best)
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

// applyRect is apply restricted to r (within both pictures' bounds).
func (q *quantizer) applyRect(dst *image.Paletted, src *image.RGBA, r image.Rectangle) {
	r = r.Intersect(dst.Rect).Intersect(src.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		q.mapPixels(dst.Pix[dst.PixOffset(r.Min.X, y):dst.PixOffset(r.Max.X, y)], src.Pix[src.PixOffset(r.Min.X, y):src.PixOffset(r.Max.X, y)])
	}
}

// mapPixels writes the palette indices of the RGBA pixels s into d.
func (q *quantizer) mapPixels(d, s []uint8) {
	lut := q.lut
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

// chunkPx is the width of the pieces applyChanged compares: narrow enough
// that a stone or a die leaves most of its row's pieces unchanged, wide
// enough that comparing costs little.
const chunkPx = 32

// applyChanged maps src (same bounds as all the others) into dst, knowing
// that basePal is base mapped already: a piece of a row that src has
// unchanged from base is copied from basePal instead of being looked up.
// Comparing memory is several times faster than mapping it, and most of a
// board picture is its unchanged base.
func (q *quantizer) applyChanged(dst, basePal *image.Paletted, src, base *image.RGBA) {
	r := src.Rect
	for y := r.Min.Y; y < r.Max.Y; y++ {
		s := src.Pix[src.PixOffset(r.Min.X, y):src.PixOffset(r.Max.X, y)]
		b := base.Pix[base.PixOffset(r.Min.X, y):base.PixOffset(r.Max.X, y)]
		d := dst.Pix[dst.PixOffset(r.Min.X, y):dst.PixOffset(r.Max.X, y)]
		bp := basePal.Pix[basePal.PixOffset(r.Min.X, y):basePal.PixOffset(r.Max.X, y)]
		for x := 0; x < len(d); x += chunkPx {
			e := min(x+chunkPx, len(d))
			if bytes.Equal(s[4*x:4*e], b[4*x:4*e]) {
				copy(d[x:e], bp[x:e])
			} else {
				q.mapPixels(d[x:e], s[4*x:4*e])
			}
		}
	}
}
