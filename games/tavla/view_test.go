package tavla

import (
	"slices"
	"strings"
	"testing"

	"oyunbot/ai"
)

// TestLastTurns: each side's last turn read back from the history, a pin
// and a checker borne off among them, a lost roll a turn of no plies.
func TestLastTurns(t *testing.T) {
	p := mustPos(t, board(map[int]string{1: "w14", 10: "w1", 3: "b1", 24: "b14"}, "", "w", "2-1"))
	if latest, turns := p.LastTurns(); latest != ai.NoSide || turns[0] != nil || turns[1] != nil {
		t.Fatalf("no history: %v %v", latest, turns)
	}
	play := func(moves ...string) {
		t.Helper()
		for _, mv := range moves {
			m, err := p.ParseMove(mv)
			if err != nil {
				t.Fatalf("%s in %s: %v", mv, p, err)
			}
			p.Make(m)
		}
	}
	play("1/3", "3/4") // White pins Black's checker on 3, moves on to 4 (and frees it)
	latest, turns := p.LastTurns()
	if latest != white || !slices.Equal(turns[white], []Ply{{0, 2}, {2, 3}}) || turns[black] != nil {
		t.Fatalf("after White's turn: %v %v", latest, turns)
	}
	play("65:", "1/7", "1/6") // Black: its 1 is White's 24 (index 23)
	latest, turns = p.LastTurns()
	if latest != black || !slices.Equal(turns[black], []Ply{{23, 17}, {23, 18}}) || !slices.Equal(turns[white], []Ply{{0, 2}, {2, 3}}) {
		t.Fatalf("after Black's turn: %v %v", latest, turns)
	}
	play("11:", "1/2") // White's turn begun: one ply of four
	if latest, turns = p.LastTurns(); latest != white || !slices.Equal(turns[white], []Ply{{0, 1}}) {
		t.Fatalf("in White's turn: %v %v", latest, turns)
	}

	off := mustPos(t, board(map[int]string{19: "w1", 24: "w14", 1: "b15"}, "", "w", "6-1"))
	p = off
	play("19/off", "24/off")
	if latest, turns = p.LastTurns(); latest != white || !slices.Equal(turns[white], []Ply{{18, Off}, {23, Off}}) {
		t.Fatalf("bearing off: %v %v", latest, turns)
	}
}

// TestTextBoard: the text board from each side, in both languages.
func TestTextBoard(t *testing.T) {
	p := mustPos(t, board(map[int]string{1: "w14", 3: "b1/w", 24: "b14"}, "", "w", "2-1"))
	for _, tc := range []struct {
		lang   string
		flip   bool
		top    string // the first row's first and last point numbers
		cells  string // the top row's stacks, left to right
		bottom string // the bottom row's stacks
		legend string
	}{
		{"en", false, "13 24", ". . . . . . . . . . . b14", ". . . . . . . . . b1/w . w14", "b1/w: a black stack of 1 on a pinned white checker"},
		{"tr", false, "13 24", ". . . . . . . . . . . s14", ". . . . . . . . . s1/b . b14", "s1/b: 1 siyah pulun altında hapsedilmiş bir beyaz pul"},
		{"en", true, "13 24", ". . . . . . . . . b1/w . w14", ". . . . . . . . . . . b14", ""},
	} {
		lines := strings.Split(p.TextBoard(tc.lang, tc.flip), "\n")
		nums := strings.Fields(lines[0])
		if nums[0]+" "+nums[len(nums)-1] != tc.top {
			t.Errorf("%s flip=%v: numbers %q", tc.lang, tc.flip, lines[0])
		}
		clean := func(s string) string { return strings.Join(strings.Fields(strings.ReplaceAll(s, "|", "")), " ") }
		if got := clean(lines[1]); got != tc.cells {
			t.Errorf("%s flip=%v: top row %q, want %q", tc.lang, tc.flip, got, tc.cells)
		}
		if tc.flip {
			continue
		}
		if got := clean(lines[3]); got != tc.bottom {
			t.Errorf("%s: bottom row %q, want %q", tc.lang, got, tc.bottom)
		}
		if !strings.Contains(lines[len(lines)-1], tc.legend) {
			t.Errorf("%s: legend %q, want %q", tc.lang, lines[len(lines)-1], tc.legend)
		}
	}
}
