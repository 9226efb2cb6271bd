package layering

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// chessRulesMaxLines is the most non-test Go that games/chess, the rules
// alone, may hold (issue 38: rules, notation and records; the evaluation
// and the search's hooks are games/chess/engine's, the hosting
// games/chess/chessgame's).
const chessRulesMaxLines = 2500

// TestChessRulesAreALeaf: games/chess depends on nothing of oyunbot
// (TestImportRules forbids the engine and the games contract by name;
// this catches any package added later), and stays under
// chessRulesMaxLines lines of non-test Go.
func TestChessRulesAreALeaf(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", "oyunbot/games/chess").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.HasPrefix(dep, "oyunbot/") && dep != "oyunbot/games/chess" {
			t.Errorf("games/chess depends on %s: the rules are a leaf (docs/architecture.md)", dep)
		}
	}
	files, err := filepath.Glob(filepath.Join("..", "..", "games", "chess", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files in games/chess (%v): the test reads the wrong folder", err)
	}
	lines := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines += strings.Count(string(data), "\n")
	}
	if lines >= chessRulesMaxLines {
		t.Errorf("games/chess holds %d lines of non-test Go, at most %d: does the new code belong to the rules, or to games/chess/engine or chessgame?", lines, chessRulesMaxLines-1)
	}
	t.Logf("games/chess: %d lines of non-test Go", lines)
}
