package sessions_test

// sqlstore_test.go opens the SQL store (package store) under the Manager's
// tests. The store's own tests, and the raw-SQL hooks they use, moved with
// it to package store; the Manager's tests that damage rows or the disk
// by hand reach the database through store.SQLStore.DB.

import (
	"context"
	"testing"

	"oyunbot/sessions"
	"oyunbot/store"
	"oyunbot/store/pgtest"
)

// sqlStore is the SQL store with the hooks of tests that tamper with its
// database.
type sqlStore struct{ *store.SQLStore }

// ExecForTest runs raw SQL, for tests that tamper with the database.
func (s sqlStore) ExecForTest(ctx context.Context, query string, args ...any) error {
	_, err := s.DB().ExecContext(ctx, query, args...)
	return err
}

// RawForTest reads one value with raw SQL as text, for tests that check a
// row is left exactly as it was.
func (s sqlStore) RawForTest(ctx context.Context, query string, args ...any) (string, error) {
	var v string
	err := s.DB().QueryRowContext(ctx, query, args...).Scan(&v)
	return v, err
}

// ReadOnlyForTest makes a SQLite database refuse every write (on) or
// accept them again (off): SQLite's own error, as a full or failing disk
// gives. The store keeps one connection from then on, so the setting holds.
func (s sqlStore) ReadOnlyForTest(ctx context.Context, on bool) error {
	s.DB().SetMaxOpenConns(1)
	v := "OFF"
	if on {
		v = "ON"
	}
	_, err := s.DB().ExecContext(ctx, "PRAGMA query_only = "+v)
	return err
}

// open opens the store at where (a SQLite file, store.MemoryDB or a
// PostgreSQL URL), closed when the test ends.
func open(t testing.TB, where string) sqlStore {
	t.Helper()
	var (
		s   *store.SQLStore
		err error
	)
	if store.IsPostgresURL(where) {
		s, err = store.OpenPostgres(context.Background(), where)
	} else {
		s, err = store.OpenSQLite(context.Background(), where)
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return sqlStore{s}
}

func openStore(t testing.TB, path string) sqlStore     { return open(t, path) }
func openPostgres(t testing.TB, dbURL string) sqlStore { return open(t, dbURL) }

// freshSchema creates an empty schema for one test, dropped when the test
// ends, and returns the server's URL with that schema as the search path.
func freshSchema(t testing.TB) string { return pgtest.Schema(t) }

// The internal tests open the SQL store through this (export_test.go).
func init() {
	sessions.OpenSQLiteForTest = func(ctx context.Context, path string) (sessions.SQLStoreForTest, error) {
		return store.OpenSQLite(ctx, path)
	}
}
