package sessions

// sqlite_heartbeat.go stores the Manager's heartbeat and the clock credit
// for the time the bot was down.

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Heartbeat loads the last time a Manager recorded itself running.
func (s *SQLiteStore) Heartbeat(ctx context.Context) (time.Time, error) {
	var at int64
	err := s.db.QueryRowContext(ctx, `SELECT at_ms FROM heartbeat WHERE id = 1`).Scan(&at)
	if errors.Is(err, sql.ErrNoRows) {
		return time.Time{}, ErrNotFound
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("sessions: heartbeat: %w", err)
	}
	return fromMS(at), nil
}

// SaveHeartbeat records t as the last time the Manager was running.
func (s *SQLiteStore) SaveHeartbeat(ctx context.Context, t time.Time) error {
	if err := saveHeartbeat(ctx, s.db, t); err != nil {
		return fmt.Errorf("sessions: save heartbeat: %w", err)
	}
	return nil
}

type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func saveHeartbeat(ctx context.Context, db execer, t time.Time) error {
	_, err := db.ExecContext(ctx, `INSERT INTO heartbeat (id, at_ms) VALUES (1, ?)
		ON CONFLICT (id) DO UPDATE SET at_ms = excluded.at_ms`, ms(t))
	return err
}

// CreditDowntime sets the last-move time of the unfinished games in last
// and, unless heartbeat is zero, the heartbeat, in one transaction.
func (s *SQLiteStore) CreditDowntime(ctx context.Context, last map[int64]time.Time, heartbeat time.Time) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sessions: credit downtime: %w", err)
	}
	defer tx.Rollback()
	for id, t := range last {
		// over = 0: a game that ended meanwhile keeps the time it ended.
		if _, err := tx.ExecContext(ctx, `UPDATE games SET last_ms = ? WHERE id = ? AND over = 0`, ms(t), id); err != nil {
			return fmt.Errorf("sessions: credit downtime to game %d: %w", id, err)
		}
	}
	if !heartbeat.IsZero() {
		if err := saveHeartbeat(ctx, tx, heartbeat); err != nil {
			return fmt.Errorf("sessions: credit downtime: %w", err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sessions: credit downtime: %w", err)
	}
	return nil
}
