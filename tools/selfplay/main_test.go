package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// summaryOf parses the summary line.
func summaryOf(t *testing.T, out string) (games, wins, draws, losses int, score float64) {
	t.Helper()
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	var a, b, ci, elo string
	_, err := fmt.Sscanf(last, "a %s vs b %s games %d wins %d draws %d losses %d score %f ci95 %s elo %s",
		&a, &b, &games, &wins, &draws, &losses, &score, &ci, &elo)
	if err != nil {
		t.Fatalf("summary %q: %v", last, err)
	}
	return
}

// timeNoCut is a move time no tic-tac-toe search comes near (they end when
// the game tree is exhausted, in milliseconds): a loaded machine cannot
// cut a search short and change the results.
const timeNoCut = "1m"

func TestSelfplayMasterDrawsItself(t *testing.T) {
	code, out, errOut := runSelfplay(t, "-game", "tictactoe", "-a", "master", "-b", "usta", "-games", "4", "-random-plies", "0", "-time", timeNoCut)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	n, w, d, l, s := summaryOf(t, out)
	if n != 4 || d != 4 || w != 0 || l != 0 || s != 0.5 {
		t.Errorf("master vs master: %s", out)
	}
	if got := strings.Count(out, "result draw reason board-full plies 9"); got != 4 {
		t.Errorf("want 4 full-board draws:\n%s", out)
	}
}

// TestSelfplayPairedOpenings: with random openings, perfect players score
// exactly even, as each opening is played with both colours.
func TestSelfplayPairedOpenings(t *testing.T) {
	code, out, errOut := runSelfplay(t, "-game", "xox", "-a", "master", "-b", "master", "-games", "10", "-seed", "42", "-time", timeNoCut)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	n, w, _, l, s := summaryOf(t, out)
	if n != 10 || w != l || s != 0.5 {
		t.Errorf("paired openings between equals: %s", out)
	}
	lines := strings.Split(out, "\n")
	for i := 0; i+1 < 10; i += 2 {
		o1 := strings.Fields(lines[i])[4]
		o2 := strings.Fields(lines[i+1])[4]
		if o1 != o2 || strings.Count(o1, ",") < 1 || strings.Count(o1, ",") > 3 {
			t.Errorf("games %d and %d open %s and %s, want the same 2-4 plies", i+1, i+2, o1, o2)
		}
	}
	// The same seed gives the same games.
	_, again, _ := runSelfplay(t, "-game", "xox", "-a", "master", "-b", "master", "-games", "10", "-seed", "42", "-workers", "1", "-time", timeNoCut)
	if again != out {
		t.Errorf("not reproducible:\n%s\n%s", out, again)
	}
}

func TestSelfplayMasterNeverLosesToWeaker(t *testing.T) {
	for _, b := range []string{"easy", "medium", "minimax3", "minimax1", "hard-ab-tt-qs-killers-history"} {
		code, out, errOut := runSelfplay(t, "-game", "ttt", "-a", "master", "-b", b, "-games", "8", "-random-plies", "0-1", "-quiet", "-time", timeNoCut)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		if n, _, _, l, _ := summaryOf(t, out); n != 8 || l != 0 || strings.Count(out, "\n") != 1 {
			t.Errorf("master vs %s: %s", b, out)
		}
	}
}

func TestSelfplayPlyLimit(t *testing.T) {
	code, out, _ := runSelfplay(t, "-game", "ttt", "-a", "easy", "-b", "easy", "-games", "2", "-maxplies", "3", "-random-plies", "0")
	if code != 0 || strings.Count(out, "result draw reason ply-limit plies 3") != 2 {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestSelfplayErrors(t *testing.T) {
	tests := []struct {
		args []string
		msg  string
	}{
		{[]string{"-a", "easy", "-b", "easy"}, "-game is required"},
		{[]string{"-game", "ttt", "-b", "easy"}, "-a: a player is required"},
		{[]string{"-game", "ttt", "-a", "easy", "-b", "genius"}, `-b: unknown player "genius"`},
		{[]string{"-game", "ttt", "-a", "minimax0", "-b", "easy"}, "minimax depth must be"},
		{[]string{"-game", "ttt", "-a", "hard-fast", "-b", "easy"}, `unknown feature "fast"`},
		{[]string{"-game", "ttt", "-a", "hard", "-b", "easy", "-hash", "0"}, "-hash must be"},
		{[]string{"-game", "ttt", "-a", "minimax99", "-b", "easy"}, "minimax depth must be"},
		{[]string{"-game", "ttt", "-a", "easy", "-b", "easy", "-games", "0"}, "-games must be"},
		{[]string{"-game", "ttt", "-a", "easy", "-b", "easy", "-random-plies", "4-2"}, "-random-plies"},
		{[]string{"-game", "ttt", "-a", "easy", "-b", "easy", "-random-plies", "x"}, "-random-plies"},
		{[]string{"-game", "ttt", "-a", "easy", "-b", "easy", "-time", "-1s"}, "-time must not be negative"},
		{[]string{"-game", "ttt", "-a", "easy", "-b", "easy", "-workers", "0"}, "-workers must be positive"},
		{[]string{"-game", "ttt", "-a", "easy", "-b", "easy", "x"}, `unexpected argument "x"`},
	}
	for _, tc := range tests {
		code, _, errOut := runSelfplay(t, tc.args...)
		if code != 2 || !strings.Contains(errOut, tc.msg) {
			t.Errorf("%v: exit %d stderr %q, want %q", tc.args, code, errOut, tc.msg)
		}
	}
}

func TestSummarize(t *testing.T) {
	rs := []gameResult{{aScore: 1}, {aScore: 1}, {aScore: 0.5}, {aScore: 0}}
	got := summarize("x", "y", rs)
	// mean 0.625; sample variance ((.375²)*2 + .125² + .625²)/3 = 0.2292;
	// half width 1.96*sqrt(0.2292/4) = 0.469; Elo -400*log10(1/0.625-1) = +89.
	want := "a x vs b y: games 4 wins 2 draws 1 losses 1 score 0.625 ci95 0.156-1.000 elo +89"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got := summarize("x", "y", []gameResult{{aScore: 1}}); !strings.HasSuffix(got, "score 1.000 ci95 1.000-1.000 elo n/a") {
		t.Errorf("one game: %s", got)
	}
}

// TestSelfplayDama is a tiny dama match: it must finish (the ply limit is
// low) and count every game once.
func TestSelfplayDama(t *testing.T) {
	code, out, errOut := runSelfplay(t, "-game", "dama", "-a", "easy", "-b", "minimax2", "-games", "2", "-time", "20ms", "-maxplies", "40", "-hash", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if n, w, d, l, _ := summaryOf(t, out); n != 2 || w+d+l != 2 || strings.Count(out, "\n") != 3 {
		t.Errorf("dama match:\n%s", out)
	}
}

// runSelfplay runs the command with args: its exit code, stdout and stderr.
func runSelfplay(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, &out, &errOut)
	return code, out.String(), errOut.String()
}
