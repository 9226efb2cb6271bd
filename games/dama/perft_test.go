package dama

import (
	"bufio"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"oyunbot/ai"
)

// perftCase is one line of testdata/dama.perft.
type perftCase struct {
	line   int
	pos    string
	counts []uint64 // counts[i] is perft(i+1)
	moves  []string // the listed legal moves, if any
	rule   string
}

// maxShortNodes bounds the counts checked under -short (and when a count
// would take long): start depth 8 is skipped there.
const maxShortNodes = 20_000_000

func loadPerft(t *testing.T) []perftCase {
	t.Helper()
	f, err := os.Open("testdata/dama.perft")
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
			t.Fatalf("line %d: too few fields", n)
		}
		c.pos = fs[0] + " " + fs[1]
		for _, s := range fs[2:] {
			v, err := strconv.ParseUint(s, 10, 64)
			if err != nil {
				t.Fatalf("line %d: %v", n, err)
			}
			c.counts = append(c.counts, v)
		}
		cases = append(cases, c)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(cases) < 40 {
		t.Fatalf("only %d perft cases read", len(cases))
	}
	return cases
}

func TestPerftFile(t *testing.T) {
	for _, c := range loadPerft(t) {
		p, err := ParsePosition(c.pos)
		if err != nil {
			t.Fatalf("line %d: %v", c.line, err)
		}
		for i, want := range c.counts {
			depth := i + 1
			if want > maxShortNodes && testing.Short() {
				t.Logf("line %d depth %d (%d nodes) skipped under -short", c.line, depth, want)
				continue
			}
			if got := p.Perft(depth); got != want {
				t.Errorf("line %d %s: perft(%d) = %d, want %d", c.line, c.pos, depth, got, want)
			}
		}
	}
}

// TestPerftMoves checks the single-rule positions' listed legal moves exactly.
func TestPerftMoves(t *testing.T) {
	n := 0
	for _, c := range loadPerft(t) {
		if c.moves == nil {
			continue
		}
		n++
		p, _ := ParsePosition(c.pos)
		var got []string
		for _, m := range p.Moves(nil) {
			got = append(got, p.FormatMove(m))
		}
		want := slices.Clone(c.moves)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("line %d (%s): moves %v, want %v", c.line, c.rule, got, want)
		}
	}
	if n != 4 {
		t.Fatalf("%d single-rule positions, want 4", n)
	}
}

// TestPerftAgreesWithMoves checks the bulk counter, copy-make, Make/Unmake
// and Divide against each other on every file position.
func TestPerftAgreesWithMoves(t *testing.T) {
	for _, c := range loadPerft(t) {
		p, _ := ParsePosition(c.pos)
		depth := min(3, len(c.counts))
		var sum uint64
		p.Divide(depth, func(m ai.Move, n uint64) { sum += n })
		if sum != c.counts[depth-1] {
			t.Errorf("line %d: divide(%d) sums to %d, want %d", c.line, depth, sum, c.counts[depth-1])
		}
		if got := p.perftMakeUnmake(depth); got != c.counts[depth-1] {
			t.Errorf("line %d: make/unmake perft(%d) = %d, want %d", c.line, depth, got, c.counts[depth-1])
		}
		if got := uint64(len(p.St.genMoves(nil))); got != c.counts[0] {
			t.Errorf("line %d: %d moves generated, perft(1) = %d", c.line, got, c.counts[0])
		}
	}
}

func BenchmarkPerft(b *testing.B) {
	for _, depth := range []int{6, 7} {
		b.Run("start/depth"+strconv.Itoa(depth), func(b *testing.B) {
			p := NewStart()
			var nodes uint64
			for b.Loop() {
				nodes += p.Perft(depth)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
	b.Run("midgame-kings/depth4", func(b *testing.B) {
		p, _ := ParsePosition("......../.bb.bbbb/......b./..w...../...b..../w......b/w.wwwwwb/........ b")
		var nodes uint64
		for b.Loop() {
			nodes += p.Perft(4)
		}
		b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	})
}

// BenchmarkPerftMakeUnmake is perft(6) through the undo stack, to compare
// with the copy-make BenchmarkPerft.
func BenchmarkPerftMakeUnmake(b *testing.B) {
	p := NewStart()
	var nodes uint64
	for b.Loop() {
		nodes += p.perftMakeUnmake(6)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkMoveGen generates the moves of a mix of file positions.
func BenchmarkMoveGen(b *testing.B) {
	var ps []*Position
	f, _ := os.ReadFile("testdata/dama.perft")
	for _, line := range strings.Split(string(f), "\n") {
		fs := strings.Fields(line)
		if len(fs) >= 2 && line[0] != '#' {
			p, err := ParsePosition(fs[0] + " " + fs[1])
			if err == nil {
				ps = append(ps, p)
			}
		}
	}
	buf := make([]ai.Move, 0, ai.MaxMoves)
	var n int
	for b.Loop() {
		for _, p := range ps {
			n += len(p.Moves(buf[:0]))
		}
	}
	b.ReportMetric(float64(n)/b.Elapsed().Seconds(), "moves/s")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(ps)), "ns/position")
}
