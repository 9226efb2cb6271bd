package islem

import (
	"strconv"
	"strings"

	"oyunbot/ai"
	"slices"
	"testing"
)

// The thesis's worked examples (section 5.1.8), realised on boards built
// here since its figures are lost.
func TestThesisWorkedExamples(t *testing.T) {
	tests := []struct {
		name  string
		ex    exampleBoard
		score int
		want  []string
	}{
		{"12 on d6 scores 5", example12, 5, []string{"(12=2×6)", "(12=5+7)", "(12=4×3)", "(12+5=9+8)"}},
		{"9 on d3 scores 4", example9, 4, []string{"(9=3×3)", "(2+4+9=5+10)", "(9=2+7)"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := tc.ex.after()
			_, ops, n := p.LastOperations()
			var got []string
			for _, o := range ops {
				got = append(got, o.String())
			}
			t.Logf("ops %v", got)
			if n != tc.score {
				t.Errorf("score %d, want %d", n, tc.score)
			}
			slices.Sort(got)
			want := slices.Clone(tc.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("operations %v, want %v", got, want)
			}
			if p.Owed() != tc.score {
				t.Errorf("owed %d, want %d", p.Owed(), tc.score)
			}
		})
	}
}

// board builds a position from "sq:bV" / "sq:rV" words, black to move in
// phase 2 (so placements score).
func board(t *testing.T, words string) *Position {
	t.Helper()
	p := newStart()
	for _, w := range strings.Fields(words) {
		sqText, st, _ := strings.Cut(w, ":")
		sq, ok := ParseSquare(sqText)
		v, err := strconv.Atoi(st[1:])
		if !ok || err != nil {
			t.Fatalf("bad word %q", w)
		}
		side := ai.First
		if st[0] == 'r' {
			side = ai.Second
		}
		p.board[sq] = stone(side, v)
	}
	p.hand = [2][2]uint16{{0, fullSet}, {0, fullSet}}
	p.hash = p.computeHash()
	return p
}

// The rule file's conditions, each with a case that meets it and one that
// fails it: the score of the stone on sq, and the equations found.
func TestOperationConditions(t *testing.T) {
	tests := []struct {
		name  string
		words string
		sq    string
		score int
		ops   string
	}{
		{"İ1 met: a chain and a stone", "d4:b1 e4:b2 f5:b3", "f5", 1, "(3=2+1)"},
		{"İ1 failed: two single stones", "d4:b5 f4:b5", "f4", 0, ""},
		{"İ2 failed: unequal values", "d4:b1 e4:b2 f5:b4", "f5", 0, ""},
		{"İ3 met: touching an end", "a1:b1 b2:b2 c3:b3 d2:b6", "d2", 1, "(6=3×2×1)"},
		{"İ3 failed: touching the middle only", "a1:b1 b2:b2 c3:b3 a3:b6", "a3", 0, ""},
		{"İ4 failed: the stone touches both chain stones", "d4:b1 e4:b2 d5:b3", "d5", 0, ""},
		{"İ4 met: two chains touching at one pair", "c4:b1 d4:b2 e6:b1 e5:b2", "e5", 2, "(1+2=2+1)"},
		{"maximal chain: the whole run counts", "b3:b1 c3:b2 d3:b3 a4:b6", "a4", 1, "(6=1+2+3)"},
		{"maximal chain: no part of a run", "b3:b1 c3:b2 d3:b3 a4:b3", "a4", 0, ""},
		{"maximal chain: the run is extended by the stone", "b3:b1 c3:b2 a3:b3 d4:b6", "a3", 1, "(3+1+2=6)"},
		{"opponent stones make no chain", "d4:b1 e4:r2 f5:b3", "f5", 0, ""},
		{"zero: 0×5=0", "d4:b0 e5:b5 f4:b0", "f4", 2, "(0=5×0) (0×5=0)"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := board(t, tc.words)
			sq, _ := ParseSquare(tc.sq)
			ops, n := operations(&p.board, sq)
			if n != tc.score || Equations(ops) != tc.ops {
				t.Errorf("score %d %q, want %d %q", n, Equations(ops), tc.score, tc.ops)
			}
		})
	}
}
