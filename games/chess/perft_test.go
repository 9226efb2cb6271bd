package chess

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// perftCase is one line of testdata/perft.txt.
type perftCase struct {
	line   int
	fen    string
	counts []uint64 // counts[i] is perft(i+1)
}

func loadPerft(t testing.TB) []perftCase {
	t.Helper()
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var cases []perftCase
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		fs := strings.Fields(line)
		if len(fs) == 0 {
			continue
		}
		if len(fs) < 7 {
			t.Fatalf("line %d: want a 6-field FEN and counts", n)
		}
		c := perftCase{line: n, fen: strings.Join(fs[:6], " ")}
		for _, s := range fs[6:] {
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
	return cases
}

// shortNodes bounds the counts checked under -short.
const shortNodes = 5_000_000

// TestPerftSuite checks the whole standard suite (the deep counts are
// skipped with -short).
func TestPerftSuite(t *testing.T) {
	for _, c := range loadPerft(t) {
		p, err := ParseFEN(c.fen)
		if err != nil {
			t.Fatalf("line %d: %v", c.line, err)
		}
		for i, want := range c.counts {
			if testing.Short() && want > shortNodes {
				break
			}
			if got := p.Perft(i + 1); got != want {
				t.Errorf("line %d %s: perft(%d) = %d, want %d", c.line, c.fen, i+1, got, want)
			}
		}
	}
}

// BenchmarkPerft measures bulk-counted perft per suite position (nodes/s
// as a metric): go test -run XXX -bench Perft ./games/chess
func BenchmarkPerft(b *testing.B) {
	depths := []int{5, 4, 6, 4, 4, 4}
	for i, c := range loadPerft(b) {
		p, err := ParseFEN(c.fen)
		if err != nil {
			b.Fatal(err)
		}
		d := depths[i]
		b.Run(strings.Fields(c.fen)[0][:8], func(b *testing.B) {
			var nodes uint64
			for b.Loop() {
				nodes += p.Perft(d)
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds()/1e6, "Mnodes/s")
		})
	}
}
