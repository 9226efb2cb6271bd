package render_test

import (
	"bytes"
	"errors"
	"image/png"
	"testing"

	"oyunbot/games/dama"
	"oyunbot/games/islem"
	"oyunbot/render"
)

func islemFrame() render.Frame {
	return render.Frame{Position: islem.ExamplePosition(), Players: [2]string{"Ayşe", "oyunbot (zor)"},
		Title: "#g5 · işlem", Footer: "(12=2×6) (12=5+7) (12=4×3) (12+5=9+8): 5 taş al"}
}

// The drawer draws the worked example: a picture of the requested size
// whose grid shows the ringed last stone, and refuses other games' frames.
func TestIslemDraws(t *testing.T) {
	d := render.NewIslem(512)
	b, err := d.Draw(islemFrame())
	if err != nil {
		t.Fatal(err)
	}
	im, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if im.Bounds().Dx() != 512 || im.Bounds().Dy() != 512 {
		t.Fatalf("picture %v, want 512×512", im.Bounds())
	}
	start, err := d.Draw(render.Frame{Position: islem.Game{}.Start()})
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(b, start) {
		t.Fatal("the example and the empty board draw alike")
	}
	crossed, err := d.Draw(render.Frame{Position: islem.Game{}.Start(), Captured: []string{"e4", "f5"}})
	if err != nil || bytes.Equal(crossed, start) {
		t.Fatalf("captured squares not drawn: %v", err)
	}
	if _, err := d.Draw(render.Frame{Position: islem.Game{}.Start(), Captured: []string{"z9"}}); !errors.Is(err, render.ErrBadFrame) {
		t.Fatalf("a bad captured square: %v, want ErrBadFrame", err)
	}
	_, err = d.Draw(render.Frame{Position: dama.Game{}.Start()})
	if !errors.Is(err, render.ErrBadFrame) {
		t.Fatalf("a dama position: %v, want ErrBadFrame", err)
	}
}

func BenchmarkDrawIslem(b *testing.B) {
	render.BenchDraw(b, render.NewIslem(512), islemFrame())
}
