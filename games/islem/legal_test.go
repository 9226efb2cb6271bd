package islem

import (
	"strings"
	"testing"

	"oyunbot/games"
)

// groups writes GroupMoves one group a line.
func groups(gs []games.MoveGroup) string {
	var lines []string
	for _, g := range gs {
		lines = append(lines, g.Label+" "+strings.Join(g.Moves, " "))
	}
	return strings.Join(lines, "\n")
}

// TestGroupMoves: the start's 896 placements are one line, the stones in
// hand and the squares they may go to; phase 1's squares leave out those
// next to the mover's stones; captures owed are their squares (issue 20).
func TestGroupMoves(t *testing.T) {
	p := Game{}.Start().(*Position)
	if got, want := groups(p.GroupMoves("en")), "place 0 1 2 3 4 5 6 7 8 9 10 11 12 13 → a1–8 b1–8 c1–8 d1–8 e1–8 f1–8 g1–8 h1–8"; got != want {
		t.Errorf("start:\n%s\nwant:\n%s", got, want)
	}
	if got := groups(p.GroupMoves("tr")); !strings.HasPrefix(got, "koy 0 1 2") {
		t.Errorf("start in Turkish: %s", got)
	}
	for _, mv := range []string{"7 d4", "0 b2"} {
		m, err := p.ParseMove(mv)
		if err != nil {
			t.Fatal(err)
		}
		p.Make(m)
	}
	// Black's 7 on d4: c3-e5 are next to it; red's 0 on b2 is not black's.
	want := "place 0 1 2 3 4 5 6 8 9 10 11 12 13 → a1–8 b1 b3–8 c1–2 c6–8 d1–2 d6–8 e1–2 e6–8 f1–8 g1–8 h1–8"
	if got := groups(p.GroupMoves("en")); got != want {
		t.Errorf("after 7 d4, 0 b2:\n%s\nwant:\n%s", got, want)
	}
	n := 0
	for _, g := range p.GroupMoves("en") {
		for _, run := range g.Moves {
			n += len(runSquares(t, run))
		}
	}
	if n*13 != len(p.LegalMoves(nil)) {
		t.Errorf("the groups hold %d squares for 13 stones, LegalMoves %d", n, len(p.LegalMoves(nil)))
	}
	q := example12.before()
	m, err := q.ParseMove("12 d6")
	if err != nil {
		t.Fatal(err)
	}
	q.Make(m)
	if got := groups(q.GroupMoves("en")); !strings.HasPrefix(got, "capture: ") {
		t.Errorf("captures owed: %s", got)
	}
}

// runSquares expands "c1–3" to c1 c2 c3.
func runSquares(t *testing.T, run string) []string {
	t.Helper()
	from, to, ok := strings.Cut(run, "–")
	if !ok {
		return []string{run}
	}
	var out []string
	for r := from[1]; r <= to[0]; r++ {
		out = append(out, string([]byte{from[0], r}))
	}
	return out
}

// TestTextBoardLetters: the text board tells the sides apart by letters
// (and numbers) in each language, with their legend (issue 20).
func TestTextBoardLetters(t *testing.T) {
	p := example12.after()
	for lang, want := range map[string][]string{
		"en": {"b12", "r", "b12: black's 12, r7: red's 7."},
		"tr": {"s12", "k", "s12: siyahın 12'si, k7: kırmızının 7'si."},
	} {
		tb := p.TextBoard(lang, false)
		for _, w := range want {
			if !strings.Contains(tb, w) {
				t.Errorf("%s: %q lacks %q", lang, tb, w)
			}
		}
		if strings.ContainsAny(tb, "⓿❶⓪①") {
			t.Errorf("%s: circled numbers left: %q", lang, tb)
		}
	}
}
