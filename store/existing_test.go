package store_test

// existing_test.go: databases written by earlier versions of the bot open
// and read as they were written. testdata/store-v9.db (SQLite) and
// testdata/store-v9-postgres.sql (pg_dump --inserts of a schema) were
// written by the two stores of commit 91b4611, before they became one,
// with a row in every table; testdata/store-v9.json is what that code
// read back from them (the same from both). (Its game 2's start position
// is not one tictactoe accepts: the store keeps what it is given, and
// "bot checkdb" reports it.)

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"oyunbot/sessions/outbox"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"oyunbot/ai"
	"oyunbot/sessions"
	"oyunbot/store"
	"oyunbot/store/storetest"
)

// storeDump is everything a store gives back of the fixture's rows.
type storeDump struct {
	Active, Unsettled, Unannounced []sessions.GameRecord
	Finished                       sessions.GameRecord
	Channel                        sessions.ChannelSettings
	Challenges                     []sessions.ChallengeRecord
	Ratings, Leaderboard           []sessions.RatingRecord
	Tournaments                    []sessions.TournamentRecord
	LastTournament                 sessions.TournamentRecord
	Matches                        []sessions.MatchRecord
	Pending                        []outbox.Item
	Heartbeat                      time.Time
	User                           sessions.UserRecord
}

// dumpStore reads the fixture's rows back from s.
func dumpStore(t *testing.T, s sessions.Store) storeDump {
	t.Helper()
	ctx := t.Context()
	var d storeDump
	var errs [14]error
	d.Active, errs[0] = s.ActiveGames(ctx)
	d.Unsettled, errs[1] = s.UnsettledGames(ctx)
	d.Unannounced, errs[2] = s.UnannouncedGames(ctx)
	d.Finished, errs[3] = s.LastFinished(ctx, "telegram", "-100", "42")
	d.Channel, errs[4] = s.Channel(ctx, "telegram", "-100")
	d.Challenges, errs[5] = s.Challenges(ctx)
	d.Ratings, errs[6] = s.PlayerRatings(ctx, "telegram", "42")
	d.Leaderboard, errs[7] = s.Leaderboard(ctx, "telegram", "dama", 10)
	d.Tournaments, errs[8] = s.ActiveTournaments(ctx)
	d.LastTournament, errs[9] = s.LastTournament(ctx, "telegram", "-100")
	d.Matches, errs[10] = s.ActiveMatches(ctx)
	d.Pending, errs[11] = s.PendingReplies(ctx, "telegram")
	d.Heartbeat, errs[12] = s.Heartbeat(ctx)
	d.User, errs[13] = s.UserByName(ctx, "telegram", "ayse")
	for i, err := range errs {
		if err != nil {
			t.Fatalf("reading the fixture (%d): %v", i, err)
		}
	}
	return d
}

// checkExisting compares what s reads with what the stores of commit
// 91b4611 read from the same rows, and that the lease they wrote holds.
func checkExisting(t *testing.T, s sessions.Store) {
	t.Helper()
	data, err := os.ReadFile("testdata/store-v9.json")
	if err != nil {
		t.Fatal(err)
	}
	var want storeDump
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	storetest.Same(t, "the v9 database", dumpStore(t, s), want)
	now := time.UnixMilli(1_700_000_100_000)
	if ok, err := s.Lease(t.Context(), "sweep", "proc-b", now, time.Minute); err != nil || ok {
		t.Fatalf("another holder took the stored lease: %v, %v", ok, err)
	}
	if ok, err := s.Lease(t.Context(), "sweep", "proc-a", now, time.Minute); err != nil || !ok {
		t.Fatalf("the stored lease's holder renewed it: %v, %v", ok, err)
	}
}

// rawExec runs statements on the database at where without the store
// (which would bring its schema up to date first).
func rawExec(t *testing.T, where string, stmts ...string) {
	t.Helper()
	if store.IsPostgresURL(where) {
		conn, err := pgx.Connect(t.Context(), where)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(context.Background())
		for _, q := range stmts {
			if _, err := conn.Exec(t.Context(), q); err != nil {
				t.Fatal(q, err)
			}
		}
		return
	}
	db, err := sql.Open("sqlite", "file:"+where)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
}

// schemaOf describes the schema of the database at where: SQLite's
// sqlite_master; PostgreSQL's columns (types, collations, defaults),
// indexes and constraints.
func schemaOf(t *testing.T, where string) string {
	t.Helper()
	query := `SELECT group_concat(type || ' ' || name || ': ' || ifnull(sql, ''), char(10))
		FROM (SELECT * FROM sqlite_master ORDER BY name)`
	if store.IsPostgresURL(where) {
		query = `SELECT (SELECT string_agg(table_name || '.' || column_name || ' ' || data_type || ' ' ||
			coalesce(collation_name, '') || ' ' || coalesce(column_default, '') || ' ' || is_nullable || ' ' ||
			coalesce(identity_generation, ''), E'\n' ORDER BY table_name, column_name)
		FROM information_schema.columns WHERE table_schema = current_schema()) || E'\n' ||
		(SELECT string_agg(indexname || ' ' || replace(indexdef, schemaname || '.', ''), E'\n' ORDER BY indexname)
		FROM pg_indexes WHERE schemaname = current_schema()) || E'\n' ||
		(SELECT string_agg(conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid), E'\n' ORDER BY conname)
		FROM pg_constraint WHERE connamespace = current_schema()::regnamespace)`
	}
	got, err := open(t, where).RawForTest(t.Context(), query)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestExistingDatabase: a SQLite file and a PostgreSQL schema written by
// the stores of commit 91b4611 (schema version 9) open and read as they
// were written, and a new database gets the schema they had.
func TestExistingDatabase(t *testing.T) {
	bothStores(t, func(t *testing.T, fresh func() string) {
		where := fresh()
		if store.IsPostgresURL(where) {
			dump, err := os.ReadFile("testdata/store-v9-postgres.sql")
			if err != nil {
				t.Fatal(err)
			}
			u, err := url.Parse(where)
			if err != nil {
				t.Fatal(err)
			}
			rawExec(t, where, strings.ReplaceAll(string(dump), "oyunbot_fixture", u.Query().Get("search_path")))
		} else {
			data, err := os.ReadFile("testdata/store-v9.db")
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(where, data, 0o600); err != nil {
				t.Fatal(err)
			}
		}
		checkExisting(t, open(t, where))
		if got, want := schemaOf(t, fresh()), schemaOf(t, where); got != want {
			t.Fatalf("a new database's schema:\n%s\nwant the old one's:\n%s", got, want)
		}
	})
}

// TestMigrateFromEveryVersion: a database left at any earlier schema
// version (its first migrations applied, as the bot of the time did) is
// brought up to date, its rows kept, to a new database's schema.
func TestMigrateFromEveryVersion(t *testing.T) {
	bothStores(t, func(t *testing.T, fresh func() string) {
		want := schemaOf(t, fresh())
		for v := 1; v < 9; v++ { // update with each migration
			where := fresh()
			migrations := store.MigrationsForTest(where)
			stmts := append(migrations[:v:v], `CREATE TABLE schema_version (version INTEGER NOT NULL)`,
				fmt.Sprintf(`INSERT INTO schema_version (version) VALUES (%d)`, v),
				`INSERT INTO games (game, platform, channel, players, moves, started_ms, last_ms, over, winner, reason)
				VALUES ('tictactoe', 'tg', 'c', '[{"ID":"42","Name":"Ayşe"},{"ID":"7","Name":"Bora"}]', '["b2"]', 1, 2, 1, 1, 'resigned')`)
			rawExec(t, where, stmts...)
			s := open(t, where)
			if n, err := s.Version(t.Context()); err != nil || n != len(migrations) {
				t.Fatalf("from version %d: version %d, %v", v, n, err)
			}
			g, err := s.Game(t.Context(), 1)
			if err != nil || g.Game != "tictactoe" || g.Players[1].Name != "Bora" || len(g.Moves) != 1 ||
				g.Result != (sessions.Result{Over: true, Winner: ai.Second, Reason: "resigned"}) {
				t.Fatalf("from version %d: game %+v, %v", v, g, err)
			}
			if got := schemaOf(t, where); got != want {
				t.Fatalf("from version %d: schema\n%s\nwant a new database's:\n%s", v, got, want)
			}
		}
	})
}
