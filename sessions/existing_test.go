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
	checkExisting(t, openStore(t, path))
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
	schema := u.Query().Get("search_path")
	if _, err := conn.Exec(t.Context(), strings.ReplaceAll(string(dump), "oyunbot_fixture", schema)); err != nil {
		t.Fatal(err)
	}
	checkExisting(t, openPostgres(t, dbURL))
}
