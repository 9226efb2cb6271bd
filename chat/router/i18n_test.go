package router

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/chat/internal/i18n"
	"oyunbot/chat/present"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/dama"
	"oyunbot/games/gamestest"
	"oyunbot/games/islem"
	"oyunbot/games/puzzle"
	"oyunbot/games/tavla"
	"oyunbot/games/tictactoe"
)

// catalogGames are every game in the repository, the test games included:
// their catalogues are checked with the bot's.
func catalogGames() []games.Game {
	return []games.Game{dama.Game{}, tictactoe.Game{}, chessgame.Game{}, tavla.Game{}, islem.Game{}, puzzle.Eight, puzzle.Fifteen,
		gamestest.Race{}, gamestest.Steps{}}
}

func testCatalog(t testing.TB) *i18n.Catalog {
	t.Helper()
	c, err := i18n.New("", catalogGames()...)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var placeholderRE = regexp.MustCompile(`\{[a-z]+\}`)

func placeholders(s string) []string {
	ps := placeholderRE.FindAllString(s, -1)
	sort.Strings(ps)
	return slices.Compact(ps)
}

// TestCatalogComplete: both languages have the same keys, each with the same
// placeholders, and no message is empty: the bot's messages and every
// game's own.
func TestCatalogComplete(t *testing.T) {
	c := testCatalog(t)
	tr, en := c.Keys(chat.Turkish), c.Keys(chat.English)
	if !slices.Equal(tr, en) {
		for _, k := range tr {
			if !c.Has(chat.English, k) {
				t.Errorf("%q is missing in English", k)
			}
		}
		for _, k := range en {
			if !c.Has(chat.Turkish, k) {
				t.Errorf("%q is missing in Turkish", k)
			}
		}
	}
	for _, k := range tr {
		a, b := c.T(chat.Turkish, k), c.T(chat.English, k)
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
	c := testCatalog(t)
	files, _ := filepath.Glob("*.go")
	shown, _ := filepath.Glob("../present/*.go") // the presentation's messages too
	files = append(files, shown...)
	re := regexp.MustCompile(`\b(?:t|T|key)\((?:lang, |q\.lang, )?"([a-z][a-z0-9.-]*[a-z0-9])"[,)]`)
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
			if !c.Has(chat.Turkish, m[1]) {
				t.Errorf("%s uses %q, which is not in the catalogue", f, m[1])
			}
		}
	}
	if found < 50 {
		t.Fatalf("found only %d message ids: is the pattern still right?", found)
	}
}

// TestCatalogCoversGameKeys: every game has a name, a notation and its
// sides' names, each filed under the game's name; the endings every game
// shares, the levels and every command's help are the bot's.
func TestCatalogCoversGameKeys(t *testing.T) {
	c := testCatalog(t)
	for _, g := range catalogGames() {
		keys := []string{"name", "notation", "help"}
		for _, s := range g.SideNames() {
			keys = append(keys, "side."+s)
		}
		for _, k := range keys {
			if !c.Has(chat.Turkish, g.Name()+"."+k) {
				t.Errorf("%s: missing %q", g.Name(), k)
			}
		}
	}
	for _, k := range []string{
		"dama.reason.no-moves", "dama.reason.no-pieces", "dama.reason.lone-pieces", "dama.reason.repetition", "dama.reason.fifty-moves",
		"tictactoe.reason.three-in-row", "tictactoe.reason.board-full", "tictactoe.moveerr.occupied",
		"dama.moveerr.capture-compulsory", "dama.moveerr.ambiguous",
		"reason.resigned", "reason.agreement", "reason.idle", "reason.time", "reason.abandoned",
		"moveerr.malformed", "moveerr.ambiguous", "moveerr.illegal", "moveerr.game-over",
		"level.easy", "level.medium", "level.hard", "level.master",
	} {
		if !c.Has(chat.Turkish, k) {
			t.Errorf("missing %q", k)
		}
	}
	for _, name := range []string{command.Play, command.Move, command.Board, command.Resign, command.Draw, command.Undo, command.Hint, command.Level,
		command.Games, command.Help, command.Challenge, command.Accept, command.Decline, command.History, command.Lang,
		command.Tournament, command.Join, command.Leave, command.Standings, command.Pairings, command.Cancel, command.Rating, command.Leaderboard} {
		if !c.Has(chat.Turkish, "help."+name) {
			t.Errorf("no help for %s", name)
		}
	}
}

// clash is a game whose name is a group of the bot's messages.
type clash struct{ tictactoe.Game }

func (clash) Name() string      { return "help" }
func (clash) Aliases() []string { return nil }
func (clash) Host() games.Host {
	return games.Host{Catalog: map[string]map[string]string{"en": {"play": "clash"}, "de": {"name": "Kollision"}}}
}

// TestCatalogRefusesClash: a game's message may not replace one of the
// bot's; a language the bot does not speak is left out.
func TestCatalogRefusesClash(t *testing.T) {
	if _, err := i18n.New("", clash{}); err == nil {
		t.Fatal("a game replaced the help of play")
	}
	c, err := i18n.New("", dama.Game{})
	if err != nil {
		t.Fatal(err)
	}
	r := present.New(present.Config{}, c)
	if got := r.SideName(chat.Turkish, dama.Game{}, ai.Second); got != "siyah" {
		t.Errorf("side name %q", got)
	}
	if got := r.GameName(chat.English, tictactoe.Game{}); got != "tictactoe" {
		t.Errorf("an unregistered game's name is %q, want its own", got)
	}
}

func TestCatalogT(t *testing.T) {
	c := testCatalog(t)
	if got := c.T(chat.English, "game.moved", "player", "Ali {move}", "move", "c3-c4"); got != "Ali {move}: c3-c4" {
		t.Errorf("T = %q (a value must not be expanded again)", got)
	}
	if got := c.T(chat.Turkish, "no.such.key"); got != "no.such.key" {
		t.Errorf("missing key = %q", got)
	}
	if got := c.T("de", "error.no-game"); got != c.T(chat.English, "error.no-game") {
		t.Errorf("unknown language = %q, want English", got)
	}
}

func TestLangs(t *testing.T) {
	for in, want := range map[string]chat.Lang{"tr": chat.Turkish, "TR": chat.Turkish, "Türkçe": chat.Turkish, "en": chat.English, "English": chat.English} {
		if got, ok := chat.ParseLang(in); !ok || got != want {
			t.Errorf("ParseLang(%q) = %q, %v", in, got, ok)
		}
	}
	if _, ok := chat.ParseLang("de"); ok {
		t.Error("German accepted")
	}
	for in, want := range map[string]chat.Lang{"tr": chat.Turkish, "tr-TR": chat.Turkish, "en-US": chat.English, "de": chat.English} {
		if got, ok := chat.LangFromLocale(in); !ok || got != want {
			t.Errorf("LangFromLocale(%q) = %q, %v", in, got, ok)
		}
	}
	if _, ok := chat.LangFromLocale(""); ok {
		t.Error("empty locale gave a language")
	}
}
