package store

import "context"

// RawForTest reads one value with raw SQL as text, for tests that check a
// row is left exactly as it was.
func (s *SQLStore) RawForTest(ctx context.Context, query string, args ...any) (string, error) {
	var v string
	err := s.db.QueryRowContext(ctx, query, args...).Scan(&v)
	return v, err
}
