package sessions_test

// existing_test.go: databases written by earlier versions of the bot open
// and read as they were written. testdata/store-v9.db (SQLite) and
// testdata/store-v9-postgres.sql (pg_dump --inserts of a schema) were
// written by the two stores of commit 91b4611, before they became one,
// with a row in every table; testdata/store-v9.json is what that code
// read back from them (the same from both).

import (
	"context"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"oyunbot/sessions"
	"oyunbot/sessions/pgtest"
	"oyunbot/sessions/storetest"
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
	Pending                        []sessions.OutboxItem
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

// TestExistingSQLiteFile: a file written by the SQLite store of commit
// 91b4611 (schema version 9) opens and reads as it was written.
func TestExistingSQLiteFile(t *testing.T) {
	data, err := os.ReadFile("testdata/store-v9.db")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "old.db")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	old := openStore(t, path)
	checkExisting(t, old)
	// A new file gets the schema the old code gave it.
	const schema = `SELECT group_concat(type || ' ' || name || ': ' || ifnull(sql, ''), char(10))
		FROM (SELECT * FROM sqlite_master ORDER BY name)`
	want, err := old.RawForTest(t.Context(), schema)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := openStore(t, filepath.Join(t.TempDir(), "new.db")).RawForTest(t.Context(), schema); err != nil || got != want {
		t.Fatalf("a new database's schema:\n%s\n%v\nwant the old one's:\n%s", got, err, want)
	}
}

// TestExistingPostgresSchema: a schema written by the PostgreSQL store of
// commit 91b4611 (schema version 9) opens and reads as it was written.
func TestExistingPostgresSchema(t *testing.T) {
	dbURL := pgtest.Schema(t)
	dump, err := os.ReadFile("testdata/store-v9-postgres.sql")
	if err != nil {
		t.Fatal(err)
	}
	u, err := url.Parse(dbURL)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(t.Context(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(t.Context(), strings.ReplaceAll(string(dump), "oyunbot_fixture", u.Query().Get("search_path"))); err != nil {
		t.Fatal(err)
	}
	old := openPostgres(t, dbURL)
	checkExisting(t, old)
	// A new schema is the one the old code made.
	const schema = `SELECT (SELECT string_agg(table_name || '.' || column_name || ' ' || data_type || ' ' ||
			coalesce(collation_name, '') || ' ' || coalesce(column_default, '') || ' ' || is_nullable || ' ' ||
			coalesce(identity_generation, ''), E'\n' ORDER BY table_name, column_name)
		FROM information_schema.columns WHERE table_schema = current_schema()) || E'\n' ||
		(SELECT string_agg(indexname || ' ' || replace(indexdef, schemaname || '.', ''), E'\n' ORDER BY indexname)
		FROM pg_indexes WHERE schemaname = current_schema()) || E'\n' ||
		(SELECT string_agg(conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid), E'\n' ORDER BY conname)
		FROM pg_constraint WHERE connamespace = current_schema()::regnamespace)`
	want, err := old.RawForTest(t.Context(), schema)
	if err != nil {
		t.Fatal(err)
	}
	if got, err := openPostgres(t, pgtest.Schema(t)).RawForTest(t.Context(), schema); err != nil || got != want {
		t.Fatalf("a new schema:\n%s\n%v\nwant the old one's:\n%s", got, err, want)
	}
}
