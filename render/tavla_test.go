package render

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/games/tavla"
)

var tavla512 = sync.OnceValue(func() Drawer { return NewTavla(512) })

// tavlaPinned: White's 7 pins a Black checker (w2/b), Black's 16 pins a
// White one, White has borne off 2 and holds 4-1.
const tavlaPinned = "w3,b2,.,b1,.,w1,w2/b,b1,.,b1,.,w2,.,b1,.,b1/w,w1,b1,.,w2,w1/b,w1,w1,b5 0 0 w 4-1"

func tavlaFrame(t testing.TB, pos string) Frame {
	t.Helper()
	p, err := tavla.Game{}.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	return Frame{Position: p, Players: [2]string{"Ayşe", "oyunbot (zor)"}, Title: "#g4 · tavla", Footer: "Beyaz oynar"}
}

// tavlaPixel is the colour at display column k's centre (0..11, left to
// right), j discs from the top (top) or bottom edge.
func tavlaPixel(t *testing.T, b []byte, k int, top bool, j float64) color.RGBA {
	t.Helper()
	d := &tavlaDrawer{}
	d.board, _ = BoardArea(512, tavlaAspect)
	d.col = float64(d.board.Dx()) / tavlaCols
	y := float64(d.board.Min.Y) + d.col*(0.5+j)
	if !top {
		y = float64(d.board.Max.Y) - d.col*(0.5+j)
	}
	return rgbaAt(decodePNG(t, b), d.slot(k)+d.col/2, y)
}

func TestTavlaStacksPinsAndFlip(t *testing.T) {
	d := tavla512()
	light := func(c color.RGBA) bool { return c.R > 200 && c.G > 200 && c.B > 180 }
	dark := func(c color.RGBA) bool { return c.R < 70 && c.G < 70 && c.B < 70 }
	red := func(c color.RGBA) bool { return int(c.R)-int(c.G) > 100 }
	for _, tc := range []struct {
		flip bool
		k    int
		top  bool
		j    float64
		desc string
		ok   func(color.RGBA) bool
	}{
		// Unflipped: the bottom row is White's 12..1, left to right.
		{false, 11, false, 0, "White's stack on its point 1", light},
		{false, 5, false, -0.38, "Black's checker pinned on White's 7, ringed red at its edge", red},
		{false, 5, false, 1.7, "White's pinner over it", light},
		{false, 11, true, 0, "Black's five on White's 24", dark},
		// Flipped: the bottom row is White's 13..24.
		{true, 11, false, 0, "Black's five on White's 24, now bottom right", dark},
		{true, 0, true, 0, "White's point 12 top left", light},
	} {
		f := tavlaFrame(t, tavlaPinned)
		f.Flip = tc.flip
		b, err := d.Draw(f)
		if err != nil {
			t.Fatal(err)
		}
		if c := tavlaPixel(t, b, tc.k, tc.top, tc.j); !tc.ok(c) {
			t.Errorf("flip=%v col %d top=%v disc %.2f: %s, got %v", tc.flip, tc.k, tc.top, tc.j, tc.desc, c)
		}
	}
}

func TestTavlaBadFrames(t *testing.T) {
	d := tavla512()
	for _, f := range []Frame{{}, {Position: dama.Game{}.Start()}, {Board: []string{"w15"}}} {
		if b, err := d.Draw(f); !errors.Is(err, ErrBadFrame) || b != nil {
			t.Errorf("%T: got %d bytes, err %v; want ErrBadFrame", f.Position, len(b), err)
		}
	}
}

// TestTavlaRandomGames draws positions of random games: every one is
// accepted, and a copy gives the same picture.
func TestTavlaRandomGames(t *testing.T) {
	d := NewTavla(256)
	rng := rand.New(rand.NewPCG(4, 2))
	p := tavla.Game{}.Start()
	for ply := 0; ply < 400 && !p.Status().Over; ply++ {
		moves := p.Moves(nil)
		var m ai.Move
		if p.Turn() == ai.Chance {
			outs := p.(ai.Stochastic).Chances(nil)
			m = outs[rng.IntN(len(outs))].Move
		} else {
			m = moves[rng.IntN(len(moves))]
		}
		p.Make(m)
		if ply%9 != 0 {
			continue
		}
		f := Frame{Position: p.Clone(), Flip: ply%2 == 0, Players: [2]string{"A", "B"}}
		b, err := d.Draw(f)
		if err != nil {
			t.Fatalf("ply %d %s: %v", ply, p, err)
		}
		f.Position = p.Clone()
		if again, _ := d.Draw(f); !bytes.Equal(again, b) {
			t.Fatalf("ply %d: a copy of the position draws differently", ply)
		}
	}
}

func BenchmarkDrawTavla(b *testing.B) {
	benchDraw(b, tavla512(), tavlaFrame(b, tavlaPinned))
}

func BenchmarkDrawTavlaStart(b *testing.B) {
	benchDraw(b, tavla512(), tavlaFrame(b, "w15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,b15 0 0 w 6-5"))
}

var _ games.Position = (*tavla.Pos)(nil)

// tavlaNumberAt is the colour of the picture at the edge of point number
// pill of display column k (top or bottom rim), left of its digits.
func tavlaNumberAt(t *testing.T, b []byte, k int, top bool) color.RGBA {
	t.Helper()
	d := &tavlaDrawer{}
	var frame image.Rectangle
	d.board, frame = BoardArea(512, tavlaAspect)
	d.col = float64(d.board.Dx()) / tavlaCols
	rim := float64(d.board.Min.Y - frame.Min.Y)
	y := float64(d.board.Min.Y) - rim/2
	if !top {
		y = float64(d.board.Max.Y) + rim/2
	}
	return rgbaAt(decodePNG(t, b), d.slot(k)+0.1*d.col, y)
}

// TestTavlaLastTurns: the points the last turn moved from and to have their
// numbers on a lit pill, the other side's last turn's a ringed one (only
// its outline lit), the others none; seen from either side (issue 20).
func TestTavlaLastTurns(t *testing.T) {
	f := tavlaFrame(t, tavlaPinned)
	p := f.Position
	for _, mv := range []string{"1/5", "5/6", "22:", "1/3", "7/9"} { // White 1→5→6, then Black's 24→22, 18→16 (White's numbers)
		m, err := p.ParseMove(mv)
		if err != nil {
			t.Fatal(mv, err)
		}
		p.Make(m)
	}
	lit := func(c color.RGBA) bool { return colourDist(c, tavlaLastTurn) < 40 }
	for _, flip := range []bool{false, true} {
		f.Flip = flip
		b := mustPNG(t, tavla512(), f)
		for _, tc := range []struct {
			point int // White's number
			want  bool
		}{{22, true}, {24, true}, {16, true}, {18, true}, {1, false}, {5, false}, {6, false}, {10, false}, {13, false}} {
			k, top := screenOf(tc.point-1, flip)
			if got := lit(tavlaNumberAt(t, b, k, top)); got != tc.want {
				t.Errorf("flip=%v point %d: lit pill %v, want %v (%v)", flip, tc.point, got, tc.want, tavlaNumberAt(t, b, k, top))
			}
		}
	}
}

// wordsTavla is a tavla view that keeps the words its picture asks for.
type wordsTavla struct {
	*tavla.Pos
	words *[]string
}

func (w wordsTavla) PictureText(lang, key string, kv ...string) string {
	s := w.Pos.PictureText(lang, key, kv...)
	*w.words = append(*w.words, s)
	return s
}

// TestTavlaPictureSaysWhose: each pip count and borne-off count on the
// picture says whose it is ("pips 162 · off 0" did not; issue 35 item 20).
func TestTavlaPictureSaysWhose(t *testing.T) {
	for lang, want := range map[string][]string{
		"en": {"white: pips 189 · off 0", "black: pips 222 · off 0"},
		"tr": {"beyaz: pip 189 · toplanan 0", "siyah: pip 222 · toplanan 0"},
	} {
		f := tavlaFrame(t, tavlaPinned)
		var words []string
		f.Position = wordsTavla{f.Position.(*tavla.Pos), &words}
		f.Lang = lang
		if _, err := tavla512().Draw(f); err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !slices.Contains(words, w) {
				t.Errorf("%s: no %q among the picture's words %q", lang, w, words)
			}
		}
	}
}

// TestTavlaStandardBar: standard tavla's drawer shows the checkers on the
// bar in the bar's column, the bottom player's below the middle and the
// other's above (turned with the board), and hapis's drawer has no bar.
func TestTavlaStandardBar(t *testing.T) {
	p, err := tavla.Standard{}.ParsePosition("b2,b2,.,b2,.,b2,.,.,.,.,.,w5,.,.,.,.,w3,w5,.,.,.,.,.,b6 0 0 2 1 w 6-3")
	if err != nil {
		t.Fatal(err)
	}
	d := &tavlaDrawer{}
	d.board, _ = BoardArea(512, tavlaAspect)
	d.col = float64(d.board.Dx()) / tavlaCols
	cx := float64(d.board.Min.X) + 6.5*d.col
	mid := float64(d.board.Min.Y+d.board.Max.Y) / 2
	light := func(c color.RGBA) bool { return c.R > 200 && c.G > 200 && c.B > 180 }
	dark := func(c color.RGBA) bool { return c.R < 70 && c.G < 70 && c.B < 70 }
	for _, flip := range []bool{false, true} {
		f := Frame{Position: p, Players: [2]string{"Ayşe", "oyunbot"}, Flip: flip}
		im := decodePNG(t, mustPNG(t, NewTavlaStandard(512), f))
		below, above := rgbaAt(im, cx, mid+0.75*d.col), rgbaAt(im, cx, mid-0.75*d.col)
		if flip {
			below, above = above, below
		}
		if !light(below) || !dark(above) {
			t.Errorf("flip %v: White's bar checker %v, Black's %v", flip, below, above)
		}
		if c := rgbaAt(im, cx, mid+1.75*d.col); !flip && !light(c) {
			t.Errorf("White's second bar checker %v", c)
		}
	}
	im := decodePNG(t, mustPNG(t, tavla512(), tavlaFrame(t, tavlaPinned)))
	if c := rgbaAt(im, cx, mid+0.75*d.col); colourDist(c, tavlaBar) > 10 {
		t.Errorf("hapis's bar is not empty: %v", c)
	}
}
