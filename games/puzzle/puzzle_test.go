package puzzle

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
)

// TestMain keeps the pattern databases the 15-puzzle tests build in one
// folder under the temporary folder (unless OYUNBOT_CACHE_DIR says where),
// so that they are built once per machine, not once per run.
func TestMain(m *testing.M) {
	if os.Getenv("OYUNBOT_CACHE_DIR") == "" {
		os.Setenv("OYUNBOT_CACHE_DIR", filepath.Join(os.TempDir(), "oyunbot-test-cache"))
	}
	os.Exit(m.Run())
}

func mustParse(t testing.TB, n int, s string) *Pos {
	t.Helper()
	p, err := parse(n, s)
	if err != nil {
		t.Fatalf("parse(%d, %q): %v", n, s, err)
	}
	return p
}

func TestNamesAndStart(t *testing.T) {
	for _, tc := range []struct {
		g       Game
		name    string
		aliases []string
		start   string
	}{
		{Eight, "puzzle8", []string{"8taş", "8tas", "8puzzle"}, seedStart},
		{Fifteen, "puzzle15", []string{"15taş", "15tas", "15puzzle"}, start15},
	} {
		if tc.g.Name() != tc.name || strings.Join(tc.g.Aliases(), " ") != strings.Join(tc.aliases, " ") {
			t.Errorf("%v: name %q aliases %v", tc.g, tc.g.Name(), tc.g.Aliases())
		}
		if s := tc.g.Start().String(); s != tc.start {
			t.Errorf("%s start %q, want %q", tc.name, s, tc.start)
		}
		if _, err := games.NewRegistry(Eight, Fifteen); err != nil {
			t.Fatal(err)
		}
	}
}

func TestParsePosition(t *testing.T) {
	for _, tc := range []struct {
		n       int
		in      string
		want    string // String() after parsing; "" for an error
		errPart string
	}{
		{3, "5,4,0,6,1,8,7,3,2", "5,4,0,6,1,8,7,3,2", ""},
		{3, "5 4 _ / 6 1 8 / 7 3 2", "5,4,0,6,1,8,7,3,2", ""},
		{3, "1,2,3,4,5,6,7,8,0", "1,2,3,4,5,6,7,8,0", ""},
		{4, "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15", ""},
		{3, "1,2,3,4,5,6,7,8", "", "want 9 numbers"},
		{3, "1,2,3,4,5,6,7,8,8", "", "8 appears twice"},
		{3, "1,2,3,4,5,6,7,9,0", "", `"9" is not a number from 0 to 8`},
		{3, "1,2,3,4,5,6,x,8,0", "", `"x" is not`},
		{3, "", "", "want 9 numbers (0 to 8, 0 for the blank), got 0"},
		{3, "2,1,3,4,5,6,7,8,0", "", "unsolvable: 1 pairs of tiles in the wrong order, an odd number"},
		{4, "1,2,3,4,5,6,7,8,9,10,11,12,13,15,14,0", "", "unsolvable: 1 pairs of tiles in the wrong order + the blank on row 1 from the bottom = 2, even"},
		{4, "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15", "", "want 16 numbers"},
	} {
		p, err := parse(tc.n, tc.in)
		switch {
		case tc.want != "" && err != nil:
			t.Errorf("parse(%q): %v", tc.in, err)
		case tc.want != "" && p.String() != tc.want:
			t.Errorf("parse(%q) = %q, want %q", tc.in, p, tc.want)
		case tc.want == "" && (err == nil || !strings.Contains(err.Error(), tc.errPart)):
			t.Errorf("parse(%q) error %v, want one containing %q", tc.in, err, tc.errPart)
		}
	}
}

// TestUnsolvableExplained checks the refusal names the inversions (and the
// blank's row on 4×4) in both languages.
func TestUnsolvableExplained(t *testing.T) {
	for _, tc := range []struct {
		n      int
		in     string
		tr, en []string
	}{
		{3, "2,1,3,4,5,6,7,8,0", []string{"çözülemez", "1 ters sıralı", "çift"}, []string{"cannot be solved", "1 pair of", "even"}}, // one pair, not "1 pairs" (issue 20.15)
		{3, "8,1,2,0,4,3,7,6,5", []string{"çözülemez"}, []string{"cannot be solved"}},
		{4, "1,2,3,4,5,6,7,8,9,10,11,12,13,15,14,0", []string{"alttan 1. satırda", "toplam 2 çift"}, []string{"row 1 from the bottom", "sum 2 is even"}},
	} {
		_, err := Eight.ParsePosition(tc.in)
		if tc.n == 4 {
			_, err = Fifteen.ParsePosition(tc.in)
		}
		var ue *UnsolvableError
		if !errors.As(err, &ue) {
			t.Fatalf("%q: error %v, want *UnsolvableError", tc.in, err)
		}
		for lang, parts := range map[string][]string{"tr": tc.tr, "en": tc.en} {
			msg := ue.Message(lang)
			for _, part := range parts {
				if !strings.Contains(msg, part) {
					t.Errorf("%q %s: %q lacks %q", tc.in, lang, msg, part)
				}
			}
		}
	}
}

// TestSolvableIsHalf checks the parity rule against the breadth-first
// table on every 3×3 arrangement: solvable exactly when reachable.
func TestSolvableIsHalf(t *testing.T) {
	table := Distances3()
	solvable := 0
	for r := range states3 {
		b := unrank3(r)
		if rank3(&b) != r {
			t.Fatalf("unrank3(%d) ranks back to %d", r, rank3(&b))
		}
		ok := Solvable(3, b[:9]) == nil
		if ok != (table[r] != 0xff) {
			t.Fatalf("%v: Solvable %v, reachable %v", b[:9], ok, table[r] != 0xff)
		}
		if ok {
			solvable++
		}
	}
	if solvable != 181440 {
		t.Errorf("%d solvable, want 181440", solvable)
	}
	// On 4×4: a random walk from the goal stays solvable, a swap does not.
	r := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		p := randomWalk(r, 4, 1+r.IntN(60))
		if err := Solvable(4, p.cells[:16]); err != nil {
			t.Fatalf("%v reached from the goal: %v", p, err)
		}
		b := p.cells
		i, j := 0, 1
		if b[i] == 0 || b[j] == 0 {
			i, j = 2, 3
		}
		b[i], b[j] = b[j], b[i]
		if Solvable(4, b[:16]) == nil {
			t.Fatalf("%v with two tiles swapped is called solvable", b[:16])
		}
	}
}

func TestParseMove(t *testing.T) {
	p := mustParse(t, 3, seedStart) // 5 4 _ / 6 1 8 / 7 3 2
	for _, tc := range []struct {
		in     string
		dir    uint64
		reason string
		kind   games.MoveErrorKind
	}{
		{"4", Left, "", 0},
		{"8", Down, "", 0},
		{"left", Left, "", 0},
		{"sol", Left, "", 0},
		{"L", Left, "", 0},
		{"aşağı", Down, "", 0},
		{"ASAGI", Down, "", 0},
		{"down", Down, "", 0},
		{"d", Down, "", 0},
		{"up", 0, "edge", games.Illegal},
		{"yukarı", 0, "edge", games.Illegal},
		{"sağ", 0, "edge", games.Illegal},
		{"5", 0, "not-adjacent", games.Illegal},
		{"9", 0, "no-tile", games.Illegal},
		{"0", 0, "no-tile", games.Illegal},
		{"e4", 0, "", games.Malformed},
		{"", 0, "", games.Malformed},
	} {
		m, err := p.ParseMove(tc.in)
		if tc.dir != 0 {
			if err != nil || m.Lo != tc.dir {
				t.Errorf("ParseMove(%q) = %v, %v; want direction %d", tc.in, m, err, tc.dir)
			}
			continue
		}
		var me *games.MoveError
		if !errors.As(err, &me) || me.Kind != tc.kind || me.Reason != tc.reason {
			t.Errorf("ParseMove(%q) error %v, want kind %d reason %q", tc.in, err, tc.kind, tc.reason)
		}
	}
	// Every catalogued move error reason is one ParseMove gives, in both
	// languages.
	for _, lang := range []string{"tr", "en"} {
		for _, r := range []string{"edge", "not-adjacent", "no-tile"} {
			if catalogFor(3)[lang]["moveerr."+r] == "" {
				t.Errorf("%s: no moveerr.%s", lang, r)
			}
		}
	}
	goal := mustParse(t, 3, "1,2,3,4,5,6,7,8,0")
	if _, err := goal.ParseMove("8"); err == nil {
		t.Error("a solved puzzle took a move")
	}
	if len(goal.Moves(nil)) != 0 || !goal.Status().Over || goal.Status().Reason != "solved" {
		t.Errorf("solved puzzle: moves %v status %+v", goal.Moves(nil), goal.Status())
	}
}

// TestMakeUnmake plays random moves and takes them back: every
// incremental field (packed hash, where, Manhattan) matches a fresh parse,
// FormatMove reads back as the same move and LastTile is the tile slid.
func TestMakeUnmake(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{3, 4} {
		p := Game{Size: n}.Start().(*Pos)
		orig := p.String()
		var stack []string
		for i := range 300 {
			moves := p.Moves(nil)
			if len(moves) == 0 {
				break
			}
			m := moves[r.IntN(len(moves))]
			s := p.FormatMove(m)
			back, err := p.ParseMove(s)
			if err != nil || back != m {
				t.Fatalf("ParseMove(FormatMove(%v) = %q) = %v, %v", m, s, back, err)
			}
			stack = append(stack, p.String())
			p.Make(m)
			if p.LastTile() != p.MoveTile(p.Inverse(m)) || p.FormatMove(p.Inverse(m)) != s {
				t.Fatalf("move %d: LastTile %d, slid %s", i, p.LastTile(), s)
			}
			q := mustParse(t, n, p.String())
			if q.packed != p.packed || q.where != p.where || q.man != p.man || p.Hash() != q.Hash() {
				t.Fatalf("after %d moves the incremental state differs from a fresh parse of %s", i+1, p)
			}
		}
		for i := len(stack) - 1; i >= 0; i-- {
			p.Unmake()
			if p.String() != stack[i] {
				t.Fatalf("Unmake: %s, want %s", p, stack[i])
			}
		}
		if p.String() != orig || p.Played() != 0 {
			t.Fatalf("back to %s after %d, want %s", p, p.Played(), orig)
		}
	}
}

func TestBoardAndClone(t *testing.T) {
	p := mustParse(t, 4, "1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15")
	want := []string{"1234", "5678", "9ABC", "DE.F"}
	if got := p.Board(); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Board %q, want %q", got, want)
	}
	c := p.Clone()
	c.Make(ai.Move{Lo: Right})
	if !c.(*Pos).IsGoal() || p.IsGoal() {
		t.Error("Clone shares state with the original")
	}
	if got := mustParse(t, 3, seedStart).Board(); strings.Join(got, "|") != "54.|618|732" {
		t.Errorf("3×3 Board %q", got)
	}
}

// TestHeuristicsAdmissible checks, on every solvable 8-puzzle state, that
// misplaced ≤ Manhattan ≤ linear conflict ≤ the true distance.
func TestHeuristicsAdmissible(t *testing.T) {
	table := Distances3()
	for r, d := range table {
		if d == 0xff {
			continue
		}
		p := newPos(3, unrank3(r))
		var hs [4]int
		for i, h := range []Heuristic{Misplaced, Manhattan, LinearConflict, PDBHeuristic} {
			if err := p.SetHeuristic(h, nil); err != nil {
				t.Fatal(err)
			}
			hs[i] = p.Heuristic()
		}
		if !(hs[0] <= hs[1] && hs[1] <= hs[2] && hs[2] <= int(d) && hs[3] == hs[2]) {
			t.Fatalf("%v: misplaced, Manhattan, LC, PDB %v, distance %d", p, hs, d)
		}
	}
}

func TestDistanceTable(t *testing.T) {
	table := Distances3()
	var count [32]int
	for _, d := range table {
		if d != 0xff {
			count[d]++
		}
	}
	total := 0
	for _, c := range count {
		total += c
	}
	if total != 181440 || count[0] != 1 || count[31] != 2 {
		t.Errorf("total %d, at 0: %d, at 31: %d", total, count[0], count[31])
	}
	for _, s := range []string{"8,6,7,2,5,4,3,0,1", "6,4,7,8,5,0,3,2,1"} {
		if d := distance3(mustParse(t, 3, s)); d != 31 {
			t.Errorf("%s at %d, want 31", s, d)
		}
	}
	p := mustParse(t, 3, seedStart)
	if n, ok := p.OptimalLength(); !ok || n != 22 {
		t.Errorf("seed start OptimalLength %d %v, want 22", n, ok)
	}
	path := optimal3(p)
	q := p.clone()
	for _, m := range path {
		q.Make(m)
	}
	if len(path) != 22 || !q.IsGoal() {
		t.Errorf("optimal3: %d moves, goal %v", len(path), q.IsGoal())
	}
}

func TestRandomStart(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, level := range []string{"easy", "orta", "zor", "usta"} {
		l, _ := ai.ParseLevel(level)
		for range 5 {
			s, err := Eight.RandomStart(level, r)
			if err != nil {
				t.Fatal(err)
			}
			d := distance3(mustParse(t, 3, s))
			if rg := levels3[l.Name]; d < rg[0] || d > rg[1] {
				t.Errorf("%s: %s at %d, want %v", level, s, d, rg)
			}
			s4, err := Fifteen.RandomStart(level, r)
			if err != nil {
				t.Fatal(err)
			}
			if p := mustParse(t, 4, s4); p.IsGoal() {
				t.Errorf("%s: a solved 15-puzzle start", level)
			}
		}
	}
	if _, err := Eight.RandomStart("impossible", r); err == nil {
		t.Error("unknown level accepted")
	}
}

func TestSplitTurn(t *testing.T) {
	p := mustParse(t, 3, seedStart)
	for in, want := range map[string]string{"4": "4", "4 1 6": "4|1|6", "up, left,right": "up|left|right", "  ": ""} {
		if got := strings.Join(p.SplitTurn(in), "|"); got != want {
			t.Errorf("SplitTurn(%q) = %q, want %q", in, got, want)
		}
	}
}
