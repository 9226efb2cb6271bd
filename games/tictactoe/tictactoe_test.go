package tictactoe_test

import (
	"errors"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/tictactoe"
)

func start() *tictactoe.Position { return tictactoe.Game{}.Start().(*tictactoe.Position) }

func mustParse(t testing.TB, s string) *tictactoe.Position {
	t.Helper()
	p, err := tictactoe.ParsePosition(s)
	if err != nil {
		t.Fatalf("ParsePosition(%q): %v", s, err)
	}
	return p
}

// walk visits every reachable position once (by text), depth first.
func walk(p *tictactoe.Position, seen map[string]bool, visit func(*tictactoe.Position)) {
	k := p.String()
	if seen[k] {
		return
	}
	seen[k] = true
	visit(p)
	for _, m := range p.Moves(nil) {
		p.Make(m)
		walk(p, seen, visit)
		p.Unmake()
	}
}

func allPositions(t testing.TB) []*tictactoe.Position {
	var ps []*tictactoe.Position
	walk(start(), map[string]bool{}, func(p *tictactoe.Position) {
		ps = append(ps, p.Clone().(*tictactoe.Position))
	})
	return ps
}

func TestReachablePositions(t *testing.T) {
	ps := allPositions(t)
	if len(ps) != 5478 {
		t.Fatalf("reachable positions = %d, want 5478", len(ps))
	}
	hashes := map[uint64]string{}
	for _, p := range ps {
		s := p.String()
		if prev, dup := hashes[p.Hash()]; dup {
			t.Fatalf("hash collision: %q and %q", prev, s)
		}
		hashes[p.Hash()] = s
		q, err := tictactoe.ParsePosition(s)
		if err != nil {
			t.Fatalf("ParsePosition(%q): %v", s, err)
		}
		if q.String() != s || q.Hash() != p.Hash() {
			t.Fatalf("round trip %q: got %q hash %x, want hash %x", s, q.String(), q.Hash(), p.Hash())
		}
		if ev := p.Evaluate(); ev <= -ai.MaxEval || ev >= ai.MaxEval {
			t.Fatalf("%q: Evaluate %d out of range", s, ev)
		}
		st := p.Status()
		if n := len(p.Moves(nil)); st.Over != (n == 0) {
			t.Fatalf("%q: Over=%v but %d moves", s, st.Over, n)
		}
		// Make/Unmake restores everything, including the hash.
		for _, m := range p.Moves(nil) {
			h := p.Hash()
			p.Make(m)
			p.Unmake()
			if p.String() != s || p.Hash() != h {
				t.Fatalf("%q: Make/Unmake %s changed the position", s, p.FormatMove(m))
			}
		}
	}
}

func TestGameCounts(t *testing.T) {
	var total, xw, ow, draws int
	var count func(p *tictactoe.Position)
	count = func(p *tictactoe.Position) {
		if st := p.Status(); st.Over {
			total++
			switch st.Winner {
			case ai.First:
				xw++
			case ai.Second:
				ow++
			default:
				draws++
			}
			return
		}
		for _, m := range p.Moves(nil) {
			p.Make(m)
			count(p)
			p.Unmake()
		}
	}
	count(start())
	if total != 255168 || xw != 131184 || ow != 77904 || draws != 46080 {
		t.Fatalf("games %d, x wins %d, o wins %d, draws %d; want 255168, 131184, 77904, 46080", total, xw, ow, draws)
	}
}

func TestStatus(t *testing.T) {
	tests := []struct {
		pos    string
		over   bool
		winner ai.Side
		reason string
	}{
		{"......... x", false, ai.NoSide, ""},
		{"xxx.oo... o", true, ai.First, "three-in-row"},
		{"xx.ooox.. x", true, ai.Second, "three-in-row"},
		{"x.ox.ox.. o", true, ai.First, "three-in-row"},  // column a
		{"oxxxoo.xo x", true, ai.Second, "three-in-row"}, // diagonal
		{"xoxxoxoxo o", true, ai.NoSide, "board-full"},
		{"xoxxoxo.. o", false, ai.NoSide, ""},
	}
	for _, tc := range tests {
		st := mustParse(t, tc.pos).Status()
		if st.Over != tc.over || (tc.over && (st.Winner != tc.winner || st.Reason != tc.reason)) {
			t.Errorf("%q: Status = %+v, want over %v winner %v reason %q", tc.pos, st, tc.over, tc.winner, tc.reason)
		}
	}
}

func TestParseMove(t *testing.T) {
	p := mustParse(t, "x...o.... x")
	tests := []struct {
		in   string
		want string // canonical move, or "" for an error
		kind games.MoveErrorKind
	}{
		{"a1", "a1", 0}, {"A1", "a1", 0}, {" c3 ", "c3", 0}, {"b3", "b3", 0},
		{"1", "", games.Illegal}, // keypad 1 = a3 = top-left, taken by x
		{"2", "b3", 0}, {"7", "a1", 0}, {"9", "c1", 0}, {"3", "c3", 0},
		{"a3", "", games.Illegal}, {"b2", "", games.Illegal}, {"5", "", games.Illegal},
		{"", "", games.Malformed}, {"d1", "", games.Malformed}, {"a4", "", games.Malformed},
		{"0", "", games.Malformed}, {"10", "", games.Malformed}, {"a", "", games.Malformed},
		{"b2b", "", games.Malformed}, {"ç", "", games.Malformed},
	}
	for _, tc := range tests {
		m, err := p.ParseMove(tc.in)
		if tc.want != "" {
			if err != nil || p.FormatMove(m) != tc.want {
				t.Errorf("ParseMove(%q) = %s, %v; want %s", tc.in, p.FormatMove(m), err, tc.want)
			}
			continue
		}
		var me *games.MoveError
		if !errors.As(err, &me) || me.Kind != tc.kind || !m.IsNone() {
			t.Errorf("ParseMove(%q) = %v, %v; want a MoveError of kind %d", tc.in, m, err, tc.kind)
			continue
		}
		if tc.kind == games.Illegal && me.Reason != "occupied" {
			t.Errorf("ParseMove(%q): reason %q, want occupied", tc.in, me.Reason)
		}
	}
	over := mustParse(t, "xxx.oo... o")
	var me *games.MoveError
	if _, err := over.ParseMove("a1"); !errors.As(err, &me) || me.Kind != games.GameOver {
		t.Errorf("ParseMove on a finished game: %v, want GameOver", err)
	}
}

// TestKeypadAndNames checks the two notations against the board picture.
func TestKeypadAndNames(t *testing.T) {
	names := []string{"a3", "b3", "c3", "a2", "b2", "c2", "a1", "b1", "c1"}
	for i, name := range names {
		p := start()
		m, err := p.ParseMove(string(rune('1' + i)))
		if err != nil {
			t.Fatal(err)
		}
		if got := p.FormatMove(m); got != name {
			t.Errorf("keypad %d = %s, want %s", i+1, got, name)
		}
		path, captured := p.MoveSquares(m)
		if len(path) != 1 || path[0] != name || captured != nil {
			t.Errorf("MoveSquares(%s) = %v, %v", name, path, captured)
		}
		p.Make(m)
		board := strings.Join(p.Board(), "")
		if board[i] != 'x' || strings.Count(board, "x") != 1 {
			t.Errorf("after %s the board is %q, want x on cell %d", name, board, i)
		}
	}
}

func TestFormatParseRoundTrip(t *testing.T) {
	for _, p := range allPositions(t) {
		for _, m := range p.Moves(nil) {
			s := p.FormatMove(m)
			got, err := p.ParseMove(s)
			if err != nil || got != m {
				t.Fatalf("%s: ParseMove(FormatMove(%v) = %q) = %v, %v", p, m, s, got, err)
			}
		}
	}
}

func TestParsePositionErrors(t *testing.T) {
	bad := []string{
		"", "x", "......... ", "........ x", ".......... x", "......... y", "......... x extra",
		"....a.... x", "......... o", // o to move on an empty board
		"x........ x", "xx....... o", "o........ o", // counts and side disagree
		"xxx.oo.oo x", // more o than x
		"xxxooo... o", // both have lines
		"xxx.oo.o. x", // x has a line but o moved after it
		"ooo.xx.xx o", // o has a line but x moved after it
	}
	for _, s := range bad {
		if _, err := tictactoe.ParsePosition(s); err == nil {
			t.Errorf("ParsePosition(%q) accepted", s)
		}
	}
	good := []string{"......... x", "x.o.x.... o", "X.O.X.... O", "ooo.xx.x. x", "xxx.oo... o"}
	for _, s := range good {
		if _, err := tictactoe.ParsePosition(s); err != nil {
			t.Errorf("ParsePosition(%q): %v", s, err)
		}
	}
}

func TestRegistry(t *testing.T) {
	r, err := games.NewRegistry(tictactoe.Game{})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"tictactoe", "XOX", "ttt"} {
		if g, ok := r.Lookup(n); !ok || g.Name() != "tictactoe" {
			t.Errorf("Lookup(%q) failed", n)
		}
	}
	g := tictactoe.Game{}
	if g.Players() != 2 || strings.Join(g.SideNames(), ",") != "x,o" {
		t.Errorf("Players %d SideNames %v", g.Players(), g.SideNames())
	}
	p, err := g.ParsePosition("x.o.x.... o")
	if err != nil || p.String() != "x.o.x.... o" {
		t.Errorf("Game.ParsePosition: %v %v", p, err)
	}
}

func TestCloneIsIndependent(t *testing.T) {
	p := mustParse(t, "x.o.x.... o")
	q := p.Clone()
	m, _ := q.ParseMove("c1")
	q.Make(m)
	if p.String() != "x.o.x.... o" || q.String() != "x.o.x...o x" {
		t.Errorf("p %q q %q", p, q)
	}
}

// TestSymmetry: the rules and the evaluation do not care which way the
// board is turned: all eight symmetries of a position have the same status,
// evaluation and number of moves.
func TestSymmetry(t *testing.T) {
	// Each symmetry maps a cell (row r, column c from the top-left) to another.
	syms := []func(r, c int) (int, int){
		func(r, c int) (int, int) { return r, c },
		func(r, c int) (int, int) { return r, 2 - c },
		func(r, c int) (int, int) { return 2 - r, c },
		func(r, c int) (int, int) { return 2 - r, 2 - c },
		func(r, c int) (int, int) { return c, r },
		func(r, c int) (int, int) { return c, 2 - r },
		func(r, c int) (int, int) { return 2 - c, r },
		func(r, c int) (int, int) { return 2 - c, 2 - r },
	}
	for _, p := range allPositions(t) {
		s := p.String()
		for _, f := range syms {
			cells := []byte(s[:9])
			for i := 0; i < 9; i++ {
				r, c := f(i/3, i%3)
				cells[3*r+c] = s[i]
			}
			q := mustParse(t, string(cells)+s[9:])
			if q.Status() != p.Status() || q.Evaluate() != p.Evaluate() || len(q.Moves(nil)) != len(p.Moves(nil)) {
				t.Fatalf("%q and its image %q differ", s, q)
			}
		}
	}
}

func TestEvaluate(t *testing.T) {
	tests := []struct {
		pos  string
		want int
	}{
		{"......... x", 0},
		{"x........ o", -30}, // x's corner opens three lines for x
		{"....x.... o", -40}, // the centre opens four
		{"xx..o.... o", -30}, // x: row of two (-40), column (-10); o: row and diagonal (+20)
		{"xx..oo... x", -10}, // x: row of two, column (+50); o: row of two, column, diagonal (-60)
	}
	for _, tc := range tests {
		if got := mustParse(t, tc.pos).Evaluate(); got != tc.want {
			t.Errorf("Evaluate(%q) = %d, want %d", tc.pos, got, tc.want)
		}
	}
}

// TestTextBoardShowsKeys: the text board writes each free square's key,
// the coordinates outside the grid, and says so in the player's language
// (issue 20).
func TestTextBoardShowsKeys(t *testing.T) {
	p, err := tictactoe.ParsePosition("..o.x.... x")
	if err != nil {
		t.Fatal(err)
	}
	for lang, note := range map[string]string{"en": "Free squares show their keys", "tr": "Boş karelerde tuşları yazılı"} {
		got := p.TextBoard(lang, true) // never turned round
		want := "    a   b   c\n3   1 | 2 | o \n   ---+---+---\n2   4 | x | 6 \n   ---+---+---\n1   7 | 8 | 9 \n"
		if !strings.HasPrefix(got, want) || !strings.Contains(got, note) {
			t.Errorf("%s:\n%s\nwant it to begin:\n%s", lang, got, want)
		}
	}
	// The key shown is the key that plays there.
	m, err := p.ParseMove("7")
	if err != nil || p.FormatMove(m) != "a1" {
		t.Errorf("7 plays %s, %v; want a1", p.FormatMove(m), err)
	}
}
