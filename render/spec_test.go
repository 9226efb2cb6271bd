package render

import (
	"image"
	"image/color"
	"math"
	"testing"
)

// TestSpecLayout checks that a board of any aspect fits the picture inside
// its frame, between bars of the same height as around a square board.
func TestSpecLayout(t *testing.T) {
	for _, size := range []int{MinSize, 512, 1000} {
		square := pictureLayout(size, int(0.75*float64(size)), int(0.75*float64(size)))
		for _, aspect := range []float64{0, 1, 1.3, 0.6, 2, 5} {
			l := specLayout(size, aspect)
			pic := image.Rect(0, 0, size, size)
			if !l.boardRect.In(l.frameRect) || !l.frameRect.In(pic) {
				t.Errorf("size %d aspect %v: board %v, frame %v, picture %v", size, aspect, l.boardRect, l.frameRect, pic)
			}
			want := min(max(aspect, 0.5), 2)
			if aspect == 0 {
				want = 1
			}
			if got := float64(l.boardRect.Dx()) / float64(l.boardRect.Dy()); math.Abs(got-want) > 0.02 {
				t.Errorf("size %d aspect %v: board %v has aspect %.3f, want %.3f", size, aspect, l.boardRect, got, want)
			}
			for i, bar := range []image.Rectangle{l.topBar, l.bottomBar} {
				if bar.Dy() != square.topBar.Dy() || bar.Dx() < square.topBar.Dx() {
					t.Errorf("size %d aspect %v: bar %d is %v, want %d high and at least %d wide", size, aspect, i, bar, square.topBar.Dy(), square.topBar.Dx())
				}
				if !bar.In(l.strips[i]) || bar.Overlaps(l.frameRect) {
					t.Errorf("size %d aspect %v: bar %d %v not in its strip %v, clear of the frame %v", size, aspect, i, bar, l.strips[i], l.frameRect)
				}
			}
		}
	}
}

// TestFitFace checks that text is shrunk to the width asked for, never
// grown, and stops at the smallest size.
func TestFitFace(t *testing.T) {
	d := &specDrawer{chrome: chrome{lay: specLayout(512, 1), theme: DefaultTheme()}}
	var err error
	if d.fonts, err = LoadFonts(); err != nil {
		t.Fatal(err)
	}
	c := &d.newWorker().canvas
	for _, tc := range []struct {
		s           string
		px, minPx   float64
		maxW        float64
		wantFits    bool
		wantShrunk  bool
		wantAtFloor bool
	}{
		{"7", 30, 6, 100, true, false, false},
		{"1234567", 30, 6, 40, true, true, false},
		{"İşlem 12345678901234567890", 30, 10, 20, false, true, true},
	} {
		f := c.FitFace(true, tc.px, tc.minPx, tc.maxW, tc.s)
		w := TextWidth(f, tc.s)
		if fits := w <= tc.maxW; fits != tc.wantFits {
			t.Errorf("%q in %v px: width %.1f, fits %v, want %v", tc.s, tc.maxW, w, fits, tc.wantFits)
		}
		full := TextWidth(c.Face(true, tc.px), tc.s)
		if shrunk := w < full; shrunk != tc.wantShrunk {
			t.Errorf("%q: width %.1f of %.1f at full size: shrunk %v, want %v", tc.s, w, full, shrunk, tc.wantShrunk)
		}
		if floor := f == c.Face(true, tc.minPx); floor != tc.wantAtFloor {
			t.Errorf("%q: at the smallest size %v, want %v", tc.s, floor, tc.wantAtFloor)
		}
		if tc.wantFits && tc.wantShrunk {
			// The largest that fits: one pixel more does not.
			for px := tc.minPx; px <= tc.px; px++ {
				if g := c.Face(true, px); g == f && TextWidth(c.Face(true, px+1), tc.s) <= tc.maxW {
					t.Errorf("%q: %v px chosen, but %v px fits too", tc.s, px, px+1)
				}
			}
		}
	}
	if len(c.faces) > maxFaces {
		t.Errorf("%d faces cached, at most %d", len(c.faces), maxFaces)
	}
}

// TestApplyChangedMatchesApply checks the shortcut of mapping only what
// differs from the base: the picture must be the one mapping every pixel
// gives, including changes at a chunk's edges and a picture's last column.
func TestApplyChangedMatchesApply(t *testing.T) {
	const w, h = 3*chunkPx + 7, 5
	base := image.NewRGBA(image.Rect(0, 0, w, h))
	for i := range base.Pix {
		base.Pix[i] = uint8(i * 7)
	}
	src := image.NewRGBA(base.Rect)
	copy(src.Pix, base.Pix)
	for _, p := range []image.Point{{0, 0}, {chunkPx - 1, 1}, {chunkPx, 1}, {w - 1, 4}, {2 * chunkPx, 3}} {
		src.SetRGBA(p.X, p.Y, color.RGBA{250, 10, 10, 255})
	}
	q := newQuantizer([]*image.RGBA{base, src})
	basePal := image.NewPaletted(base.Rect, q.pal)
	q.apply(basePal, base)
	want := image.NewPaletted(base.Rect, q.pal)
	q.apply(want, src)
	got := image.NewPaletted(base.Rect, q.pal)
	q.applyChanged(got, basePal, src, base)
	for i := range want.Pix {
		if got.Pix[i] != want.Pix[i] {
			t.Fatalf("pixel %d,%d: index %d, want %d", i%w, i/w, got.Pix[i], want.Pix[i])
		}
	}
}
