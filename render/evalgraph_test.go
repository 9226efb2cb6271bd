package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/image/font"
)

// sampleGraph is a chess game's win chance: even, white slowly better, a
// black blunder, then a white mistake.
func sampleGraph() Graph {
	var vs []float64
	for i := 0; i <= 60; i++ {
		v := 50 + 10*math.Sin(float64(i)/6)
		switch {
		case i >= 40:
			v = 92
		case i >= 25:
			v = 70
		}
		vs = append(vs, v)
	}
	return Graph{
		Title: "Analysis #g12 — White 91% · Black 74%", Values: vs, Min: 0, Max: 100, Mid: 50, HasMid: true,
		TopLabel: "White", BottomLabel: "Black", AxisLabel: "moves", PerNumber: 2,
		Marks: []GraphMark{{Index: 40, Level: 3, Label: "20... Qxb2"}, {Index: 25, Level: 2, Label: "13. Nd5"}, {Index: 31, Level: 1}},
		Phases: []GraphPhase{{From: 0, To: 20, Label: "opening"}, {From: 21, To: 50, Label: "middlegame"},
			{From: 51, To: 60, Label: "endgame"}},
	}
}

func decodeGraph(t *testing.T, g Graph, width int) image.Image {
	t.Helper()
	b, err := EvalGraph(g, width)
	if err != nil {
		t.Fatal(err)
	}
	im, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return im
}

func countColour(im image.Image, c color.RGBA) int {
	n := 0
	b := im.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := im.At(x, y).RGBA()
			if near(uint8(r>>8), c.R) && near(uint8(g>>8), c.G) && near(uint8(bl>>8), c.B) {
				n++
			}
		}
	}
	return n
}

// near: the paletted PNG keeps a colour within a few steps.
func near(a, b uint8) bool { return max(a, b)-min(a, b) <= 6 }

// TestEvalGraph: the picture is twice as wide as tall, draws the curve,
// the areas of both sides and each mark in its colour; a mark more is
// more of its colour.
func TestEvalGraph(t *testing.T) {
	g := sampleGraph()
	im := decodeGraph(t, g, 800)
	if b := im.Bounds(); b.Dx() != 800 || b.Dy() != 400 {
		t.Fatalf("size %v, want 800x400", b)
	}
	for name, c := range map[string]color.RGBA{"line": graphLine, "white's area": graphTop, "black's area": graphBottom,
		"blunder": graphMarks[3], "mistake": graphMarks[2], "inaccuracy": graphMarks[1]} {
		if countColour(im, c) == 0 {
			t.Errorf("no %s drawn", name)
		}
	}
	before := countColour(im, graphMarks[3])
	g.Marks = append(g.Marks, GraphMark{Index: 10, Level: 3})
	if after := countColour(decodeGraph(t, g, 800), graphMarks[3]); after <= before {
		t.Errorf("a second blunder mark: %d pixels, then %d", before, after)
	}
	// All even: no area of either side.
	flat := Graph{Values: []float64{50, 50, 50}, Min: 0, Max: 100, Mid: 50, HasMid: true}
	if im := decodeGraph(t, flat, 400); countColour(im, graphTop) != 0 || countColour(im, graphBottom) != 0 {
		t.Error("an even game has an advantage drawn")
	}
}

// TestEvalGraphEdges: one point, unknown points, values off the axis, marks
// off the curve and a tiny width draw; what cannot be drawn is refused.
func TestEvalGraphEdges(t *testing.T) {
	for name, g := range map[string]Graph{
		"one point": {Values: []float64{3}, Min: 0, Max: 5},
		"unknown":   {Values: []float64{3, math.NaN(), 1, 0}, Min: 0, Max: 5, Marks: []GraphMark{{Index: 1, Level: 3}}},
		"clamped":   {Values: []float64{-300, 300}, Min: -2, Max: 2, HasMid: true},
		"bad marks": {Values: []float64{1, 2}, Min: 0, Max: 2, Marks: []GraphMark{{Index: 9, Level: 3}, {Index: -1, Level: 1}}},
		"bad phase": {Values: []float64{1, 2}, Min: 0, Max: 2, Phases: []GraphPhase{{From: 5, To: 1, Label: "x"}}},
	} {
		if _, err := EvalGraph(g, 10); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	for name, g := range map[string]Graph{
		"no values": {Min: 0, Max: 1},
		"flat axis": {Values: []float64{1}, Min: 1, Max: 1},
		"infinite":  {Values: []float64{math.Inf(1)}, Min: 0, Max: 1},
		"too long":  {Values: make([]float64, MaxGraphPoints+1), Min: 0, Max: 1},
	} {
		if _, err := EvalGraph(g, 400); !errors.Is(err, ErrBadGraph) {
			t.Errorf("%s: err %v, want ErrBadGraph", name, err)
		}
	}
}

// TestEvalGraphPreview writes a sample graph when RENDER_PREVIEW is set.
func TestEvalGraphPreview(t *testing.T) {
	dir := os.Getenv("RENDER_PREVIEW")
	if dir == "" {
		t.Skip("set RENDER_PREVIEW=dir to write sample pictures")
	}
	b, err := EvalGraph(sampleGraph(), 800)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "evalgraph.png"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func BenchmarkEvalGraph(b *testing.B) {
	g := sampleGraph()
	for b.Loop() {
		if _, err := EvalGraph(g, 800); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPlaceLabels: a short last phase keeps its whole name, moved back
// over the band before where no name is; names never overlap; a name
// that has no room is left out, never cut.
func TestPlaceLabels(t *testing.T) {
	fonts, err := LoadFonts()
	if err != nil {
		t.Fatal(err)
	}
	face := Face(fonts.Regular, 14)
	const pad = 3
	names := []string{"temas", "yarış", "toplama"}
	// A wide contact phase, a race, and a bear-off of two points at the end.
	bands := [][2]float64{{0, 400}, {400, 560}, {560, 580}}
	got := placeLabels(face, names, bands, 580, pad)
	if len(got) != 3 || got[2].text != "toplama" {
		t.Fatalf("labels %+v", got)
	}
	end := 0.0
	for _, lb := range got {
		if lb.x < end+pad {
			t.Errorf("%q at %.1f overlaps the name before (ends %.1f)", lb.text, lb.x, end)
		}
		end = lb.x + TextWidth(face, lb.text)
		if end > 580-pad+0.01 {
			t.Errorf("%q runs past the graph's end: %.1f", lb.text, end)
		}
	}
	// Three narrow bands of long names: the first runs on, the second has
	// no room and is cut or left out, nothing overlaps.
	names = []string{"ikinci takım", "oyun ortası", "oyun sonu"}
	bands = [][2]float64{{0, 30}, {30, 60}, {60, 400}}
	got = placeLabels(face, names, bands, 400, pad)
	end = 0
	for _, lb := range got {
		if lb.x < end+pad {
			t.Errorf("%q at %.1f overlaps the name before (ends %.1f)", lb.text, lb.x, end)
		}
		end = lb.x + TextWidth(face, lb.text)
	}
	if got[0].text != "ikinci takım" || got[len(got)-1].text != "oyun sonu" {
		t.Errorf("labels %+v", got)
	}
	for _, lb := range got {
		if !slices.Contains(names, lb.text) {
			t.Errorf("%q is not a whole name of %q", lb.text, names)
		}
	}
}

// TestPlaceLabelsWhole: a short last phase after a name that runs on over
// it keeps its name whole ("bear…" was drawn; issue 35 item 23), and no
// name is cut or overlaps another.
func TestPlaceLabelsWhole(t *testing.T) {
	fonts, err := LoadFonts()
	if err != nil {
		t.Fatal(err)
	}
	const pad = 3
	for _, face := range []font.Face{Face(fonts.Regular, 14), Face(fonts.Regular, 20)} {
		for _, names := range [][]string{{"temas", "oyun ortası", "toplama"}, {"contact", "middlegame", "bear-off"}} {
			bands := [][2]float64{{0, 400}, {400, 450}, {450, 480}}
			got := placeLabels(face, names, bands, 480, pad)
			end := math.Inf(-1)
			for _, lb := range got {
				if !slices.Contains(names, lb.text) {
					t.Errorf("%q is not a whole name of %q", lb.text, names)
				}
				if lb.x < end+pad {
					t.Errorf("%q at %.1f overlaps the name before (ends %.1f)", lb.text, lb.x, end)
				}
				end = lb.x + TextWidth(face, lb.text)
				if end > 480-pad+0.01 {
					t.Errorf("%q runs past the graph's end: %.1f", lb.text, end)
				}
			}
			if len(got) == 0 || got[len(got)-1].text != names[2] {
				t.Errorf("the last phase's name left out: %+v", got)
			}
		}
	}
}

// TestPlaceMarkLabels: on a crowded graph every blunder keeps its label,
// moved away with a leader line when the places by its mark are taken;
// no label covers a mark or another label, and all stay in the plot.
func TestPlaceMarkLabels(t *testing.T) {
	const px = 18.0
	plot := [4]float64{40, 30, 600, 300}
	var spots []markSpot
	// Eight blunders on neighbouring points at nearly one height, and
	// inaccuracies between them: the four places by each mark run out.
	for i := range 8 {
		x := 200 + float64(i)*14
		spots = append(spots, markSpot{x: x, y: 160 + float64(i%2)*6, r: px * 0.5, level: 3,
			text: fmt.Sprintf("%d. Nxe5", 20+i), w: 80})
		spots = append(spots, markSpot{x: x + 7, y: 165, r: px * 0.3, level: 1, text: "x", w: 10})
	}
	got := placeMarkLabels(spots, plot, px)
	named := map[string]bool{}
	var boxes []image.Rectangle
	leaders := 0
	for _, lb := range got {
		box := image.Rect(int(lb.x), int(lb.y-px*0.85), int(lb.x+80), int(lb.y+px*0.15))
		if lb.level == 1 {
			box.Max.X = int(lb.x + 10)
		}
		if lb.level == 3 {
			named[lb.text] = true
		}
		if float64(box.Min.X) < plot[0] || float64(box.Max.X) > plot[2] || lb.y-px*0.8 < plot[1] || lb.y > plot[3] {
			t.Errorf("%q at (%.0f, %.0f) leaves the plot", lb.text, lb.x, lb.y)
		}
		for _, sp := range spots {
			mark := image.Rect(int(sp.x-sp.r), int(sp.y-sp.r), int(sp.x+sp.r), int(sp.y+sp.r))
			if mark.Overlaps(box) {
				t.Errorf("%q at (%.0f, %.0f) covers the mark at (%.0f, %.0f)", lb.text, lb.x, lb.y, sp.x, sp.y)
			}
		}
		for _, b := range boxes {
			if b.Overlaps(box) {
				t.Errorf("%q at (%.0f, %.0f) covers another label", lb.text, lb.x, lb.y)
			}
		}
		boxes = append(boxes, box)
		if lb.leader {
			leaders++
			if lb.level != 3 {
				t.Errorf("%q (level %d) was moved away: only blunders are", lb.text, lb.level)
			}
		}
	}
	for i := range 8 {
		if s := fmt.Sprintf("%d. Nxe5", 20+i); !named[s] {
			t.Errorf("the blunder %q lost its label", s)
		}
	}
	if leaders == 0 {
		t.Error("no label was moved away: the graph is not crowded enough to test that")
	}
}

// TestMarkLabelsAvoidPhaseNames: a blunder near the top of the graph
// puts its label off the phase's name there (they collided; issue 35 item
// 23).
func TestMarkLabelsAvoidPhaseNames(t *testing.T) {
	const px = 18.0
	plot := [4]float64{40, 30, 600, 300}
	name := image.Rect(180, 33, 330, 51) // "middlegame" at the plot's top
	spots := []markSpot{{x: 250, y: 30 + 2.5*px, r: px * 0.5, level: 3, text: "21. Nxe5", w: 80}}
	got := placeMarkLabels(spots, plot, px, name)
	if len(got) != 1 {
		t.Fatalf("labels %+v", got)
	}
	lb := got[0]
	if box := image.Rect(int(lb.x), int(lb.y-px*0.85), int(lb.x+80), int(lb.y+px*0.15)); box.Overlaps(name) {
		t.Errorf("the label %v covers the phase's name %v", box, name)
	}
	// Without the name there, the label goes above its mark, where the name
	// was.
	if free := placeMarkLabels(spots, plot, px); free[0].y > spots[0].y {
		t.Errorf("the label left its place above the mark with nothing there: %+v", free[0])
	}
}
