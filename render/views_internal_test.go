package render

// views_internal_test.go checks the views render reads its games' positions
// through: the games implement them, the palette's samples are the games'
// own positions as the views show them, and a view that says nonsense gets
// ErrBadFrame, never a crash.

import (
	"errors"
	"reflect"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/islem"
	"oyunbot/games/tavla"
)

// The games' positions are the drawers' views: a renamed method fails here,
// at compile time, rather than as "not a tavla position" in the chat.
var (
	_ tavlaView = (*tavla.Pos)(nil)
	_ islemView = (*islem.Position)(nil)
)

// TestTavlaSamples: each sample is the tavla position it says it is (the
// palette is chosen from them), and its words are the game's.
func TestTavlaSamples(t *testing.T) {
	for i, tc := range []struct {
		pos   string
		moves []string
	}{
		{"w15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,b15 0 0 w 6-5", nil},
		{"w3,b2,.,b1,.,w1,w2/b,b1,.,b1,.,w2,.,b1,.,b1/w,w1,b1,.,w2,w1/b,w1,w1,b5 0 0 w 4-1",
			[]string{"1/5", "5/6", "22:", "1/3", "7/9", "9/11", "15/17"}},
		{".,.,.,.,.,.,.,b1,.,.,b1,.,.,b1,b3,.,.,.,w4,w1,w1,w5,w1,b1/w 2 8 b -", nil},
		{"b15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,w1,.,.,.,.,w14 0 0 w 6-1", []string{"19/off", "24/off"}},
	} {
		p, err := tavla.Game{}.ParsePosition(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		for _, mv := range tc.moves {
			m, err := p.ParseMove(mv)
			if err != nil {
				t.Fatal(mv, err)
			}
			p.Make(m)
		}
		game := p.(tavlaView)
		sample := tavlaSamples()[2*i].Position.(tavlaView)
		if got, want := tavlaStacks(sample), tavlaStacks(game); got != want {
			t.Errorf("sample %d: stacks %v, the game's %v", i, got, want)
		}
		if sample.Off() != game.Off() || sample.Pips() != game.Pips() {
			t.Errorf("sample %d: off %v pips %v, the game's %v %v", i, sample.Off(), sample.Pips(), game.Off(), game.Pips())
		}
		a, b, left := sample.Dice()
		ga, gb, gleft := game.Dice()
		if [3]int{a, b, left} != [3]int{ga, gb, gleft} {
			t.Errorf("sample %d: dice %d %d %d, the game's %d %d %d", i, a, b, left, ga, gb, gleft)
		}
		sl, sp := sample.LastTurnPlies()
		gl, gp := game.LastTurnPlies()
		if sl != gl || !reflect.DeepEqual(normPlies(sp), normPlies(gp)) {
			t.Errorf("sample %d: last turns %v %v, the game's %v %v", i, sl, sp, gl, gp)
		}
		for _, lang := range []string{"tr", "en"} {
			for _, w := range [][]string{{"side", "side", "beyaz", "pips", "12", "off", "3"}, {"white"}, {"black"}, {"match", "a", "1", "b", "2", "target", "5"}, {"pinned"}} {
				if got, want := sample.PictureText(lang, w[0], w[1:]...), game.PictureText(lang, w[0], w[1:]...); got != want {
					t.Errorf("%s %s: the samples write %q, the game %q", lang, w[0], got, want)
				}
			}
		}
	}
}

// normPlies treats no plies and an empty list alike.
func normPlies(p [2][][2]int) [2][][2]int {
	for s := range p {
		if len(p[s]) == 0 {
			p[s] = nil
		}
	}
	return p
}

// TestIslemSamples: the samples are the worked example and the start as
// the game's view shows them, on a board of the game's size.
func TestIslemSamples(t *testing.T) {
	if islemSize != islem.Size || islemValues != islem.SetStones {
		t.Fatalf("the drawer's board %d×%d with stones 0..%d; the game's %d×%d, 0..%d",
			islemSize, islemSize, islemValues-1, islem.Size, islem.Size, islem.SetStones-1)
	}
	for _, tc := range []struct {
		name   string
		sample islemView
		game   islemView
	}{
		{"example", islemExample, islem.ExamplePosition()},
		{"start", islemStart, islem.Game{}.Start().(islemView)},
	} {
		for sq := range islemSquares {
			s1, v1, ok1 := tc.sample.Stone(sq)
			s2, v2, ok2 := tc.game.Stone(sq)
			if ok1 != ok2 || ok1 && (s1 != s2 || v1 != v2) {
				t.Errorf("%s: square %d holds %v %d %v in the sample, %v %d %v in the game", tc.name, sq, s1, v1, ok1, s2, v2, ok2)
			}
		}
		if tc.sample.Captures() != tc.game.Captures() {
			t.Errorf("%s: captures %v, the game's %v", tc.name, tc.sample.Captures(), tc.game.Captures())
		}
		for _, s := range []ai.Side{ai.First, ai.Second} {
			if got, want := tc.sample.Hand(s), tc.game.Hand(s); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: side %d's hand %v, the game's %v", tc.name, s, got, want)
			}
		}
		l1, p1 := tc.sample.LastChains()
		l2, p2 := tc.game.LastChains()
		if l1 != l2 || !reflect.DeepEqual(p1, p2) {
			t.Errorf("%s: last stone %d chains %v, the game's %d %v", tc.name, l1, p1, l2, p2)
		}
	}
}

// badIslem is a view whose every answer is off the drawer's board.
type badIslem struct {
	games.Position
	stone, hand, chain bool
}

func (b badIslem) Stone(sq int) (ai.Side, int, bool) {
	if b.stone && sq == 3 {
		return ai.First, islemValues, true
	}
	return ai.NoSide, 0, false
}
func (b badIslem) Captures() [2]int { return [2]int{} }
func (b badIslem) Hand(s ai.Side) [2][]int {
	if b.hand {
		return [2][]int{{-1}}
	}
	return [2][]int{}
}
func (b badIslem) LastChains() (int, [][]int) {
	if b.chain {
		return 3, [][]int{{3, islemSquares}}
	}
	return -1, nil
}

// badTavla is a view whose stacks and plies are off the drawer's board.
type badTavla struct {
	sampleTavla
}

func (badTavla) Stack(i int) (ai.Side, int, bool) { return ai.Side(7), -3, true }
func (badTavla) Dice() (a, b, left int)           { return 9, -1, 1 }
func (badTavla) LastTurnPlies() (ai.Side, [2][][2]int) {
	return ai.First, [2][][2]int{{{-9, 99}}, {{24, 30}}}
}

// TestViewsSayingNonsense: a stone the drawer has no picture of, a chain
// off the board, is a bad frame; a tavla view's nonsense is drawn around
// (nothing of it is indexed).
func TestViewsSayingNonsense(t *testing.T) {
	d := NewIslem(256)
	for _, v := range []badIslem{{stone: true}, {hand: true}, {chain: true}} {
		if _, err := d.Draw(Frame{Position: v}); !errors.Is(err, ErrBadFrame) {
			t.Errorf("%+v: %v, want ErrBadFrame", v, err)
		}
	}
	if _, err := d.Draw(Frame{Position: badIslem{}}); err != nil {
		t.Errorf("an empty board: %v", err)
	}
	bt := badTavla{sampleTavla: tavlaSamples()[0].Position.(sampleTavla)}
	if _, err := NewTavla(256).Draw(Frame{Position: bt, Lang: "en"}); err != nil {
		t.Errorf("a tavla view saying nonsense: %v", err)
	}
}
