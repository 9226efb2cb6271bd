package store

import (
	"context"
	"database/sql"
	"oyunbot/sessions"
	"path/filepath"
	"testing"
	"time"
)

// TestMigrateFromVersion1: a database written by the first schema gains the
// new columns with the right values (people's ids for the last-game
// lookup, finished games settled, unfinished ones not).
func TestMigrateFromVersion1(t *testing.T) {
	ctx := context.Background()
	migrations, err := sqlite.migrations()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "v1.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`CREATE TABLE schema_version (version INTEGER NOT NULL)`,
		`INSERT INTO schema_version (version) VALUES (1)`,
		migrations[0],
		`INSERT INTO games (game, platform, channel, players, moves, started_ms, last_ms, over, winner, reason)
			VALUES ('tictactoe', 'tg', 'c', '[{"ID":"42","Name":"Ayşe","Bot":false},{"ID":"@bot","Name":"oyunbot","Bot":true}]',
			'["b2"]', 1, 2, 1, 1, 'resigned')`,
		`INSERT INTO games (game, platform, channel, players, moves, started_ms, last_ms)
			VALUES ('dama', 'tg', 'c', '[{"ID":"7","Name":"Bora","Bot":false},{"ID":"42","Name":"Ayşe","Bot":false}]', '[]', 3, 4)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	db.Close()

	s, err := OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if v, _ := s.Version(ctx); v != len(migrations) {
		t.Fatalf("version %d", v)
	}
	last, err := s.LastFinished(ctx, "tg", "c", "42")
	if err != nil || last.ID != 1 || !last.Settled || last.Rated {
		t.Fatalf("last finished %+v %v", last, err)
	}
	if _, err := s.LastFinished(ctx, "tg", "c", "@bot"); err != sessions.ErrNotFound {
		t.Fatalf("the bot's last game: %v", err)
	}
	active, err := s.ActiveGames(ctx)
	if err != nil || len(active) != 1 || active[0].Settled || !active[0].TimeControl.IsZero() {
		t.Fatalf("active %+v %v", active, err)
	}
	if un, err := s.UnsettledGames(ctx); err != nil || len(un) != 0 {
		t.Fatalf("unsettled %+v %v", un, err)
	}
}

// TestMigrateOutboxClaims: replies a version-7 database kept pending are
// free after migration 8: no owner, no claim, and the first claimer takes
// them, oldest first.
func TestMigrateOutboxClaims(t *testing.T) {
	ctx := context.Background()
	migrations, err := sqlite.migrations()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "v7.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	qs := []string{`CREATE TABLE schema_version (version INTEGER NOT NULL)`, `INSERT INTO schema_version (version) VALUES (7)`}
	qs = append(qs, migrations[:7]...)
	qs = append(qs, `INSERT INTO outbox (platform, channel, data, created_ms) VALUES ('tg', 'c', 'a', 1), ('tg', 'c', 'b', 2)`)
	for _, q := range qs {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(q, err)
		}
	}
	db.Close()

	s, err := OpenSQLite(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	pending, err := s.PendingReplies(ctx, "tg")
	if err != nil || len(pending) != 2 || pending[0].Owner != "" || !pending[0].ClaimUntil.IsZero() {
		t.Fatalf("pending after migrating: %+v, %v", pending, err)
	}
	now := time.UnixMilli(1_700_000_000_000)
	got, err := s.ClaimReplies(ctx, "tg", "p1", now, now.Add(time.Minute))
	if err != nil || len(got) != 2 || string(got[0].Data) != "a" || string(got[1].Data) != "b" || got[1].Owner != "p1" {
		t.Fatalf("claimed after migrating: %+v, %v", got, err)
	}
}
