package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestPDBCommand loads the databases the puzzle tests keep and refuses an
// extra argument.
func TestPDBCommand(t *testing.T) {
	puzzleCache(t)
	code, out, errOut := runTool(t, runPDB, "")
	if code != 0 || !strings.Contains(out, "pattern databases [[1 5 6 9 10 13] [7 8 11 12 14 15] [2 3 4]]") {
		t.Fatalf("exit %d: %q %q", code, out, errOut)
	}
	if code, _, errOut := runTool(t, runPDB, "", "extra"); code != 2 || !strings.Contains(errOut, "unexpected argument") {
		t.Errorf("extra argument: exit %d %q", code, errOut)
	}
}

// TestPDBRebuildsDamaged: `bot pdb` finds a copy of the good file loaded;
// damaged, it is rebuilt (once: a build takes seconds, so this runs the
// built bot, beside the other tests, and is skipped with -short).
func TestPDBRebuildsDamaged(t *testing.T) {
	t.Parallel()
	bin := botBinary(t)
	pdb := func(cacheDir string) string {
		t.Helper()
		cmd := exec.Command(bin, "pdb")
		cmd.Env = append(os.Environ(), "OYUNBOT_CACHE_DIR="+cacheDir)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("bot pdb: %v\n%s", err, out)
		}
		return string(out)
	}
	// The puzzle tests' databases (loaded, or built when this test runs
	// alone).
	shared := os.Getenv("OYUNBOT_CACHE_DIR")
	if shared == "" {
		shared = filepath.Join(os.TempDir(), "oyunbot-test-cache")
	}
	pdb(shared)
	good, _ := filepath.Glob(filepath.Join(shared, "puzzle15-pdb*"))
	if len(good) != 1 {
		t.Fatalf("cache files %v", good)
	}
	data, err := os.ReadFile(good[0])
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, filepath.Base(good[0]))
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if out := pdb(dir); !strings.Contains(out, ": loaded "+file) {
		t.Fatalf("a copy of the good file: %q", out)
	}
	if err := os.WriteFile(file, []byte("damaged"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := pdb(dir); !strings.Contains(out, "rebuilt (the file was damaged)") {
		t.Errorf("damaged: %q", out)
	}
	if out := pdb(dir); !strings.Contains(out, "loaded") {
		t.Errorf("after rebuild: %q", out)
	}
}
