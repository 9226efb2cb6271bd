package draughts

import (
	"errors"
	"testing"

	"oyunbot/games"
)

// FuzzParsePosition: any text is refused with an error or read into a
// position whose text reads back the same and whose moves round-trip, in
// both games.
func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{Italian.StartText(), Checkers.StartText(), "", "w", "......../......../......../......../......../......../......../........ w",
		"......../......../......../......../....b.../.....W../..b.b.../.....w.. w", "b.b.b.b./.b.b.b.b/b.b.b.b./......../......../.w.w.w.w/w.w.w.w./.w.w.w.w x",
		"B......./......../......../......../......../......../......../.......W b", "wwwwwwww/......../......../......../......../......../......../........ w"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, g := range []Game{Italian, Checkers} {
			p, err := g.Parse(s)
			if err != nil {
				if p != nil {
					t.Fatalf("error %v with a position", err)
				}
				continue
			}
			q, err := g.Parse(p.String())
			if err != nil || q.String() != p.String() || q.Hash() != p.Hash() {
				t.Fatalf("%q -> %q does not read back: %v", s, p.String(), err)
			}
			for _, m := range p.Moves(nil) {
				for _, text := range []string{p.FormatAlgebraic(m), p.FormatNumeric(m)} {
					if got, err := p.ParseMove(text); err != nil || got != m {
						t.Fatalf("%q: move %s does not round-trip: %v", s, text, err)
					}
				}
			}
		}
	})
}

// FuzzParseMove: any text is a legal move or a *games.MoveError with a
// reason, never a panic, and never changes the position.
func FuzzParseMove(f *testing.F) {
	pos := "......../......../..B.b.../......../..b.B.../...W..../......../........ w"
	for _, tc := range [][2]string{
		{Italian.StartText(), "22-18"}, {Italian.StartText(), "d3-c4"}, {Checkers.StartText(), "11-15"}, {pos, "d3xf5xd7xb5xd3"},
		{pos, "d3xd3"}, {pos, "22x15x6"}, {Italian.StartText(), ""}, {Italian.StartText(), "x"}, {Italian.StartText(), "99-1"},
		{Italian.StartText(), "a1-b2"}, {Italian.StartText(), "c3:d4:e5:f6:g7:h8"}, {pos, "D3 F5 D7 B5 D3"},
	} {
		f.Add(tc[0], tc[1])
	}
	f.Fuzz(func(t *testing.T, pos, in string) {
		for _, g := range []Game{Italian, Checkers} {
			p, err := g.Parse(pos)
			if err != nil {
				continue
			}
			before := p.String()
			m, err := p.ParseMove(in)
			if p.String() != before {
				t.Fatalf("ParseMove(%q) changed %q to %q", in, before, p)
			}
			if err != nil {
				var me *games.MoveError
				if !errors.As(err, &me) || !m.IsNone() || me.Input != in || me.Reason == "" {
					t.Fatalf("ParseMove(%q): %v (%T), move %v", in, err, err, m)
				}
				continue
			}
			legal := false
			for _, l := range p.Moves(nil) {
				legal = legal || l == m
			}
			if !legal {
				t.Fatalf("ParseMove(%q) = a move that is not legal", in)
			}
		}
	})
}
