package render

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"sync"
	"testing"
)

// Drawers shared by the tests: building one is the slow part (palette,
// tiles), and they are safe for concurrent use.
var (
	dama512 = sync.OnceValue(func() Drawer { return NewDama(512) })
	ttt512  = sync.OnceValue(func() Drawer { return NewTicTacToe(512) })
	dama256 = sync.OnceValue(func() Drawer { return NewDama(256) })
	ttt256  = sync.OnceValue(func() Drawer { return NewTicTacToe(256) })
)

func decodePNG(t testing.TB, b []byte) image.Image {
	t.Helper()
	im, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("decode PNG: %v", err)
	}
	return im
}

func rgbaAt(im image.Image, x, y float64) color.RGBA {
	return color.RGBAModel.Convert(im.At(int(x), int(y))).(color.RGBA)
}

// colourDist is the sum of the channel differences.
func colourDist(a, b color.RGBA) int {
	abs := func(x int) int {
		if x < 0 {
			return -x
		}
		return x
	}
	return abs(int(a.R)-int(b.R)) + abs(int(a.G)-int(b.G)) + abs(int(a.B)-int(b.B))
}

func mustDraw(t testing.TB, d Drawer, f Frame) image.Image {
	t.Helper()
	b, err := d.Draw(f)
	if err != nil {
		t.Fatalf("Draw: %v", err)
	}
	return decodePNG(t, b)
}

// centreOf returns the picture coordinates of the centre of square name,
// offset by (dx, dy) squares.
func centreOf(t testing.TB, l layout, name string, flip bool, dx, dy float64) (float64, float64) {
	t.Helper()
	c, err := parseSquare(name, l.n)
	if err != nil {
		t.Fatal(err)
	}
	x, y := l.centre(l.screen(c, flip))
	return x + dx*float64(l.sq), y + dy*float64(l.sq)
}

// damaFrame: white man d3 jumped d4 and landed on d5; kings on a1 and h1.
var damaBoard = []string{
	"........", // 8
	"bbbbbbbb", // 7
	"bbbbbbbb", // 6
	"...w....", // 5
	"........", // 4
	"www.wwww", // 3
	"wwwwwwww", // 2
	"W......B", // 1
}

func damaFrame() Frame {
	return Frame{
		Board:    damaBoard,
		Path:     []string{"d3", "d5"},
		Captured: []string{"d4"},
		ToMove:   1,
		Players:  [2]string{"Ayşe", "Bot"},
		Title:    "#g7 · dama",
		Footer:   "Siyah oynar",
	}
}

func TestDamaSquareColours(t *testing.T) {
	const size = 512
	d := dama512()
	board := rgb(0xeccb94)
	for _, flip := range []bool{false, true} {
		f := damaFrame()
		f.Flip = flip
		im := mustDraw(t, d, f)
		if got := im.Bounds().Size(); got != (image.Point{size, size}) {
			t.Fatalf("picture is %v, want %dx%d", got, size, size)
		}
		l := newLayout(size, 8)
		at := func(sq string, dx, dy float64) color.RGBA {
			x, y := centreOf(t, l, sq, flip, dx, dy)
			return rgbaAt(im, x, y)
		}
		nearWhite := func(c color.RGBA) bool { return c.R > 200 && c.G > 200 && c.B > 190 }
		nearBlack := func(c color.RGBA) bool { return c.R < 80 && c.G < 80 && c.B < 80 }
		gold := func(c color.RGBA) bool { return c.R > 170 && int(c.R)-int(c.B) > 80 }
		empty := at("e4", 0, 0)
		tests := []struct {
			sq   string
			desc string
			ok   func(c color.RGBA) bool
		}{
			{"a2", "white man near-white", nearWhite},
			{"h3", "white man near-white", nearWhite},
			{"a7", "black man near-black", nearBlack},
			{"h6", "black man near-black", nearBlack},
			{"e4", "empty square is board colour", func(c color.RGBA) bool { return colourDist(c, board) <= 9 }},
			{"a8", "empty square is board colour", func(c color.RGBA) bool { return colourDist(c, board) <= 9 }},
			{"d3", "path start differs from an empty square", func(c color.RGBA) bool { return colourDist(c, empty) > 40 }},
			{"d4", "captured square is marked red", func(c color.RGBA) bool { return int(c.R)-int(c.G) > 60 && colourDist(c, empty) > 60 }},
			{"d5", "moved man still white on its highlighted square", nearWhite},
			{"a1", "white king shows a gold crown", gold},
			{"h1", "black king shows a gold crown", gold},
		}
		for _, tc := range tests {
			if c := at(tc.sq, 0, 0); !tc.ok(c) {
				t.Errorf("flip=%v %s: %s, got %v", flip, tc.sq, tc.desc, c)
			}
		}
		// The landing square is highlighted around its piece: compare a
		// point off the disc with the same point of an empty square.
		if c := at("d5", 0.45, 0.45); colourDist(c, at("e5", 0.45, 0.45)) < 40 {
			t.Errorf("flip=%v: landing square d5 corner %v not highlighted (e5 corner %v)", flip, c, at("e5", 0.45, 0.45))
		}
		// The line joining the path passes through the jumped-over square
		// (d4), and the captured mark is there too: both differ from empty.
		if c := at("d4", 0.3, 0); colourDist(c, empty) < 40 {
			t.Errorf("flip=%v: captured square d4 %v looks empty", flip, c)
		}
	}
}

// quadrantLight counts near-white pixels in the quadrants of the board area.
func quadrantLight(im image.Image, l layout) (tl, tr, bl, br int) {
	b := l.boardRect
	mx, my := (b.Min.X+b.Max.X)/2, (b.Min.Y+b.Max.Y)/2
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := rgbaAt(im, float64(x), float64(y))
			if c.R < 235 || c.G < 230 || c.B < 215 {
				continue
			}
			switch {
			case x < mx && y < my:
				tl++
			case x >= mx && y < my:
				tr++
			case x < mx:
				bl++
			default:
				br++
			}
		}
	}
	return
}

func TestDamaFlipMovesA1(t *testing.T) {
	d := dama256()
	l := newLayout(256, 8)
	board := []string{"........", "........", "........", "........", "........", "........", "........", "w......."}
	// Not flipped, a1 is bottom-left; flipped (side 1's view, the board turned
	// half a circle) it is top-right.
	for _, tc := range []struct {
		flip bool
		want string
	}{{false, "bottom-left"}, {true, "top-right"}} {
		im := mustDraw(t, d, Frame{Board: board, Flip: tc.flip})
		tl, tr, bl, br := quadrantLight(im, l)
		got := map[string]int{"top-left": tl, "top-right": tr, "bottom-left": bl, "bottom-right": br}
		for q, n := range got {
			if q == tc.want && n < 50 {
				t.Errorf("flip=%v: %s has %d light pixels, want the white man there", tc.flip, q, n)
			}
			if q != tc.want && n != 0 {
				t.Errorf("flip=%v: %s has %d light pixels, want none", tc.flip, q, n)
			}
		}
	}
}

// accentPixels counts pixels of the accent colour in r.
func accentPixels(im image.Image, r image.Rectangle) int {
	acc := DefaultTheme().Accent
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if colourDist(rgbaAt(im, float64(x), float64(y)), acc) < 12 {
				n++
			}
		}
	}
	return n
}

func TestSideToMoveAndText(t *testing.T) {
	const size = 512
	l := newLayout(size, 8)
	d := dama512()
	for _, tc := range []struct {
		toMove int
		flip   bool
		bar    string // the bar with the accent pill
	}{
		{0, false, "bottom"}, {1, false, "top"}, {0, true, "top"}, {1, true, "bottom"},
	} {
		f := damaFrame()
		f.ToMove, f.Flip = tc.toMove, tc.flip
		im := mustDraw(t, d, f)
		top, bottom := accentPixels(im, l.topBar), accentPixels(im, l.bottomBar)
		if tc.bar == "top" && (top < 200 || bottom != 0) || tc.bar == "bottom" && (bottom < 200 || top != 0) {
			t.Errorf("toMove=%d flip=%v: accent pixels top %d bottom %d, want the %s bar", tc.toMove, tc.flip, top, bottom, tc.bar)
		}
		// A finished game highlights nobody (a draw's board showed a side
		// "to move").
		f.Finished = true
		im = mustDraw(t, d, f)
		if top, bottom := accentPixels(im, l.topBar), accentPixels(im, l.bottomBar); top != 0 || bottom != 0 {
			t.Errorf("finished, toMove=%d flip=%v: accent pixels top %d bottom %d, want none", tc.toMove, tc.flip, top, bottom)
		}
	}

	// Names, title and footer each change their part of the picture.
	base := damaFrame()
	base.Players, base.Title, base.Footer = [2]string{}, "", ""
	plain := mustDraw(t, d, base)
	half := func(r image.Rectangle, right bool) image.Rectangle {
		mx := (r.Min.X + r.Max.X) / 2
		if right {
			return image.Rect(mx, r.Min.Y, r.Max.X, r.Max.Y)
		}
		return image.Rect(r.Min.X, r.Min.Y, mx, r.Max.Y)
	}
	for _, tc := range []struct {
		name   string
		edit   func(*Frame)
		region image.Rectangle
	}{
		{"title", func(f *Frame) { f.Title = "#g7 · dama" }, half(l.topBar, true)},
		{"footer", func(f *Frame) { f.Footer = "Beyaz oynar" }, half(l.bottomBar, true)},
		{"side 0 name", func(f *Frame) { f.Players[0] = "Ayşe" }, half(l.bottomBar, false)},
		{"side 1 name", func(f *Frame) { f.Players[1] = "Bot" }, half(l.topBar, false)},
		{"side 0 clock", func(f *Frame) { f.Clocks[0] = "4:32" }, half(l.bottomBar, false)},
		{"side 1 clock", func(f *Frame) { f.Clocks[1] = "0:07" }, half(l.topBar, false)},
	} {
		f := base
		tc.edit(&f)
		im := mustDraw(t, d, f)
		if n := diffPixels(plain, im, tc.region); n < 30 {
			t.Errorf("%s: only %d pixels changed in its region", tc.name, n)
		}
		if n := diffPixels(plain, im, l.frameRect); n != 0 {
			t.Errorf("%s: %d pixels of the board changed", tc.name, n)
		}
	}
}

func diffPixels(a, b image.Image, r image.Rectangle) int {
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				n++
			}
		}
	}
	return n
}

func TestTicTacToeColours(t *testing.T) {
	const size = 512
	d := ttt512()
	l := newLayout(size, 3)
	paper := rgb(0xf4eedf)
	f := Frame{
		Board:   []string{"x.o", ".x.", "o.."},
		Path:    []string{"b2"},
		ToMove:  1,
		Players: [2]string{"Ali", "oyunbot"},
		Title:   "#g3 · xox",
		Footer:  "O oynar",
	}
	for _, flip := range []bool{false, true} {
		f.Flip = flip
		im := mustDraw(t, d, f)
		at := func(sq string, dx, dy float64) color.RGBA {
			x, y := centreOf(t, l, sq, flip, dx, dy)
			return rgbaAt(im, x, y)
		}
		red := func(c color.RGBA) bool { return c.R > 170 && c.G < 110 && c.B < 110 }
		blue := func(c color.RGBA) bool { return c.B > 150 && c.R < 90 }
		isPaper := func(c color.RGBA) bool { return colourDist(c, paper) <= 9 }
		for _, tc := range []struct {
			sq     string
			dx, dy float64
			desc   string
			ok     func(color.RGBA) bool
		}{
			{"a3", 0, 0, "X crosses at the centre", red},
			{"a3", 0.2, 0.2, "X stroke on the diagonal", red},
			{"a3", 0.25, 0, "X leaves the sides free", isPaper},
			{"c3", 0.3, 0, "O ring", blue},
			{"a1", 0, -0.3, "O ring", blue},
			{"c3", 0, 0, "O is hollow", isPaper},
			{"c1", 0, 0, "empty cell is paper", isPaper},
			{"b2", 0, 0, "x on the last move", red},
			{"b2", 0.4, 0.1, "last move cell highlighted", func(c color.RGBA) bool { return colourDist(c, paper) > 40 }},
			{"c2", 0.4, 0.1, "other cell not highlighted", isPaper},
		} {
			if c := at(tc.sq, tc.dx, tc.dy); !tc.ok(c) {
				t.Errorf("flip=%v %s%+.2f%+.2f: %s, got %v", flip, tc.sq, tc.dx, tc.dy, tc.desc, c)
			}
		}
	}
}

func TestBadFrames(t *testing.T) {
	dama, ttt := dama256(), ttt256()
	good := damaFrame()
	tests := []struct {
		name string
		d    Drawer
		edit func(*Frame)
	}{
		{"no board", dama, func(f *Frame) { f.Board = nil }},
		{"seven ranks", dama, func(f *Frame) { f.Board = f.Board[:7] }},
		{"short rank", dama, func(f *Frame) { f.Board = append([]string{"......."}, f.Board[1:]...) }},
		{"long rank", dama, func(f *Frame) { f.Board = append([]string{"........."}, f.Board[1:]...) }},
		{"unknown piece", dama, func(f *Frame) { f.Board = append([]string{"...k...."}, f.Board[1:]...) }},
		{"tic-tac-toe letter on dama", dama, func(f *Frame) { f.Board = append([]string{"...x...."}, f.Board[1:]...) }},
		{"multibyte rank", dama, func(f *Frame) { f.Board = append([]string{"......é"}, f.Board[1:]...) }},
		{"path off board", dama, func(f *Frame) { f.Path = []string{"d3", "i5"} }},
		{"path rank 9", dama, func(f *Frame) { f.Path = []string{"d9"} }},
		{"path rank 0", dama, func(f *Frame) { f.Path = []string{"d0"} }},
		{"path empty name", dama, func(f *Frame) { f.Path = []string{""} }},
		{"path long name", dama, func(f *Frame) { f.Path = []string{"d10"} }},
		{"captured bad", dama, func(f *Frame) { f.Captured = []string{"zz"} }},
		{"too long path", dama, func(f *Frame) { f.Path = make([]string, 1000) }},
		{"to move 2", dama, func(f *Frame) { f.ToMove = 2 }},
		{"to move -1", dama, func(f *Frame) { f.ToMove = -1 }},
		{"dama board on tic-tac-toe", ttt, func(*Frame) {}},
		{"tic-tac-toe d1", ttt, func(f *Frame) { f.Board = []string{"...", "...", "..."}; f.Path = []string{"d1"}; f.Captured = nil }},
		{"tic-tac-toe a4", ttt, func(f *Frame) { f.Board = []string{"...", "...", "..."}; f.Path = []string{"a4"}; f.Captured = nil }},
		{"tic-tac-toe W", ttt, func(f *Frame) { f.Board = []string{"W..", "...", "..."}; f.Path = nil; f.Captured = nil }},
	}
	for _, tc := range tests {
		f := good
		tc.edit(&f)
		b, err := tc.d.Draw(f)
		if !errors.Is(err, ErrBadFrame) || b != nil {
			t.Errorf("%s: got %d bytes, err %v; want ErrBadFrame", tc.name, len(b), err)
		}
	}
	// And good frames with odd but harmless content draw.
	for _, tc := range []struct {
		name string
		edit func(*Frame)
	}{
		{"upper-case squares", func(f *Frame) { f.Path = []string{"D3", "D5"} }},
		{"square visited twice", func(f *Frame) { f.Path = []string{"d3", "d5", "d3", "d5"} }},
		{"huge names", func(f *Frame) { f.Players = [2]string{strings.Repeat("ş", 5000), strings.Repeat("W", 300)} }},
		{"control characters and bad UTF-8", func(f *Frame) { f.Title = "a\x00b\nc\xff\t"; f.Footer = "\u202e\u200b" }},
		{"no path", func(f *Frame) { f.Path, f.Captured = nil, nil }},
	} {
		f := good
		tc.edit(&f)
		if _, err := dama.Draw(f); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}

func TestSizeClamped(t *testing.T) {
	for _, tc := range []struct{ ask, want int }{{0, MinSize}, {-5, MinSize}, {300, 300}} {
		im := mustDraw(t, NewTicTacToe(tc.ask), Frame{Board: []string{"x..", "...", "..o"}})
		if got := im.Bounds(); got != image.Rect(0, 0, tc.want, tc.want) {
			t.Errorf("NewTicTacToe(%d) drew %v, want %dx%d", tc.ask, got, tc.want, tc.want)
		}
	}
	// Big pictures take long to build; their layout is what clamps.
	for _, ask := range []int{MaxSize, MaxSize + 1, 1 << 30} {
		if l := newLayout(ask, 8); l.size != MaxSize || l.boardRect.Max.X > MaxSize {
			t.Errorf("layout of %d: size %d, board %v", ask, l.size, l.boardRect)
		}
	}
}

// TestConcurrentDraw draws different frames on many goroutines at once
// (run with -race): each picture must equal the one drawn alone.
func TestConcurrentDraw(t *testing.T) {
	d := dama256()
	frames := make([]Frame, 6)
	want := make([][]byte, len(frames))
	for i := range frames {
		f := damaFrame()
		f.ToMove = i % 2
		f.Flip = i%3 == 0
		f.Players[0] = fmt.Sprintf("player %d", i)
		frames[i] = f
		b, err := d.Draw(f)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = b
	}
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for g := 0; g < 12; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := 0; k < 8; k++ {
				i := (g + k) % len(frames)
				b, err := d.Draw(frames[i])
				if err != nil {
					errs <- err
					return
				}
				if !bytes.Equal(b, want[i]) {
					errs <- fmt.Errorf("goroutine %d: frame %d differs from its lone drawing", g, i)
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

// TestPaletteKeepsFlatColours checks that quantizing keeps the board's and
// the theme's flat colours exactly.
func TestPaletteKeepsFlatColours(t *testing.T) {
	im := mustDraw(t, dama512(), damaFrame())
	l := newLayout(512, 8)
	x, y := centreOf(t, l, "e4", false, 0, 0)
	if got, want := rgbaAt(im, x, y), rgb(0xeccb94); got != want {
		t.Errorf("board colour %v, want exactly %v", got, want)
	}
	if got, want := rgbaAt(im, 1, 1), DefaultTheme().Background; got != want {
		t.Errorf("background %v, want exactly %v", got, want)
	}
	if _, ok := im.(*image.Paletted); !ok {
		t.Errorf("picture decodes as %T, want a paletted PNG", im)
	}
}

// TestReuseMatchesFresh draws a sequence of frames with one drawer (whose
// workers keep the last picture and restore only what it changed) and
// checks each against a new drawer's picture.
func TestReuseMatchesFresh(t *testing.T) {
	const size = 320
	var frames []Frame
	for i := 0; i < 6; i++ {
		f := damaFrame()
		f.Flip = i/2%2 == 1
		f.ToMove = i % 2
		if i%3 == 1 {
			f.Path, f.Captured = []string{"a2", "a4", "c4", "c6"}, []string{"a3", "b4", "c5"}
		}
		if i == 4 {
			f.Path, f.Captured = nil, nil
			f.Board = []string{"W.......", "........", "........", "........", "........", "........", "........", ".......B"}
		}
		f.Players[i%2] = strings.Repeat("x", i)
		frames = append(frames, f)
	}
	d := NewDama(size).(*gridDrawer)
	long := d.newWorker()
	for i, f := range frames {
		got, err := d.draw(long, f)
		if err != nil {
			t.Fatal(err)
		}
		want, err := d.draw(d.newWorker(), f)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("frame %d: drawing after other frames differs from a fresh drawing", i)
		}
	}
}

// TestTilesMatchDrawing checks that the pre-quantized piece tiles give the
// same picture as blending and quantizing the pieces each frame.
func TestTilesMatchDrawing(t *testing.T) {
	for _, game := range []struct {
		name string
		new  func(int) Drawer
		f    Frame
	}{
		{"dama", NewDama, damaFrame()},
		{"tictactoe", NewTicTacToe, Frame{Board: []string{"x.o", ".x.", "o.x"}, Path: []string{"c1"}, Flip: true}},
	} {
		tiled := game.new(256).(*gridDrawer)
		plain := game.new(256).(*gridDrawer)
		plain.tiles = [2][256][]uint8{}
		if tiled.tiles[0][game.f.Board[1][1]] == nil {
			t.Fatalf("%s: no tiles at 256 px", game.name)
		}
		for _, flip := range []bool{false, true, false} {
			f := game.f
			f.Flip = flip
			a, err := tiled.Draw(f)
			if err != nil {
				t.Fatal(err)
			}
			b, err := plain.Draw(f)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(a, b) {
				t.Errorf("%s flip=%v: tiled and drawn pictures differ", game.name, flip)
			}
		}
	}
}

func benchDraw(b *testing.B, d Drawer, f Frame) {
	b.ReportAllocs()
	n := 0
	cpu0 := cpuTime()
	for b.Loop() {
		out, err := d.Draw(f)
		if err != nil {
			b.Fatal(err)
		}
		n = len(out)
	}
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
	}
	b.ReportMetric(float64(n), "png-bytes")
}

func BenchmarkDrawDama(b *testing.B) {
	benchDraw(b, NewDama(512), damaFrame())
}

func BenchmarkDrawTicTacToe(b *testing.B) {
	benchDraw(b, NewTicTacToe(512), Frame{Board: []string{"x.o", ".x.", "o.."}, Path: []string{"b2"}, ToMove: 1,
		Players: [2]string{"Ali", "oyunbot"}, Title: "#g3 · xox", Footer: "O oynar"})
}

func BenchmarkDrawDamaParallel(b *testing.B) {
	d := NewDama(512)
	f := damaFrame()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			if _, err := d.Draw(f); err != nil {
				b.Error(err)
				return
			}
		}
	})
}

func BenchmarkNewDama(b *testing.B) {
	for b.Loop() {
		NewDama(512)
	}
}

// TestMoveBeforeLineAndForced: the move before the last is tinted fainter
// than the last; a winning line is drawn over the pieces; pieces that must
// move are ringed; frames without them are unchanged there.
func TestMoveBeforeLineAndForced(t *testing.T) {
	const size = 512
	for _, flip := range []bool{false, true} {
		d := dama512()
		l := newLayout(size, 8)
		plain := damaFrame()
		plain.Flip = flip
		f := plain
		f.Before = []string{"c6", "c5"}
		f.Forced = []string{"e3"}
		base := mustDraw(t, d, plain)
		im := mustDraw(t, d, f)
		at := func(im image.Image, sq string, dx, dy float64) color.RGBA {
			x, y := centreOf(t, l, sq, flip, dx, dy)
			return rgbaAt(im, x, y)
		}
		// An empty square of the move before (c5), the last move's start (d3),
		// an untouched empty square (f4).
		empty, before, last := at(base, "c5", 0.4, 0.4), at(im, "c5", 0.4, 0.4), at(im, "d3", 0.4, 0.4)
		if colourDist(before, empty) < 15 {
			t.Errorf("flip=%v: the move before is not marked: %v vs %v", flip, before, empty)
		}
		if colourDist(last, empty) <= colourDist(before, empty) {
			t.Errorf("flip=%v: the move before (%v) is not fainter than the last (%v) on %v", flip, before, last, empty)
		}
		ring := at(im, "e3", 0.45, 0)
		if ring.R < 180 || ring.B > 90 || colourDist(ring, at(base, "e3", 0.45, 0)) < 60 {
			t.Errorf("flip=%v: no ring around the piece that must move: %v", flip, ring)
		}
		if c, b := at(im, "f4", 0.4, 0.4), at(base, "f4", 0.4, 0.4); colourDist(c, b) > 9 {
			t.Errorf("flip=%v: an untouched square changed: %v vs %v", flip, c, b)
		}
	}

	d := ttt512()
	l := newLayout(size, 3)
	// X down the a-file: the line runs between the cells, where an X alone
	// leaves paper.
	f := Frame{Board: []string{"xo.", "xo.", "x.."}, Path: []string{"a1"}, Line: []string{"a3", "a1"}, Finished: true,
		Players: [2]string{"Ali", "oyunbot"}, Title: "#g3 · xox", Footer: "X wins"}
	edge := func(line []string) color.RGBA {
		f.Line = line
		x, y := centreOf(t, l, "a3", false, 0, 0.5)
		return rgbaAt(mustDraw(t, d, f), x, y)
	}
	if c := edge([]string{"a3", "a1"}); c.R < 150 || c.G > 90 {
		t.Errorf("no winning line between a3 and a2: %v", c)
	}
	if c := edge(nil); c.R > 150 && c.G < 90 {
		t.Errorf("a line without Line: %v", c)
	}
}
