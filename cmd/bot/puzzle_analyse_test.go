package main

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"oyunbot/games/puzzle"
)

// puzzleCache points OYUNBOT_CACHE_DIR at the folder the puzzle package's
// tests keep the 15-puzzle's pattern databases in (under the temporary
// folder), so that they are built once per machine.
func puzzleCache(t *testing.T) {
	if os.Getenv("OYUNBOT_CACHE_DIR") == "" {
		t.Setenv("OYUNBOT_CACHE_DIR", filepath.Join(os.TempDir(), "oyunbot-test-cache"))
	}
}

type puzzleLine struct {
	move          string
	length        int
	nodes, millis int64
}

func parsePuzzleLine(t *testing.T, line string) puzzleLine {
	t.Helper()
	var l puzzleLine
	if _, err := fmt.Sscanf(line, "bestmove %s length %d nodes %d time %d", &l.move, &l.length, &l.nodes, &l.millis); err != nil {
		t.Fatalf("line %q: %v", line, err)
	}
	return l
}

func TestAnalysePuzzle8(t *testing.T) {
	input := strings.Join([]string{
		"# the seed's start, a solved one, bad ones",
		"5,4,0,6,1,8,7,3,2",
		"1,2,3,4,5,6,7,8,0",
		"2,1,3,4,5,6,7,8,0",
		"1,2,3",
		"",
		"8,6,7,2,5,4,3,0,1 # one of the two hardest",
	}, "\n")
	for _, algo := range []string{"", "astar", "bfs", "bidir", "idastar-manhattan"} {
		args := []string{"-game", "8taş"}
		if algo != "" {
			args = append(args, "-algo", algo)
		}
		code, out, errOut := runTool(t, runAnalyse, input, args...)
		if code != 1 {
			t.Errorf("-algo %q: exit %d, want 1 for the bad lines (%s)", algo, code, errOut)
		}
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if len(lines) != 5 {
			t.Fatalf("-algo %q: %d lines:\n%s", algo, len(lines), out)
		}
		seed := parsePuzzleLine(t, lines[0])
		if seed.length != 22 {
			t.Errorf("-algo %q: seed start length %d, want 22", algo, seed.length)
		}
		// The first tile leads one step nearer the goal.
		p, _ := puzzle.Eight.ParsePosition("5,4,0,6,1,8,7,3,2")
		m, err := p.ParseMove(seed.move)
		if err != nil {
			t.Fatalf("bestmove %q: %v", seed.move, err)
		}
		p.Make(m)
		if n, _ := p.(*puzzle.Pos).OptimalLength(); n != 21 {
			t.Errorf("-algo %q: bestmove %s leaves %d moves, want 21", algo, seed.move, n)
		}
		if lines[1] != "bestmove none length 0 nodes 0 time 0" {
			t.Errorf("solved start: %q", lines[1])
		}
		if !strings.HasPrefix(lines[2], "error line 4: unsolvable: 1 pairs") || !strings.HasPrefix(lines[3], "error line 5: ") ||
			!strings.Contains(lines[3], "want 9 numbers") {
			t.Errorf("bad lines: %q, %q", lines[2], lines[3])
		}
		if hard := parsePuzzleLine(t, lines[4]); hard.length != 31 {
			t.Errorf("-algo %q: hardest start at %d, want 31", algo, hard.length)
		}
	}
	for _, args := range [][]string{
		{"-game", "puzzle8", "-algo", "quantum"},
		{"-game", "puzzle8", "-algo", "astar-nonsense"},
		{"-game", "tictactoe", "-algo", "bfs", "-depth", "2"},
	} {
		if code, _, errOut := runTool(t, runAnalyse, "", args...); code != 2 || !strings.Contains(errOut, "-algo") {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
}

// TestAnalysePuzzle15 solves seeded random 15-puzzles (uniformly random
// solvable arrangements: the "master" level's starts) optimally through
// `bot analyse -game puzzle15`: 100 of them, 10 with -short, none under
// the race detector (a single-threaded search, some five times slower
// there, minutes for one of the first starts: the plain run solves its
// 20, and TestPDBCommand loads the databases under the detector). Each
// length
// has the parity the arrangement dictates and is at least its heuristic;
// the mean and worst time are logged (BENCHMARKS.md has the figures).
var puzzle15All = flag.Bool("puzzle15-all", false, "analyse 100 random 15-puzzles (BENCHMARKS.md), not 20")

func TestAnalysePuzzle15(t *testing.T) {
	puzzleCache(t)
	// 20 random master starts check the analysis (a minute at most on a
	// busy machine); the 100 of BENCHMARKS.md's figures with -puzzle15-all.
	n := 20
	switch {
	case *puzzle15All:
		n = 100
	case raceDetector:
		t.Skip("a single-threaded search: solved in the run without the race detector")
	case testing.Short():
		n = 10
	}
	r := rand.New(rand.NewPCG(2026, 12))
	var starts []string
	for range n {
		s, err := puzzle.Fifteen.RandomStart("master", r)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, s)
	}
	start := time.Now()
	code, out, errOut := runTool(t, runAnalyse, strings.Join(starts, "\n"), "-game", "puzzle15")
	wall := time.Since(start)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, errOut, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != n {
		t.Fatalf("%d lines for %d starts", len(lines), n)
	}
	var times []int64
	var total, nodes int64
	for i, line := range lines {
		l := parsePuzzleLine(t, line)
		pos, _ := puzzle.Fifteen.ParsePosition(starts[i])
		p := pos.(*puzzle.Pos)
		if err := p.SetHeuristic(puzzle.PDBHeuristic, nil); err != nil {
			t.Fatal(err)
		}
		if l.length < p.Heuristic() || (l.length-p.Heuristic())%2 != 0 {
			t.Errorf("%s: length %d, heuristic %d", starts[i], l.length, p.Heuristic())
		}
		if _, err := p.ParseMove(l.move); err != nil {
			t.Errorf("%s: bestmove %q: %v", starts[i], l.move, err)
		}
		times = append(times, l.millis)
		total += l.millis
		nodes += l.nodes
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	t.Logf("%d random 15-puzzles: mean %d ms, median %d ms, worst %d ms, mean %d nodes; wall %v (pattern databases loaded or built first)",
		n, total/int64(n), times[n/2], times[n-1], nodes/int64(n), wall.Round(time.Millisecond))
}
