package sessions

import (
	"context"
	"testing"
)

// ExecForTest runs raw SQL, for tests that tamper with the database.
func (s *PostgresStore) ExecForTest(ctx context.Context, query string, args ...any) error {
	_, err := s.pool.Exec(ctx, query, args...)
	return err
}

// RawForTest reads one value with raw SQL as text.
func (s *PostgresStore) RawForTest(ctx context.Context, query string, args ...any) (string, error) {
	var v string
	err := s.pool.QueryRow(ctx, query, args...).Scan(&v)
	return v, err
}

// TestPostgresMigrationsMirrorSQLite: each store has one migration for each
// of the other's, so that a schema version means the same on both.
func TestPostgresMigrationsMirrorSQLite(t *testing.T) {
	if len(pgMigrations) != len(migrations) {
		t.Fatalf("%d PostgreSQL migrations, %d SQLite ones: a migration added to one store must be added to the other",
			len(pgMigrations), len(migrations))
	}
}
