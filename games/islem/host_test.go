package islem

import (
	"context"
	"maps"
	"slices"
	"strings"
	"testing"

	"oyunbot/games"
)

// Both languages have the same keys, and every placeholder of one is in
// the other.
func TestCatalogLanguagesMatch(t *testing.T) {
	cat := catalog()
	tr, en := slices.Sorted(maps.Keys(cat["tr"])), slices.Sorted(maps.Keys(cat["en"]))
	if !slices.Equal(tr, en) {
		t.Fatalf("keys differ:\ntr %v\nen %v", tr, en)
	}
	for _, k := range tr {
		for _, ph := range []string{"{n}", "{ops}", "{score}", "{stone}"} {
			if strings.Contains(cat["tr"][k], ph) != strings.Contains(cat["en"][k], ph) {
				t.Errorf("%s: placeholder %s in one language only", k, ph)
			}
		}
	}
	for _, r := range []string{ReasonCaptures, ReasonTurnLimit} {
		if cat["en"]["reason."+r] == "" {
			t.Errorf("no reason.%s", r)
		}
	}
}

func TestHostLevelsAndSides(t *testing.T) {
	h := games.HostOf(Game{})
	for _, name := range []string{"seed", "easy", "kolay", "hard", "zor", "master"} {
		if _, ok := h.Level(name); !ok {
			t.Errorf("level %q unknown", name)
		}
	}
	for _, l := range h.LevelList() {
		if !l.Limits.Turns {
			t.Errorf("level %s counts plies: every level must count turns", l.Name)
		}
	}
	if s, ok := h.SideByWord("kırmızı"); !ok || s != 1 {
		t.Errorf("kırmızı is side %v %v, want 1", s, ok)
	}
	r, err := games.NewRegistry(Game{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := r.Lookup("İşlem"); !ok {
		t.Error("İşlem not found by its Turkish name")
	}
}

// The example command answers with a picture of the worked example, its
// operations' stones highlighted, and the equations explained.
func TestExampleCommand(t *testing.T) {
	cmds := games.CommandsOf(Game{})
	if len(cmds) != 1 || !slices.Contains(cmds[0].Words, "örnek") || !slices.Contains(cmds[0].Words, "ornek") {
		t.Fatalf("commands %+v", cmds)
	}
	for _, lang := range []string{"tr", "en"} {
		ans, err := cmds[0].Run(context.Background(), games.CommandRequest{Game: Game{}, Lang: lang})
		if err != nil {
			t.Fatal(err)
		}
		if ans.Picture == nil || !strings.Contains(ans.Text, "(12+5=9+8)") || !strings.Contains(ans.Text, "5") {
			t.Fatalf("%s answer %+v", lang, ans)
		}
		want := []string{"d6", "d8", "e7", "b7", "c7", "d5", "e4", "e6", "f5", "g5"}
		got := slices.Clone(ans.Highlight)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("highlight %v, want %v", got, want)
		}
		if catalog()[lang]["cmd.example"] == "" {
			t.Errorf("no %s cmd.example", lang)
		}
	}
}
