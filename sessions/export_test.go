package sessions

import "context"

// ExecForTest runs raw SQL, for tests that tamper with the database.
func (s *SQLiteStore) ExecForTest(ctx context.Context, query string) error {
	_, err := s.db.ExecContext(ctx, query)
	return err
}
