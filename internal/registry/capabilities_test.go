package registry

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"oyunbot/games"
)

var updateCapabilities = flag.Bool("update-capabilities", false, "rewrite testdata/capabilities.txt from the registered games")

// TestCapabilities compares every registered game's optional capabilities
// (games.Capabilities: the interfaces the bot asks of it by type
// assertion) with the saved list in testdata/capabilities.txt. A method
// renamed or a signature changed drops an interface without a compile
// error where the bot asks for it; this test then fails and names the
// feature lost. A capability added on purpose is saved with
// -update-capabilities.
func TestCapabilities(t *testing.T) {
	path := filepath.Join("testdata", "capabilities.txt")
	var b strings.Builder
	b.WriteString("# The optional capabilities of every registered game, as group.Interface\n")
	b.WriteString("# (games/capabilities.go). Rewrite with: go test ./internal/registry -run TestCapabilities -update-capabilities\n")
	for _, g := range Games() {
		b.WriteString(g.Name() + ": " + strings.Join(games.Capabilities(g), " ") + "\n")
	}
	got := b.String()
	if *updateCapabilities {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want := parseCapabilities(t, string(data))
	have := parseCapabilities(t, got)
	for name, w := range want {
		h, ok := have[name]
		if !ok {
			t.Errorf("game %s is in %s but not registered", name, path)
			continue
		}
		for c := range w {
			if !h[c] {
				t.Errorf("%s lost the capability %s (a method renamed or its signature changed?)", name, c)
			}
		}
		for c := range h {
			if !w[c] {
				t.Errorf("%s has the new capability %s: save it with -update-capabilities if it is meant", name, c)
			}
		}
	}
	for name := range have {
		if _, ok := want[name]; !ok {
			t.Errorf("game %s is registered but has no line in %s: save it with -update-capabilities", name, path)
		}
	}
}

// parseCapabilities reads "game: group.A group.B" lines into sets.
func parseCapabilities(t *testing.T, s string) map[string]map[string]bool {
	t.Helper()
	out := map[string]map[string]bool{}
	for _, line := range strings.Split(s, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, caps, ok := strings.Cut(line, ":")
		if !ok {
			t.Fatalf("bad line %q", line)
		}
		set := map[string]bool{}
		for _, c := range strings.Fields(caps) {
			set[c] = true
		}
		out[name] = set
	}
	return out
}
