package islem

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

func binomial(n, k int) uint64 {
	if k < 0 || k > n {
		return 0
	}
	r := uint64(1)
	for i := 0; i < k; i++ {
		r = r * uint64(n-i) / uint64(i+1)
	}
	return r
}

// Perft from the start: 14 stones on 64 squares, then 14 on the 63 left
// (phase 1 only forbids one's own stones' neighbours).
func TestPerftStart(t *testing.T) {
	p := newStart()
	if n := len(p.LegalMoves(nil)); n != 896 {
		t.Errorf("%d legal moves at the start, want 896", n)
	}
	if n := len(p.Moves(nil)); n != 14*36 {
		t.Errorf("the search's moves at the start: %d, want 504 (b2-g7)", n)
	}
	for depth, want := range []uint64{1, 896, 790272} {
		if got := p.Perft(depth); got != want {
			t.Errorf("perft(%d) = %d, want %d", depth, got, want)
		}
	}
}

// One turn in mid-game is counted independently: each placement or move
// scoring n captures any n of the k opponent stones on the board.
func TestPerftCountsCaptureSets(t *testing.T) {
	for _, turns := range []int{40, 60, 90} {
		p := midgame(turns)
		if p.Status().Over {
			continue
		}
		k := popcount(p.stones(p.turn.Opponent()))
		var want uint64
		for _, m := range p.legal(nil, true) {
			n := 0
			if kindOf(m) == kindPlace || kindOf(m) == kindMove {
				n = p.immediate(m)
			}
			want += binomial(k, min(n, k))
		}
		if got := p.Perft(1); got != want {
			t.Errorf("after %d turns: perft(1) = %d, want %d\n%s", turns, got, want, p)
		}
	}
}

// testdata/perft.txt: positions (FORMAT.md) with their counts at depth 1,
// 2, ...; made by this package's Perft and checked against the formula
// above at depth 1, kept against regressions.
func TestPerftFile(t *testing.T) {
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		fs := strings.Fields(line)
		pos, err := Game{}.ParsePosition(strings.Join(fs[:7], " "))
		if err != nil {
			t.Fatal(err)
		}
		if testing.Short() && len(fs) > 9 {
			fs = fs[:9]
		}
		for d, c := range fs[7:] {
			want, _ := strconv.ParseUint(c, 10, 64)
			if got := pos.(*Position).Perft(d + 1); got != want {
				t.Errorf("%s: perft(%d) = %d, want %d", strings.Join(fs[:7], " "), d+1, got, want)
			}
		}
	}
}
