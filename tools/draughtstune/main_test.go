package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"oyunbot/games/draughts"
	"oyunbot/tools/internal/draughtsio"
)

// TestGamesAndFit: a few fast games give labelled quiet positions, the
// same twice from one seed; the fit lowers their error and writes weights
// that draughtsmatch reads back.
func TestGamesAndFit(t *testing.T) {
	dir := t.TempDir()
	posPath := filepath.Join(dir, "pos.txt")
	gamesArgs := []string{"-game", "checkers", "-tune-games", "6", "-tune-nodes", "300", "-workers", "2",
		"-openings", "../draughtsmatch/testdata/checkers.txt", "-tune-out"}
	var out, errOut strings.Builder
	if code := run(append([]string{"games"}, append(gamesArgs, posPath)...), &out, &errOut); code != 0 {
		t.Fatalf("games: %d, %s", code, errOut.String())
	}
	data, err := os.ReadFile(posPath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) < 50 {
		t.Fatalf("%d positions from 6 games", len(lines))
	}
	for _, l := range lines {
		pos, res, _ := strings.Cut(l, ";")
		p, err := draughts.Checkers.Parse(pos)
		if err != nil || (res != "0" && res != "0.5" && res != "1") {
			t.Fatalf("line %q: %v", l, err)
		}
		if p.InCheck() {
			t.Errorf("%s: a capture is pending, the position is not quiet", pos)
		}
		if _, _, ok := p.EndgameResult(); ok {
			t.Errorf("%s: the endgame table decides it", pos)
		}
	}
	again := filepath.Join(dir, "again.txt")
	if code := run(append([]string{"games"}, append(gamesArgs, again)...), &out, &errOut); code != 0 {
		t.Fatalf("games again: %d", code)
	}
	if data2, _ := os.ReadFile(again); string(data2) != string(data) {
		t.Error("the same flags gave another file")
	}

	wPath := filepath.Join(dir, "w.txt")
	out.Reset()
	if code := run([]string{"fit", "-game", "checkers", "-tune-in", posPath, "-tune-steps", "4", "-tune-rounds", "3", "-tune-weights", wPath}, &out, &errOut); code != 0 {
		t.Fatalf("fit: %d, %s", code, errOut.String())
	}
	m := regexp.MustCompile(`tuned: error ([0-9.]+) \(held out [0-9.]+\), before ([0-9.]+)`).FindStringSubmatch(out.String())
	if m == nil || !strings.Contains(out.String(), "K 0.") || !strings.Contains(out.String(), "w := Weights{") {
		t.Fatalf("fit printed:\n%s", out.String())
	}
	after, _ := strconv.ParseFloat(m[1], 64)
	before, _ := strconv.ParseFloat(m[2], 64)
	if after > before {
		t.Errorf("error %v after the fit, %v before", after, before)
	}
	var w draughts.Weights
	if err := draughtsio.ReadWeights(wPath, &w); err != nil || w.Man != 100 {
		t.Errorf("weights file: %+v %v", w, err)
	}
}

func TestRunRefusesBadUse(t *testing.T) {
	for _, args := range [][]string{{}, {"nosuch"}, {"games"}, {"games", "-game", "chess", "-tune-games", "1", "-tune-out", "x"}, {"fit"}, {"fit", "-tune-in", "x", "-tune-steps", "0"}} {
		var out, errOut strings.Builder
		if code := run(args, &out, &errOut); code == 0 || errOut.Len() == 0 {
			t.Errorf("run(%q) = %d, stderr %q", args, code, errOut.String())
		}
	}
}

// TestKeptWeights: the fitted sets TUNING.md points to read whole.
func TestKeptWeights(t *testing.T) {
	for _, name := range []string{"italian", "checkers"} {
		var w draughts.Weights
		if err := draughtsio.ReadWeights("testdata/"+name+"-texel1.w", &w); err != nil || w.Man != 100 || w.King == 0 {
			t.Errorf("%s: %+v %v", name, w, err)
		}
	}
}
