package router

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/games/chess"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/dama"
	"oyunbot/games/draughts"
	"oyunbot/games/islem"
	"oyunbot/games/puzzle"
	"oyunbot/games/tavla"
	"oyunbot/games/tictactoe"
)

// templateRE finds a placeholder or a plural form of a message: "{n}",
// "{n|move|moves}"; badTemplateRE anything in braces that is neither.
var (
	templateRE    = regexp.MustCompile(`\{([a-z]+)(?:\|[^{}|]*\|[^{}|]*)?\}`)
	badTemplateRE = regexp.MustCompile(`\{[^{}]*\}`)
)

// templateNames are the placeholder names of msg, plural forms included.
func templateNames(msg string) []string {
	var out []string
	for _, m := range templateRE.FindAllStringSubmatch(msg, -1) {
		out = append(out, m[1])
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// TestCatalogRendersEveryKey (issue 35.1): every message of both languages,
// the bot's and every game's, is well formed (a placeholder is "{name}", a
// plural form "{name|one|other}"), and filled with its placeholders (each
// "1", then each "2") it leaves no brace behind.
func TestCatalogRendersEveryKey(t *testing.T) {
	c := testCatalog(t)
	for _, lang := range c.Langs() {
		for _, k := range c.Keys(lang) {
			raw := c.T(lang, k)
			for _, b := range badTemplateRE.FindAllString(raw, -1) {
				if !templateRE.MatchString(b) || templateRE.FindString(b) != b {
					t.Errorf("%s %q: %q is neither {name} nor {name|one|other}", lang, k, b)
				}
			}
			names := templateNames(raw)
			if len(names) == 0 {
				continue
			}
			for _, v := range []string{"1", "2"} {
				var kv []string
				for _, n := range names {
					kv = append(kv, n, v)
				}
				if got := c.T(lang, k, kv...); strings.ContainsAny(got, "{}") {
					t.Errorf("%s %q with %v renders %q", lang, k, kv, got)
				}
			}
		}
	}
}

// catalogCall is a call that renders a message: the function's name, the
// index of the message id among its arguments, the names it fills itself
// (N fills n), and the prefix it adds to the id.
type catalogCall struct {
	id     int
	filled []string
	prefix string
}

// catalogCalls are the bot's ways to render one of its messages.
var catalogCalls = map[string]catalogCall{
	"T": {id: 1}, "N": {id: 1, filled: []string{"n"}}, // Catalog's and Presenter's
	"t": {id: 0}, // a request's and an event reply's
}

// gameCatalogCalls are the games' ways to render one of their own.
var gameCatalogCalls = map[string]catalogCall{
	"text": {id: 1}, "Text": {id: 1}, "fill": {id: 0}, "CatalogText": {id: 2},
	"PictureText": {id: 1, prefix: "picture."},
}

// checkCatalogCalls parses the Go files of dirs (tests left out) and, for
// every call of calls whose message id is a string literal and whose
// placeholders are all written out as literal names, reports a
// placeholder of the message (in either language) that the call leaves
// unfilled: it would reach the reader as "{name}" or "{n|stone|stones}".
// msg looks a message up ("" when there is none). It returns how many
// calls it checked.
func checkCatalogCalls(t *testing.T, calls map[string]catalogCall, msg func(lang chat.Lang, id string) []string, dirs ...string) int {
	t.Helper()
	checked := 0
	for _, dir := range dirs {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			fset := token.NewFileSet()
			file, err := parser.ParseFile(fset, f, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(file, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || call.Ellipsis.IsValid() {
					return true // kv... is filled at run time
				}
				var name string
				switch fn := call.Fun.(type) {
				case *ast.SelectorExpr:
					name = fn.Sel.Name
				case *ast.Ident:
					name = fn.Name
				}
				cc, ok := calls[name]
				if !ok || len(call.Args) <= cc.id {
					return true
				}
				lit, ok := call.Args[cc.id].(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return true
				}
				id, err := strconv.Unquote(lit.Value)
				if err != nil {
					return true
				}
				id = cc.prefix + id
				filled := slices.Clone(cc.filled)
				kv := call.Args[cc.id+1:]
				if name == "N" && len(kv) > 0 {
					kv = kv[1:] // the count
				}
				for i := 0; i < len(kv); i += 2 {
					k, ok := kv[i].(*ast.BasicLit)
					if !ok || k.Kind != token.STRING {
						return true // a name chosen at run time
					}
					s, _ := strconv.Unquote(k.Value)
					filled = append(filled, s)
				}
				for _, lang := range []chat.Lang{chat.Turkish, chat.English} {
					for _, m := range msg(lang, id) {
						checked++
						for _, p := range templateNames(m) {
							if !slices.Contains(filled, p) {
								t.Errorf("%s: %s(%q) in %s leaves {%s} unfilled (filled: %v)", fset.Position(call.Pos()), name, id, lang, p, filled)
							}
						}
					}
				}
				return true
			})
		}
	}
	return checked
}

// TestCatalogCallsFillEveryPlaceholder (issue 35.1): every message the
// router, the presentation and the web pages render by a literal id is
// given every placeholder it has, in both languages (its ".one" and
// second-person variants too).
func TestCatalogCallsFillEveryPlaceholder(t *testing.T) {
	c := testCatalog(t)
	msg := func(lang chat.Lang, id string) []string {
		if !c.Has(lang, id) {
			return nil
		}
		out := []string{c.T(lang, id)}
		for _, v := range []string{".one", ".you-player", ".you-from", ".you-to", ".you-opponent"} {
			if c.Has(lang, id+v) {
				out = append(out, c.T(lang, id+v))
			}
		}
		return out
	}
	n := checkCatalogCalls(t, catalogCalls, msg, ".", "../present", "../web")
	t.Logf("%d calls checked", n)
	if n < 400 {
		t.Fatalf("checked only %d calls: is the pattern still right?", n)
	}
}

// TestGameCatalogCallsFillEveryPlaceholder (issue 35.1): the same for the
// messages the games render themselves from their own catalogues.
func TestGameCatalogCallsFillEveryPlaceholder(t *testing.T) {
	checked := 0
	for dir, g := range map[string]games.Game{
		"chess": chessgame.Game{}, "dama": dama.Game{}, "draughts": draughts.Italian, "islem": islem.Game{},
		"puzzle": puzzle.Eight, "tavla": tavla.Game{}, "tictactoe": tictactoe.Game{},
	} {
		cat := games.HostOf(g).Catalog
		msg := func(lang chat.Lang, id string) []string {
			if m, ok := cat[string(lang)][id]; ok {
				return []string{m}
			}
			return nil
		}
		checked += checkCatalogCalls(t, gameCatalogCalls, msg, filepath.Join("../../games", dir))
	}
	t.Logf("%d calls checked", checked)
	if checked < 20 {
		t.Fatalf("checked only %d calls: is the pattern still right?", checked)
	}
}

// TestReadingWordsAnswer (issue 41.9): the word a reading question shows
// for each reading, in either language, is one its bare answer takes.
func TestReadingWordsAnswer(t *testing.T) {
	c := testCatalog(t)
	pos, err := chessgame.Game{}.ParsePosition("4k3/8/8/8/8/8/8/4K2R w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	rs := pos.(games.ReadingLister).Readings("Kf1", chess.Turkish)
	if len(rs) != 2 {
		t.Fatalf("readings %+v", rs)
	}
	for _, r := range rs {
		for _, lang := range c.Langs() {
			w, ok := c.Game(lang, chessgame.Game{}, "reading."+r.Key+".word")
			if _, ok2 := c.Game(lang, chessgame.Game{}, "reading."+r.Key, "move", r.Move); !ok || !ok2 {
				t.Fatalf("%s: no reading.%s or its word", lang, r.Key)
			}
			if !slices.ContainsFunc(r.Words, func(x string) bool { return chat.Fold(x) == chat.Fold(w) }) {
				t.Errorf("%s: %q is shown for %s but not among its words %v", lang, w, r.Key, r.Words)
			}
		}
	}
}

// TestWebTemplatesFillEveryPlaceholder (issue 35.1): the web pages'
// templates call {{.T "id" "name" value …}}; each gives every placeholder
// of its message in both languages.
func TestWebTemplatesFillEveryPlaceholder(t *testing.T) {
	c := testCatalog(t)
	files, err := filepath.Glob("../web/templates/*.html")
	if err != nil || len(files) == 0 {
		t.Fatalf("no templates: %v", err)
	}
	call := regexp.MustCompile(`[.$]T "([a-z][a-z0-9.-]*)"((?:\s+"[a-z]+"\s+(?:\([^()]*\)|[^\s()}]+))*)`)
	name := regexp.MustCompile(`"([a-z]+)"\s+(?:\([^()]*\)|[^\s()}]+)`)
	checked := 0
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range call.FindAllStringSubmatch(string(src), -1) {
			var filled []string
			for _, n := range name.FindAllStringSubmatch(m[2], -1) {
				filled = append(filled, n[1])
			}
			for _, lang := range c.Langs() {
				if !c.Has(lang, m[1]) {
					t.Errorf("%s: %q is not in the catalogue", f, m[1])
					continue
				}
				checked++
				for _, p := range templateNames(c.T(lang, m[1])) {
					if !slices.Contains(filled, p) {
						t.Errorf("%s: T %q in %s leaves {%s} unfilled (filled: %v)", f, m[1], lang, p, filled)
					}
				}
			}
		}
	}
	if checked < 40 {
		t.Fatalf("checked only %d calls: is the pattern still right?", checked)
	}
}
