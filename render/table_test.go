package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

var standings = [][]string{
	{"1", "Ayşe Yılmaz", "3.5", "3-1-0"},
	{"2", "oyunbot (zor)", "3", "3-0-1"},
	{"3", "Mehmet Çelik", "2", "2-0-2"},
	{"4", "Ali", "½", "0-1-3"},
}

func mustTable(t testing.TB, title string, header []string, rows [][]string, width int) image.Image {
	t.Helper()
	b, err := Table(title, header, rows, width)
	if err != nil {
		t.Fatalf("Table: %v", err)
	}
	return decodePNG(t, b)
}

func TestTableShape(t *testing.T) {
	header := []string{"#", "Oyuncu", "Puan", "G-B-M"}
	h := func(rows [][]string) int { return mustTable(t, "Turnuva", header, rows, 480).Bounds().Dy() }
	one, two, four := h(standings[:1]), h(standings[:2]), h(standings)
	if rowH := two - one; rowH <= 10 || four-two != 2*rowH {
		t.Errorf("heights 1, 2, 4 rows: %d %d %d; want equal steps per row", one, two, four)
	}
	many := make([][]string, 1000)
	for i := range many {
		many[i] = []string{fmt.Sprint(i + 1), "x", "0", "0-0-0"}
	}
	if got, want := h(many), h(many[:MaxTableRows]); got != want {
		t.Errorf("1000 rows: height %d, want that of %d rows (%d)", got, MaxTableRows, want)
	}
	for _, tc := range []struct{ ask, want int }{{480, 480}, {10, MinTableWidth}, {1 << 20, MaxSize}} {
		if got := mustTable(t, "", header, standings, tc.ask).Bounds().Dx(); got != tc.want {
			t.Errorf("width %d: got %d, want %d", tc.ask, got, tc.want)
		}
	}
}

func TestTableHeaderAndText(t *testing.T) {
	withHead := mustTable(t, "T", []string{"#", "Oyuncu", "Puan", "G-B-M"}, standings, 480)
	noHead := mustTable(t, "T", nil, standings, 480)
	if n := accentPixels(withHead, withHead.Bounds()); n < 1000 {
		t.Errorf("header band: %d accent pixels", n)
	}
	if n := accentPixels(noHead, noHead.Bounds()); n != 0 {
		t.Errorf("no header: %d accent pixels, want none", n)
	}
	if withHead.Bounds().Dy() <= noHead.Bounds().Dy() {
		t.Errorf("header row adds no height")
	}
	// The title draws text.
	a, b := mustTable(t, "", nil, standings, 480), mustTable(t, "Puan tablosu", nil, standings, 480)
	if b.Bounds().Dy() <= a.Bounds().Dy() {
		t.Errorf("title adds no height")
	}
}

// textSpan returns the leftmost and rightmost x of light (text) pixels in
// rows y0..y1.
func textSpan(im image.Image, y0, y1 int) (lo, hi int) {
	lo, hi = im.Bounds().Max.X, -1
	for y := y0; y < y1; y++ {
		for x := im.Bounds().Min.X; x < im.Bounds().Max.X; x++ {
			c := rgbaAt(im, float64(x), float64(y))
			if c.R > 180 && c.G > 180 && c.B > 170 {
				lo, hi = min(lo, x), max(hi, x)
			}
		}
	}
	return lo, hi
}

func TestTableAlignment(t *testing.T) {
	const w = 400
	// Two rows, no title or header: each row is half of the picture between
	// the margins. In the right half of the picture, a number column lines
	// up its right edges, a text column its left edges.
	margin := int(math.Round(max(0.035*w, 8)))
	spans := func(rows [][]string) (lo, hi [2]int) {
		im := mustTable(t, "", nil, rows, w)
		rowH := (im.Bounds().Dy() - 2*margin) / 2
		for i := range 2 {
			y0 := margin + i*rowH
			right := im.(interface {
				SubImage(image.Rectangle) image.Image
			}).SubImage(image.Rect(w/2, y0, w, y0+rowH))
			lo[i], hi[i] = textSpan(right, y0, y0+rowH)
		}
		return lo, hi
	}
	lo, hi := spans([][]string{{"Ayşe Yılmaz", "1"}, {"Ali", "1000"}})
	if hi[0] != hi[1] || lo[0] <= lo[1] {
		t.Errorf("number column: rows span x %d..%d and %d..%d, want right-aligned", lo[0], hi[0], lo[1], hi[1])
	}
	if hi[0] < w-w/8 {
		t.Errorf("number column ends at x=%d, want near the right edge", hi[0])
	}
	lo, hi = spans([][]string{{"Ayşe Yılmaz", "x"}, {"Ali", "xxxx"}})
	if lo[0] != lo[1] || hi[0] >= hi[1] {
		t.Errorf("text column: rows span x %d..%d and %d..%d, want left-aligned", lo[0], hi[0], lo[1], hi[1])
	}
}

func TestNumericColumns(t *testing.T) {
	body := [][]string{
		{"1", "Ayşe", "2.5", "1-0", "", "+12", "x1"},
		{"2", "Ali", "½", "0-1", "", "-3", "3"},
		{"… +5", "", "", "", "", "", ""},
	}
	got := numericColumns(body, 7)
	want := []bool{true, false, true, true, false, true, false}
	for c := range want {
		if got[c] != want[c] {
			t.Errorf("column %d: numeric %v, want %v", c, got[c], want[c])
		}
	}
}

func TestColumnWidthsFill(t *testing.T) {
	fonts, err := LoadFonts()
	if err != nil {
		t.Fatal(err)
	}
	face := Face(fonts.Regular, 16)
	head := []string{"#", "Name", "Pts"}
	for _, tc := range []struct {
		name  string
		body  [][]string
		avail float64
	}{
		{"room to spare", [][]string{{"1", "Ayşe", "3"}}, 500},
		{"too narrow", [][]string{{"1", strings.Repeat("long name ", 20), "3"}}, 300},
	} {
		ws := columnWidths(face, face, head, tc.body, tc.avail, 8)
		sum := 0.0
		for _, w := range ws {
			sum += w
			if w <= 0 {
				t.Errorf("%s: column width %v", tc.name, w)
			}
		}
		if sum < tc.avail-0.01 || sum > tc.avail+0.01 {
			t.Errorf("%s: widths %v sum to %v, want %v", tc.name, ws, sum, tc.avail)
		}
	}
}

func TestTableErrors(t *testing.T) {
	for _, tc := range []struct {
		name   string
		header []string
		rows   [][]string
	}{
		{"row wider than header", []string{"a", "b"}, [][]string{{"1", "2", "3"}}},
		{"too many columns", make([]string, maxColumns+1), nil},
	} {
		if b, err := Table("t", tc.header, tc.rows, 400); !errors.Is(err, ErrBadTable) || b != nil {
			t.Errorf("%s: got %d bytes, err %v; want ErrBadTable", tc.name, len(b), err)
		}
	}
	// Short rows, empty tables and odd text are fine.
	for _, tc := range []struct {
		name   string
		title  string
		header []string
		rows   [][]string
	}{
		{"short row", "t", []string{"a", "b"}, [][]string{{"1"}}},
		{"empty", "", nil, nil},
		{"title only", "Puan tablosu", nil, nil},
		{"header only", "", []string{"a"}, nil},
		{"bad text", "\xff\x00", []string{"\n\n"}, [][]string{{strings.Repeat("ğ", 10000)}}},
	} {
		if _, err := Table(tc.title, tc.header, tc.rows, 400); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}

// TestEncodePNGExact checks that a picture of flat colours (no two in one
// 15-bit cell) survives the palette exactly.
func TestEncodePNGExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	im := image.NewRGBA(image.Rect(0, 0, 97, 61))
	used := map[int]bool{}
	var cols []color.RGBA
	for len(cols) < 200 {
		c := color.RGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), 255}
		if k := quantKey(c.R, c.G, c.B); !used[k] {
			used[k] = true
			cols = append(cols, c)
		}
	}
	for y := 0; y < 61; y++ {
		for x := 0; x < 97; x++ {
			im.SetRGBA(x, y, cols[(x/5+y/3*20)%len(cols)])
		}
	}
	b, err := EncodePNG(im)
	if err != nil {
		t.Fatal(err)
	}
	got := decodePNG(t, b)
	for y := 0; y < 61; y++ {
		for x := 0; x < 97; x++ {
			if c := rgbaAt(got, float64(x), float64(y)); c != im.RGBAAt(x, y) {
				t.Fatalf("(%d,%d) = %v, want %v", x, y, c, im.RGBAAt(x, y))
			}
		}
	}
	// A sub-image keeps its own bounds.
	sub := im.SubImage(image.Rect(10, 10, 30, 20)).(*image.RGBA)
	b, err = EncodePNG(sub)
	if err != nil {
		t.Fatal(err)
	}
	got = decodePNG(t, b)
	if got.Bounds().Size() != (image.Point{20, 10}) {
		t.Fatalf("sub-image encoded as %v", got.Bounds())
	}
	if c := rgbaAt(got, 0, 0); c != im.RGBAAt(10, 10) {
		t.Errorf("sub-image origin %v, want %v", c, im.RGBAAt(10, 10))
	}
}

func FuzzTable(f *testing.F) {
	f.Add("Puan tablosu", "#|Oyuncu|Puan", "1|Ayşe|3.5\n2|Ali|½", 480)
	f.Add("", "", "a|b|c\n\n", 0)
	f.Add("\xff", "a", "1|2", -1)
	f.Fuzz(func(t *testing.T, title, header, rows string, width int) {
		var head []string
		if header != "" {
			head = strings.Split(header, "|")
		}
		var body [][]string
		for _, r := range strings.Split(rows, "\n") {
			body = append(body, strings.Split(r, "|"))
		}
		width = width%1000 + 200 // keep pictures small: fuzzing draws many
		b, err := Table(title, head, body, width)
		if err != nil {
			if !errors.Is(err, ErrBadTable) {
				t.Fatalf("error %v does not wrap ErrBadTable", err)
			}
			return
		}
		decodePNG(t, b)
	})
}

// TestQuantizerNearest checks the pruned nearest-colour search against a
// plain scan of the palette, for every 15-bit cell.
func TestQuantizerNearest(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	im := image.NewRGBA(image.Rect(0, 0, 64, 64))
	for i := range im.Pix {
		im.Pix[i] = uint8(rng.IntN(256))
		if i%4 == 3 {
			im.Pix[i] = 255
		}
	}
	q := newQuantizer([]*image.RGBA{im})
	if len(q.pal) != 256 {
		t.Fatalf("palette of %d colours from 4096 random pixels", len(q.pal))
	}
	dist := func(c color.RGBA, i int) int {
		p := q.pal[i].(color.RGBA)
		dr, dg, db := int(c.R)-int(p.R), int(c.G)-int(p.G), int(c.B)-int(p.B)
		return 3*dr*dr + 4*dg*dg + 2*db*db
	}
	for k := 0; k < quantCells; k++ {
		// A colour of the cell that no sample pixel fell in: its centre.
		c := color.RGBA{uint8(k>>10)<<3 | 4, uint8(k>>5&31)<<3 | 4, uint8(k&31)<<3 | 4, 255}
		owned := false
		for i := range q.pal {
			p := q.pal[i].(color.RGBA)
			if quantKey(p.R, p.G, p.B) == k {
				owned = true
			}
		}
		if owned {
			continue
		}
		best := 1 << 30
		for i := range q.pal {
			best = min(best, dist(c, i))
		}
		got := int(q.lut[k])
		if quantKey(c.R, c.G, c.B) != k {
			t.Fatalf("cell %d centre %v is in cell %d", k, c, quantKey(c.R, c.G, c.B))
		}
		// Cells with sample pixels are matched on their mean, not centre.
		if dist(c, got) != best && !cellHasPixels(im, k) {
			t.Fatalf("cell %d: entry %d at distance %d, nearest is %d", k, got, dist(c, got), best)
		}
	}
}

func cellHasPixels(im *image.RGBA, k int) bool {
	for i := 0; i+3 < len(im.Pix); i += 4 {
		if quantKey(im.Pix[i], im.Pix[i+1], im.Pix[i+2]) == k {
			return true
		}
	}
	return false
}

func BenchmarkTable(b *testing.B) {
	header := []string{"#", "Oyuncu", "Puan", "G-B-M"}
	rows := make([][]string, 16)
	for i := range rows {
		rows[i] = []string{fmt.Sprint(i + 1), fmt.Sprintf("Oyuncu %d", i+1), fmt.Sprint(16 - i), "1-2-3"}
	}
	for b.Loop() {
		if _, err := Table("Turnuva #t3 · 4. tur", header, rows, 640); err != nil {
			b.Fatal(err)
		}
	}
}
