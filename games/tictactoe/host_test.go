package tictactoe

import (
	"slices"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
)

// TestMoveButtons: the free cells, laid out as on the board, are exactly
// the legal moves, each as FormatMove writes it.
func TestMoveButtons(t *testing.T) {
	for _, tc := range []struct {
		pos  string
		want [][]string
	}{
		{"......... x", [][]string{{"a3", "b3", "c3"}, {"a2", "b2", "c2"}, {"a1", "b1", "c1"}}},
		{"....x.... o", [][]string{{"a3", "b3", "c3"}, {"a2", "c2"}, {"a1", "b1", "c1"}}},
		{"xoxox.... o", [][]string{{"c2"}, {"a1", "b1", "c1"}}},
		{"xxxoo.... o", nil}, // over: x has a row
	} {
		p, err := ParsePosition(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		got := p.MoveButtons()
		if !slices.EqualFunc(got, tc.want, slices.Equal[[]string]) {
			t.Errorf("%s: buttons %v, want %v", tc.pos, got, tc.want)
		}
		var legal []string
		for _, m := range p.Moves(nil) {
			legal = append(legal, p.FormatMove(m))
		}
		flat := slices.Concat(got...)
		slices.Sort(flat)
		slices.Sort(legal)
		if !slices.Equal(flat, legal) {
			t.Errorf("%s: buttons %v, legal moves %v", tc.pos, flat, legal)
		}
	}
}

func TestHost(t *testing.T) {
	h := games.HostOf(Game{})
	for w, want := range map[string]ai.Side{"x": ai.First, "X": ai.First, "ilk": ai.First, "o": ai.Second, "ikinci": ai.Second} {
		if got, ok := h.SideByWord(w); !ok || got != want {
			t.Errorf("SideByWord(%q) = %v, %v", w, got, ok)
		}
	}
	if _, ok := h.SideByWord("white"); ok {
		t.Error("white is a side of tic-tac-toe")
	}
	if h.Facing {
		t.Error("a tic-tac-toe grid faces no side")
	}
	if len(h.Sides) != 2 || h.Sides[0].Key != "x" || h.Sides[1].Key != "o" {
		t.Errorf("sides %+v, want Game.SideNames() order", h.Sides)
	}
}

func TestWinningLine(t *testing.T) {
	p := Game{}.Start()
	for _, m := range []string{"a1", "b1", "b2", "c1", "c3"} {
		mv, err := p.ParseMove(m)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.(*Position).WinningLine(); got != nil {
			t.Fatalf("a line %v before the win", got)
		}
		p.Make(mv)
	}
	if got := strings.Join(p.(*Position).WinningLine(), " "); got != "a1 b2 c3" {
		t.Fatalf("winning line %q, want a1 b2 c3", got)
	}
}
