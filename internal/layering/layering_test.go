package layering

import (
	"os/exec"
	"strings"
	"testing"
)

// rules are the import rules of docs/architecture.md: a package and the
// packages it must not depend on, directly or not ("x" forbids x and the
// packages under it; "x/" only those under it).
var rules = []struct {
	pkg, why string
	never    []string
}{
	{"oyunbot/cmd/bot", "the product binary links no test fake",
		[]string{"oyunbot/chat/telegram/telegramtest", "oyunbot/chat/discord/fakediscord", "oyunbot/games/gamestest",
			"oyunbot/store/pgtest", "oyunbot/store/storetest", "testing"}},
	{"oyunbot/render", "render's core reads games through views",
		[]string{"oyunbot/games/", "oyunbot/chat", "oyunbot/sessions", "oyunbot/store"}},
	{"oyunbot/ai", "the engine knows no game",
		[]string{"oyunbot/games", "oyunbot/chat", "oyunbot/sessions", "oyunbot/store", "oyunbot/render"}},
	{"oyunbot/games/chess", "the chess rules are a leaf: no engine, no bot, nothing of oyunbot",
		[]string{"oyunbot/ai", "oyunbot/games/chess/", "oyunbot/games/internal", "oyunbot/analysis", "oyunbot/internal"}},
	{"oyunbot/games/chess/engine", "the chess engine knows the rules, not how the bot hosts the game",
		[]string{"oyunbot/games/chess/chessgame"}},
	{"oyunbot/games/...", "games never import chat, sessions, the store or render",
		[]string{"oyunbot/chat", "oyunbot/sessions", "oyunbot/store", "oyunbot/render"}},
	{"oyunbot/sessions", "sessions knows no language, no platform and no database: the SQL store (oyunbot/store) implements its interfaces, not the reverse",
		[]string{"oyunbot/chat", "oyunbot/render", "oyunbot/store", "database/sql", "modernc.org/sqlite", "github.com/jackc/pgx"}},
	{"oyunbot/sessions/analyses", "the analyses run on the live games' workers: no language, no platform, no database (issue 38)",
		[]string{"oyunbot/chat", "oyunbot/render", "oyunbot/store", "database/sql", "modernc.org/sqlite", "github.com/jackc/pgx"}},
	{"oyunbot/sessions/tournaments", "the tournaments play through the live games: no language, no platform, no database (issue 38)",
		[]string{"oyunbot/chat", "oyunbot/render", "oyunbot/store", "database/sql", "modernc.org/sqlite", "github.com/jackc/pgx"}},
	{"oyunbot/sessions/challenges", "the challenges start their games through the live games: no language, no platform, no database (issue 38)",
		[]string{"oyunbot/chat", "oyunbot/render", "oyunbot/store", "database/sql", "modernc.org/sqlite", "github.com/jackc/pgx"}},
	{"oyunbot/sessions/matches", "the matches play through the live games: no language, no platform, no database (issue 38)",
		[]string{"oyunbot/chat", "oyunbot/render", "oyunbot/store", "database/sql", "modernc.org/sqlite", "github.com/jackc/pgx"}},
	{"oyunbot/sessions/ratings", "the ratings read and settle through sessions' store interfaces: no language, no platform, no database (issue 38)",
		[]string{"oyunbot/chat", "oyunbot/render", "oyunbot/store", "database/sql", "modernc.org/sqlite", "github.com/jackc/pgx"}},
	{"oyunbot/sessions/outbox", "the outbox's records and the store's interfaces for them are plain values: no game, no engine, no chat, no database (issue 38; sessions itself it cannot import: sessions imports it)",
		[]string{"oyunbot/games", "oyunbot/ai", "oyunbot/chat", "oyunbot/store", "database/sql"}},
	{"oyunbot/store", "the store keeps what sessions gives it: it knows no language, no platform, no picture",
		[]string{"oyunbot/chat", "oyunbot/render"}},
	{"oyunbot/chat/present", "presentation shows snapshots: it links no database (issue 38)",
		[]string{"oyunbot/store", "database/sql", "modernc.org/sqlite", "github.com/jackc/pgx"}},
	{"oyunbot/chat/delivery", "delivery sends what the router decided: it knows the platform contract and the store's interfaces (issue 38)",
		[]string{"oyunbot/chat/router", "oyunbot/chat/present", "oyunbot/chat/telegram", "oyunbot/chat/discord", "oyunbot/store", "oyunbot/render", "database/sql"}},
	{"oyunbot/internal/fairpool", "the worker pool knows no game, no engine, no chat",
		[]string{"oyunbot/sessions", "oyunbot/ai", "oyunbot/games", "oyunbot/chat", "oyunbot/store"}},
	{"oyunbot/chat/web", "the pages read the store through the interfaces they declare",
		[]string{"oyunbot/store"}},
	{"oyunbot/chat/telegram", "the adapters know the platform contract alone",
		[]string{"oyunbot/sessions", "oyunbot/store", "oyunbot/tournament", "oyunbot/chat/router", "oyunbot/chat/present"}},
	{"oyunbot/chat/discord", "the adapters know the platform contract alone",
		[]string{"oyunbot/sessions", "oyunbot/store", "oyunbot/tournament", "oyunbot/chat/router", "oyunbot/chat/present"}},
	{"oyunbot/chat/console", "the adapters know the platform contract alone",
		[]string{"oyunbot/sessions", "oyunbot/store", "oyunbot/tournament", "oyunbot/chat/router", "oyunbot/chat/present"}},
}

// TestImportRules lists each rule's package's dependencies (go list -deps,
// without tests) and fails on a forbidden one.
func TestImportRules(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	for _, r := range rules {
		t.Run(r.pkg, func(t *testing.T) {
			out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", r.pkg).Output()
			if err != nil {
				t.Fatalf("go list %s: %v", r.pkg, err)
			}
			for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
				if dep := strings.TrimSpace(line); violates(dep, r.never) {
					t.Errorf("%s depends on %s, but %s (docs/architecture.md)", r.pkg, dep, r.why)
				}
			}
		})
	}
}

// violates reports whether dep is one of never's packages or under one
// ("x" forbids x and every package under it, "x/" only those under it).
func violates(dep string, never []string) bool {
	for _, n := range never {
		if dep == n || (strings.HasSuffix(n, "/") && strings.HasPrefix(dep, n)) ||
			(!strings.HasSuffix(n, "/") && strings.HasPrefix(dep, n+"/")) {
			return true
		}
	}
	return false
}

// TestViolates: the check itself can fail.
func TestViolates(t *testing.T) {
	for _, c := range []struct {
		dep   string
		never []string
		want  bool
	}{
		{"oyunbot/games/chess", []string{"oyunbot/games/"}, true},
		{"oyunbot/games", []string{"oyunbot/games/"}, false},
		{"oyunbot/chat/internal/lanes", []string{"oyunbot/chat"}, true},
		{"oyunbot/chat", []string{"oyunbot/chat"}, true},
		{"oyunbot/chatty", []string{"oyunbot/chat"}, false},
		{"testing", []string{"testing"}, true},
		{"testing/fstest", []string{"testing"}, true},
		{"oyunbot/games/chess", []string{"oyunbot/games"}, true},
		{"github.com/jackc/pgx/v5/pgconn", []string{"github.com/jackc/pgx"}, true},
		{"modernc.org/sqlite/lib", []string{"modernc.org/sqlite"}, true},
	} {
		if got := violates(c.dep, c.never); got != c.want {
			t.Errorf("violates(%s, %v) = %v, want %v", c.dep, c.never, got, c.want)
		}
	}
}
