package store

import "context"

// ExecForTest runs raw SQL, for tests that tamper with the database.
func (s *SQLStore) ExecForTest(ctx context.Context, query string, args ...any) error {
	_, err := s.db.ExecContext(ctx, query, args...)
	return err
}

// ReadOnlyForTest makes a SQLite database refuse every write (on) or
// accept them again (off): SQLite's own error, as a full or failing disk
// gives. The store keeps one connection from then on, so the setting holds.
func (s *SQLStore) ReadOnlyForTest(ctx context.Context, on bool) error {
	s.db.SetMaxOpenConns(1)
	v := "OFF"
	if on {
		v = "ON"
	}
	_, err := s.db.ExecContext(ctx, "PRAGMA query_only = "+v)
	return err
}

// MigrationsForTest are the migrations of the database at where (a SQLite
// file or a PostgreSQL URL), in order.
func MigrationsForTest(where string) []string {
	d := &sqlite
	if IsPostgresURL(where) {
		d = &postgres
	}
	m, err := d.migrations()
	if err != nil {
		panic(err)
	}
	return m
}

// MaxConnsForTest is the most connections the store opens at once.
func (s *SQLStore) MaxConnsForTest() int { return s.db.Stats().MaxOpenConnections }
