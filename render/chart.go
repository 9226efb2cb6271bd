package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"

	"github.com/fogleman/gg"

	"oyunbot/games"
)

// ErrBadChart is wrapped by the errors Chart returns for charts it cannot
// draw (no labels, a series of the wrong length, too many of either).
var ErrBadChart = errors.New("render: bad chart")

// Chart limits: more would not be legible in a chat picture.
const (
	MaxChartLabels = 40
	MaxChartSeries = 4
)

var chartColours = [MaxChartSeries]color.RGBA{rgb(0x5e9a3c), rgb(0xe3a13b), rgb(0x4f8fd6), rgb(0xd5453a)}

// Chart draws a bar chart to an 8-bit PNG size pixels wide (clamped to
// MinTableWidth..MaxSize), as tall as its groups need: a row per label
// with a horizontal bar per series, the value written after each bar, a
// legend of the series under the title and the value axis as grid lines.
// With c.Log the axis is logarithmic, its grid lines at powers of ten, and
// values of zero or less are empty bars; otherwise it is linear from 0.
func Chart(c games.Chart, size int) ([]byte, error) {
	if err := checkChart(c); err != nil {
		return nil, err
	}
	fonts, err := LoadFonts()
	if err != nil {
		return nil, err
	}
	width := float64(min(max(size, MinTableWidth), MaxSize))
	t := DefaultTheme()
	px := math.Round(min(max(width*0.024, 11), 30))
	regular, bold := Face(fonts.Regular, px), Face(fonts.Bold, px)
	small := Face(fonts.Regular, math.Round(px*0.85))
	titleFace := Face(fonts.Bold, math.Round(px*1.25))
	margin := math.Round(max(0.03*width, 8))
	barH := math.Round(px * 1.1)
	groupGap := math.Round(px * 0.7)
	nSeries := len(c.Series)
	groupH := float64(nSeries)*barH + groupGap

	titleH := px * 2.2
	legendH := px * 2
	axisH := px * 1.8
	height := margin + titleH + legendH + float64(len(c.Labels))*groupH + axisH + margin

	im := image.NewRGBA(image.Rect(0, 0, int(width), int(math.Ceil(height))))
	dc := gg.NewContextForRGBA(im)
	dc.SetColor(t.Background)
	dc.Clear()

	title := FitText(titleFace, CleanText(c.Title), width-2*margin)
	drawText(im, titleFace, image.NewUniform(t.Text), title, margin, margin+px*1.3)

	// Legend.
	x := margin
	ly := margin + titleH + px*0.6
	for i, s := range c.Series {
		dc.SetColor(chartColours[i])
		dc.DrawRectangle(x, ly-px*0.75, px*0.8, px*0.8)
		dc.Fill()
		x += px * 1.2
		name := CleanText(s.Name)
		drawText(im, regular, image.NewUniform(t.TextDim), name, x, ly)
		x += TextWidth(regular, name) + px*1.5
	}

	// Label column.
	labelW := 0.0
	for _, l := range c.Labels {
		labelW = max(labelW, TextWidth(bold, CleanText(l)))
	}
	labelW = min(labelW, 0.35*width)
	x0 := margin + labelW + px*0.8
	valueW := TextWidth(small, "100.0M") + px*0.5
	x1 := width - margin - valueW
	top := margin + titleH + legendH
	bottom := top + float64(len(c.Labels))*groupH

	sc := newChartScale(c, x0, x1)
	// Grid lines and their labels.
	dc.SetLineWidth(1)
	for _, tick := range sc.ticks {
		gx := math.Round(sc.x(tick)) + 0.5
		dc.SetColor(t.Line)
		dc.DrawLine(gx, top-px*0.3, gx, bottom)
		dc.Stroke()
		label := compactNumber(c.Lang, tick)
		drawText(im, small, image.NewUniform(t.TextDim), label, gx-TextWidth(small, label)/2, bottom+px*1.2)
	}

	for i, l := range c.Labels {
		gy := top + float64(i)*groupH
		label := FitText(bold, CleanText(l), labelW)
		drawText(im, bold, image.NewUniform(t.Text), label, x0-px*0.8-TextWidth(bold, label), gy+float64(nSeries)*barH/2+px*0.35)
		for j, s := range c.Series {
			v := s.Values[i]
			by := gy + float64(j)*barH
			end := x0
			if v > 0 || !c.Log {
				end = max(x0, sc.x(v))
			}
			if end > x0 {
				dc.SetColor(chartColours[j])
				dc.DrawRectangle(x0, by+1, end-x0, barH-2)
				dc.Fill()
			}
			val := compactNumber(c.Lang, v)
			drawText(im, small, image.NewUniform(t.Text), val, end+px*0.3, by+barH*0.75)
		}
	}
	return EncodePNG(im)
}

func checkChart(c games.Chart) error {
	switch {
	case len(c.Labels) == 0:
		return fmt.Errorf("%w: no labels", ErrBadChart)
	case len(c.Labels) > MaxChartLabels:
		return fmt.Errorf("%w: %d labels, at most %d", ErrBadChart, len(c.Labels), MaxChartLabels)
	case len(c.Series) == 0 || len(c.Series) > MaxChartSeries:
		return fmt.Errorf("%w: %d series, want 1 to %d", ErrBadChart, len(c.Series), MaxChartSeries)
	}
	for _, s := range c.Series {
		if len(s.Values) != len(c.Labels) {
			return fmt.Errorf("%w: series %q has %d values for %d labels", ErrBadChart, s.Name, len(s.Values), len(c.Labels))
		}
		for _, v := range s.Values {
			if math.IsNaN(v) || math.IsInf(v, 0) || (!c.Log && v < 0) {
				return fmt.Errorf("%w: series %q has the value %v", ErrBadChart, s.Name, v)
			}
		}
	}
	return nil
}

// chartScale maps values to x between x0 and x1.
type chartScale struct {
	log    bool
	lo, hi float64 // the axis's ends (log10 of them on a log scale)
	x0, x1 float64
	ticks  []float64
}

func newChartScale(c games.Chart, x0, x1 float64) chartScale {
	s := chartScale{log: c.Log, x0: x0, x1: x1}
	vmin, vmax := math.Inf(1), 0.0
	for _, ser := range c.Series {
		for _, v := range ser.Values {
			if v > 0 {
				vmin, vmax = min(vmin, v), max(vmax, v)
			}
		}
	}
	if vmax == 0 {
		vmin, vmax = 1, 1
	}
	if c.Log {
		// From the power of ten below the least value (so that it still
		// has a bar) to the one at or above the greatest.
		s.lo = math.Floor(math.Log10(vmin) - 1e-9)
		s.hi = max(math.Ceil(math.Log10(vmax)), s.lo+1)
		for e := s.lo; e <= s.hi; e++ {
			s.ticks = append(s.ticks, math.Pow(10, e))
		}
		return s
	}
	step := niceStep(vmax / 4)
	s.hi = math.Ceil(vmax/step) * step
	for v := 0.0; v <= s.hi+step/2; v += step {
		s.ticks = append(s.ticks, v)
	}
	return s
}

// niceStep is 1, 2 or 5 times a power of ten, at least x.
func niceStep(x float64) float64 {
	if x <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= x {
			return m * p
		}
	}
	return 10 * p
}

func (s chartScale) x(v float64) float64 {
	f := v / s.hi
	if s.log {
		f = (math.Log10(v) - s.lo) / (s.hi - s.lo)
	}
	return s.x0 + min(max(f, 0), 1)*(s.x1-s.x0)
}

// compactNumber writes v shortly in language lang's way: 950, 12k,
// 1.5M (1,5M in Turkish).
func compactNumber(lang string, v float64) string {
	a := math.Abs(v)
	switch {
	case a >= 1e9:
		return trimZero(lang, v/1e9) + "G"
	case a >= 1e6:
		return trimZero(lang, v/1e6) + "M"
	case a >= 1e3:
		return trimZero(lang, v/1e3) + "k"
	case a == math.Trunc(a):
		return games.Fixed(lang, v, 0)
	}
	digits := 2 // three significant digits, as below a thousand
	if a >= 100 {
		digits = 0
	} else if a >= 10 {
		digits = 1
	}
	return games.Number(lang, v, digits)
}

func trimZero(lang string, v float64) string {
	if math.Abs(v) >= 100 || v == math.Trunc(v) {
		return games.Fixed(lang, v, 0)
	}
	return games.Number(lang, v, 1) // 10.0k is 10k
}
