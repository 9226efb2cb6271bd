package render

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"strings"
	"sync"
	"testing"

	"oyunbot/games"
	"oyunbot/games/dama"
)

var (
	chess512 = sync.OnceValue(func() Drawer { return NewChess(512) })
	chess256 = sync.OnceValue(func() Drawer { return NewChess(256) })
)

// operaBoard is the Opera game (Morphy v the Duke and the Count, Paris
// 1858) after 17. Rd8#: the rook came from d1 and Black's king on e8 is in
// check.
var operaBoard = []string{
	".n.Rkb.r", // 8
	"p....ppp", // 7
	"....q...", // 6
	"....p.B.", // 5
	"....P...", // 4
	"........", // 3
	"PPP..PPP", // 2
	"..K.....", // 1
}

var operaBoardText = strings.Join(operaBoard, "|")

// fakeChess is a chess position for the drawer: its board and, when check
// is set, the square of the king in check. It embeds games.Position only to
// be one: the drawer may call nothing but Board and CheckedKing.
type fakeChess struct {
	games.Position
	board []string
	check string
}

func (p fakeChess) Board() []string { return p.board }
func (p fakeChess) CheckedKing() (string, bool) {
	return p.check, p.check != ""
}

func operaFrame() Frame {
	return Frame{
		Position: fakeChess{board: operaBoard, check: "e8"},
		Path:     []string{"d1", "d8"},
		ToMove:   1,
		Finished: true,
		Players:  [2]string{"Paul Morphy", "Duke Karl / Count Isouard"},
		Title:    "#g1858 · chess",
		Footer:   "1-0 · checkmate",
	}
}

// chessAt returns the colour of im at square name, offset by (dx, dy)
// squares from its centre, as the drawer of size lays it out.
func chessAt(t *testing.T, im image.Image, size int, name string, flip bool, dx, dy float64) color.RGBA {
	t.Helper()
	c, err := parseSquare(name, 8)
	if err != nil {
		t.Fatal(err)
	}
	d := &chessDrawer{}
	d.board, _ = BoardArea(size, 1)
	r := d.square(chessScreen(c, flip))
	x := float64(r.Min.X) + float64(r.Dx())*(0.5+dx)
	y := float64(r.Min.Y) + float64(r.Dy())*(0.5+dy)
	return rgbaAt(im, x, y)
}

func TestChessSquaresPiecesAndHighlights(t *testing.T) {
	const size = 512
	d := chess512()
	near := func(want color.RGBA, tol int) func(color.RGBA) bool {
		return func(c color.RGBA) bool { return colourDist(c, want) <= tol }
	}
	lit := func(c color.RGBA) bool { // the last move's tint on either colour
		return colourDist(c, chessLight) > 40 && colourDist(c, chessDark) > 40 && int(c.G)-int(c.B) > 70
	}
	red := func(c color.RGBA) bool { return int(c.R)-int(c.G) > 100 && int(c.R)-int(c.B) > 100 }
	for _, flip := range []bool{false, true} {
		f := operaFrame()
		f.Flip = flip
		im := mustDraw(t, d, f)
		if got := im.Bounds().Size(); got != (image.Point{size, size}) {
			t.Fatalf("picture is %v, want %dx%d", got, size, size)
		}
		for _, tc := range []struct {
			sq     string
			dx, dy float64
			desc   string
			ok     func(color.RGBA) bool
		}{
			{"a1", 0, 0, "a1 is a dark square", near(chessDark, 0)},
			{"h1", 0, 0, "h1 is a light square", near(chessLight, 0)},
			{"d3", 0, 0, "d3 is light", near(chessLight, 0)},
			{"e3", 0, 0, "e3 is dark", near(chessDark, 0)},
			{"c1", 0, 0.13, "white king's body", near(whiteInk.fill, 30)},
			{"g5", 0, 0.13, "white bishop's body", near(whiteInk.fill, 30)},
			{"a2", 0, 0.13, "white pawn's body", near(whiteInk.fill, 30)},
			{"e6", 0, 0.13, "black queen's body", near(blackInk.fill, 30)},
			{"b8", 0, 0.13, "black knight's body", near(blackInk.fill, 30)},
			{"h8", 0, 0.13, "black rook's body", near(blackInk.fill, 30)},
			{"d8", 0, 0.13, "white rook on the last move's square", near(whiteInk.fill, 30)},
			{"d8", 0.45, 0.45, "the move's landing square is lit", lit},
			{"d1", 0, 0, "the move's start square is lit", lit},
			{"d2", 0.45, 0.45, "a square off the move is not", near(chessDark, 0)},
			{"e8", 0.4, 0, "the king in check glows red", red},
			{"e8", 0, 0.13, "and is still black", near(blackInk.fill, 30)},
			{"f8", 0.4, 0, "a square beside it does not", near(chessDark, 0)},
		} {
			if c := chessAt(t, im, size, tc.sq, flip, tc.dx, tc.dy); !tc.ok(c) {
				t.Errorf("flip=%v %s%+.2f%+.2f: %s, got %v", flip, tc.sq, tc.dx, tc.dy, tc.desc, c)
			}
		}
	}

	// No check: no glow, and the picture is the same as from the Board.
	f := operaFrame()
	f.Position = fakeChess{board: operaBoard}
	fromPos, err := d.Draw(f)
	if err != nil {
		t.Fatal(err)
	}
	if c := chessAt(t, decodePNG(t, fromPos), size, "e8", false, 0.4, 0); c != chessLight {
		t.Errorf("no check: e8's edge is %v, want the light square's %v", c, chessLight)
	}
	f.Position, f.Board = nil, operaBoard
	fromBoard, err := d.Draw(f)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(fromPos, fromBoard) {
		t.Error("a frame with the position (not in check) and one with its Board differ")
	}
}

// TestChessFlip puts a lone white king on a1: bottom-left from White's
// side, top-right from Black's.
func TestChessFlip(t *testing.T) {
	d := NewChess(256)
	l := newLayout(256, 8) // same board area as BoardArea(256, 1)
	board := []string{"........", "........", "........", "........", "........", "........", "........", "K......."}
	for _, tc := range []struct {
		flip bool
		want string
	}{{false, "bottom-left"}, {true, "top-right"}} {
		im := mustDraw(t, d, Frame{Board: board, Flip: tc.flip})
		tl, tr, bl, br := quadrantLight(im, l)
		got := map[string]int{"top-left": tl, "top-right": tr, "bottom-left": bl, "bottom-right": br}
		for q, n := range got {
			if q == tc.want && n < 30 {
				t.Errorf("flip=%v: %s has %d near-white pixels, want the white king there", tc.flip, q, n)
			}
			if q != tc.want && n != 0 {
				t.Errorf("flip=%v: %s has %d near-white pixels, want none", tc.flip, q, n)
			}
		}
	}
}

func TestChessBadFrames(t *testing.T) {
	d := chess256()
	rank8 := func(r string) func(*Frame) {
		return func(f *Frame) { f.Board = append([]string{r}, operaBoard[1:]...); f.Position = nil }
	}
	for _, tc := range []struct {
		name string
		edit func(*Frame)
	}{
		{"no board, no position", func(f *Frame) { f.Position = nil }},
		{"seven ranks", func(f *Frame) { f.Position = fakeChess{board: operaBoard[:7]} }},
		{"short rank", rank8(".n.Rkb.")},
		{"dama letter", rank8(".n.Rkbwr")},
		{"multibyte rank", rank8(".n.Rkbé")},
		{"a dama position", func(f *Frame) { f.Position = dama.Game{}.Start() }},
		{"path off the board", func(f *Frame) { f.Path = []string{"d1", "i8"} }},
		{"path rank 9", func(f *Frame) { f.Path = []string{"d9"} }},
		{"path empty name", func(f *Frame) { f.Path = []string{""} }},
		{"too long a path", func(f *Frame) { f.Path = make([]string, 100) }},
		{"captured bad", func(f *Frame) { f.Captured = []string{"zz"} }},
		{"king in check off the board", func(f *Frame) { f.Position = fakeChess{board: operaBoard, check: "e9"} }},
		{"to move 2", func(f *Frame) { f.ToMove = 2 }},
	} {
		f := operaFrame()
		tc.edit(&f)
		b, err := d.Draw(f)
		if !errors.Is(err, ErrBadFrame) || b != nil {
			t.Errorf("%s: got %d bytes, err %v; want ErrBadFrame", tc.name, len(b), err)
		}
	}
	for _, tc := range []struct {
		name string
		edit func(*Frame)
	}{
		{"upper-case squares", func(f *Frame) { f.Path = []string{"D1", "D8"} }},
		{"en passant capture", func(f *Frame) { f.Path, f.Captured = []string{"e5", "d6"}, []string{"d5"} }},
		{"castling, the king and the rook", func(f *Frame) { f.Path = []string{"e1", "g1", "h1", "f1"} }},
		{"no move yet", func(f *Frame) { f.Path = nil }},
	} {
		f := operaFrame()
		tc.edit(&f)
		if _, err := d.Draw(f); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
	}
}

// TestChessConcurrentDraw draws frames on several goroutines at once (run
// with -race): each picture must equal the one drawn alone.
func TestChessConcurrentDraw(t *testing.T) {
	d := NewChess(256)
	var frames []Frame
	var want [][]byte
	for i := range 4 {
		f := operaFrame()
		f.Flip, f.ToMove, f.Finished = i%2 == 1, i/2, false
		b, err := d.Draw(f)
		if err != nil {
			t.Fatal(err)
		}
		frames, want = append(frames, f), append(want, b)
	}
	var wg sync.WaitGroup
	bad := make(chan int, 32)
	for g := range 8 {
		wg.Go(func() {
			for k := range 4 {
				i := (g + k) % len(frames)
				if b, err := d.Draw(frames[i]); err != nil || !bytes.Equal(b, want[i]) {
					bad <- i
				}
			}
		})
	}
	wg.Wait()
	close(bad)
	for i := range bad {
		t.Errorf("frame %d drawn concurrently differs from its lone drawing", i)
	}
}

func BenchmarkDrawChess(b *testing.B) {
	f := operaFrame()
	f.Finished = false
	benchDraw(b, NewChess(512), f)
}

func BenchmarkNewChess(b *testing.B) {
	for b.Loop() {
		NewChess(512)
	}
}

// BenchmarkDrawChessStart draws all 32 pieces, with the first move lit.
func BenchmarkDrawChessStart(b *testing.B) {
	benchDraw(b, NewChess(512), Frame{
		Board:   []string{"rnbqkbnr", "pppppppp", "........", "........", "....P...", "........", "PPPP.PPP", "RNBQKBNR"},
		Path:    []string{"e2", "e4"},
		ToMove:  1,
		Players: [2]string{"Ayşe", "oyunbot (zor)"}, Title: "#g12 · satranç", Footer: "Siyah oynar",
	})
}

// TestChessMoveBefore: the move before the last (the player's own, under
// the bot's answer) is marked too, fainter than the last, on either side
// of the board (issue 20).
func TestChessMoveBefore(t *testing.T) {
	const size = 512
	d := chess512()
	for _, flip := range []bool{false, true} {
		f := operaFrame()
		f.Before, f.Flip = []string{"b4", "b8"}, flip // 16. Qb8+ Nxb8: b8 is in both; the last move's mark wins there
		f.Path = []string{"d1", "d8"}
		im := mustDraw(t, d, f)
		plain := chessAt(t, im, size, "a3", flip, 0.45, 0.45) // dark, unmarked
		before := chessAt(t, im, size, "b4", flip, 0.45, 0.45)
		last := chessAt(t, im, size, "d1", flip, 0.45, 0.45) // light, the last move's
		lastDark := chessAt(t, im, size, "d8", flip, 0.45, 0.45)
		if plain != chessDark {
			t.Fatalf("flip=%v: a3 is %v, want the plain dark square", flip, plain)
		}
		if colourDist(before, chessDark) < 15 || int(before.G)-int(before.B) <= int(chessDark.G)-int(chessDark.B) {
			t.Errorf("flip=%v: b4 %v is not tinted green (plain %v)", flip, before, chessDark)
		}
		if colourDist(before, chessDark) >= colourDist(lastDark, chessDark) {
			t.Errorf("flip=%v: the move before (%v) is not fainter than the last (%v, %v)", flip, before, lastDark, last)
		}
	}
}
