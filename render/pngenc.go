package render

// pngenc.go writes the boards' PNGs. Every board is a paletted picture,
// and image/png spends most of a board's drawing time in compress/flate
// (about 0.8 of 1.2 ms a dama board in the load test's profile): the
// paletted case is written here with klauspost/compress's zlib, four times
// faster at its fastest level and a little smaller. Other pictures go
// through image/png.

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/png"

	"github.com/klauspost/compress/zlib"
)

// pngWriter encodes pictures with reused buffers; one per goroutine.
type pngWriter struct {
	enc   png.Encoder // for pictures that are not paletted
	ebuf  *png.EncoderBuffer
	z     *zlib.Writer
	idat  bytes.Buffer // the compressed rows
	row   []byte       // a filter byte and a row
	chunk []byte       // PLTE and tRNS data
	out   bytes.Buffer
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
	p, ok := im.(*image.Paletted)
	if !ok || len(p.Palette) == 0 || len(p.Palette) > 256 || p.Rect.Empty() {
		if err := w.enc.Encode(&w.out, im); err != nil {
			return nil, err
		}
		return bytes.Clone(w.out.Bytes()), nil
	}
	if err := w.paletted(p); err != nil {
		return nil, err
	}
	return bytes.Clone(w.out.Bytes()), nil
}

// pngSignature opens every PNG file.
const pngSignature = "\x89PNG\r\n\x1a\n"

// paletted writes p as an 8-bit palette PNG (colour type 3), each row
// unfiltered (filters do not pay on palette indices), into w.out.
func (w *pngWriter) paletted(p *image.Paletted) error {
	dx, dy := p.Rect.Dx(), p.Rect.Dy()
	w.out.WriteString(pngSignature)
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(dx))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(dy))
	ihdr[8], ihdr[9] = 8, 3 // bit depth, colour type; compression, filter, interlace 0
	w.writeChunk("IHDR", ihdr[:])

	w.chunk = w.chunk[:0]
	opaque := len(p.Palette) // alpha entries up to the last translucent one
	for i, c := range p.Palette {
		r, g, b, a := c.RGBA()
		if a != 0xffff {
			opaque = i
		}
		// PNG's palette is not premultiplied.
		if a != 0 && a != 0xffff {
			r, g, b = r*0xffff/a, g*0xffff/a, b*0xffff/a
		}
		w.chunk = append(w.chunk, byte(r>>8), byte(g>>8), byte(b>>8))
	}
	w.writeChunk("PLTE", w.chunk)
	if opaque < len(p.Palette) {
		w.chunk = w.chunk[:0]
		for _, c := range p.Palette {
			_, _, _, a := c.RGBA()
			w.chunk = append(w.chunk, byte(a>>8))
		}
		// Trailing opaque entries may be left out.
		last := len(w.chunk)
		for last > 0 && w.chunk[last-1] == 0xff {
			last--
		}
		w.writeChunk("tRNS", w.chunk[:last])
	}

	w.idat.Reset()
	if w.z == nil {
		z, err := zlib.NewWriterLevel(&w.idat, zlib.BestSpeed)
		if err != nil {
			return err
		}
		w.z = z
	} else {
		w.z.Reset(&w.idat)
	}
	if cap(w.row) < 1+dx {
		w.row = make([]byte, 1+dx)
	}
	row := w.row[:1+dx]
	row[0] = 0 // filter type None
	for y := range dy {
		i := p.PixOffset(p.Rect.Min.X, p.Rect.Min.Y+y)
		copy(row[1:], p.Pix[i:i+dx]) // the quantizer writes indices of the palette only
		if _, err := w.z.Write(row); err != nil {
			return err
		}
	}
	if err := w.z.Close(); err != nil {
		return err
	}
	w.writeChunk("IDAT", w.idat.Bytes())
	w.writeChunk("IEND", nil)
	return nil
}

// writeChunk appends one chunk: length, type, data, CRC of type and data.
func (w *pngWriter) writeChunk(typ string, data []byte) {
	var b [8]byte
	binary.BigEndian.PutUint32(b[:4], uint32(len(data)))
	copy(b[4:], typ)
	w.out.Write(b[:])
	w.out.Write(data)
	crc := crc32.Update(crc32.ChecksumIEEE(b[4:8]), crc32.IEEETable, data)
	binary.BigEndian.PutUint32(b[:4], crc)
	w.out.Write(b[:4])
}
