package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"oyunbot/games/draughts"
)

// TestEGDBCommand: `bot egdb` builds the draughts endgame databases (of
// three pieces under test) into the cache folder, checks them, loads them
// the second time, rebuilds a damaged file, and refuses bad arguments.
func TestEGDBCommand(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("OYUNBOT_CACHE_DIR", dir)
	code, out, errOut := runTool(t, runEGDB, "", "-pieces", "3", "-verify", "-samples", "50")
	if code != 0 || strings.Count(out, ": built "+dir) != 2 || strings.Count(out, "consistency: all 399040 positions agree") != 2 ||
		strings.Count(out, "search to the end: 50 wins, 50 losses") != 2 {
		t.Fatalf("exit %d: %q %q", code, out, errOut)
	}
	code, out, errOut = runTool(t, runEGDB, "", "-pieces", "3", "-game", "checkers")
	if code != 0 || !strings.Contains(out, "checkers endgame database, 3 pieces: loaded ") || strings.Contains(out, "italian") {
		t.Fatalf("second run: exit %d: %q %q", code, out, errOut)
	}
	file := filepath.Join(dir, draughts.EGDBFile(draughts.Checkers, 3))
	if err := os.WriteFile(file, []byte("damaged"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runTool(t, runEGDB, "", "-pieces", "3", "-game", "checkers"); code != 0 || !strings.Contains(out, "rebuilt (the file was damaged)") {
		t.Errorf("damaged: exit %d %q", code, out)
	}
	for _, args := range [][]string{{"extra"}, {"-pieces", "6"}, {"-game", "dama"}} {
		if code, _, errOut := runTool(t, runEGDB, "", args...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d %q", args, code, errOut)
		}
	}
}
