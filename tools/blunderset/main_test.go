package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCaptureSets makes a short game of dama, Italian draughts and
// checkers at easy with a blunder injected at ply 10 (a man left to a
// compulsory capture, confirmed by the deeper search), writes it with its
// head, and measures it: the analysis calls the injected turn a blunder.
func TestCaptureSets(t *testing.T) {
	if testing.Short() {
		t.Skip("plays and analyses a game of each")
	}
	for _, game := range []string{"dama", "italian", "checkers"} {
		dir := t.TempDir()
		var out, errs bytes.Buffer
		if code := run([]string{"-game", game, "-level", "easy", "-games", "1", "-plies", "24", "-inject", "10", "-out", dir}, &out, &errs); code != 0 {
			t.Fatalf("%s: making the set: %d %s", game, code, errs.String())
		}
		b, err := os.ReadFile(filepath.Join(dir, "001.txt"))
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"# blunderset " + game + ", both sides easy, seed 1\n", "# injected ", "# oracle-loss "} {
			if !strings.Contains(string(b), want) {
				t.Errorf("%s: the game's head lacks %q:\n%s", game, want, b)
			}
		}
		out.Reset()
		if code := run([]string{"-game", game, "-measure", dir}, &out, &errs); code != 0 {
			t.Fatalf("%s: measuring the set: %d %s", game, code, errs.String())
		}
		if !strings.Contains(out.String(), "injected blunders found: 1 of 1 = 100.0%") {
			t.Errorf("%s: the measure:\n%s", game, out.String())
		}
	}
}

// TestFlags: bad flags are refused with a message.
func TestFlags(t *testing.T) {
	for _, args := range [][]string{{"-game", "go"}, {"-game", "dama"}, {"-game", "dama", "-out", t.TempDir(), "-inject", "x"},
		{"-game", "dama", "-out", t.TempDir(), "-level", "grandmaster"}} {
		var out, errs bytes.Buffer
		if code := run(args, &out, &errs); code != 2 || errs.Len() == 0 {
			t.Errorf("%q: exit %d, %q", args, code, errs.String())
		}
	}
}
