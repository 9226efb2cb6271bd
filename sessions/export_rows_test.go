package sessions

import "context"

// RawForTest reads one text value with raw SQL, for tests that check a row
// is left exactly as it was.
func (s *SQLiteStore) RawForTest(ctx context.Context, query string) (string, error) {
	var v string
	err := s.db.QueryRowContext(ctx, query).Scan(&v)
	return v, err
}
