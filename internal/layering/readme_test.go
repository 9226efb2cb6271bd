package layering

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestREADMEListsEveryTool: every program under tools/ has its line in the
// README's layout, and every program named there exists (README drift was
// a player-visible defect once: issue 35).
func TestREADMEListsEveryTool(t *testing.T) {
	root := filepath.Join("..", "..")
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^             ([a-z]+) {2,}`).FindAllSubmatch(readme, -1) {
		listed[string(m[1])] = true
	}
	entries, err := os.ReadDir(filepath.Join(root, "tools"))
	if err != nil {
		t.Fatal(err)
	}
	found := 0
	for _, e := range entries {
		if !e.IsDir() || e.Name() == "internal" {
			continue
		}
		found++
		if !listed[e.Name()] {
			t.Errorf("tools/%s is not in README's layout (the tools list)", e.Name())
		}
		delete(listed, e.Name())
	}
	for name := range listed {
		t.Errorf("README's tools list names %s, which is not under tools/", name)
	}
	if found == 0 {
		t.Fatal("no tools found: the test reads the wrong folder")
	}
}
