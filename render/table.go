package render

import (
	"errors"
	"fmt"
	"image"
	"math"
	"strings"
	"unicode"

	"github.com/fogleman/gg"
	"golang.org/x/image/font"
)

// ErrBadTable is wrapped by the errors Table returns for tables it cannot
// draw (a row with more cells than the header).
var ErrBadTable = errors.New("render: bad table")

// Table limits. Width is clamped to MinTableWidth..MaxSize; rows beyond
// MaxTableRows are left out and a last row "… +N" says how many.
const (
	MinTableWidth = 240
	MaxTableRows  = 100
	maxColumns    = 16
)

// Table draws a titled table (a tournament's standings, a leaderboard) to
// an 8-bit PNG width pixels wide, as tall as its rows need. Columns whose
// cells are all numbers or scores ("2.5", "1-0", "+12", "½") are right-
// aligned; text that does not fit its column is cut with "…". header may be
// empty (no header row); a row may have fewer cells than the header, not
// more.
func Table(title string, header []string, rows [][]string, width int) ([]byte, error) {
	ncol := len(header)
	if ncol == 0 {
		for _, r := range rows {
			ncol = max(ncol, len(r))
		}
	}
	if ncol > maxColumns {
		return nil, fmt.Errorf("%w: %d columns, at most %d", ErrBadTable, ncol, maxColumns)
	}
	for i, r := range rows {
		if len(r) > ncol {
			return nil, fmt.Errorf("%w: row %d has %d cells, the header %d", ErrBadTable, i+1, len(r), ncol)
		}
	}
	fonts, err := LoadFonts()
	if err != nil {
		return nil, err
	}
	if len(rows) > MaxTableRows {
		more := len(rows) - (MaxTableRows - 1)
		rows = append(rows[:MaxTableRows-1:MaxTableRows-1], []string{fmt.Sprintf("… +%d", more)})
	}
	clean := func(cells []string) []string {
		out := make([]string, ncol)
		for i, c := range cells {
			out[i] = CleanText(c)
		}
		return out
	}
	head := clean(header)
	body := make([][]string, len(rows))
	for i, r := range rows {
		body[i] = clean(r)
	}

	width = min(max(width, MinTableWidth), MaxSize)
	px := math.Round(min(max(float64(width)*0.03, 12), 36))
	t := DefaultTheme()
	regular, bold := Face(fonts.Regular, px), Face(fonts.Bold, px)
	margin := math.Round(max(0.035*float64(width), 8))
	title = CleanText(title)
	// A long title shrinks (down to the body's size) before it is cut.
	titleFace := Face(fonts.Bold, math.Round(px*1.3))
	for size := math.Round(px * 1.3); size > px && TextWidth(titleFace, title) > float64(width)-2*margin; {
		size--
		titleFace = Face(fonts.Bold, size)
	}
	rowH := math.Round(px * 1.9)
	titleH := 0.0
	if title != "" {
		titleH = math.Round(px * 2.6)
	}
	headH := 0.0
	if len(header) > 0 {
		headH = rowH
	}
	height := int(margin + titleH + headH + rowH*float64(len(body)) + margin)
	if len(body) == 0 && headH == 0 {
		height = int(2*margin + titleH)
	}

	im := image.NewRGBA(image.Rect(0, 0, width, height))
	dc := gg.NewContextForRGBA(im)
	dc.SetColor(t.Background)
	dc.Clear()

	x0, x1 := margin, float64(width)-margin
	pad := math.Round(px * 0.6)
	cols := columnWidths(regular, bold, head, body, x1-x0, pad)
	numeric := numericColumns(body, ncol)

	y := margin
	if title != "" {
		drawText(im, titleFace, image.NewUniform(t.Text), FitText(titleFace, title, x1-x0), x0, y+titleH/2+capHeight(titleFace)/2-px*0.2)
		y += titleH
	}
	capH := capHeight(regular)
	drawRow := func(cells []string, face font.Face, fg image.Image, y float64) {
		x := x0
		for c, w := range cols {
			s := FitText(face, cells[c], w-2*pad)
			tx := x + pad
			if numeric[c] {
				tx = x + w - pad - TextWidth(face, s)
			}
			drawText(im, face, fg, s, tx, y+rowH/2+capH/2)
			x += w
		}
	}
	radius := math.Round(px * 0.45)
	tableH := headH + rowH*float64(len(body))
	if tableH > 0 {
		// A rounded card; rows are bands on it, the header an accent band.
		dc.SetColor(t.Panel)
		dc.DrawRoundedRectangle(x0, y, x1-x0, tableH, radius)
		dc.Fill()
	}
	if headH > 0 {
		dc.SetColor(t.Accent)
		dc.DrawRoundedRectangle(x0, y, x1-x0, headH, radius)
		dc.Fill()
		if len(body) > 0 { // square off the header's lower corners
			dc.DrawRectangle(x0, y+headH/2, x1-x0, headH/2)
			dc.Fill()
		}
		drawRow(head, bold, image.NewUniform(t.AccentText), y)
		y += headH
	}
	text := image.NewUniform(t.Text)
	for i, r := range body {
		if i%2 == 1 {
			dc.SetColor(shade(t.Panel, 0.05))
			if i == len(body)-1 { // keep the card's rounded bottom
				dc.DrawRoundedRectangle(x0, y, x1-x0, rowH, radius)
				dc.Fill()
				dc.DrawRectangle(x0, y, x1-x0, rowH/2)
			} else {
				dc.DrawRectangle(x0, y, x1-x0, rowH)
			}
			dc.Fill()
		}
		drawRow(r, regular, text, y)
		y += rowH
	}
	return EncodePNG(im)
}

// columnWidths gives each column its natural width (widest cell plus
// padding); extra room goes to the widest column, and when the natural
// widths do not fit, the columns wider than an even share are shrunk.
func columnWidths(regular, bold font.Face, head []string, body [][]string, avail, pad float64) []float64 {
	n := len(head)
	if n == 0 {
		return nil
	}
	nat := make([]float64, n)
	for c := range nat {
		nat[c] = TextWidth(bold, head[c])
		for _, r := range body {
			nat[c] = max(nat[c], TextWidth(regular, r[c]))
		}
		nat[c] += 2 * pad
	}
	sum, widest := 0.0, 0
	for c, w := range nat {
		sum += w
		if w > nat[widest] {
			widest = c
		}
	}
	if sum <= avail {
		nat[widest] += avail - sum
		return nat
	}
	// Keep the narrow columns, share the rest among the wide ones in
	// proportion to their natural widths.
	share := avail / float64(n)
	narrow, wide := 0.0, 0.0
	for _, w := range nat {
		if w <= share {
			narrow += w
		} else {
			wide += w
		}
	}
	scale := (avail - narrow) / wide
	for c, w := range nat {
		if w > share {
			nat[c] = w * scale
		}
	}
	return nat
}

// numericColumns reports the columns whose non-empty cells all look like
// numbers or scores.
func numericColumns(body [][]string, n int) []bool {
	out := make([]bool, n)
	for c := range out {
		seen := false
		out[c] = true
		for _, r := range body {
			s := r[c]
			if s == "" || strings.HasPrefix(s, "…") {
				continue
			}
			seen = true
			if !numberLike(s) {
				out[c] = false
				break
			}
		}
		out[c] = out[c] && seen
	}
	return out
}

func numberLike(s string) bool {
	digit := false
	for _, r := range s {
		switch {
		case unicode.IsDigit(r) || r == '½':
			digit = true
		case strings.ContainsRune(".,+-−–/%: ", r):
		default:
			return false
		}
	}
	return digit
}

// EncodePNG writes im as an 8-bit paletted PNG (BestSpeed), with a palette
// taken from its own colours: exact for pictures of a few flat colours and
// their anti-aliased edges, like everything this package draws. Alpha is
// ignored: im should be opaque.
func EncodePNG(im *image.RGBA) ([]byte, error) {
	// A palette entry is looked up only for the cells the picture uses: a
	// whole table would cost more than the picture.
	pb := newPaletteBuilder([]*image.RGBA{im})
	p := image.NewPaletted(im.Rect, pb.pal)
	var lut [quantCells]int16
	for y := im.Rect.Min.Y; y < im.Rect.Max.Y; y++ {
		s := im.Pix[im.PixOffset(im.Rect.Min.X, y):im.PixOffset(im.Rect.Max.X, y)]
		d := p.Pix[p.PixOffset(im.Rect.Min.X, y):p.PixOffset(im.Rect.Max.X, y)]
		for j := range d {
			k := quantKey(s[4*j], s[4*j+1], s[4*j+2])
			if lut[k] == 0 {
				lut[k] = int16(pb.nearest(k)) + 1
			}
			d[j] = uint8(lut[k] - 1)
		}
	}
	return newPNGWriter().encode(p)
}
