package store_test

// store_test.go: the store on both databases, SQLite and (behind
// OYUNBOT_TEST_POSTGRES) PostgreSQL: the conformance suite, reopening,
// the schema, and what one database guarantees by itself (SQLite's single
// writer, its byte order) held on the other.

import (
	"context"
	"fmt"
	"math"
	"net/url"
	"oyunbot/sessions/outbox"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/sessions"
	"oyunbot/store"
	"oyunbot/store/pgtest"
	"oyunbot/store/storetest"
)

// openAt opens the store at where: a SQLite file (or MemoryDB) or a
// PostgreSQL URL.
func openAt(where string) (*store.SQLStore, error) {
	if store.IsPostgresURL(where) {
		return store.OpenPostgres(context.Background(), where)
	}
	return store.OpenSQLite(context.Background(), where)
}

// open opens the store at where, closed when the test ends.
func open(t testing.TB, where string) *store.SQLStore {
	t.Helper()
	s, err := openAt(where)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func openStore(t testing.TB, path string) *store.SQLStore     { return open(t, path) }
func openPostgres(t testing.TB, dbURL string) *store.SQLStore { return open(t, dbURL) }

// freshSchema creates an empty schema for one test, dropped when the test
// ends, and returns the server's URL with that schema as the search path.
func freshSchema(t testing.TB) string { return pgtest.Schema(t) }

// kinds are the stores tested, each with where to open a new, empty one;
// PostgreSQL's skips the test when no server is set (fails it in CI,
// which never skips).
var kinds = []struct {
	name  string
	where func(t testing.TB) string
}{
	{"sqlite", func(t testing.TB) string { return filepath.Join(t.TempDir(), "store.db") }},
	{"memory", func(testing.TB) string { return store.MemoryDB }},
	{"postgres", freshSchema},
}

// bothStores runs test on SQLite files and on PostgreSQL schemas: fresh
// gives where a new, empty one is (and can be opened again).
func bothStores(t *testing.T, test func(t *testing.T, fresh func() string)) {
	for _, kind := range kinds {
		if kind.name != "memory" {
			t.Run(kind.name, func(t *testing.T) { test(t, func() string { return kind.where(t) }) })
		}
	}
}

// TestStore runs the Store conformance suite on a new database per test:
// a SQLite file, a private in-memory database (the Router's default), a
// PostgreSQL schema.
func TestStore(t *testing.T) {
	for _, kind := range kinds {
		t.Run(kind.name, func(t *testing.T) {
			if kind.name == "postgres" {
				pgtest.Require(t)
			}
			storetest.Run(t, func(t *testing.T) sessions.Store { return corruptible{open(t, kind.where(t))} })
		})
	}
}

// corruptible is a store that can damage its rows by hand
// (storetest.Corrupter), for the suite's tests of unreadable rows.
type corruptible struct{ *store.SQLStore }

// CorruptRow writes invalid JSON into the row's encoded column, and checks
// that the row was there to damage.
func (s corruptible) CorruptRow(ctx context.Context, table, key string) error {
	var (
		where = "id = $1"
		arg   any
	)
	switch table {
	case sessions.TableGames, sessions.TableTournaments:
		id, err := strconv.ParseInt(key, 10, 64)
		if err != nil {
			return fmt.Errorf("corrupt %s %q: %w", table, key, err)
		}
		arg = id
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
	n, err := s.RawForTest(ctx, `SELECT count(*) FROM `+table+` WHERE `+column+` = '{broken' AND `+where, arg)
	if err == nil && n != "1" {
		err = fmt.Errorf("corrupt %s %s: %s rows damaged, want 1", table, key, n)
	}
	return err
}

// TestReopen: what was written is there after a reopen, and the schema is
// not migrated twice.
func TestReopen(t *testing.T) {
	bothStores(t, func(t *testing.T, fresh func() string) {
		ctx, where := context.Background(), fresh()
		s := open(t, where)
		start := time.UnixMilli(1_700_000_000_123)
		rec := sessions.GameRecord{
			Game: "dama", Platform: "telegram", ChannelID: "-100",
			Players:     [2]sessions.Player{{ID: "42", Name: "Ayşe"}, {ID: sessions.BotID, Name: "oyunbot", Bot: true, Level: "hard"}},
			Level:       "hard",
			Moves:       []string{"c3-c4", "f6-f5"},
			Clocks:      [2]time.Duration{1500 * time.Millisecond, 20 * time.Millisecond},
			Started:     start,
			LastMove:    start.Add(time.Minute),
			DrawOffer:   ai.Second,
			Result:      sessions.Result{Winner: ai.NoSide},
			TimeControl: sessions.TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second},
			Left:        [2]time.Duration{4*time.Minute + 1500*time.Millisecond, 5 * time.Minute},
			Lang:        "en",
			Rated:       true,
			Version:     3,
		}
		id, err := s.CreateGame(ctx, rec)
		if err != nil {
			t.Fatal(err)
		}
		rec.ID = id
		if err := s.SaveHeartbeat(ctx, start); err != nil {
			t.Fatal(err)
		}
		items, err := s.EnqueueReplies(ctx, []outbox.Item{{Platform: "telegram", ChannelID: "-100", Game: id,
			Version: 3, Data: []byte("board"), Created: start}})
		if err != nil {
			t.Fatal(err)
		}
		s.Close()

		s = open(t, where)
		if v, err := s.Version(ctx); err != nil || v != 17 { // update with each migration
			t.Fatalf("version = %d, %v; want 16", v, err)
		}
		if n, err := s.RawForTest(ctx, `SELECT count(*) FROM schema_version`); err != nil || n != "1" {
			t.Fatalf("schema_version rows: %s, %v; want 1", n, err)
		}
		if got, err := s.Game(ctx, id); err != nil || !reflect.DeepEqual(got, rec) {
			t.Fatalf("after reopening:\n got %+v, %v\nwant %+v", got, err, rec)
		}
		if active, err := s.ActiveGames(ctx); err != nil || len(active) != 1 || active[0].ID != id {
			t.Fatalf("active after reopening: %+v, %v", active, err)
		}
		if hb, err := s.Heartbeat(ctx); err != nil || !hb.Equal(start) {
			t.Fatalf("heartbeat after reopening: %v, %v", hb, err)
		}
		if p, err := s.PendingReplies(ctx, "telegram"); err != nil || !reflect.DeepEqual(p, items) {
			t.Fatalf("pending after reopening: %+v, %v; want %+v", p, err, items)
		}
		if un, err := s.UnannouncedGames(ctx); err != nil || len(un) != 0 {
			t.Fatalf("unannounced after reopening: %+v, %v", un, err)
		}
	})
}

// TestRejectsNewerSchema: a database migrated by a later version of the
// bot is not opened.
func TestRejectsNewerSchema(t *testing.T) {
	bothStores(t, func(t *testing.T, fresh func() string) {
		where := fresh()
		s := open(t, where)
		if err := s.ExecForTest(t.Context(), `UPDATE schema_version SET version = 99`); err != nil {
			t.Fatal(err)
		}
		s.Close()
		if s, err := openAt(where); err == nil || !strings.Contains(err.Error(), "newer") {
			if s != nil {
				s.Close()
			}
			t.Fatalf("opened a database with a newer schema: %v", err)
		}
	})
}

// TestRejectsNegativeSchema: a negative schema version (no program writes
// one: a hand edit, a damaged file) is refused with a message saying so,
// as a newer one is; -1 made the start panic (issue 41.5).
func TestRejectsNegativeSchema(t *testing.T) {
	bothStores(t, func(t *testing.T, fresh func() string) {
		for _, v := range []int{-1, -2, -13, math.MinInt32} {
			where := fresh()
			s := open(t, where)
			if err := s.ExecForTest(t.Context(), `UPDATE schema_version SET version = `+strconv.Itoa(v)); err != nil {
				t.Fatal(err)
			}
			s.Close()
			s, err := openAt(where)
			if s != nil {
				s.Close()
			}
			if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("schema version %d is invalid", v)) ||
				!strings.Contains(err.Error(), "restore a backup") {
				t.Errorf("version %d: opened, or refused without saying why: %v", v, err)
			}
		}
	})
}

// TestPostgresMigrateConcurrently: processes starting at once on an empty
// database migrate it once, under the advisory lock, and all start.
func TestPostgresMigrateConcurrently(t *testing.T) {
	dbURL := freshSchema(t)
	const procs = 6
	opened := make([]*store.SQLStore, procs)
	errs := make([]error, procs)
	var wg sync.WaitGroup
	for i := range procs {
		wg.Go(func() { opened[i], errs[i] = store.OpenPostgres(t.Context(), dbURL) })
	}
	wg.Wait()
	for i, s := range opened {
		if errs[i] != nil {
			t.Fatalf("store %d: %v", i, errs[i])
		}
		t.Cleanup(func() { s.Close() })
	}
	if v, err := opened[0].Version(t.Context()); err != nil || v != 17 { // update with each migration
		t.Fatalf("version = %d, %v; want 16", v, err)
	}
	if n, err := opened[0].RawForTest(t.Context(), `SELECT count(*) FROM schema_version`); err != nil || n != "1" {
		t.Fatalf("schema_version rows: %s, %v; want 1", n, err)
	}
}

// TestPostgresPoolParameters: the URL's pool_ parameters are taken for the
// pool, not sent to the server as settings (which it would refuse).
func TestPostgresPoolParameters(t *testing.T) {
	if n := open(t, freshSchema(t)).MaxConnsForTest(); n < 4 {
		t.Fatalf("%d connections at most by default, want pgxpool's max(4, cores)", n)
	}
	s := open(t, freshSchema(t)+"&pool_max_conns=2&pool_max_conn_idle_time=1m&pool_min_conns=1")
	if n := s.MaxConnsForTest(); n != 2 {
		t.Fatalf("%d connections at most, want pool_max_conns=2", n)
	}
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			if err := s.SaveHeartbeat(t.Context(), time.UnixMilli(int64(i+1))); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
}

// TestPostgresErrorsHideThePassword: a wrong password, an unreachable
// server and an unparsable URL give errors without the password.
func TestPostgresErrorsHideThePassword(t *testing.T) {
	const secret = "Sekr3tPassw0rd"
	check := func(what, dbURL string) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		s, err := store.OpenPostgres(ctx, dbURL)
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
	if !pgtest.Available() {
		return
	}
	u, err := url.Parse(pgtest.Require(t))
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
	bothStores(t, func(t *testing.T, fresh func() string) {
		s, ctx := open(t, fresh()), t.Context()
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

// TestStoresSerializeWriters: what SQLite's single writer guarantees holds
// on PostgreSQL too: challenges saved at once between the same two people
// leave one; games settled at once with the same players in opposite
// orders both settle (no deadlock); enqueues marking the same games in
// opposite orders both succeed.
func TestStoresSerializeWriters(t *testing.T) {
	ayse, bora := sessions.Player{ID: "u1", Name: "Ayşe"}, sessions.Player{ID: "u2", Name: "Bora"}
	bothStores(t, func(t *testing.T, fresh func() string) {
		s, ctx := open(t, fresh()), t.Context()
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
				items := []outbox.Item{{Platform: "p", ChannelID: ch, Game: gameIDs[0], Version: 1, Data: []byte("x")},
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
		if un, err := s.UnsettledGames(ctx); err != nil || len(un) != 0 {
			t.Fatalf("unsettled games: %d, %v", len(un), err)
		}
		if un, err := s.UnannouncedGames(ctx); err != nil || len(un) != 0 {
			t.Fatalf("unannounced games: %d, %v", len(un), err)
		}
	})
}

// BenchmarkSaveGame measures the write-through cost of one move (a game of
// 40 moves rewritten in WAL mode).
func BenchmarkSaveGame(b *testing.B) {
	ctx := context.Background()
	s := openStore(b, filepath.Join(b.TempDir(), "b.db"))
	rec := sessions.GameRecord{Game: "dama", Platform: "p", ChannelID: "c", DrawOffer: ai.NoSide,
		Players: [2]sessions.Player{{ID: "a"}, {ID: "b"}}, Started: time.Now(), LastMove: time.Now()}
	for range 40 {
		rec.Moves = append(rec.Moves, "c3-c4")
	}
	var err error
	if rec.ID, err = s.CreateGame(ctx, rec); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rec.Clocks[0] = time.Duration(i)
		rec.Version++ // each save the game's next version, as the Manager makes it
		if err := s.SaveGame(ctx, rec); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkStoreMove measures a move's work in the store on each database
// (the game saved and read back, its reply enqueued and crossed off), with
// the CPU it costs this process (on PostgreSQL, the client's share).
func BenchmarkStoreMove(b *testing.B) {
	cpu := func() time.Duration {
		var ru syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	for _, kind := range kinds {
		b.Run(kind.name, func(b *testing.B) {
			if kind.name == "memory" {
				b.Skip("the file's figures are SQLite's")
			}
			s, ctx := open(b, kind.where(b)), b.Context()
			rec := sessions.GameRecord{Game: "dama", Platform: "p", ChannelID: "c", DrawOffer: ai.NoSide,
				Players: [2]sessions.Player{{ID: "a"}, {ID: "b"}}, Started: time.Now(), LastMove: time.Now()}
			for range 40 {
				rec.Moves = append(rec.Moves, "c3-c4")
			}
			var err error
			if rec.ID, err = s.CreateGame(ctx, rec); err != nil {
				b.Fatal(err)
			}
			start := cpu()
			for b.Loop() {
				rec.Version++
				if err := s.SaveGame(ctx, rec); err != nil {
					b.Fatal(err)
				}
				if _, err := s.Game(ctx, rec.ID); err != nil {
					b.Fatal(err)
				}
				items, err := s.EnqueueReplies(ctx, []outbox.Item{{Platform: "p", ChannelID: "c", Game: rec.ID,
					Version: rec.Version, Data: []byte("board")}})
				if err != nil {
					b.Fatal(err)
				}
				if err := s.DeliveredReply(ctx, items[0].ID); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((cpu()-start).Microseconds())/float64(b.N), "cpu-µs/op")
		})
	}
}
