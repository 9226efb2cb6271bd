package puzzle

import (
	"errors"
	"testing"

	"oyunbot/games"
)

// FuzzParsePosition: any text either parses to a solvable position that
// writes itself back, or is refused with a format or unsolvable error;
// never a panic.
func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{seedStart, start15, "1,2,3,4,5,6,7,8,0", "2,1,3,4,5,6,7,8,0", "5 4 _ / 6 1 8 / 7 3 2", "", ",,,", "1,2,3,4,5,6,7,8,99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, n := range []int{3, 4} {
			p, err := parse(n, s)
			if err != nil {
				var ue *UnsolvableError
				if !errors.Is(err, ErrFormat) && !errors.As(err, &ue) {
					t.Fatalf("parse(%d, %q): unexpected error %v", n, s, err)
				}
				continue
			}
			q, err := parse(n, p.String())
			if err != nil || q.packed != p.packed {
				t.Fatalf("parse(%d, %q) = %s does not read back: %v", n, s, p, err)
			}
		}
	})
}

// FuzzParseMove: any text is a legal move or a *games.MoveError.
func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"4", "up", "aşağı", "SAĞ", "yukarı", "0", "-1", "99", "l", "e4", ""} {
		f.Add(s)
	}
	p := mustParse(f, 3, seedStart)
	f.Fuzz(func(t *testing.T, s string) {
		m, err := p.ParseMove(s)
		if err != nil {
			var me *games.MoveError
			if !errors.As(err, &me) {
				t.Fatalf("ParseMove(%q): %v is no MoveError", s, err)
			}
			return
		}
		legal := false
		for _, l := range p.Moves(nil) {
			legal = legal || l == m
		}
		if !legal {
			t.Fatalf("ParseMove(%q) = %v, not a legal move", s, m)
		}
	})
}
