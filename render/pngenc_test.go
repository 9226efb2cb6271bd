package render

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math/rand/v2"
	"testing"
)

// TestPNGWriterMatchesImagePNG: a paletted picture written by pngWriter
// decodes to the same colours, pixel for pixel, as image/png's encoding of
// it: opaque and translucent palettes, one to 256 colours, a rectangle
// not at the origin, and a picture that is not paletted (image/png's path).
func TestPNGWriterMatchesImagePNG(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	w := newPNGWriter()
	for _, tc := range []struct {
		name   string
		colors int
		alpha  bool
		rect   image.Rectangle
	}{
		{"opaque 2", 2, false, image.Rect(0, 0, 7, 5)},
		{"opaque 256", 256, false, image.Rect(0, 0, 64, 48)},
		{"translucent 16", 16, true, image.Rect(0, 0, 33, 9)},
		{"translucent 256", 256, true, image.Rect(0, 0, 40, 40)},
		{"offset", 5, false, image.Rect(10, 20, 31, 29)},
		{"one pixel", 1, false, image.Rect(0, 0, 1, 1)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pal := make(color.Palette, tc.colors)
			for i := range pal {
				a := uint8(0xff)
				if tc.alpha && i%3 == 0 {
					a = uint8(rng.IntN(256))
				}
				// Premultiplied, as color.RGBA must be.
				c := func() uint8 { return uint8(rng.IntN(int(a) + 1)) }
				pal[i] = color.RGBA{c(), c(), c(), a}
			}
			im := image.NewPaletted(tc.rect, pal)
			for i := range im.Pix {
				im.Pix[i] = uint8(rng.IntN(len(pal)))
			}
			sameAsImagePNG(t, w, im)
		})
	}
	t.Run("not paletted", func(t *testing.T) {
		im := image.NewRGBA(image.Rect(0, 0, 9, 9))
		for i := range im.Pix {
			im.Pix[i] = uint8(rng.IntN(256)) | 0x80
		}
		sameAsImagePNG(t, w, im)
	})
}

// sameAsImagePNG fails unless w's PNG of im decodes to the same colours as
// image/png's.
func sameAsImagePNG(t *testing.T, w *pngWriter, im image.Image) {
	t.Helper()
	ours, err := w.encode(im)
	if err != nil {
		t.Fatal(err)
	}
	var std bytes.Buffer
	if err := png.Encode(&std, im); err != nil {
		t.Fatal(err)
	}
	samePixels(t, ours, std.Bytes())
}

// samePixels fails unless PNGs a and b decode to the same colours.
func samePixels(t *testing.T, a, b []byte) {
	t.Helper()
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatalf("ours does not decode: %v", err)
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if ia.Bounds().Size() != ib.Bounds().Size() {
		t.Fatalf("size %v, want %v", ia.Bounds().Size(), ib.Bounds().Size())
	}
	ra, rb := ia.Bounds(), ib.Bounds()
	for y := 0; y < ra.Dy(); y++ {
		for x := 0; x < ra.Dx(); x++ {
			r1, g1, b1, a1 := ia.At(ra.Min.X+x, ra.Min.Y+y).RGBA()
			r2, g2, b2, a2 := ib.At(rb.Min.X+x, rb.Min.Y+y).RGBA()
			if r1 != r2 || g1 != g2 || b1 != b2 || a1 != a2 {
				t.Fatalf("pixel (%d,%d): %v, want %v", x, y, [4]uint32{r1, g1, b1, a1}, [4]uint32{r2, g2, b2, a2})
			}
		}
	}
}
