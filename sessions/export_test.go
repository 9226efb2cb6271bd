package sessions

import (
	"context"
	"testing"
)

// SQLStoreForTest is what the internal tests use of the SQL store: the
// Store.
type SQLStoreForTest interface {
	Store
}

// OpenSQLiteForTest opens the SQL store (package store) on a SQLite file.
// The internal tests that need a real database (a restart on the same
// file, two copies of a game sharing one) cannot import package store,
// which imports sessions; sqlstore_test.go, of package sessions_test and
// linked into the same test binary, sets this in its init.
var OpenSQLiteForTest func(ctx context.Context, path string) (SQLStoreForTest, error)

// openSQLite opens a SQLite store at path for an internal test, closed
// when the test ends.
func openSQLite(t testing.TB, path string) SQLStoreForTest {
	t.Helper()
	if OpenSQLiteForTest == nil {
		t.Fatal("sessions.OpenSQLiteForTest not set (sqlstore_test.go's init)")
	}
	st, err := OpenSQLiteForTest(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}
