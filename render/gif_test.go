package render

import (
	"bytes"
	"image"
	"image/draw"
	"image/gif"
	"testing"
	"time"
)

// gameFrames are the positions of a short dama game as frames: the start,
// then each move marked, then the end with the same board.
func gameFrames() []Frame {
	boards := [][]string{
		{"........", "bbbbbbbb", "bbbbbbbb", "........", "........", "wwwwwwww", "wwwwwwww", "........"},
		{"........", "bbbbbbbb", "bbbbbbbb", "........", "..w.....", "ww.wwwww", "wwwwwwww", "........"},
		{"........", "bbbbbbbb", "bbbbb.bb", ".....b..", "..w.....", "ww.wwwww", "wwwwwwww", "........"},
		{"........", "bbbbbbbb", "bbbbb.bb", ".....b..", "..w.....", "ww.wwwww", "wwwwwwww", "........"},
	}
	paths := [][]string{nil, {"c3", "c4"}, {"f6", "f5"}, {"f6", "f5"}}
	var out []Frame
	for i, b := range boards {
		out = append(out, Frame{Board: b, Path: paths[i], ToMove: i % 2, Players: [2]string{"Ayşe", "oyunbot"}, Title: "#g1 · Dama"})
	}
	out[len(out)-1].Finished, out[len(out)-1].Footer = true, "1-0"
	return out
}

func TestAnimate(t *testing.T) {
	d := NewDama(256)
	frames := gameFrames()
	b, err := Animate(d, frames, 700*time.Millisecond, 3*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	g, err := gif.DecodeAll(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("not a GIF: %v", err)
	}
	// Four pictures (the last differs from the third in its footer and
	// names), each a frame.
	if len(g.Image) != 4 || g.LoopCount != 0 {
		t.Fatalf("%d frames, loop %d", len(g.Image), g.LoopCount)
	}
	if g.Delay[0] != 70 || g.Delay[3] != 300 {
		t.Fatalf("delays %v, want 70 each and 300 at the end", g.Delay)
	}
	// Later frames are the changed rectangles only.
	full := g.Image[0].Bounds()
	if r := g.Image[1].Bounds(); r == full || r.Dx()*r.Dy() > full.Dx()*full.Dy()/2 {
		t.Errorf("second frame %v of %v: not a small change", r, full)
	}
	// Composed, each over the ones before (its unchanged pixels are
	// transparent), the frames give every picture exactly.
	canvas := image.NewRGBA(full)
	for i, fr := range g.Image {
		draw.Draw(canvas, fr.Bounds(), fr, fr.Bounds().Min, draw.Over)
		want := decodePNG(t, mustPNG(t, d, frames[i]))
		for y := 0; y < full.Dy(); y += 3 {
			for x := 0; x < full.Dx(); x += 3 {
				if c, w := rgbaAt(canvas, float64(x), float64(y)), rgbaAt(want, float64(x), float64(y)); colourDist(c, w) > 0 {
					t.Fatalf("frame %d at %d,%d: %v, the picture has %v", i, x, y, c, w)
				}
			}
		}
	}
	// Identical pictures make one frame shown longer.
	b, err = Animate(d, []Frame{frames[1], frames[1], frames[2]}, 500*time.Millisecond, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if g, _ = gif.DecodeAll(bytes.NewReader(b)); len(g.Image) != 2 || g.Delay[0] != 100 {
		t.Fatalf("repeated picture: %d frames, delays %v", len(g.Image), g.Delay)
	}
	if _, err := Animate(d, nil, time.Second, time.Second); err == nil {
		t.Fatal("an animation of no frame")
	}
}

func mustPNG(t testing.TB, d Drawer, f Frame) []byte {
	t.Helper()
	b, err := d.Draw(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// BenchmarkAnimateDama: a 60-position game at 320 px; bytes/op is the
// GIF's size.
func BenchmarkAnimateDama(b *testing.B) {
	d := NewDama(320)
	base := gameFrames()
	var frames []Frame
	for i := 0; i < 60; i++ {
		frames = append(frames, base[i%3])
	}
	var size int
	for b.Loop() {
		out, err := Animate(d, frames, 700*time.Millisecond, 3*time.Second)
		if err != nil {
			b.Fatal(err)
		}
		size = len(out)
	}
	b.ReportMetric(float64(size), "gif-bytes")
}
