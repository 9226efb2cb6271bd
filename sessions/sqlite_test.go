package sessions_test

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/sessions"
	"oyunbot/sessions/storetest"
)

func openStore(t *testing.T, path string) *sessions.SQLiteStore {
	t.Helper()
	s, err := sessions.OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestSQLiteStore runs the Store conformance suite on a new database file
// per test, and on a private in-memory database (the Router's default).
func TestSQLiteStore(t *testing.T) {
	for _, tc := range []struct {
		name string
		path func(t *testing.T) string
	}{
		{"file", func(t *testing.T) string { return filepath.Join(t.TempDir(), "store.db") }},
		{"memory", func(*testing.T) string { return sessions.MemoryDB }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			storetest.Run(t, func(t *testing.T) sessions.Store {
				return corruptible{openStore(t, tc.path(t))}
			})
		})
	}
}

// corruptible is a SQLiteStore that can damage its rows by hand
// (storetest.Corrupter), for the suite's tests of unreadable rows.
type corruptible struct{ *sessions.SQLiteStore }

// CorruptRow writes invalid JSON into the row's encoded column, and checks
// that the row was there to damage.
func (s corruptible) CorruptRow(ctx context.Context, table, key string) error {
	var where string
	switch table {
	case sessions.TableGames, sessions.TableTournaments:
		id, err := strconv.ParseInt(key, 10, 64)
		if err != nil {
			return fmt.Errorf("corrupt %s %q: %w", table, key, err)
		}
		where = "id = " + strconv.FormatInt(id, 10)
	case sessions.TableChallenges:
		where = `platform || '/' || channel || '/' || from_id || '>' || to_id = '` + strings.ReplaceAll(key, "'", "''") + `'`
	default:
		return fmt.Errorf("corrupt: unknown table %q", table)
	}
	column := map[string]string{sessions.TableGames: "players", sessions.TableTournaments: "data",
		sessions.TableChallenges: "data"}[table]
	if err := s.ExecForTest(ctx, `UPDATE `+table+` SET `+column+` = '{broken' WHERE `+where); err != nil {
		return err
	}
	n, err := s.RawForTest(ctx, `SELECT count(*) FROM `+table+` WHERE `+column+` = '{broken' AND `+where)
	if err == nil && n != "1" {
		err = fmt.Errorf("corrupt %s %s: %s rows damaged, want 1", table, key, n)
	}
	return err
}

// TestSQLiteReopen: what was written is in the file after a reopen, and
// the schema is not migrated twice.
func TestSQLiteReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	s := openStore(t, path)
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
	items, err := s.EnqueueReplies(ctx, []sessions.OutboxItem{{Platform: "telegram", ChannelID: "-100", Game: id,
		Version: 3, Data: []byte("board"), Created: start}})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()

	s = openStore(t, path)
	if v, err := s.Version(ctx); err != nil || v != 9 { // update with each migration
		t.Fatalf("version = %d, %v; want 9", v, err)
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
}

func TestSQLiteRejectsNewerSchema(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	s := openStore(t, path)
	if err := s.ExecForTest(ctx, `UPDATE schema_version SET version = 99`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := sessions.OpenSQLite(ctx, path); err == nil {
		t.Fatal("opened a database with a newer schema")
	}
}

// BenchmarkSaveGame measures the write-through cost of one move (a game of
// 40 moves rewritten in WAL mode).
func BenchmarkSaveGame(b *testing.B) {
	ctx := context.Background()
	s, err := sessions.OpenSQLite(ctx, filepath.Join(b.TempDir(), "b.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	rec := sessions.GameRecord{Game: "dama", Platform: "p", ChannelID: "c", DrawOffer: ai.NoSide,
		Players: [2]sessions.Player{{ID: "a"}, {ID: "b"}}, Started: time.Now(), LastMove: time.Now()}
	for range 40 {
		rec.Moves = append(rec.Moves, "c3-c4")
	}
	if rec.ID, err = s.CreateGame(ctx, rec); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rec.Clocks[0] = time.Duration(i)
		if err := s.SaveGame(ctx, rec); err != nil {
			b.Fatal(err)
		}
	}
}
