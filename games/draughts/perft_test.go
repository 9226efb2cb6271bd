package draughts

import (
	"bufio"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// perftCase is one line of a testdata/*.perft file: copies of
// shared/perft/italian.txt and shared/perft/checkers.txt, counts from an
// independent implementation of shared/rules/italian.md.
type perftCase struct {
	line   int
	pos    string
	counts []uint64 // counts[i] is perft(i+1)
	moves  []string // the legal moves a rule line lists, if any
	rule   string
}

// maxShortNodes bounds the counts checked under -short: the start's
// deepest counts are skipped there.
const maxShortNodes = 2_000_000

func loadPerft(t testing.TB, file string) []perftCase {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		c := perftCase{line: n}
		if i := strings.Index(line, "#"); i >= 0 {
			comment := line[i+1:]
			line = line[:i]
			if j := strings.Index(comment, "|"); j >= 0 {
				c.moves = strings.Fields(comment[j+1:])
				comment = comment[:j]
			}
			c.rule = strings.TrimSpace(comment)
		}
		fs := strings.Fields(line)
		if len(fs) < 3 {
			t.Fatalf("%s line %d: too few fields", file, n)
		}
		c.pos = fs[0] + " " + fs[1]
		for _, s := range fs[2:] {
			v, err := strconv.ParseUint(s, 10, 64)
			if err != nil {
				t.Fatalf("%s line %d: %v", file, n, err)
			}
			c.counts = append(c.counts, v)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return cases
}

var perftFiles = []struct {
	game  Game
	file  string
	cases int
}{
	{Italian, "testdata/italian.perft", 12},
	{Checkers, "testdata/checkers.perft", 9},
}

// TestPerftFiles checks every count of both shared files (the start's
// deepest only without -short), and the legal moves the rule lines list.
func TestPerftFiles(t *testing.T) {
	for _, pf := range perftFiles {
		cases := loadPerft(t, pf.file)
		if len(cases) != pf.cases {
			t.Fatalf("%s: %d cases, want %d", pf.file, len(cases), pf.cases)
		}
		for _, c := range cases {
			p, err := pf.game.Parse(c.pos)
			if err != nil {
				t.Fatalf("%s line %d: %v", pf.file, c.line, err)
			}
			for i, want := range c.counts {
				if testing.Short() && want > maxShortNodes {
					break
				}
				if got := p.Perft(i + 1); got != want {
					t.Errorf("%s line %d (%s): perft(%d) = %d, want %d", pf.file, c.line, c.rule, i+1, got, want)
				}
			}
			if c.rule != "" {
				var got []string
				for _, m := range p.Moves(nil) {
					got = append(got, p.FormatMove(m))
				}
				slices.Sort(got)
				want := slices.Sorted(slices.Values(c.moves))
				if !slices.Equal(got, want) {
					t.Errorf("%s line %d (%s): moves %v, want %v", pf.file, c.line, c.rule, got, want)
				}
			}
		}
	}
}
