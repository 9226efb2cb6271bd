package render_test

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/png"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/games/puzzle"
	"oyunbot/render"
)

func decodePNG(t testing.TB, b []byte) image.Image {
	t.Helper()
	im, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return im
}

func near(a, b color.Color, tol int) bool {
	r1, g1, b1, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	d := func(x, y uint32) int { return abs(int(x>>8) - int(y>>8)) }
	return d(r1, r2) <= tol && d(g1, g2) <= tol && d(b1, b2) <= tol
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// TestPuzzlePicture draws both puzzles after a move and looks at each
// cell: the blank shows the tray, the tile just slid is amber, every other
// tile cream (sampled near a corner of the tile, away from its number).
func TestPuzzlePicture(t *testing.T) {
	const size = 512
	d := render.NewPuzzle(size)
	board, _ := render.BoardArea(size, 0)
	for _, tc := range []struct {
		game  games.Game
		start string
		move  string
	}{
		{puzzle.Eight, "5,4,0,6,1,8,7,3,2", "4"},
		{puzzle.Fifteen, "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", "11"},
	} {
		pos, err := tc.game.ParsePosition(tc.start)
		if err != nil {
			t.Fatal(err)
		}
		m, err := pos.ParseMove(tc.move)
		if err != nil {
			t.Fatal(err)
		}
		pos.Make(m)
		b, err := d.Draw(render.Frame{Position: pos, Players: [2]string{"Ayşe", ""}, Title: "#g1 · " + tc.game.Name()})
		if err != nil {
			t.Fatal(err)
		}
		im := decodePNG(t, b)
		if im.Bounds().Dx() != size || im.Bounds().Dy() != size {
			t.Fatalf("%s: picture %v", tc.game.Name(), im.Bounds())
		}
		p := pos.(*puzzle.Pos)
		n := p.Size()
		cell := float64(board.Dx()) / float64(n)
		for c := range n * n {
			x := int(float64(board.Min.X) + (float64(c%n)+0.15)*cell)
			y := int(float64(board.Min.Y) + (float64(c/n)+0.15)*cell)
			got := im.At(x, y)
			want := color.Color(color.RGBA{0xf3, 0xe3, 0xc3, 0xff})
			switch p.Tile(c) {
			case 0:
				want = color.RGBA{0x3b, 0x2a, 0x1c, 0xff}
			case p.LastTile():
				want = color.RGBA{0xe3, 0xa1, 0x3b, 0xff}
			}
			if !near(got, want, 12) {
				t.Errorf("%s cell %d (tile %d, last %d): colour %v, want %v", tc.game.Name(), c, p.Tile(c), p.LastTile(), got, want)
			}
		}
	}
	if _, err := d.Draw(render.Frame{Position: dama.Game{}.Start()}); !errors.Is(err, render.ErrBadFrame) {
		t.Errorf("a dama position: %v, want ErrBadFrame", err)
	}
	if _, err := d.Draw(render.Frame{}); !errors.Is(err, render.ErrBadFrame) {
		t.Errorf("no position: %v, want ErrBadFrame", err)
	}
}

// TestPuzzleCounter: the pictures before and after a move differ in the
// frame's rim, where the move counter is.
func TestPuzzleCounter(t *testing.T) {
	d := render.NewPuzzle(512)
	board, frame := render.BoardArea(512, 0)
	pos := puzzle.Eight.Start()
	a := decodePNG(t, mustDraw(t, d, render.Frame{Position: pos}))
	pos.Make(pos.Moves(nil)[0])
	pos.Unmake()
	pos.Make(pos.Moves(nil)[0])
	pos.Make(pos.Moves(nil)[0])
	b := decodePNG(t, mustDraw(t, d, render.Frame{Position: pos}))
	differ := false
	for y := board.Max.Y; y < frame.Max.Y && !differ; y++ {
		for x := board.Min.X; x < board.Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				differ = true
				break
			}
		}
	}
	if !differ {
		t.Error("the rim under the board is the same after two moves: no move counter")
	}
}

func mustDraw(t testing.TB, d render.Drawer, f render.Frame) []byte {
	t.Helper()
	b, err := d.Draw(f)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func BenchmarkDrawPuzzle15(b *testing.B) {
	d := render.NewPuzzle(512)
	pos, err := puzzle.Fifteen.ParsePosition("2,3,8,7,14,0,9,4,13,1,6,10,5,15,12,11")
	if err != nil {
		b.Fatal(err)
	}
	pos.Make(ai.Move{Lo: puzzle.Down})
	f := render.Frame{Position: pos, Players: [2]string{"Ayşe", ""}, Title: "#g12 · puzzle15", Footer: "hamle 1"}
	render.BenchDraw(b, d, f)
}
