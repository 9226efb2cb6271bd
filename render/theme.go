package render

import (
	"image/color"
	"math"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// Theme is the colour set shared by the boards and tables, so that every
// picture the bot sends looks like one family: dark warm background, light
// text, one green accent for "this one" (side to move, table header).
type Theme struct {
	Background color.RGBA // picture background
	Panel      color.RGBA // a slightly lighter band (table stripes)
	Line       color.RGBA // thin separators
	Text       color.RGBA // main text
	TextDim    color.RGBA // secondary text (the player not to move, notes)
	Accent     color.RGBA // side to move, table header
	AccentText color.RGBA // text on Accent
	Frame      color.RGBA // wooden frame around boards
	FrameText  color.RGBA // coordinate labels on the frame
}

// DefaultTheme returns the bot's colours.
func DefaultTheme() Theme {
	return Theme{
		Background: rgb(0x2f2c29),
		Panel:      rgb(0x3a3632),
		Line:       rgb(0x4a453f),
		Text:       rgb(0xeee9df),
		TextDim:    rgb(0xa8a094),
		Accent:     rgb(0x5e9a3c),
		AccentText: rgb(0xffffff),
		Frame:      rgb(0x5a3820),
		FrameText:  rgb(0xe8cfa6),
	}
}

// Fonts holds the parsed embedded Go fonts. A *Fonts is read-only and safe
// to share; the faces made from it are not (make one per goroutine).
type Fonts struct {
	Regular, Bold *truetype.Font
}

// LoadFonts parses the embedded Go Regular and Go Bold fonts.
func LoadFonts() (*Fonts, error) {
	r, err := truetype.Parse(goregular.TTF)
	if err != nil {
		return nil, err
	}
	b, err := truetype.Parse(gobold.TTF)
	if err != nil {
		return nil, err
	}
	return &Fonts{Regular: r, Bold: b}, nil
}

// Face returns a new face of f at px pixels (hinted, for crisp small text).
// Faces cache glyphs and are not safe for concurrent use.
func Face(f *truetype.Font, px float64) font.Face {
	face := truetype.NewFace(f, &truetype.Options{Size: px, DPI: 72, Hinting: font.HintingFull})
	return &advanceCache{Face: face, adv: map[rune]advance{}}
}

// advanceCache remembers glyph advances: the truetype face loads and hints
// the whole glyph for every GlyphAdvance call, which made measuring text
// (to fit names into their bar) cost more than drawing it.
type advanceCache struct {
	font.Face
	adv map[rune]advance
}

type advance struct {
	x  fixed.Int26_6
	ok bool
}

// maxCachedAdvances bounds the cache: names can bring any runes.
const maxCachedAdvances = 2048

// GlyphAdvance implements font.Face.
func (a *advanceCache) GlyphAdvance(r rune) (fixed.Int26_6, bool) {
	if v, ok := a.adv[r]; ok {
		return v.x, v.ok
	}
	x, ok := a.Face.GlyphAdvance(r)
	if len(a.adv) < maxCachedAdvances {
		a.adv[r] = advance{x, ok}
	}
	return x, ok
}

// maxTextRunes bounds the text measured and drawn per string: names and
// status lines are short, and a huge string must not cost a huge draw.
const maxTextRunes = 120

// CleanText makes s safe to draw: invalid UTF-8 and control characters
// become spaces or '?', runs of white space collapse, emoji the fonts
// cannot draw are left out (not drawn as boxes: see dropEmoji), and it is
// cut to a bounded length. A text of emoji alone is "?".
func CleanText(s string) string {
	var b strings.Builder
	n := 0
	space := false
	dropped := false
	for i := 0; i < len(s) && n < maxTextRunes; {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError:
			r = '?'
		case dropEmoji(r):
			dropped = true
			continue
		case unicode.IsSpace(r) || unicode.IsControl(r) || !unicode.IsPrint(r):
			if space || b.Len() == 0 {
				continue
			}
			space = true
			b.WriteByte(' ')
			n++
			continue
		}
		space = false
		b.WriteRune(r)
		n++
	}
	out := strings.TrimRight(b.String(), " ")
	if out == "" && dropped {
		return "?"
	}
	return out
}

// goRegular is the Go Regular font, to ask which runes it has.
var goRegular = sync.OnceValue(func() *truetype.Font {
	f, err := truetype.Parse(goregular.TTF)
	if err != nil {
		panic(err) // embedded: cannot fail
	}
	return f
})

// dropEmoji reports whether r is part of an emoji that the embedded Go
// fonts have no glyph for, which CleanText leaves out rather than draw a
// box: the pictographs and dingbats, the flags' regional indicators and
// the invisible parts of a sequence (joiner, variation selectors, keycap,
// tags, skin tones). No emoji font is embedded: the emoji fonts at hand
// are a colour bitmap font (Noto Color Emoji, which the outline renderer
// cannot draw) or one not under the OFL (Symbola, 3 MB).
func dropEmoji(r rune) bool {
	switch {
	case r == '\u200d', r >= '\ufe00' && r <= '\ufe0f', r == '\u20e3', r >= 0xe0020 && r <= 0xe007f:
		return true // invisible parts of an emoji sequence
	case r >= 0x1f000 && r <= 0x1faff, r >= 0x2600 && r <= 0x27bf, r >= 0x2300 && r <= 0x23ff,
		r >= 0x2b00 && r <= 0x2bff, r == 0x3030, r == 0x303d, r == 0x3297, r == 0x3299:
		return goRegular().Index(r) == 0
	}
	return false
}

// TextWidth is the advance width of s in face, in pixels.
func TextWidth(face font.Face, s string) float64 {
	return fixedToFloat(font.MeasureString(face, s))
}

// FitText returns s, or its longest prefix followed by "…", whose width in
// face is at most maxW pixels ("" when not even "…" fits).
func FitText(face font.Face, s string, maxW float64) string {
	if TextWidth(face, s) <= maxW {
		return s
	}
	runes := []rune(s)
	lo, hi := 0, len(runes) // invariant: prefix lo fits, prefix hi does not
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if TextWidth(face, strings.TrimRight(string(runes[:mid]), " ")+"…") <= maxW {
			lo = mid
		} else {
			hi = mid
		}
	}
	out := strings.TrimRight(string(runes[:lo]), " ") + "…"
	if TextWidth(face, out) > maxW {
		return ""
	}
	return out
}

// FitParts is FitText for a line of parts joined by " · " (a picture's
// title: the game's tag, its name, the move): when the whole line does
// not fit, the middle parts go first, so that the first and the last
// stay whole where they can ("#g1 · 12. hamle" rather than "#g1 · İtalyan
// daması · 1…").
func FitParts(face font.Face, s string, maxW float64) string {
	const sep = " · "
	parts := strings.Split(s, sep)
	for len(parts) > 2 && TextWidth(face, strings.Join(parts, sep)) > maxW {
		parts = append(parts[:1], parts[2:]...)
	}
	return FitText(face, strings.Join(parts, sep), maxW)
}

// capHeight is the height of a capital letter in face, for centring text
// vertically on its visible part rather than on its line box.
func capHeight(face font.Face) float64 {
	b, _ := font.BoundString(face, "H")
	return fixedToFloat(b.Max.Y - b.Min.Y)
}

func fixedToFloat(x fixed.Int26_6) float64 { return float64(x) / 64 }

func nrgba(r, g, b, a uint8) color.NRGBA { return color.NRGBA{r, g, b, a} }

// rgb parses 0xRRGGBB.
func rgb(x uint32) color.RGBA {
	return color.RGBA{uint8(x >> 16), uint8(x >> 8), uint8(x), 0xff}
}

// shade mixes c towards black (t<0) or white (t>0) by |t|.
func shade(c color.RGBA, t float64) color.RGBA {
	mix := func(v uint8) uint8 {
		f := float64(v)
		if t < 0 {
			f *= 1 + t
		} else {
			f += (255 - f) * t
		}
		return uint8(math.Round(f))
	}
	return color.RGBA{mix(c.R), mix(c.G), mix(c.B), 0xff}
}
