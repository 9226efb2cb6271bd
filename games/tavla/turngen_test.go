package tavla

import (
	"bufio"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"oyunbot/ai"
)

// boardKey is a position's board (points, pins, borne off) as text.
func boardKey(st *state) string {
	var b strings.Builder
	for i := range points {
		b.WriteByte(byte(st.occ[i] + 64))
		if st.pinned(i) {
			b.WriteByte('p')
		}
	}
	b.WriteByte(byte('a' + st.off[0]))
	b.WriteByte(byte('a' + st.off[1]))
	return b.String()
}

// turnPositions collects positions with dice: the perft file's and those
// of seeded random games.
func turnPositions(t *testing.T, games int) []*Pos {
	t.Helper()
	var out []*Pos
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 6 && !strings.HasPrefix(fs[0], "#") {
			out = append(out, mustPos(t, strings.Join(fs[:5], " ")))
		}
	}
	rng := rand.New(rand.NewPCG(21, 8))
	for range games {
		p := Game{}.Start().(*Pos)
		for n := 0; n < 3000 && !p.Status().Over; n++ {
			if p.Turn() == ai.Chance {
				p.Make(sample(p, rng))
				if !p.Status().Over && p.Turn() != ai.Chance {
					out = append(out, p.Clone().(*Pos))
				}
				continue
			}
			ms := p.Moves(nil)
			p.Make(ms[rng.IntN(len(ms))])
		}
	}
	return out
}

// TestTurnGenMatchesPlies: the whole turns listed are exactly the distinct
// positions that playing ply by ply through Moves reaches (turnEnds, which
// the perft file checks), and each turn's plies are legal one after the
// other and reach its position.
func TestTurnGenMatchesPlies(t *testing.T) {
	n := 40
	if testing.Short() {
		n = 6
	}
	g := newTurnGen()
	checked, most := 0, 0
	for _, p := range turnPositions(t, n) {
		want := map[string]bool{}
		p.turnEnds(func() { want[boardKey(&p.st)] = true })
		turns := g.generate(&p.st)
		most = max(most, g.nseen)
		if g.full() {
			t.Errorf("%s: the table filled up (%d states)", p, g.nseen)
		}
		got := map[string]bool{}
		for i := range turns {
			tr := &turns[i]
			k := boardKey(&tr.st)
			if got[k] {
				t.Fatalf("%s: turn %d listed twice", p, i)
			}
			got[k] = true
			q := p.Clone().(*Pos)
			for _, m := range tr.Moves() {
				if !slices.Contains(q.Moves(nil), m) {
					t.Fatalf("%s: turn %d: ply %s is not legal in %s", p, i, q.FormatMove(m), q)
				}
				q.Make(m)
			}
			if q.Turn() == p.st.side && !q.Status().Over {
				t.Fatalf("%s: turn %d ends with the turn unfinished: %s", p, i, q)
			}
			if boardKey(&q.st) != k {
				t.Fatalf("%s: turn %d's plies reach %s", p, i, q)
			}
			if bh := boardHashOf(&q.st); bh != tr.st.hash {
				t.Fatalf("%s: turn %d's hash %x, the board's %x", p, i, tr.st.hash, bh)
			}
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d turns, %d positions by plies", p, len(got), len(want))
		}
		for k := range want {
			if !got[k] {
				t.Fatalf("%s: a position reached by plies is missing", p)
			}
		}
		checked++
	}
	t.Logf("%d positions, at most %d states in the table", checked, most)
}
