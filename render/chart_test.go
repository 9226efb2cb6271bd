package render

import (
	"bytes"
	"errors"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"oyunbot/games"
)

// colourCount counts the pixels of each series' colour in a chart.
func colourCount(t *testing.T, c games.Chart) (counts [MaxChartSeries]int, bounds image.Rectangle) {
	t.Helper()
	b, err := Chart(c, 640)
	if err != nil {
		t.Fatal(err)
	}
	im, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	for y := im.Bounds().Min.Y; y < im.Bounds().Max.Y; y++ {
		for x := im.Bounds().Min.X; x < im.Bounds().Max.X; x++ {
			r, g, bl, _ := im.At(x, y).RGBA()
			for i, col := range chartColours {
				if uint8(r>>8) == col.R && uint8(g>>8) == col.G && uint8(bl>>8) == col.B {
					counts[i]++
				}
			}
		}
	}
	return counts, im.Bounds()
}

func TestChartBars(t *testing.T) {
	base := games.Chart{Title: "nodes", Labels: []string{"BFS", "A*"},
		Series: []games.Series{{Name: "nodes", Values: []float64{100000, 100}}, {Name: "memory", Values: []float64{50000, 10}}}}
	bigger := base
	bigger.Series = []games.Series{{Name: "nodes", Values: []float64{100000, 1000}}, base.Series[1]}
	c1, b1 := colourCount(t, base)
	c2, _ := colourCount(t, bigger)
	if c1[0] == 0 || c1[1] == 0 {
		t.Fatalf("no bars drawn: %v", c1)
	}
	if c2[0] <= c1[0] || c2[1] != c1[1] {
		t.Errorf("a larger value does not make a longer bar: %v then %v", c1, c2)
	}
	// On a linear scale, the small values' bars almost vanish: less colour
	// than on the log scale.
	lin := base
	lin.Log = false
	logc := base
	logc.Log = true
	cl, _ := colourCount(t, lin)
	cg, _ := colourCount(t, logc)
	if cl[1] >= cg[1] {
		t.Errorf("log scale %v, linear %v: the log scale should show the small values", cg, cl)
	}
	// A zero on a log scale is an empty bar, not an error.
	zero := logc
	zero.Series = []games.Series{{Name: "nodes", Values: []float64{0, 100}}}
	if _, err := Chart(zero, 640); err != nil {
		t.Errorf("zero on a log scale: %v", err)
	}
	more := base
	more.Labels = append(more.Labels, "UCS", "DFS")
	more.Series = []games.Series{{Name: "n", Values: []float64{1, 2, 3, 4}}}
	if _, b2 := colourCount(t, more); b2.Dy() <= b1.Dy()-10 || b2.Dx() != 640 {
		t.Errorf("4 labels of 1 series %v, 2 labels of 2 series %v", b2, b1)
	}
}

func TestChartErrors(t *testing.T) {
	long := make([]string, MaxChartLabels+1)
	for _, c := range []games.Chart{
		{},
		{Labels: []string{"a"}},
		{Labels: []string{"a", "b"}, Series: []games.Series{{Values: []float64{1}}}},
		{Labels: []string{"a"}, Series: []games.Series{{Values: []float64{math.NaN()}}}},
		{Labels: []string{"a"}, Series: []games.Series{{Values: []float64{-1}}}},
		{Labels: long, Series: []games.Series{{Values: make([]float64, len(long))}}},
		{Labels: []string{"a"}, Series: make([]games.Series, MaxChartSeries+1)},
	} {
		if _, err := Chart(c, 640); !errors.Is(err, ErrBadChart) {
			t.Errorf("%+v: %v, want ErrBadChart", c, err)
		}
	}
}

func TestCompactNumber(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 950: "950", 1000: "1k", 12345: "12.3k", 1.5e6: "1.5M", 181440: "181k", 2e9: "2G", 0.5: "0.5"} {
		if got := compactNumber("en", v); got != want {
			t.Errorf("compactNumber(%v) = %q, want %q", v, got, want)
		}
	}
	// Turkish writes a decimal comma (issue 35 item 13).
	for v, want := range map[float64]string{950: "950", 12345: "12,3k", 1.5e6: "1,5M", 0.5: "0,5", 2.25: "2,25", 10021: "10k"} {
		if got := compactNumber("tr", v); got != want {
			t.Errorf("compactNumber(tr, %v) = %q, want %q", v, got, want)
		}
	}
}

// TestChartPreview writes a sample chart when RENDER_PREVIEW is set.
func TestChartPreview(t *testing.T) {
	dir := os.Getenv("RENDER_PREVIEW")
	if dir == "" {
		t.Skip("set RENDER_PREVIEW=dir to write sample pictures")
	}
	b, err := Chart(games.Chart{Title: "8-puzzle: nodes expanded and peak memory (log scale)", Log: true,
		Labels: []string{"BFS", "A* Manhattan"},
		Series: []games.Series{{Name: "nodes expanded", Values: []float64{63371, 396}}, {Name: "peak memory", Values: []float64{84528, 625}}}}, 800)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "chart.png"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}
