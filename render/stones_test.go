package render_test

// A drawer for a board one character per square cannot show, written the
// way a game's drawer is: it reads the structured view of its own game's
// position from Frame.Position and draws through the exported machinery
// only (NewDrawer, Canvas, Theme, fonts, text fitting), in an external test
// package so that nothing unexported can creep in.

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"

	"github.com/fogleman/gg"

	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/render"
)

// Stone is a stone of the test game, on a 5×5 board: its cell (column from
// the left, row from the bottom, as side 0 sees it), its number and its
// side. It stands for the view a game package exports (İşlem's numbered
// stones in two colours); render knows nothing of it.
type Stone struct {
	Col, Row int
	Number   int
	Side     int
}

// stoner is the structured view the test drawer asks the position for.
type stoner interface{ Stones() []Stone }

// stonesPosition is a position of the test game. It embeds games.Position
// only to be one: every other method would panic on the nil interface, so
// drawing it also shows that the drawer reads the view and calls nothing
// else (no Board, no Make).
type stonesPosition struct {
	games.Position
	stones []Stone
}

func (p stonesPosition) Stones() []Stone { return p.stones }

const stonesN = 5

var (
	stonesWood   = color.RGBA{0xd9, 0xc4, 0x96, 0xff}
	stonesLine   = color.RGBA{0x8a, 0x6a, 0x3c, 0xff}
	stoneColours = [2]color.RGBA{{0xc0, 0x39, 0x2b, 0xff}, {0x1f, 0x5f, 0xa8, 0xff}}
	stoneRims    = [2]color.RGBA{{0x6e, 0x1c, 0x14, 0xff}, {0x0e, 0x2f, 0x55, 0xff}}
)

// stonesDrawer is the test game's drawer and where its board and frame lie
// on the picture, for the tests to look at.
type stonesDrawer struct {
	render.Drawer
	board, frame image.Rectangle
	discs        [2]*render.Sprite // a stone of each side, without its number
}

func newStonesDrawer(t testing.TB, size int) *stonesDrawer {
	t.Helper()
	sd := &stonesDrawer{}
	sd.board, sd.frame = render.BoardArea(size, 0)
	// Stones are drawn dozens of times a frame: render each side's disc
	// once, as a sprite the size of a cell.
	cell := stoneCell(sd.board, 0, 0, false)
	for side := range sd.discs {
		sd.discs[side] = render.NewSprite(cell.Dx(), cell.Dy(), func(dc *gg.Context) {
			cx, cy, r := cellCentre(image.Rect(0, 0, cell.Dx(), cell.Dy()))
			dc.DrawCircle(cx, cy, r)
			dc.SetColor(stoneColours[side])
			dc.FillPreserve()
			dc.SetColor(stoneRims[side])
			dc.SetLineWidth(0.08 * r)
			dc.Stroke()
		})
	}
	sample := []Stone{{0, 0, 7, 0}, {1, 0, 88, 1}, {2, 2, 123, 0}, {3, 4, 5, 1}}
	d, err := render.NewDrawer(render.Spec{
		Size: size,
		Icon: func(dc *gg.Context, side int, cx, cy, size float64) {
			dc.DrawCircle(cx, cy, 0.4*size)
			dc.SetColor(stoneColours[side])
			dc.Fill()
		},
		Base: func(c *render.Canvas, flip bool) {
			if c.Board != sd.board || c.Frame != sd.frame {
				t.Errorf("Canvas board %v frame %v, BoardArea said %v, %v", c.Board, c.Frame, sd.board, sd.frame)
			}
			dc := c.DC
			b := c.Board
			dc.SetColor(stonesWood)
			dc.DrawRectangle(float64(b.Min.X), float64(b.Min.Y), float64(b.Dx()), float64(b.Dy()))
			dc.Fill()
			dc.SetColor(stonesLine)
			dc.SetLineWidth(2)
			for i := 1; i < stonesN; i++ {
				x := float64(b.Min.X + i*b.Dx()/stonesN)
				y := float64(b.Min.Y + i*b.Dy()/stonesN)
				dc.DrawLine(x, float64(b.Min.Y), x, float64(b.Max.Y))
				dc.DrawLine(float64(b.Min.X), y, float64(b.Max.X), y)
			}
			dc.Stroke()
		},
		Paint: sd.paint,
		Samples: []render.Frame{
			{Position: stonesPosition{stones: sample}},
			{Position: stonesPosition{stones: sample}, Flip: true},
		},
		Exact: []color.RGBA{stonesWood, stoneColours[0], stoneColours[1]},
	})
	if err != nil {
		t.Fatal(err)
	}
	sd.Drawer = d
	return sd
}

// stoneCell is the rectangle of a cell on the screen.
func stoneCell(board image.Rectangle, col, row int, flip bool) image.Rectangle {
	if flip {
		col, row = stonesN-1-col, stonesN-1-row
	}
	x0 := board.Min.X + col*board.Dx()/stonesN
	x1 := board.Min.X + (col+1)*board.Dx()/stonesN
	y0 := board.Min.Y + (stonesN-1-row)*board.Dy()/stonesN
	y1 := board.Min.Y + (stonesN-row)*board.Dy()/stonesN
	return image.Rect(x0, y0, x1, y1)
}

func cellCentre(r image.Rectangle) (cx, cy, radius float64) {
	return float64(r.Min.X+r.Max.X) / 2, float64(r.Min.Y+r.Max.Y) / 2, 0.42 * float64(min(r.Dx(), r.Dy()))
}

// paint is the test game's Spec.Paint: each stone a disc of its side's
// colour with its number, shrunk to fit, in the middle.
func (sd *stonesDrawer) paint(c *render.Canvas, f render.Frame) error {
	v, ok := f.Position.(stoner)
	if !ok {
		return fmt.Errorf("%w: position %T is not of the stones game", render.ErrBadFrame, f.Position)
	}
	var taken [stonesN][stonesN]bool
	for _, s := range v.Stones() {
		if s.Col < 0 || s.Col >= stonesN || s.Row < 0 || s.Row >= stonesN || s.Side < 0 || s.Side > 1 || s.Number < 0 {
			return fmt.Errorf("%w: stone %+v", render.ErrBadFrame, s)
		}
		if taken[s.Col][s.Row] {
			return fmt.Errorf("%w: two stones on %d,%d", render.ErrBadFrame, s.Col, s.Row)
		}
		taken[s.Col][s.Row] = true
		cell := stoneCell(c.Board, s.Col, s.Row, f.Flip)
		sd.discs[s.Side].Draw(c.Img, cell.Min)
		cx, cy, r := cellCentre(cell)
		label := strconv.Itoa(s.Number)
		face := c.FitFace(true, 0.9*r, 6, 1.3*r, label)
		c.TextCentred(face, label, cx, cy, c.Theme.AccentText)
	}
	return nil
}

func decode(t testing.TB, b []byte) image.Image {
	t.Helper()
	im, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("decode PNG: %v", err)
	}
	return im
}

func draw(t testing.TB, d render.Drawer, f render.Frame) image.Image {
	t.Helper()
	b, err := d.Draw(f)
	if err != nil {
		t.Fatalf("Draw: %v", err)
	}
	return decode(t, b)
}

func at(im image.Image, x, y float64) color.RGBA {
	return color.RGBAModel.Convert(im.At(int(x), int(y))).(color.RGBA)
}

// diffBounds is the smallest rectangle holding every pixel that differs.
func diffBounds(a, b image.Image) image.Rectangle {
	var r image.Rectangle
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			if at(a, float64(x), float64(y)) != at(b, float64(x), float64(y)) {
				r = r.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	return r
}

func stonesFrame(stones ...Stone) render.Frame {
	return render.Frame{
		Position: stonesPosition{stones: stones},
		Players:  [2]string{"Ayşe", "oyunbot"},
		Title:    "#g9 · taşlar",
		Footer:   "Kırmızı oynar",
		Clocks:   [2]string{"4:32", "9:58"},
	}
}

// TestStonesDrawer checks that a drawer reading a structured view draws
// what the view says, where it says, and nothing else: a change of one
// stone changes only its cell.
func TestStonesDrawer(t *testing.T) {
	const size = 320
	d := newStonesDrawer(t, size)
	base := []Stone{{0, 0, 7, 0}, {4, 4, 12, 1}, {2, 1, 3, 0}}
	f := stonesFrame(base...)
	im := draw(t, d, f)
	if _, ok := im.(*image.Paletted); !ok {
		t.Errorf("picture decodes as %T, want a paletted PNG", im)
	}
	if im.Bounds() != image.Rect(0, 0, size, size) {
		t.Fatalf("picture %v, want %dx%d", im.Bounds(), size, size)
	}
	if !d.frame.In(image.Rect(0, 0, size, size)) || !d.board.In(d.frame) || d.board.Dx() < size/2 {
		t.Fatalf("board %v in frame %v: not a sensible layout for a %d px picture", d.board, d.frame, size)
	}
	// A stone's body (below its number) is its side's colour, exactly: the
	// palette keeps the Exact colours.
	body := func(im image.Image, col, row int, flip bool) color.RGBA {
		cx, cy, r := cellCentre(stoneCell(d.board, col, row, flip))
		return at(im, cx, cy+0.72*r)
	}
	for _, s := range base {
		if got := body(im, s.Col, s.Row, false); got != stoneColours[s.Side] {
			t.Errorf("stone %+v: body %v, want %v", s, got, stoneColours[s.Side])
		}
	}
	if cx, cy, _ := cellCentre(stoneCell(d.board, 1, 3, false)); at(im, cx, cy) != stonesWood {
		t.Errorf("empty cell b4: %v, want the wood %v", at(im, cx, cy), stonesWood)
	}

	for _, tc := range []struct {
		name   string
		change Stone // replaces the stone on its cell
	}{
		{"another number", Stone{2, 1, 88, 0}},
		{"the other side", Stone{2, 1, 3, 1}},
		{"a number too wide for the stone", Stone{2, 1, 1234567, 0}},
	} {
		stones := append([]Stone(nil), base...)
		stones[2] = tc.change
		im2 := draw(t, d, stonesFrame(stones...))
		cell := stoneCell(d.board, 2, 1, false)
		diff := diffBounds(im, im2)
		if diff.Empty() {
			t.Errorf("%s: the picture did not change", tc.name)
		} else if !diff.In(cell) {
			t.Errorf("%s: pixels changed in %v, outside the stone's cell %v", tc.name, diff, cell)
		}
		if got, want := body(im2, 2, 1, false), stoneColours[tc.change.Side]; got != want {
			t.Errorf("%s: body %v, want %v", tc.name, got, want)
		}
		// The number shrinks to fit: the cell's corners stay wood.
		if c := at(im2, float64(cell.Min.X)+3, float64(cell.Min.Y)+3); c != stonesWood {
			t.Errorf("%s: cell corner %v, want the wood", tc.name, c)
		}
	}

	// Flipped, the bottom-left stone is at the top right, and the bars
	// change places: side 0, to move, is at the top.
	fl := f
	fl.Flip = true
	imf := draw(t, d, fl)
	if got := body(imf, 0, 0, true); got != stoneColours[0] {
		t.Errorf("flipped: the a1 stone's body %v, want %v", got, stoneColours[0])
	}
	if sc := stoneCell(d.board, 0, 0, true); sc.Min.Y != d.board.Min.Y || sc.Max.X != d.board.Max.X {
		t.Errorf("flipped: a1 on screen at %v, want the top right of %v", sc, d.board)
	}
	accent := render.DefaultTheme().Accent
	count := func(im image.Image, r image.Rectangle) int {
		n := 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if at(im, float64(x), float64(y)) == accent {
					n++
				}
			}
		}
		return n
	}
	top, bottom := image.Rect(0, 0, size, d.frame.Min.Y), image.Rect(0, d.frame.Max.Y, size, size)
	if count(im, top) != 0 || count(im, bottom) == 0 {
		t.Errorf("side 0 to move: accent pixels top %d, bottom %d; want its pill at the bottom only", count(im, top), count(im, bottom))
	}
	if count(imf, bottom) != 0 || count(imf, top) == 0 {
		t.Errorf("flipped: accent pixels top %d, bottom %d; want side 0's pill at the top only", count(imf, top), count(imf, bottom))
	}
	fin := f
	fin.Finished = true
	if imFin := draw(t, d, fin); count(imFin, top)+count(imFin, bottom) != 0 {
		t.Error("finished game: a name is still highlighted")
	}
}

func TestStonesBadFrames(t *testing.T) {
	d := newStonesDrawer(t, 256)
	for name, f := range map[string]render.Frame{
		"no position":           {},
		"another game's":        {Position: dama.Game{}.Start()},
		"a stone off the board": stonesFrame(Stone{5, 0, 1, 0}),
		"a third side":          stonesFrame(Stone{0, 0, 1, 2}),
		"two stones on a cell":  stonesFrame(Stone{1, 1, 1, 0}, Stone{1, 1, 2, 1}),
		"side to move 2":        {Position: stonesPosition{}, ToMove: 2},
	} {
		if _, err := d.Draw(f); !errors.Is(err, render.ErrBadFrame) {
			t.Errorf("%s: error %v, want ErrBadFrame", name, err)
		}
	}
	// An empty board is a board.
	if _, err := d.Draw(stonesFrame()); err != nil {
		t.Errorf("empty board: %v", err)
	}
}

func TestNewDrawerRefusesIncompleteSpecs(t *testing.T) {
	paint := func(*render.Canvas, render.Frame) error { return nil }
	failing := func(*render.Canvas, render.Frame) error { return errors.New("cannot") }
	for name, s := range map[string]render.Spec{
		"no Paint":               {Samples: []render.Frame{{}}},
		"no samples":             {Paint: paint},
		"a sample fails to draw": {Paint: failing, Samples: []render.Frame{{}}},
	} {
		if d, err := render.NewDrawer(s); err == nil || d != nil {
			t.Errorf("%s: NewDrawer = %v, %v; want an error", name, d, err)
		}
	}
}

// TestStonesConcurrentDraw draws different frames on many goroutines (run
// with -race): each picture must equal the one a new drawer makes of it
// alone, whatever the workers drew before.
func TestStonesConcurrentDraw(t *testing.T) {
	d := newStonesDrawer(t, 256)
	fresh := newStonesDrawer(t, 256)
	frames := make([]render.Frame, 6)
	want := make([][]byte, len(frames))
	for i := range frames {
		f := stonesFrame(Stone{i % stonesN, 0, i * 11, i % 2}, Stone{4, 4 - i%3, 100 + i, 1})
		f.ToMove, f.Flip = i%2, i%3 == 0
		f.Players[1] = fmt.Sprintf("player %d", i)
		frames[i] = f
		b, err := fresh.Draw(f)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = b
	}
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 6; k++ {
				i := (g + k) % len(frames)
				b, err := d.Draw(frames[i])
				if err != nil {
					errs <- err
					return
				}
				if !bytes.Equal(b, want[i]) {
					errs <- fmt.Errorf("goroutine %d: frame %d differs from a fresh drawer's", g, i)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// BenchmarkDrawStones measures a drawer built with NewDrawer, against the
// same < 3 ms per board as the grid drawers: 20 numbered stones at 512 px.
func BenchmarkDrawStones(b *testing.B) {
	var stones []Stone
	for i := 0; i < 20; i++ {
		stones = append(stones, Stone{i % stonesN, i / stonesN, 3 * i, i % 2})
	}
	render.BenchDraw(b, newStonesDrawer(b, 512), stonesFrame(stones...))
}

// TestStonesPreview writes the test game's picture to $RENDER_PREVIEW (a
// directory) for a person to look at; it does nothing when it is unset.
func TestStonesPreview(t *testing.T) {
	dir := os.Getenv("RENDER_PREVIEW")
	if dir == "" {
		t.Skip("set RENDER_PREVIEW=dir to write sample pictures")
	}
	f := stonesFrame(Stone{0, 0, 7, 0}, Stone{4, 4, 12, 1}, Stone{2, 1, 3, 0}, Stone{2, 2, 1234567, 1}, Stone{3, 1, 88, 1})
	b, err := newStonesDrawer(t, 512).Draw(f)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "stones.png"), b, 0o644); err != nil {
		t.Fatal(err)
	}
}
