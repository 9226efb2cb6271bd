package sessions_test

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"oyunbot/sessions"
	"oyunbot/sessions/pgtest"
	"oyunbot/sessions/storetest"
)

// postgresEnv names the PostgreSQL server the tests may use.
const postgresEnv = "OYUNBOT_TEST_POSTGRES"

// postgresURL returns the server's URL, or skips the test when none is set
// (fails it in CI, which never skips: .ci/run starts a server).
func postgresURL(t *testing.T) string {
	t.Helper()
	u := os.Getenv(postgresEnv)
	if u == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set, and CI=true: CI runs the PostgreSQL store's tests, never skips them (.ci/run starts a throwaway server and sets it)", postgresEnv)
		}
		t.Skipf("PostgreSQL store tests skipped: set %s=postgres://user:password@127.0.0.1:5432/dbname "+
			"(a database where the tests may create and drop schemas), or run bash .ci/run, which starts a throwaway server", postgresEnv)
	}
	return u
}

// freshSchema creates an empty schema for one test, dropped when the test
// ends, and returns the server's URL with that schema as the search path.
func freshSchema(t *testing.T) string { return pgtest.Schema(t) }

// openPostgres opens the store on dbURL, closed when the test ends.
func openPostgres(t *testing.T, dbURL string) *sessions.PostgresStore {
	t.Helper()
	s, err := sessions.OpenPostgres(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestPostgresStore runs the Store conformance suite on PostgreSQL, each
// test in a new schema.
func TestPostgresStore(t *testing.T) {
	postgresURL(t)
	storetest.Run(t, func(t *testing.T) sessions.Store {
		s, err := sessions.OpenPostgres(context.Background(), freshSchema(t))
		if err != nil {
			t.Fatal(err)
		}
		return pgCorruptible{s}
	})
}

// pgCorruptible is a PostgresStore that can damage its rows by hand
// (storetest.Corrupter), as corruptible does for SQLite.
type pgCorruptible struct{ *sessions.PostgresStore }

// CorruptRow writes invalid JSON into the row's encoded column, and checks
// that the row was there to damage.
func (s pgCorruptible) CorruptRow(ctx context.Context, table, key string) error {
	var (
		where string
		arg   any
	)
	switch table {
	case sessions.TableGames, sessions.TableTournaments:
		id, err := strconv.ParseInt(key, 10, 64)
		if err != nil {
			return fmt.Errorf("corrupt %s %q: %w", table, key, err)
		}
		where, arg = "id = $1", id
	case sessions.TableChallenges:
		where, arg = `platform || '/' || channel || '/' || from_id || '>' || to_id = $1`, key
	default:
		return fmt.Errorf("corrupt: unknown table %q", table)
	}
	column := map[string]string{sessions.TableGames: "players", sessions.TableTournaments: "data",
		sessions.TableChallenges: "data"}[table]
	if err := s.ExecForTest(ctx, `UPDATE `+table+` SET `+column+` = '{broken' WHERE `+where, arg); err != nil {
		return err
	}
	n, err := s.RawForTest(ctx, `SELECT count(*)::text FROM `+table+` WHERE `+column+` = '{broken' AND `+where, arg)
	if err == nil && n != "1" {
		err = fmt.Errorf("corrupt %s %s: %s rows damaged, want 1", table, key, n)
	}
	return err
}

// TestPostgresMigrateConcurrently: processes starting at once on an empty
// database migrate it once, under the advisory lock, and all start.
func TestPostgresMigrateConcurrently(t *testing.T) {
	dbURL := freshSchema(t)
	const procs = 6
	stores := make([]*sessions.PostgresStore, procs)
	errs := make([]error, procs)
	var wg sync.WaitGroup
	for i := range procs {
		wg.Go(func() { stores[i], errs[i] = sessions.OpenPostgres(t.Context(), dbURL) })
	}
	wg.Wait()
	for i, s := range stores {
		if errs[i] != nil {
			t.Fatalf("store %d: %v", i, errs[i])
		}
		t.Cleanup(func() { s.Close() })
	}
	s := stores[0]
	if v, err := s.Version(t.Context()); err != nil || v != 9 { // update with each migration
		t.Fatalf("version = %d, %v; want 9", v, err)
	}
	if n, err := s.RawForTest(t.Context(), `SELECT count(*)::text FROM schema_version`); err != nil || n != "1" {
		t.Fatalf("schema_version rows: %s, %v; want 1", n, err)
	}
}

// TestPostgresReopen: what was written is there after a reopen, and the
// schema is not migrated twice.
func TestPostgresReopen(t *testing.T) {
	ctx := context.Background()
	dbURL := freshSchema(t)
	s := openPostgres(t, dbURL)
	rec := storetestGame()
	id, err := s.CreateGame(ctx, rec)
	if err != nil {
		t.Fatal(err)
	}
	rec.ID = id
	s.Close()
	s = openPostgres(t, dbURL)
	if v, err := s.Version(ctx); err != nil || v != 9 {
		t.Fatalf("version = %d, %v; want 9", v, err)
	}
	got, err := s.Game(ctx, id)
	if err != nil || !got.Started.Equal(rec.Started) || got.Players != rec.Players || got.Moves[1] != rec.Moves[1] {
		t.Fatalf("after reopening: %+v, %v; want %+v", got, err, rec)
	}
}

func storetestGame() sessions.GameRecord {
	start := time.UnixMilli(1_700_000_000_123)
	return sessions.GameRecord{Game: "dama", Platform: "telegram", ChannelID: "-100",
		Players: [2]sessions.Player{{ID: "42", Name: "Ayşe"}, {ID: sessions.BotID, Name: "oyunbot", Bot: true}},
		Moves:   []string{"c3-c4", "f6-f5"}, Started: start, LastMove: start, DrawOffer: -1}
}

func TestPostgresRejectsNewerSchema(t *testing.T) {
	ctx := context.Background()
	dbURL := freshSchema(t)
	s := openPostgres(t, dbURL)
	if err := s.ExecForTest(ctx, `UPDATE schema_version SET version = 99`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := sessions.OpenPostgres(ctx, dbURL); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Fatalf("opened a database with a newer schema: %v", err)
	}
}

// TestPostgresErrorsHideThePassword: a wrong password, an unreachable
// server and an unparsable URL give errors without the password.
func TestPostgresErrorsHideThePassword(t *testing.T) {
	const secret = "Sekr3tPassw0rd"
	check := func(what, dbURL string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		s, err := sessions.OpenPostgres(ctx, dbURL)
		if err == nil {
			s.Close()
			t.Fatalf("%s: opened", what)
		}
		if strings.Contains(err.Error(), secret) {
			t.Fatalf("%s: the error shows the password: %v", what, err)
		}
		t.Logf("%s: %v", what, err)
	}
	check("unreachable", "postgres://oyun:"+secret+"@127.0.0.1:1/oyunbot?connect_timeout=5")
	check("unparsable", "postgres://oyun:"+secret+"@127.0.0.1:notaport/oyunbot")
	check("password parameter", "postgres://127.0.0.1:1/oyunbot?user=oyun&password="+secret+"&connect_timeout=5")
	if os.Getenv(postgresEnv) == "" {
		return
	}
	u, err := url.Parse(postgresURL(t))
	if err != nil {
		t.Fatal(err)
	}
	u.User = url.UserPassword(u.User.Username(), secret)
	check("wrong password", u.String())
}

// TestStoresOrderTextAsBytes: both stores order names by their bytes (as
// SQLite does), whatever the PostgreSQL database's locale.
func TestStoresOrderTextAsBytes(t *testing.T) {
	games := []string{"Zeta", "alpha", "Beta", "_x", "ä"} // byte order: Beta, Zeta, _x, alpha, ä
	want := []string{"Beta", "Zeta", "_x", "alpha", "ä"}
	for name, open := range bothStores(t) {
		t.Run(name, func(t *testing.T) {
			s := open(t)
			ctx := t.Context()
			for i, g := range games {
				id, err := s.CreateGame(ctx, sessions.GameRecord{Game: g, Platform: "p", ChannelID: "c", DrawOffer: -1,
					Result: sessions.Result{Over: true}, Started: time.UnixMilli(1), LastMove: time.UnixMilli(1)})
				if err != nil {
					t.Fatal(err)
				}
				r := sessions.RatingRecord{Platform: "p", Game: g, PlayerID: "u", Games: i}
				if err := s.SettleGame(ctx, id, []sessions.RatingRecord{r,
					{Platform: "p", Game: "Beta", PlayerID: []string{"b", "B", "a", "_z", "Z"}[i]}}); err != nil {
					t.Fatal(err)
				}
			}
			rs, err := s.PlayerRatings(ctx, "p", "u")
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range rs {
				got = append(got, r.Game)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Fatalf("PlayerRatings by game: %q, want %q", got, want)
			}
			board, err := s.Leaderboard(ctx, "p", "Beta", -1)
			if err != nil {
				t.Fatal(err)
			}
			var players []string
			for _, r := range board {
				players = append(players, r.PlayerID)
			}
			if want := "[u B Z _z a b]"; fmt.Sprint(players) != want {
				t.Fatalf("Leaderboard ties by player, without a limit: %v, want %s", players, want)
			}
		})
	}
}

// TestStoresSerializeWriters: what SQLite's single writer guarantees holds
// on PostgreSQL too: challenges saved at once between the same two people
// leave one; games settled at once with the same players in opposite
// orders both settle (no deadlock); enqueues marking the same games in
// opposite orders both succeed.
func TestStoresSerializeWriters(t *testing.T) {
	ayse, bora := sessions.Player{ID: "u1", Name: "Ayşe"}, sessions.Player{ID: "u2", Name: "Bora"}
	for name, open := range bothStores(t) {
		t.Run(name, func(t *testing.T) {
			s := open(t)
			ctx := t.Context()
			const rounds = 20
			for i := range rounds {
				var wg sync.WaitGroup
				errs := make(chan error, 8)
				ch := fmt.Sprint("c", i)
				for _, pair := range [][2]sessions.Player{{ayse, bora}, {bora, ayse}} {
					wg.Go(func() {
						errs <- s.SaveChallenge(ctx, sessions.ChallengeRecord{Platform: "p", ChannelID: ch, From: pair[0],
							To: pair[1], Game: "g", Side: -1, Created: time.UnixMilli(int64(i + 1))})
					})
				}
				var gameIDs []int64
				for range 2 {
					id, err := s.CreateGame(ctx, sessions.GameRecord{Game: "g", Platform: "p", ChannelID: ch, DrawOffer: -1,
						Players: [2]sessions.Player{ayse, bora}, Result: sessions.Result{Over: true}, Version: 1,
						Started: time.UnixMilli(1), LastMove: time.UnixMilli(1)})
					if err != nil {
						t.Fatal(err)
					}
					gameIDs = append(gameIDs, id)
				}
				for k, id := range gameIDs {
					ra := sessions.RatingRecord{Platform: "p", Game: "g", PlayerID: ayse.ID, Games: i}
					rb := sessions.RatingRecord{Platform: "p", Game: "g", PlayerID: bora.ID, Games: i}
					rs := []sessions.RatingRecord{ra, rb}
					items := []sessions.OutboxItem{{Platform: "p", ChannelID: ch, Game: gameIDs[0], Version: 1, Data: []byte("x")},
						{Platform: "p", ChannelID: ch, Game: gameIDs[1], Version: 1, Data: []byte("y")}}
					if k == 1 {
						rs = []sessions.RatingRecord{rb, ra}
						items[0], items[1] = items[1], items[0]
					}
					wg.Go(func() { errs <- s.SettleGame(ctx, id, rs) })
					wg.Go(func() {
						_, err := s.EnqueueReplies(ctx, items)
						errs <- err
					})
				}
				wg.Wait()
				close(errs)
				for err := range errs {
					if err != nil {
						t.Fatalf("round %d: %v", i, err)
					}
				}
			}
			cs, err := s.Challenges(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(cs) != rounds {
				t.Fatalf("%d challenges after %d rounds of two saved at once between the same people, want one a round", len(cs), rounds)
			}
			un, err := s.UnsettledGames(ctx)
			if err != nil || len(un) != 0 {
				t.Fatalf("unsettled games: %d, %v", len(un), err)
			}
			if un, err := s.UnannouncedGames(ctx); err != nil || len(un) != 0 {
				t.Fatalf("unannounced games: %d, %v", len(un), err)
			}
		})
	}
}

// bothStores opens a new SQLite store and, when a server is set, a new
// PostgreSQL store, for tests that pin one behaviour on both.
func bothStores(t *testing.T) map[string]func(t *testing.T) sessions.Store {
	stores := map[string]func(t *testing.T) sessions.Store{
		"sqlite": func(t *testing.T) sessions.Store { return openStore(t, t.TempDir()+"/s.db") },
	}
	if os.Getenv(postgresEnv) != "" || os.Getenv("CI") == "true" {
		stores["postgres"] = func(t *testing.T) sessions.Store { return openPostgres(t, freshSchema(t)) }
	}
	return stores
}
