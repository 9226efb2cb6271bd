package main

// measure.go analyses a test set and reports what the analysis found.

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"oyunbot/analysis"
	"oyunbot/games"
)

// setGame is a game of the set as read back.
type setGame struct {
	name             string
	random, injected []int
	text             string
}

func readSet(dir string) ([]setGame, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		return nil, err
	}
	slices.Sort(paths)
	var out []setGame
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, err
		}
		sg := setGame{name: filepath.Base(p), text: string(b)}
		for _, l := range strings.Split(sg.text, "\n") {
			if rest, ok := strings.CutPrefix(l, "# random"); ok {
				sg.random = parseInts(rest)
			}
			if rest, ok := strings.CutPrefix(l, "# injected"); ok {
				sg.injected = parseInts(rest)
			}
		}
		out = append(out, sg)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no games (*.txt) in %s", dir)
	}
	return out, nil
}

func parseInts(s string) []int {
	var out []int
	for _, f := range strings.Fields(s) {
		if k, err := strconv.Atoi(f); err == nil {
			out = append(out, k)
		}
	}
	return out
}

// tally counts turns by what they are and how the analysis classed them.
type tally struct {
	injected, found, flagged int // injected blunders: classed blunders, classed mistake or worse
	level, levelBlunders     int // the level's own turns, and those classed blunders
	levelMistakes            int
	plies                    int
	cpu                      time.Duration
	// lost and decisions: the judged turns' losses summed, and how many
	// (the error rate, MethodReferee).
	lost      float64
	decisions int
	referee   bool
}

func (t *tally) add(u tally) {
	t.injected += u.injected
	t.found += u.found
	t.flagged += u.flagged
	t.level += u.level
	t.levelBlunders += u.levelBlunders
	t.levelMistakes += u.levelMistakes
	t.plies += u.plies
	t.cpu += u.cpu
	t.lost += u.lost
	t.decisions += u.decisions
	t.referee = t.referee || u.referee
}

func measureSet(w io.Writer, g games.Game, dir string, budget analysis.Budget) error {
	set, err := readSet(dir)
	if err != nil {
		return err
	}
	var total tally
	for _, sg := range set {
		start, moves, err := analysis.ParseRecord(g, strings.NewReader(sg.text))
		if err != nil {
			return fmt.Errorf("%s: %w", sg.name, err)
		}
		c0 := cpuTime()
		r, err := analysis.Analyse(context.Background(), g, start, moves, analysis.Options{Budget: budget})
		if err != nil {
			return fmt.Errorf("%s: %w", sg.name, err)
		}
		t := tally{plies: len(moves), cpu: cpuTime() - c0, referee: r.Method == analysis.MethodReferee}
		for _, st := range r.Sides {
			t.lost += st.AverageLoss * float64(st.Judged)
			t.decisions += st.Judged
		}
		var missed []string
		for _, tn := range r.Turns {
			n := len(tn.Moves)
			if tn.Roll != "" {
				n++
			}
			in := func(ks []int) bool {
				return slices.ContainsFunc(ks, func(k int) bool { return k >= tn.Ply && k < tn.Ply+n })
			}
			switch {
			case in(sg.injected):
				t.injected++
				if tn.Class == analysis.Blunder {
					t.found++
				} else {
					missed = append(missed, fmt.Sprintf("%d %s (%s, loss %.1f)", tn.Ply, strings.Join(tn.Moves, " "), orNone(tn.Class), tn.Loss))
				}
				if tn.Class == analysis.Blunder || tn.Class == analysis.Mistake {
					t.flagged++
				}
			case in(sg.random):
			case tn.Forced && r.Method == analysis.MethodReferee:
			default:
				t.level++
				switch tn.Class {
				case analysis.Blunder:
					t.levelBlunders++
				case analysis.Mistake:
					t.levelMistakes++
				}
			}
		}
		fmt.Fprintf(w, "%s: %d plies, %.1f s cpu; injected %d, found %d; own turns %d, blunders %d, mistakes %d", sg.name,
			t.plies, t.cpu.Seconds(), t.injected, t.found, t.level, t.levelBlunders, t.levelMistakes)
		if len(missed) > 0 {
			fmt.Fprintf(w, "; missed %s", strings.Join(missed, ", "))
		}
		fmt.Fprintln(w)
		total.add(t)
	}
	lo, hi := wilson(total.found, total.injected)
	fmt.Fprintf(w, "injected blunders found: %d of %d = %.1f%% (95%% %.1f-%.1f%%); classed mistake or worse: %d\n",
		total.found, total.injected, pct(total.found, total.injected), lo, hi, total.flagged)
	lo, hi = wilson(total.levelBlunders, total.level)
	fmt.Fprintf(w, "own turns called blunders: %d of %d = %.1f%% (95%% %.1f-%.1f%%); mistakes %d = %.1f%%\n",
		total.levelBlunders, total.level, pct(total.levelBlunders, total.level), lo, hi, total.levelMistakes, pct(total.levelMistakes, total.level))
	if total.referee && total.decisions > 0 {
		fmt.Fprintf(w, "error rate: %.1f millipoints a decision over %d decisions\n", 1000*total.lost/float64(total.decisions), total.decisions)
	}
	fmt.Fprintf(w, "cpu: %.1f s for %d games of %d plies in all: %.2f s a game, %.2f s per 100 plies\n",
		total.cpu.Seconds(), len(set), total.plies, total.cpu.Seconds()/float64(len(set)), 100*total.cpu.Seconds()/float64(max(total.plies, 1)))
	return nil
}

func orNone(c analysis.Class) string {
	if c == analysis.None {
		return "none"
	}
	return string(c)
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

// wilson is the Wilson score interval of k successes in n, in percent.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 0
	}
	const z = 1.959964
	p, nn := float64(k)/float64(n), float64(n)
	c := (p + z*z/(2*nn)) / (1 + z*z/nn)
	h := z / (1 + z*z/nn) * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn))
	return 100 * max(c-h, 0), 100 * min(c+h, 1)
}

// cpuTime is the process's user+system CPU time: on a shared machine it
// says more than the wall clock.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
