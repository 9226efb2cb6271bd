package analysis_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"oyunbot/analysis"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/dama"
	"oyunbot/games/draughts"
	"oyunbot/games/tavla"
)

// blunderSets are the games of testdata/blunders/<game>/ (written by
// tools/blunderset: self-play at master with blunders injected at known
// plies; the measure is in BENCHMARKS.md, "Post-game analysis").
func blunderSets() []games.Game {
	return []games.Game{chessgame.Game{}, dama.Game{}, draughts.Italian, draughts.Checkers, tavla.Game{}}
}

// readBlunderSet returns a set's files and the injected plies each head
// names.
func readBlunderSet(t *testing.T, g games.Game) (texts []string, injected [][]int) {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("testdata", "blunders", g.Name(), "*.txt"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("%s: no blunder set (%v)", g.Name(), err)
	}
	slices.Sort(paths)
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var ks []int
		for _, l := range strings.Split(string(b), "\n") {
			if rest, ok := strings.CutPrefix(l, "# injected"); ok {
				for _, f := range strings.Fields(rest) {
					k, err := strconv.Atoi(f)
					if err != nil {
						t.Fatalf("%s: %q", p, l)
					}
					ks = append(ks, k)
				}
			}
		}
		texts, injected = append(texts, string(b)), append(injected, ks)
	}
	return texts, injected
}

// TestBlunderSetsReplay: every game of every blunder set still replays
// (a change of notation or rules would quietly drop it from the measure),
// and its injected plies are plies of the game.
func TestBlunderSetsReplay(t *testing.T) {
	for _, g := range blunderSets() {
		texts, injected := readBlunderSet(t, g)
		for i, text := range texts {
			_, moves, err := analysis.ParseRecord(g, strings.NewReader(text))
			if err != nil {
				t.Errorf("%s game %d: %v", g.Name(), i+1, err)
				continue
			}
			if len(injected[i]) == 0 || slices.ContainsFunc(injected[i], func(k int) bool { return k < 0 || k >= len(moves) }) {
				t.Errorf("%s game %d: injected %v of %d plies", g.Name(), i+1, injected[i], len(moves))
			}
		}
	}
}

// TestDraughtsBlunderSets analyses the first games of the Italian and
// checkers sets at the default budget (deterministic: a depth and a node
// count, no clock) and finds their injected blunders: each turn there is
// called a blunder (in the whole set the analysis misses a few,
// BENCHMARKS.md; these games' blunders it finds). Three games of each;
// with -short, Italian's first (about 5 s of one core: both games are
// judged by one code and one Assessment).
//
// The games are analysed side by side (parallel subtests, each with its
// own engine), and beside the package's other long test.
func TestDraughtsBlunderSets(t *testing.T) {
	t.Parallel()
	n, gs := 3, []games.Game{draughts.Italian, draughts.Checkers}
	if testing.Short() {
		n, gs = 1, gs[:1]
	}
	for _, g := range gs {
		texts, injected := readBlunderSet(t, g)
		for i := range min(n, len(texts)) {
			t.Run(fmt.Sprintf("%s/%d", g.Name(), i+1), func(t *testing.T) {
				t.Parallel()
				start, moves, err := analysis.ParseRecord(g, strings.NewReader(texts[i]))
				if err != nil {
					t.Fatal(err)
				}
				r, err := analysis.Analyse(context.Background(), g, start, moves, analysis.Options{})
				if err != nil {
					t.Fatal(err)
				}
				for _, k := range injected[i] {
					j := slices.IndexFunc(r.Turns, func(tn analysis.Turn) bool { return tn.Ply == k })
					if j < 0 {
						t.Errorf("%s game %d: no turn at ply %d", g.Name(), i+1, k)
					} else if tn := r.Turns[j]; tn.Class != analysis.Blunder {
						t.Errorf("%s game %d: the blunder injected at ply %d (%s) was called %q, loss %.2f men", g.Name(), i+1, k, tn.Moves, tn.Class, tn.Loss)
					}
				}
			})
		}
	}
}
