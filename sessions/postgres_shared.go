package sessions

// postgres_shared.go: what several processes sharing the store need (a
// channel's games, leases).

import (
	"context"
	"fmt"
	"time"
)

// ChannelGames loads a channel's unfinished games, oldest first.
func (s *PostgresStore) ChannelGames(ctx context.Context, platform, channelID string) ([]GameRecord, error) {
	return s.games(ctx, `SELECT `+gameColumns+` FROM games WHERE platform = $1 AND channel = $2 AND over = 0 ORDER BY id`,
		platform, channelID)
}

// Lease takes or renews the lease name for holder. The upsert is one
// statement: of two processes racing for a free lease, one inserts and
// the other's conflict update finds the new holder's unexpired lease.
func (s *PostgresStore) Lease(ctx context.Context, name, holder string, now time.Time, ttl time.Duration) (bool, error) {
	tag, err := s.pool.Exec(ctx, `INSERT INTO leases (name, holder, until_ms) VALUES ($1, $2, $3)
		ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until_ms = excluded.until_ms
		WHERE leases.holder = excluded.holder OR leases.until_ms <= $4`, name, holder, ms(now.Add(ttl)), ms(now))
	if err != nil {
		return false, fmt.Errorf("sessions: lease %s: %w", name, err)
	}
	return tag.RowsAffected() == 1, nil
}

// ReleaseLease gives up holder's lease name.
func (s *PostgresStore) ReleaseLease(ctx context.Context, name, holder string) error {
	if _, err := s.pool.Exec(ctx, `DELETE FROM leases WHERE name = $1 AND holder = $2`, name, holder); err != nil {
		return fmt.Errorf("sessions: release lease %s: %w", name, err)
	}
	return nil
}

// TakeChallenge deletes a challenge and reports whether it was there.
func (s *PostgresStore) TakeChallenge(ctx context.Context, platform, channelID, fromID, toID string, created time.Time) (bool, error) {
	tag, err := s.pool.Exec(ctx, `DELETE FROM challenges
		WHERE platform = $1 AND channel = $2 AND from_id = $3 AND to_id = $4 AND created_ms = $5`,
		platform, channelID, fromID, toID, ms(created))
	if err != nil {
		return false, fmt.Errorf("sessions: take challenge: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}
