package chat

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
)

var placeholderRE = regexp.MustCompile(`\{[a-z]+\}`)

func placeholders(s string) []string {
	ps := placeholderRE.FindAllString(s, -1)
	sort.Strings(ps)
	return slices.Compact(ps)
}

// TestCatalogComplete: both languages have the same keys, each with the same
// placeholders, and no message is empty.
func TestCatalogComplete(t *testing.T) {
	c := NewCatalog()
	tr, en := c.Keys(Turkish), c.Keys(English)
	if !slices.Equal(tr, en) {
		for _, k := range tr {
			if !c.Has(English, k) {
				t.Errorf("%q is missing in English", k)
			}
		}
		for _, k := range en {
			if !c.Has(Turkish, k) {
				t.Errorf("%q is missing in Turkish", k)
			}
		}
	}
	for _, k := range tr {
		a, b := c.T(Turkish, k), c.T(English, k)
		if strings.TrimSpace(a) == "" || strings.TrimSpace(b) == "" {
			t.Errorf("%q is empty", k)
		}
		if pa, pb := placeholders(a), placeholders(b); !slices.Equal(pa, pb) {
			t.Errorf("%q: placeholders %v in Turkish, %v in English", k, pa, pb)
		}
	}
}

// TestCatalogHasEveryUsedKey finds the literal message ids in the package's
// code and checks that the catalogue has them (ids built at run time, like
// "reason."+key, fall back by design and are checked elsewhere).
func TestCatalogHasEveryUsedKey(t *testing.T) {
	c := NewCatalog()
	files, _ := filepath.Glob("*.go")
	re := regexp.MustCompile(`\b(?:t|T)\((?:lang, |q\.lang, )?"([a-z][a-z0-9.-]*[a-z0-9])"[,)]`)
	found := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(src), -1) {
			found++
			if !c.Has(Turkish, m[1]) {
				t.Errorf("%s uses %q, which is not in the catalogue", f, m[1])
			}
		}
	}
	if found < 50 {
		t.Fatalf("found only %d message ids: is the pattern still right?", found)
	}
}

// TestCatalogCoversGameKeys: the reasons and refusal keys the games use
// have their own sentences (copied from games/dama and games/tictactoe).
func TestCatalogCoversGameKeys(t *testing.T) {
	c := NewCatalog()
	for _, k := range []string{
		"reason.three-in-row", "reason.board-full", "reason.no-moves", "reason.lone-pieces",
		"reason.repetition", "reason.fifty-moves", "reason.resigned", "reason.agreement", "reason.idle",
		"moveerr.occupied", "moveerr.no-piece", "moveerr.not-your-piece", "moveerr.same-square",
		"moveerr.bad-direction", "moveerr.too-far", "moveerr.blocked", "moveerr.turn-back",
		"moveerr.no-capture", "moveerr.capture-compulsory", "moveerr.not-maximum", "moveerr.ambiguous",
		"moveerr.illegal", "game.dama", "game.tictactoe", "side.white", "side.black", "side.x", "side.o",
		"level.easy", "level.medium", "level.hard", "level.master",
	} {
		if !c.Has(Turkish, k) {
			t.Errorf("missing %q", k)
		}
	}
	for _, name := range []string{CmdPlay, CmdMove, CmdBoard, CmdResign, CmdDraw, CmdUndo, CmdHint, CmdLevel,
		CmdGames, CmdHelp, CmdChallenge, CmdAccept, CmdDecline, CmdHistory, CmdLang,
		CmdTournament, CmdJoin, CmdLeave, CmdStandings, CmdPairings, CmdCancel, CmdRating, CmdLeaderboard} {
		if !c.Has(Turkish, "help."+name) {
			t.Errorf("no help for %s", name)
		}
	}
}

func TestCatalogT(t *testing.T) {
	c := NewCatalog()
	if got := c.T(English, "game.moved", "player", "Ali {move}", "move", "c3-c4"); got != "Ali {move}: c3-c4" {
		t.Errorf("T = %q (a value must not be expanded again)", got)
	}
	if got := c.T(Turkish, "no.such.key"); got != "no.such.key" {
		t.Errorf("missing key = %q", got)
	}
	if got := c.T("de", "error.no-game"); got != c.T(English, "error.no-game") {
		t.Errorf("unknown language = %q, want English", got)
	}
}

func TestLangs(t *testing.T) {
	for in, want := range map[string]Lang{"tr": Turkish, "TR": Turkish, "Türkçe": Turkish, "en": English, "English": English} {
		if got, ok := ParseLang(in); !ok || got != want {
			t.Errorf("ParseLang(%q) = %q, %v", in, got, ok)
		}
	}
	if _, ok := ParseLang("de"); ok {
		t.Error("German accepted")
	}
	for in, want := range map[string]Lang{"tr": Turkish, "tr-TR": Turkish, "en-US": English, "de": English} {
		if got, ok := LangFromLocale(in); !ok || got != want {
			t.Errorf("LangFromLocale(%q) = %q, %v", in, got, ok)
		}
	}
	if _, ok := LangFromLocale(""); ok {
		t.Error("empty locale gave a language")
	}
}
