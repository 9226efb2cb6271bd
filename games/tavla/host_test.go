package tavla

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"oyunbot/games"
)

// TestCatalog: both languages have the same keys with the same
// placeholders, and every reason and prompt key the code uses is there.
func TestCatalog(t *testing.T) {
	h := games.HostOf(Game{})
	tr, en := h.Catalog["tr"], h.Catalog["en"]
	ph := regexp.MustCompile(`\{[a-z]+\}`)
	for k, v := range en {
		w, ok := tr[k]
		if !ok {
			t.Errorf("%s: no Turkish", k)
			continue
		}
		a, b := ph.FindAllString(v, -1), ph.FindAllString(w, -1)
		slices.Sort(a)
		slices.Sort(b)
		if !slices.Equal(a, b) {
			t.Errorf("%s: placeholders %v in English, %v in Turkish", k, a, b)
		}
	}
	if len(tr) != len(en) {
		t.Errorf("%d Turkish keys, %d English", len(tr), len(en))
	}
	// The keys the code uses: e("reason", ...), Reason: "…", and prompts.
	var src strings.Builder
	for _, f := range []string{"parse.go", "board.go"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src.Write(b)
	}
	used := map[string]bool{}
	for _, m := range regexp.MustCompile(`e\("([a-z-]+)"|Reason: "([a-z-]+)"`).FindAllStringSubmatch(src.String(), -1) {
		k := m[1] + m[2]
		prefix := "moveerr."
		if k == "mars" || k == "borne-off" || k == "deadlock" {
			prefix = "reason."
		}
		used[prefix+k] = true
	}
	for _, m := range regexp.MustCompile(`return "([a-z-]+)", \[\]string`).FindAllStringSubmatch(src.String(), -1) {
		used["prompt."+m[1]] = true
	}
	if len(used) < 20 {
		t.Fatalf("found only %d keys in the code: %v", len(used), used)
	}
	std, bg := stdCatalog(), bgCatalog()
	for k := range used {
		if strings.Contains(k, "cube-") {
			continue // backgammon's own, checked below
		}
		if (en[k] == "" || tr[k] == "") && k != "moveerr.bar-first" { // standard tavla's only
			t.Errorf("%s is used but not in the catalogue", k)
		}
		if std["en"][k] == "" || std["tr"][k] == "" {
			t.Errorf("%s is used but not in standard tavla's catalogue", k)
		}
	}
	for _, k := range []string{"name", "help", "notation", "side.white", "side.black"} {
		if en[k] == "" || tr[k] == "" {
			t.Errorf("%s missing", k)
		}
	}
	// Backgammon's: everything standard tavla's code uses, and its cube's
	// refusals, reasons, prompts and buttons, in both languages alike.
	b, err := os.ReadFile("cube.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`reason, detail = "([a-z-]+)"|Reason: "([a-z-]+)"`).FindAllStringSubmatch(string(b), -1) {
		k := m[1] + m[2]
		switch k {
		case "drop", "backgammon", "mars", "borne-off", "deadlock":
			used["reason."+k] = true
		default:
			used["moveerr."+k] = true
		}
	}
	for _, a := range cubeNames[1:] {
		used["button."+a] = true
	}
	for k := range used {
		if bg["en"][k] == "" || bg["tr"][k] == "" {
			t.Errorf("%s is used but not in backgammon's catalogue", k)
		}
	}
	for k, v := range bg["en"] {
		a, b := ph.FindAllString(v, -1), ph.FindAllString(bg["tr"][k], -1)
		slices.Sort(a)
		slices.Sort(b)
		if bg["tr"][k] == "" || !slices.Equal(slices.Compact(a), slices.Compact(b)) {
			t.Errorf("backgammon's %s: placeholders %v in English, %v in Turkish (%q)", k, a, b, bg["tr"][k])
		}
	}
	if len(bg["tr"]) != len(bg["en"]) {
		t.Errorf("backgammon: %d Turkish keys, %d English", len(bg["tr"]), len(bg["en"]))
	}
	if _, ok := h.Level("seed"); !ok {
		t.Error("no seed level")
	}
	if l, ok := h.Level("zor"); !ok || l.Name != "hard" || !l.Limits.Turns {
		t.Errorf("zor is %+v", l)
	}
}
