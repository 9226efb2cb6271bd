// Package pgtest gives tests outside package store a PostgreSQL store of
// their own: a fresh schema on the server OYUNBOT_TEST_POSTGRES names,
// dropped when the test ends. Without the variable the test is skipped
// (failed under CI=true, which never skips: .ci/run starts a server).
package pgtest

import (
	"context"
	"crypto/rand"
	"net/url"
	"os"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"oyunbot/store"
)

// Env names the PostgreSQL server the tests may use.
const Env = "OYUNBOT_TEST_POSTGRES"

// Available reports whether a server is set for the tests.
func Available() bool { return os.Getenv(Env) != "" }

// Require returns the server's URL; it skips the test when no server is
// set (fails it under CI=true).
func Require(t testing.TB) string {
	t.Helper()
	base := os.Getenv(Env)
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set, and CI=true: CI never skips the PostgreSQL tests (.ci/run sets it)", Env)
		}
		t.Skipf("set %s=postgres://user:password@127.0.0.1:5432/dbname (a database where the tests may create and drop schemas) "+
			"to run this test on PostgreSQL, or run bash .ci/run, which starts a throwaway server", Env)
	}
	return base
}

// Schema creates an empty schema for the test, dropped when it ends, and
// returns the server's URL with that schema as the search path; it skips
// the test when no server is set.
func Schema(t testing.TB) string {
	t.Helper()
	base := Require(t)
	ctx := context.Background()
	conn, err := pgx.Connect(ctx, base)
	if err != nil {
		t.Fatalf("connecting to %s: %v", store.RedactURL(base), err)
	}
	defer conn.Close(ctx)
	schema := "oyunbot_test_" + strings.ToLower(rand.Text()[:12])
	if _, err := conn.Exec(ctx, `CREATE SCHEMA `+schema); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		conn, err := pgx.Connect(ctx, base)
		if err != nil {
			t.Errorf("dropping schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, `DROP SCHEMA `+schema+` CASCADE`); err != nil {
			t.Errorf("dropping schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// Open opens a store on a fresh schema (see Schema), closed when the test
// ends.
func Open(t testing.TB) *store.SQLStore {
	t.Helper()
	return OpenURL(t, Schema(t))
}

// OpenURL opens another store on the schema of url (a second process on
// the same database), closed when the test ends.
func OpenURL(t testing.TB, url string) *store.SQLStore {
	t.Helper()
	s, err := store.OpenPostgres(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}
