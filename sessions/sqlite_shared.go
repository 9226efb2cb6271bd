package sessions

// sqlite_shared.go: what several processes sharing the store need (a
// channel's games, leases); an SQLite file is one process's in practice,
// but the store behaves as the conformance suite says all the same.

import (
	"context"
	"fmt"
	"time"
)

// ChannelGames loads a channel's unfinished games, oldest first.
func (s *SQLiteStore) ChannelGames(ctx context.Context, platform, channelID string) ([]GameRecord, error) {
	return s.games(ctx, `SELECT `+gameColumns+` FROM games WHERE platform = ? AND channel = ? AND over = 0 ORDER BY id`,
		platform, channelID)
}

// Lease takes or renews the lease name for holder.
func (s *SQLiteStore) Lease(ctx context.Context, name, holder string, now time.Time, ttl time.Duration) (bool, error) {
	res, err := s.db.ExecContext(ctx, `INSERT INTO leases (name, holder, until_ms) VALUES (?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until_ms = excluded.until_ms
		WHERE leases.holder = excluded.holder OR leases.until_ms <= ?`, name, holder, ms(now.Add(ttl)), ms(now))
	if err != nil {
		return false, fmt.Errorf("sessions: lease %s: %w", name, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("sessions: lease %s: %w", name, err)
	}
	return n == 1, nil
}

// ReleaseLease gives up holder's lease name.
func (s *SQLiteStore) ReleaseLease(ctx context.Context, name, holder string) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM leases WHERE name = ? AND holder = ?`, name, holder); err != nil {
		return fmt.Errorf("sessions: release lease %s: %w", name, err)
	}
	return nil
}

// TakeChallenge deletes a challenge and reports whether it was there.
func (s *SQLiteStore) TakeChallenge(ctx context.Context, platform, channelID, fromID, toID string, created time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, `DELETE FROM challenges
		WHERE platform = ? AND channel = ? AND from_id = ? AND to_id = ? AND created_ms = ?`,
		platform, channelID, fromID, toID, ms(created))
	if err != nil {
		return false, fmt.Errorf("sessions: take challenge: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("sessions: take challenge: %w", err)
	}
	return n == 1, nil
}
