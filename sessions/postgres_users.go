package sessions

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// RememberUser stores u under its name.
func (s *PostgresStore) RememberUser(ctx context.Context, u UserRecord) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO users (platform, name, id, display) VALUES ($1, $2, $3, $4)
		ON CONFLICT (platform, name) DO UPDATE SET id = excluded.id, display = excluded.display`,
		u.Platform, u.Name, u.ID, u.Display)
	if err != nil {
		return fmt.Errorf("sessions: remember user %s: %w", u.Name, err)
	}
	return nil
}

// UserByName loads the user remembered under name.
func (s *PostgresStore) UserByName(ctx context.Context, platform, name string) (UserRecord, error) {
	u := UserRecord{Platform: platform, Name: name}
	err := s.pool.QueryRow(ctx, `SELECT id, display FROM users WHERE platform = $1 AND name = $2`,
		platform, name).Scan(&u.ID, &u.Display)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return UserRecord{}, ErrNotFound
	case err != nil:
		return UserRecord{}, fmt.Errorf("sessions: user %s: %w", name, err)
	}
	return u, nil
}
