package render

// gifenc.go writes an animated GIF one frame at a time (image/gif's
// EncodeAll wants every frame in memory at once): the header, one global
// palette and the loop, then each frame as it comes, so that an animation
// of any length takes the memory of a few frames.

import (
	"bufio"
	"compress/lzw"
	"errors"
	"image"
	"image/color"
	"io"
)

// gifWriter writes a looping GIF89a frame by frame. Its first error
// sticks: later calls do nothing and close returns it.
type gifWriter struct {
	w     *bufio.Writer
	depth int // bits per pixel of the palette (2..8)
	err   error
}

// newGIFWriter writes the header of a looping animation of bounds' size
// with global palette pal (at most 256 colours).
func newGIFWriter(w io.Writer, bounds image.Rectangle, pal color.Palette) (*gifWriter, error) {
	if len(pal) == 0 || len(pal) > 256 {
		return nil, errors.New("render: a GIF palette has 1 to 256 colours")
	}
	if bounds.Dx() > 0xffff || bounds.Dy() > 0xffff {
		return nil, errors.New("render: picture too large for a GIF")
	}
	g := &gifWriter{w: bufio.NewWriter(w), depth: 2}
	for 1<<g.depth < len(pal) {
		g.depth++
	}
	g.write([]byte("GIF89a"))
	g.u16(bounds.Dx())
	g.u16(bounds.Dy())
	// A global colour table of 2^depth entries, 8 bits a primary.
	g.write([]byte{0x80 | 0x70 | byte(g.depth-1), 0, 0})
	table := make([]byte, 3<<g.depth)
	for i, c := range pal {
		r, gr, b, _ := c.RGBA()
		table[3*i], table[3*i+1], table[3*i+2] = byte(r>>8), byte(gr>>8), byte(b>>8)
	}
	g.write(table)
	// NETSCAPE2.0: loop for ever.
	g.write([]byte{0x21, 0xff, 11})
	g.write([]byte("NETSCAPE2.0"))
	g.write([]byte{3, 1, 0, 0, 0})
	return g, g.err
}

func (g *gifWriter) write(b []byte) {
	if g.err == nil {
		_, g.err = g.w.Write(b)
	}
}

func (g *gifWriter) u16(v int) { g.write([]byte{byte(v), byte(v >> 8)}) }

// frame writes p (whose Rect is where it goes on the screen, within the
// bounds) to show for delay hundredths of a second over what is already
// shown; pixels of index transparent (-1: none) leave it showing.
func (g *gifWriter) frame(p *image.Paletted, delay, transparent int) {
	r := p.Rect
	flags := byte(1 << 2) // disposal: leave the frame in place
	tIndex := byte(0)
	if transparent >= 0 {
		flags |= 1
		tIndex = byte(transparent)
	}
	g.write([]byte{0x21, 0xf9, 4, flags})
	g.u16(delay)
	g.write([]byte{tIndex, 0})
	g.write([]byte{0x2c})
	g.u16(r.Min.X)
	g.u16(r.Min.Y)
	g.u16(r.Dx())
	g.u16(r.Dy())
	g.write([]byte{0, byte(g.depth)}) // no local table; the LZW code size
	if g.err != nil {
		return
	}
	bw := &blockWriter{w: g.w}
	lw := lzw.NewWriter(bw, lzw.LSB, g.depth)
	for y := r.Min.Y; y < r.Max.Y && g.err == nil; y++ {
		_, g.err = lw.Write(p.Pix[p.PixOffset(r.Min.X, y):p.PixOffset(r.Max.X, y)])
	}
	if err := lw.Close(); g.err == nil {
		g.err = err
	}
	if err := bw.close(); g.err == nil {
		g.err = err
	}
}

// close writes the trailer and flushes.
func (g *gifWriter) close() error {
	g.write([]byte{0x3b})
	if g.err == nil {
		g.err = g.w.Flush()
	}
	return g.err
}

// blockWriter cuts the LZW stream into GIF's data sub-blocks of at most
// 255 bytes, each after its length, ended by an empty one.
type blockWriter struct {
	w   io.Writer
	buf [256]byte
	n   int
}

func (b *blockWriter) Write(p []byte) (int, error) {
	total := len(p)
	for len(p) > 0 {
		k := copy(b.buf[1+b.n:], p)
		b.n += k
		p = p[k:]
		if b.n == 255 {
			if err := b.flush(); err != nil {
				return total - len(p), err
			}
		}
	}
	return total, nil
}

func (b *blockWriter) flush() error {
	if b.n == 0 {
		return nil
	}
	b.buf[0] = byte(b.n)
	_, err := b.w.Write(b.buf[:1+b.n])
	b.n = 0
	return err
}

func (b *blockWriter) close() error {
	if err := b.flush(); err != nil {
		return err
	}
	_, err := b.w.Write([]byte{0})
	return err
}
