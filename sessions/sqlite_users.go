package sessions

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// RememberUser stores u under its name.
func (s *SQLiteStore) RememberUser(ctx context.Context, u UserRecord) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO users (platform, name, id, display) VALUES (?, ?, ?, ?)
		ON CONFLICT (platform, name) DO UPDATE SET id = excluded.id, display = excluded.display`,
		u.Platform, u.Name, u.ID, u.Display)
	if err != nil {
		return fmt.Errorf("sessions: remember user %s: %w", u.Name, err)
	}
	return nil
}

// UserByName loads the user remembered under name.
func (s *SQLiteStore) UserByName(ctx context.Context, platform, name string) (UserRecord, error) {
	u := UserRecord{Platform: platform, Name: name}
	err := s.db.QueryRowContext(ctx, `SELECT id, display FROM users WHERE platform = ? AND name = ?`,
		platform, name).Scan(&u.ID, &u.Display)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return UserRecord{}, ErrNotFound
	case err != nil:
		return UserRecord{}, fmt.Errorf("sessions: user %s: %w", name, err)
	}
	return u, nil
}
