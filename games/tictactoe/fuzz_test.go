package tictactoe_test

import (
	"errors"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/tictactoe"
)

// FuzzParsePosition: any text is either refused with an error or read into
// a position whose text reads back the same, whose moves all round-trip.
func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"......... x", "x.o.x.... o", "xxx.oo... o", "xoxxoxoxo o", "", "x", "ooo.xx.x. x", "XO....... X"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := tictactoe.ParsePosition(s)
		if err != nil {
			if p != nil {
				t.Fatalf("error %v with a position", err)
			}
			return
		}
		q, err := tictactoe.ParsePosition(p.String())
		if err != nil || q.String() != p.String() || q.Hash() != p.Hash() {
			t.Fatalf("%q -> %q does not read back: %v", s, p.String(), err)
		}
		for _, m := range p.Moves(nil) {
			if got, err := p.ParseMove(p.FormatMove(m)); err != nil || got != m {
				t.Fatalf("%q: move %v does not round-trip: %v", s, m, err)
			}
		}
	})
}

// FuzzParseMove: any text is a legal move or a *games.MoveError, never a
// panic, and never changes the position.
func FuzzParseMove(f *testing.F) {
	for _, tc := range [][2]string{
		{"......... x", "a1"}, {"x.o.x.... o", "5"}, {"x.o.x.... o", "b2"}, {"xxx.oo... o", "c1"},
		{"......... x", ""}, {"......... x", "a0"}, {"......... x", "10"}, {"......... x", " C3 "},
	} {
		f.Add(tc[0], tc[1])
	}
	f.Fuzz(func(t *testing.T, pos, in string) {
		p, err := tictactoe.ParsePosition(pos)
		if err != nil {
			return
		}
		before := p.String()
		m, err := p.ParseMove(in)
		if p.String() != before {
			t.Fatalf("ParseMove(%q) changed %q to %q", in, before, p)
		}
		if err != nil {
			var me *games.MoveError
			if !errors.As(err, &me) || !m.IsNone() || me.Input != in {
				t.Fatalf("ParseMove(%q): %v (%T), move %v", in, err, err, m)
			}
			return
		}
		if !isLegal(p, m) {
			t.Fatalf("ParseMove(%q) = %v, not a legal move", in, m)
		}
	})
}

func isLegal(p *tictactoe.Position, m ai.Move) bool {
	for _, x := range p.Moves(nil) {
		if x == m {
			return true
		}
	}
	return false
}
