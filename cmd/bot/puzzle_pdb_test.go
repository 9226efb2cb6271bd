package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPDBCommand loads the databases the puzzle tests keep, then finds a
// damaged file rebuilt (skipped with -short: building takes seconds).
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
	dir := t.TempDir()
	t.Setenv("OYUNBOT_CACHE_DIR", dir)
	if code, out, _ := runTool(t, runPDB, ""); code != 0 || !strings.Contains(out, ": built "+dir) {
		t.Fatalf("exit %d: %q", code, out)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "puzzle15-pdb*"))
	if len(files) != 1 {
		t.Fatalf("cache files %v", files)
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
