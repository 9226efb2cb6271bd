package main

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

// TestAnalyseTavlaLevels: `analyse -game tavla -level L` plays the level as
// the bot does: easy's deliberate mistakes make it differ from hard on
// some positions (they were the same search before), the same -seed gives
// the same moves, hard reports its 2-ply search and master its deeper one,
// and the seed level stays the seed document's one-die search.
func TestAnalyseTavlaLevels(t *testing.T) {
	f, err := os.Open("../../games/tavla/testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(lines) < 40 {
		fs := strings.Fields(sc.Text())
		if len(fs) == 6 && !strings.HasPrefix(fs[0], "#") && fs[4] != "-" {
			lines = append(lines, strings.Join(fs[:5], " "))
		}
	}
	input := strings.Join(lines, "\n") + "\n"
	run := func(args ...string) []string {
		t.Helper()
		code, out, errOut := runTool(t, runAnalyse, input, append([]string{"-game", "hapis"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		return strings.Split(strings.TrimSpace(out), "\n")
	}
	move := func(l string) string { return strings.Fields(l)[1] }
	easy, easyAgain, hard := run("-level", "easy"), run("-level", "easy"), run("-level", "hard")
	differ := 0
	for i := range easy {
		if easy[i] != easyAgain[i] && move(easy[i]) != move(easyAgain[i]) {
			t.Fatalf("line %d: easy played %q, then %q", i, easy[i], easyAgain[i])
		}
		if move(easy[i]) != move(hard[i]) {
			differ++
		}
		if !strings.Contains(hard[i], " depth 2 ") && !strings.Contains(hard[i], " depth 1 ") {
			t.Fatalf("hard: %q", hard[i])
		}
	}
	if differ == 0 {
		t.Fatalf("easy and hard played the same move in all %d positions", len(easy))
	}
	if other := run("-level", "easy", "-seed", "2"); strings.Join(other, "\n") == strings.Join(easy, "\n") {
		t.Fatal("-seed 2 made the same mistakes as -seed 1")
	}
	for _, l := range run("-level", "seed") {
		if !strings.Contains(l, " depth 1 ") {
			t.Fatalf("seed: %q, want the one-die search", l)
		}
	}
}
