package render

// evalgraph.go draws a game's evaluation over its moves (the post-game
// analysis's graph) from plain numbers: render knows no game and no
// analysis, the caller says what the numbers mean in its own words.

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
)

// ErrBadGraph is wrapped by the errors EvalGraph returns for graphs it
// cannot draw.
var ErrBadGraph = errors.New("render: bad graph")

// MaxGraphPoints bounds a graph's points (a game of 2000 turns).
const MaxGraphPoints = 2000

// Graph is an evaluation graph: one value per point of a game (the start,
// then after each turn), on an axis from Min to Max.
type Graph struct {
	Title string
	// Values are the points, clamped to Min..Max (at least one; NaN is
	// a point not known: the line breaks there).
	Values   []float64
	Min, Max float64
	// Mid, when HasMid, is the value of an even game (50 %, 0): a line is
	// drawn there, and the area between it and the curve is filled with
	// the colour of the side ahead.
	Mid    float64
	HasMid bool
	// TopLabel and BottomLabel name the ends of the value axis (the side
	// whose advantage is up, "White"; or "100%"); AxisLabel names the
	// points' axis ("moves").
	TopLabel, BottomLabel, AxisLabel string
	// PerNumber is how many points make one numbered move on the axis (2
	// in chess: a move is white's and black's turn; 0 means 1).
	PerNumber int
	Marks     []GraphMark
	Phases    []GraphPhase
}

// GraphMark marks the point at Index (a turn's point: the value after it).
type GraphMark struct {
	Index int
	// Level is how bad the turn was: 1 an inaccuracy, 2 a mistake, 3 a
	// blunder (its colour and size).
	Level int
	Label string // a short text by the mark ("23. Nxe5"), or ""
}

// GraphPhase shades the points From..To (inclusive) as one phase of the
// game, named by Label.
type GraphPhase struct {
	From, To int
	Label    string
}

var (
	graphTop    = rgb(0xe6dfd2) // the area of the side ahead, up
	graphBottom = rgb(0x141210) // the area of the side ahead, down
	graphLine   = rgb(0x5e9a3c)
	graphMarks  = [4]color.RGBA{{}, rgb(0xe8d44d), rgb(0xe3a13b), rgb(0xd5453a)}
)

// EvalGraph draws g as a PNG width pixels wide (clamped to
// MinTableWidth..MaxSize) and half as tall: large type and a thick line,
// to be read on a phone.
func EvalGraph(g Graph, width int) ([]byte, error) {
	if err := checkGraph(g); err != nil {
		return nil, err
	}
	fonts, err := LoadFonts()
	if err != nil {
		return nil, err
	}
	w := float64(min(max(width, MinTableWidth), MaxSize))
	h := math.Round(w / 2)
	t := DefaultTheme()
	px := math.Round(max(w*0.03, 11))
	title := Face(fonts.Bold, math.Round(px*1.2))
	label := Face(fonts.Regular, px)
	small := Face(fonts.Regular, math.Round(px*0.8))
	bold := Face(fonts.Bold, math.Round(px*0.8))

	im := image.NewRGBA(image.Rect(0, 0, int(w), int(h)))
	dc := gg.NewContextForRGBA(im)
	dc.SetColor(t.Background)
	dc.Clear()

	margin := math.Round(px * 0.6)
	top := margin
	if g.Title != "" {
		s := FitText(title, CleanText(g.Title), w-2*margin)
		drawText(im, title, image.NewUniform(t.Text), s, margin, margin+px*1.1)
		top += px * 1.7
	}
	axisW := 0.0
	for _, s := range []string{g.TopLabel, g.BottomLabel} {
		axisW = max(axisW, TextWidth(small, CleanText(s)))
	}
	axisW = min(axisW, w*0.25)
	x0, x1 := margin+axisW+px*0.4, w-margin
	y0, y1 := top+px*0.2, h-margin-px*1.9 // the plot: y0 top, y1 bottom
	n := len(g.Values)
	xOf := func(i int) float64 {
		if n == 1 {
			return (x0 + x1) / 2
		}
		return x0 + float64(i)/float64(n-1)*(x1-x0)
	}
	yOf := func(v float64) float64 {
		f := (min(max(v, g.Min), g.Max) - g.Min) / (g.Max - g.Min)
		return y1 - f*(y1-y0)
	}

	// Phases: alternate bands, each named at its top.
	var names []string
	var bands [][2]float64
	for k, ph := range g.Phases {
		a, b := max(ph.From, 0), min(ph.To, n-1)
		if a > b {
			continue
		}
		l, r := xOf(a), xOf(b)
		if k > 0 || a > 0 {
			l = (xOf(max(a-1, 0)) + xOf(a)) / 2
		}
		if b < n-1 {
			r = (xOf(b) + xOf(b+1)) / 2
		}
		if k%2 == 0 {
			dc.SetColor(t.Panel)
			dc.DrawRectangle(l, y0, r-l, y1-y0)
			dc.Fill()
		}
		names = append(names, CleanText(ph.Label))
		bands = append(bands, [2]float64{l, r})
	}
	var phaseBoxes []image.Rectangle // the marks' labels keep off the names
	for _, lb := range placeLabels(small, names, bands, x1, px*0.2) {
		base := y0 + px*0.95
		drawText(im, small, image.NewUniform(t.TextDim), lb.text, lb.x, base)
		phaseBoxes = append(phaseBoxes, image.Rect(int(lb.x), int(base-px*0.8), int(math.Ceil(lb.x+TextWidth(small, lb.text))), int(math.Ceil(base+px*0.2))))
	}

	// The area between the curve and the middle, by the side ahead: one
	// polygon a side and a run of known points, so no seams show.
	mid := yOf(g.Mid)
	if g.HasMid {
		for _, run := range knownRuns(g.Values) {
			var pts []gg.Point
			for i := run[0]; i <= run[1]; i++ {
				x, y := xOf(i), yOf(g.Values[i])
				if k := len(pts); k > 0 && (pts[k-1].Y-mid)*(y-mid) < 0 { // crosses the middle
					px, py := pts[k-1].X, pts[k-1].Y
					pts = append(pts, gg.Point{X: px + (x-px)*(mid-py)/(y-py), Y: mid})
				}
				pts = append(pts, gg.Point{X: x, Y: y})
			}
			fillSide(dc, pts, mid, graphTop, math.Min)
			fillSide(dc, pts, mid, graphBottom, math.Max)
		}
		dc.SetColor(t.TextDim)
		dc.SetLineWidth(max(1, px/12))
		dc.SetDash(px/3, px/4)
		dc.DrawLine(x0, mid, x1, mid)
		dc.Stroke()
		dc.SetDash()
	}
	// The frame of the plot.
	dc.SetColor(t.Line)
	dc.SetLineWidth(max(1, px/14))
	dc.DrawRectangle(x0, y0, x1-x0, y1-y0)
	dc.Stroke()

	// The curve.
	dc.SetColor(graphLine)
	dc.SetLineWidth(max(2, px/5))
	dc.SetLineCapRound()
	dc.SetLineJoinRound()
	drawing := false
	for i, v := range g.Values {
		if math.IsNaN(v) {
			drawing = false
			continue
		}
		if !drawing {
			dc.NewSubPath()
			dc.MoveTo(xOf(i), yOf(v))
			drawing = true
			if n == 1 {
				dc.DrawCircle(xOf(i), yOf(v), px/4)
			}
			continue
		}
		dc.LineTo(xOf(i), yOf(v))
	}
	dc.Stroke()

	// The marks, worst drawn last (on top).
	radius := func(lvl int) float64 { return px * (0.2 + 0.1*float64(lvl)) }
	marked := func(m GraphMark) bool {
		return m.Index >= 0 && m.Index < n && !math.IsNaN(g.Values[m.Index])
	}
	for lvl := 1; lvl <= 3; lvl++ {
		for _, m := range g.Marks {
			if m.Level != lvl || !marked(m) {
				continue
			}
			x, y := xOf(m.Index), yOf(g.Values[m.Index])
			r := radius(lvl)
			dc.SetColor(t.Background)
			dc.DrawCircle(x, y, r+max(1.5, px/10))
			dc.Fill()
			dc.SetColor(graphMarks[lvl])
			dc.DrawCircle(x, y, r)
			dc.Fill()
		}
	}
	// Their labels.
	var spots []markSpot
	for _, m := range g.Marks {
		if !marked(m) || m.Level < 1 || m.Level > 3 {
			continue
		}
		sp := markSpot{x: xOf(m.Index), y: yOf(g.Values[m.Index]), r: radius(m.Level), level: m.Level}
		if sp.text = FitText(bold, CleanText(m.Label), w*0.3); sp.text != "" {
			sp.w = TextWidth(bold, sp.text)
		}
		spots = append(spots, sp)
	}
	labels := placeMarkLabels(spots, [4]float64{x0, y0, x1, y1}, px, phaseBoxes...)
	for _, lb := range labels { // the leaders first, under every label
		if lb.leader {
			dc.SetColor(graphMarks[lb.level])
			dc.SetLineWidth(max(1, px/12))
			dc.DrawLine(lb.from.X, lb.from.Y, lb.to.X, lb.to.Y)
			dc.Stroke()
		}
	}
	for _, lb := range labels {
		drawText(im, bold, image.NewUniform(graphMarks[lb.level]), lb.text, lb.x, lb.y)
	}

	// The value axis's ends and the points' axis.
	dim := image.NewUniform(t.TextDim)
	if s := FitText(small, CleanText(g.TopLabel), axisW); s != "" {
		drawText(im, small, dim, s, x0-px*0.4-TextWidth(small, s), y0+px*0.8)
	}
	if s := FitText(small, CleanText(g.BottomLabel), axisW); s != "" {
		drawText(im, small, dim, s, x0-px*0.4-TextWidth(small, s), y1)
	}
	per := max(g.PerNumber, 1)
	moves := (n - 1 + per - 1) / per // numbered moves shown
	step := int(niceStep(float64(max(moves, 1)) / 8))
	step = max(step, 1)
	for k := step; k <= moves; k += step {
		i := min(k*per, n-1)
		x := xOf(i)
		dc.SetColor(t.Line)
		dc.DrawLine(x, y1, x, y1+px*0.3)
		dc.Stroke()
		s := strconv.Itoa(k)
		drawText(im, small, dim, s, x-TextWidth(small, s)/2, y1+px*1.1)
	}
	if s := FitText(label, CleanText(g.AxisLabel), (x1-x0)/3); s != "" {
		drawText(im, label, dim, s, x0, h-margin*0.6)
	}
	return EncodePNG(im)
}

// fillSide fills between the curve pts and the line y=mid on one side:
// clamp keeps a point's y on that side (math.Min: above the line).
func fillSide(dc *gg.Context, pts []gg.Point, mid float64, c color.RGBA, clamp func(a, b float64) float64) {
	if len(pts) < 2 {
		return
	}
	dc.SetColor(c)
	dc.MoveTo(pts[0].X, mid)
	for _, p := range pts {
		dc.LineTo(p.X, clamp(p.Y, mid))
	}
	dc.LineTo(pts[len(pts)-1].X, mid)
	dc.ClosePath()
	dc.Fill()
}

// knownRuns are the runs of values that are not NaN, as [first, last].
func knownRuns(vs []float64) [][2]int {
	var out [][2]int
	for i := 0; i < len(vs); i++ {
		if math.IsNaN(vs[i]) {
			continue
		}
		j := i
		for j+1 < len(vs) && !math.IsNaN(vs[j+1]) {
			j++
		}
		out = append(out, [2]int{i, j})
		i = j
	}
	return out
}

func checkGraph(g Graph) error {
	switch {
	case len(g.Values) == 0:
		return fmt.Errorf("%w: no values", ErrBadGraph)
	case len(g.Values) > MaxGraphPoints:
		return fmt.Errorf("%w: %d values, at most %d", ErrBadGraph, len(g.Values), MaxGraphPoints)
	case !(g.Max > g.Min) || math.IsInf(g.Min, 0) || math.IsInf(g.Max, 0):
		return fmt.Errorf("%w: the axis %v..%v", ErrBadGraph, g.Min, g.Max)
	}
	for _, v := range g.Values {
		if math.IsInf(v, 0) {
			return fmt.Errorf("%w: an infinite value", ErrBadGraph)
		}
	}
	return nil
}

// placedLabel is a phase's name and where it starts.
type placedLabel struct {
	text string
	x    float64
}

// placeLabels places the phases' names, bands[i] = [left, right], in a
// graph that ends at x1, pad from the edges. A name is drawn whole or not
// at all: cut ("bear…") it no longer says which phase. It starts in its
// band and may run on over the next one (or, at the graph's end, back over
// the one before) where no other name is. A name that finds no room takes
// the place of the name before when that one is the intruder, run on past
// its own band, and it would not be one itself, so that a short last phase
// ("toplama", the bear-off) keeps its name; otherwise it is left out.
func placeLabels(face font.Face, names []string, bands [][2]float64, x1, pad float64) []placedLabel {
	type placed struct {
		placedLabel
		end, bandEnd float64
	}
	var out []placed
	endOf := func(k int) float64 { // where the k-th placed name ends
		if k < 0 {
			return math.Inf(-1)
		}
		return out[k].end
	}
	// fits places a name of width w of band [l, r] after the name that
	// ends at end, if it can.
	fits := func(w, l, r, end float64) (float64, bool) {
		x := max(min(l+pad, x1-pad-w), end+2*pad)
		return x, x < r && x+w <= x1-pad
	}
	for i, s := range names {
		if s == "" {
			continue
		}
		l, r := bands[i][0], bands[i][1]
		w := TextWidth(face, s)
		x, ok := fits(w, l, r, endOf(len(out)-1))
		if !ok && len(out) > 0 && out[len(out)-1].end > out[len(out)-1].bandEnd {
			if x2, ok2 := fits(w, l, r, endOf(len(out)-2)); ok2 && x2+w <= r {
				out, x, ok = out[:len(out)-1], x2, true
			}
		}
		if ok {
			out = append(out, placed{placedLabel{s, x}, x + w, r})
		}
	}
	labels := make([]placedLabel, len(out))
	for i, p := range out {
		labels[i] = p.placedLabel
	}
	return labels
}

// markSpot is a mark on the plot: its centre, radius and level, and its
// label (already fitted) with the label's width.
type markSpot struct {
	x, y, r float64
	level   int
	text    string
	w       float64
}

// markLabel is a mark's label placed: its text's baseline starts at x, y;
// a label moved away from its mark has a leader line from one to the
// other.
type markLabel struct {
	text     string
	level    int
	x, y     float64
	leader   bool
	from, to gg.Point
}

// placeMarkLabels places the marks' labels inside plot (x0, y0, x1, y1),
// the worst marks' first, each where it covers no mark and no label
// already placed: above its mark, or below, or beside it. A blunder's
// label that finds none of those free moves further up or down, a line
// at a time, with a leader line to its mark, so that a crowded graph
// still names every blunder; a lesser mark's label is left out. No label
// covers a box of avoid (the phases' names).
func placeMarkLabels(spots []markSpot, plot [4]float64, px float64, avoid ...image.Rectangle) []markLabel {
	x0, y0, x1, y1 := plot[0], plot[1], plot[2], plot[3]
	taken := slices.Clone(avoid)
	for _, sp := range spots {
		taken = append(taken, image.Rect(int(sp.x-sp.r), int(sp.y-sp.r), int(sp.x+sp.r), int(sp.y+sp.r)))
	}
	var out []markLabel
	for lvl := 3; lvl >= 1; lvl-- {
		for _, sp := range spots {
			if sp.level != lvl || sp.text == "" {
				continue
			}
			box := func(lx, ly float64) image.Rectangle {
				return image.Rect(int(lx), int(ly-px*0.85), int(lx+sp.w), int(ly+px*0.15))
			}
			free := func(lx, ly float64) bool {
				if ly-px*0.8 < y0 || ly > y1 || lx < x0 || lx+sp.w > x1 {
					return false
				}
				for _, b := range taken {
					if b.Overlaps(box(lx, ly)) {
						return false
					}
				}
				return true
			}
			mid := min(max(sp.x-sp.w/2, x0+2), x1-sp.w-2)
			above, below := sp.y-sp.r-px*0.35, sp.y+sp.r+px*0.95
			// Above, below, right, left.
			at := [][2]float64{{mid, above}, {mid, below},
				{sp.x + sp.r + px*0.3, sp.y + px*0.3}, {sp.x - sp.r - px*0.3 - sp.w, sp.y + px*0.3}}
			near := len(at)
			if lvl == 3 {
				for k := 1.0; above-k*px >= y0 || below+k*px <= y1; k++ {
					at = append(at, [2]float64{mid, above - k*px}, [2]float64{mid, below + k*px})
				}
			}
			for i, a := range at {
				if !free(a[0], a[1]) {
					continue
				}
				lb := markLabel{text: sp.text, level: lvl, x: a[0], y: a[1]}
				if i >= near {
					lb.leader = true
					cx := min(max(sp.x, a[0]), a[0]+sp.w)
					if a[1] < sp.y { // above: from the mark's top to the label's foot
						lb.from, lb.to = gg.Point{X: sp.x, Y: sp.y - sp.r}, gg.Point{X: cx, Y: a[1] + px*0.15}
					} else {
						lb.from, lb.to = gg.Point{X: sp.x, Y: sp.y + sp.r}, gg.Point{X: cx, Y: a[1] - px*0.85}
					}
				}
				taken = append(taken, box(a[0], a[1]))
				out = append(out, lb)
				break
			}
		}
	}
	return out
}
