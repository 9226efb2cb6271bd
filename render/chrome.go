package render

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
	"golang.org/x/image/math/fixed"
)

// chrome is what every board picture has around its board, whatever the
// game: the background, the wooden frame and the two player bars (icon,
// name, clock, side to move, title and footer). The grid drawer and
// NewDrawer's drawers share it, so that every game's pictures look alike
// and a new game's drawer only draws its board. Read-only once built.
type chrome struct {
	lay   layout
	theme Theme
	fonts *Fonts
	icons [2]*Sprite // each side's token in its bar
}

// barFaces are a worker's faces for the bars; faces cache glyphs and are
// not safe for concurrent use, so each worker has its own.
type barFaces struct {
	name, bold font.Face
	smallBold  font.Face // a title that would lose a part at bold's size
	capH       float64   // cap height of bold, to centre text on its visible part
}

func (c *chrome) newBarFaces() barFaces {
	f := barFaces{name: Face(c.fonts.Regular, c.lay.textPx), bold: Face(c.fonts.Bold, c.lay.textPx),
		smallBold: Face(c.fonts.Bold, math.Round(c.lay.textPx*0.86))}
	f.capH = capHeight(f.bold)
	return f
}

// iconSprite pre-renders a side's bar icon: the token drawn by draw (centre
// and size in pixels) on a faint light disc, so that a dark token stays
// visible on the dark bar.
func (c *chrome) iconSprite(draw func(dc *gg.Context, cx, cy, size float64)) *Sprite {
	size := int(math.Round(0.62 * float64(c.lay.topBar.Dy())))
	im := image.NewRGBA(image.Rect(0, 0, size, size))
	dc := gg.NewContextForRGBA(im)
	r := float64(size) / 2
	dc.SetColor(nrgba(255, 255, 255, 48))
	dc.DrawCircle(r, r, r)
	dc.Fill()
	draw(dc, r, r, float64(size))
	return newSprite(im)
}

// drawFrame paints the background and the wooden frame around the board.
func (c *chrome) drawFrame(dc *gg.Context) {
	l, t := &c.lay, c.theme
	dc.SetColor(t.Background)
	dc.Clear()
	fr := l.frameRect
	radius := float64(l.frame) * 0.45
	dc.SetColor(shade(t.Frame, -0.35))
	dc.DrawRoundedRectangle(float64(fr.Min.X), float64(fr.Min.Y), float64(fr.Dx()), float64(fr.Dy()), radius)
	dc.Fill()
	dc.SetColor(t.Frame)
	dc.DrawRoundedRectangle(float64(fr.Min.X)+1, float64(fr.Min.Y)+1, float64(fr.Dx())-2, float64(fr.Dy())-2, radius-1)
	dc.Fill()
}

// drawBars draws both players' bars of f: the player at the board's top
// edge (side 1, or side 0 when flipped) with the title, the other with the
// footer. They draw only inside the layout's strips.
func (c *chrome) drawBars(im *image.RGBA, dc *gg.Context, faces *barFaces, f Frame) {
	l := &c.lay
	top, bottom := 1, 0
	if f.Flip {
		top, bottom = 0, 1
	}
	c.drawBar(im, dc, faces, l.topBar, top, f.Players[top], f.Clocks[top], !f.Finished && f.ToMove == top, CleanText(f.Title), true)
	c.drawBar(im, dc, faces, l.bottomBar, bottom, f.Players[bottom], f.Clocks[bottom], !f.Finished && f.ToMove == bottom, CleanText(f.Footer), false)
}

// drawBar draws a player's bar: icon and name on the left (on an accent
// pill when that side is to move), and a right-aligned text.
func (c *chrome) drawBar(im *image.RGBA, dc *gg.Context, w *barFaces, bar image.Rectangle, side int, name, clock string, toMove bool, right string, rightBold bool) {
	t := c.theme
	cy := float64(bar.Min.Y+bar.Max.Y) / 2
	x0, x1 := float64(bar.Min.X), float64(bar.Max.X)
	avail := x1 - x0
	gap := math.Round(0.03 * float64(c.lay.size))

	icon := c.icons[side]
	is := float64(icon.im.Rect.Dx())
	pillH := math.Round(0.74 * float64(bar.Dy()))
	pad := math.Round((pillH - is) / 2)
	face, col := w.name, t.TextDim
	if toMove {
		face, col = w.bold, t.AccentText
	}
	// The clock, in a box after the name, keeps its room; the name gets
	// what is left.
	clock = FitText(w.bold, CleanText(clock), avail*0.3)
	clockW, clockBox := 0.0, 0.0
	if clock != "" {
		clockW = TextWidth(w.bold, clock)
		clockBox = clockW + 2*pad + 2*math.Round(pad*0.5)
	}
	left := is + 3*pad + clockBox + gap // the pill and clock without the name

	rightW := 0.0
	if right != "" {
		rface := w.name
		if rightBold {
			rface = w.bold
		}
		// The title has at least 55% of the bar, and what a short name
		// leaves besides: "#g1 · İtalyan daması · 1. hamle" keeps the
		// game's name beside "oyunbot · usta".
		room := max(avail*0.55, avail-left-TextWidth(face, CleanText(name))-gap)
		if TextWidth(rface, right) > room && rightBold && TextWidth(w.smallBold, right) <= room {
			rface = w.smallBold // a size smaller, whole, before a part goes
		}
		right = FitParts(rface, right, room)
		rightW = TextWidth(rface, right)
		drawText(im, rface, image.NewUniform(t.Text), right, x1-rightW, cy+w.capH/2)
	}

	nameMax := avail - rightW - gap - left
	name = FitText(face, CleanText(name), nameMax)
	nameW := TextWidth(face, name)
	pw := pad + is + pad*0.8 + nameW + pad*1.4
	if name == "" {
		pw = is + 2*pad
	}
	if toMove {
		dc.SetColor(t.Accent)
		dc.DrawRoundedRectangle(x0, cy-pillH/2, pw, pillH, pillH/2)
		dc.Fill()
	}
	if clock != "" {
		bx := x0 + pw + math.Round(gap/3)
		dc.SetColor(t.Panel)
		dc.DrawRoundedRectangle(bx, cy-pillH/2, clockBox, pillH, pillH/4)
		dc.Fill()
		cf := w.name
		if toMove {
			cf = w.bold
		}
		drawText(im, cf, image.NewUniform(t.Text), clock, bx+(clockBox-TextWidth(cf, clock))/2, cy+w.capH/2)
	}
	ix := int(x0 + pad)
	iy := int(math.Round(cy - is/2))
	icon.drawOver(im, image.Pt(ix, iy))
	if name != "" {
		drawText(im, face, image.NewUniform(col), name, x0+pad+is+pad*0.8, cy+w.capH/2)
	}
}

// Sample texts for choosing palettes: every letter shape and accent the bars
// show, in bold and regular, so that anti-aliased text keeps its colours.
const (
	sampleText  = "ÇĞİÖŞÜ çğıöşü #g7 · Beyaz oynar 1-0 AaBbMmWwXxYyZz 0123456789"
	sampleClock = "0123456789:"
)

// withSampleText returns f with sample names, clocks, title and footer.
func withSampleText(f Frame) Frame {
	f.Players = [2]string{sampleText, sampleText}
	f.Title, f.Footer = sampleText, sampleText
	f.Clocks = [2]string{sampleClock, sampleClock}
	return f
}

func drawText(dst draw.Image, face font.Face, src image.Image, s string, x, baseline float64) {
	dr := font.Drawer{Dst: dst, Src: src, Face: face, Dot: fixed.Point26_6{X: fixed.Int26_6(x * 64), Y: fixed.Int26_6(baseline * 64)}}
	dr.DrawString(s)
}

// fillOver blends c over the rectangle r of im.
func fillOver(im *image.RGBA, r image.Rectangle, c color.NRGBA) {
	draw.Draw(im, r, image.NewUniform(c), image.Point{}, draw.Over)
}
