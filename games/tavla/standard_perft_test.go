package tavla

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestStandardPerftGnubg: the distinct legal turns of standard tavla
// positions with dice agree with GNU Backgammon's move generator
// (testdata/standard-perft.txt, made by tools/gnubgperft with gnubg
// 1.07.001: random positions and chosen ones for entering from the bar,
// the larger die and bearing off with a higher die). Both the ply by ply
// generator (Perft, through Moves) and the whole-turn one (turnGen) are
// checked.
func TestStandardPerftGnubg(t *testing.T) {
	f, err := os.Open("testdata/standard-perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	n, bar := 0, 0
	g := newTurnGen()
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fs := strings.Fields(line)
		want, err := strconv.Atoi(fs[len(fs)-1])
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		text := strings.Join(fs[:len(fs)-1], " ")
		p, err := parsePositionOf(text, true)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if p.st.bar[p.st.side] > 0 {
			bar++
		}
		// A roll that cannot be played is one turn here (a pass), none
		// in gnubg's list.
		got := int(p.Perft(1))
		if want == 0 {
			if ms := p.Moves(nil); len(ms) != 1 || !isPass(ms[0]) {
				t.Errorf("%s: gnubg has no legal move, we have %d plies", text, len(ms))
			}
		} else if got != want {
			t.Errorf("%s: %d distinct turns, gnubg %d", text, got, want)
		}
		if turns := g.generate(&p.st); want > 0 && len(turns) != want {
			t.Errorf("%s: turnGen lists %d turns, gnubg %d", text, len(turns), want)
		}
		n++
	}
	if n < 50 || bar < 5 {
		t.Fatalf("only %d positions, %d with a checker on the bar", n, bar)
	}
}
