package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPDBCommand loads the databases the puzzle tests keep, then finds a
// damaged copy rebuilt (skipped with -short: building takes seconds).
func TestPDBCommand(t *testing.T) {
	puzzleCache(t)
	code, out, errOut := runTool(t, runPDB, "")
	if code != 0 || !strings.Contains(out, "pattern databases [[1 5 6 9 10 13] [7 8 11 12 14 15] [2 3 4]]") {
		t.Fatalf("exit %d: %q %q", code, out, errOut)
	}
	if code, _, errOut := runTool(t, runPDB, "", "extra"); code != 2 || !strings.Contains(errOut, "unexpected argument") {
		t.Errorf("extra argument: exit %d %q", code, errOut)
	}
	if testing.Short() {
		t.Skip("rebuilding takes seconds")
	}
	// A copy of the good file loads; damaged, it is rebuilt (once: a build
	// takes seconds).
	good, _ := filepath.Glob(filepath.Join(os.Getenv("OYUNBOT_CACHE_DIR"), "puzzle15-pdb*"))
	if len(good) != 1 {
		t.Fatalf("cache files %v", good)
	}
	data, err := os.ReadFile(good[0])
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := []string{filepath.Join(dir, filepath.Base(good[0]))}
	if err := os.WriteFile(files[0], data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("OYUNBOT_CACHE_DIR", dir)
	if code, out, _ := runTool(t, runPDB, ""); code != 0 || !strings.Contains(out, ": loaded "+files[0]) {
		t.Fatalf("exit %d: %q", code, out)
	}
	if err := os.WriteFile(files[0], []byte("damaged"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, _ := runTool(t, runPDB, ""); code != 0 || !strings.Contains(out, "rebuilt (the file was damaged)") {
		t.Errorf("damaged: exit %d %q", code, out)
	}
	if code, out, _ := runTool(t, runPDB, ""); code != 0 || !strings.Contains(out, "loaded") {
		t.Errorf("after rebuild: exit %d %q", code, out)
	}
}
