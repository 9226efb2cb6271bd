package sessions

import (
	"context"
	"fmt"
	"time"
)

// EnqueueReplies stores items and marks the games they announce, atomically.
func (s *SQLiteStore) EnqueueReplies(ctx context.Context, items []OutboxItem) ([]OutboxItem, error) {
	if len(items) == 0 {
		return items, nil
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("sessions: enqueue replies: %w", err)
	}
	defer tx.Rollback()
	out := make([]OutboxItem, len(items))
	for i, it := range items {
		res, err := tx.ExecContext(ctx, `INSERT INTO outbox (platform, channel, game, version, data, created_ms, owner, claim_ms)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, it.Platform, it.ChannelID, it.Game, it.Version, it.Data, ms(it.Created),
			it.Owner, ms(it.ClaimUntil))
		if err != nil {
			return nil, fmt.Errorf("sessions: enqueue reply: %w", err)
		}
		if it.ID, err = res.LastInsertId(); err != nil {
			return nil, err
		}
		if it.Game != 0 {
			if _, err := tx.ExecContext(ctx, `UPDATE games SET announced = max(announced, ?) WHERE id = ?`,
				it.Version, it.Game); err != nil {
				return nil, fmt.Errorf("sessions: enqueue reply: %w", err)
			}
		}
		out[i] = it
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("sessions: enqueue replies: %w", err)
	}
	return out, nil
}

// PendingReplies loads a platform's undelivered replies, oldest first.
func (s *SQLiteStore) PendingReplies(ctx context.Context, platform string) ([]OutboxItem, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+replyColumns+`
		FROM outbox WHERE platform = ? AND state = '' ORDER BY id`, platform)
	if err != nil {
		return nil, fmt.Errorf("sessions: pending replies: %w", err)
	}
	defer rows.Close()
	return readReplies(rows)
}

// ClaimReplies claims the platform's free replies for owner, in one
// statement (SQLite runs one writer at a time).
func (s *SQLiteStore) ClaimReplies(ctx context.Context, platform, owner string, now, until time.Time) ([]OutboxItem, error) {
	rows, err := s.db.QueryContext(ctx, `UPDATE outbox SET owner = ?, claim_ms = ?
		WHERE platform = ? AND state = '' AND claim_ms <= ? RETURNING `+replyColumns,
		owner, ms(until), platform, ms(now))
	if err != nil {
		return nil, fmt.Errorf("sessions: claim replies: %w", err)
	}
	defer rows.Close()
	return claimedReplies(rows)
}

// RenewReplies moves the claims of owner's replies to until.
func (s *SQLiteStore) RenewReplies(ctx context.Context, owner string, until time.Time) ([]int64, error) {
	rows, err := s.db.QueryContext(ctx, `UPDATE outbox SET claim_ms = ? WHERE owner = ? AND state = '' RETURNING id`,
		ms(until), owner)
	if err != nil {
		return nil, fmt.Errorf("sessions: renew replies: %w", err)
	}
	defer rows.Close()
	ids, err := readIDs(rows)
	if err != nil {
		return nil, fmt.Errorf("sessions: renew replies: %w", err)
	}
	return ids, nil
}

// DeliveredReply deletes reply id.
func (s *SQLiteStore) DeliveredReply(ctx context.Context, id int64) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM outbox WHERE id = ?`, id); err != nil {
		return fmt.Errorf("sessions: delivered reply %d: %w", id, err)
	}
	return nil
}

// AbandonReply marks reply id stale or failed; the row stays as the record.
func (s *SQLiteStore) AbandonReply(ctx context.Context, id int64, state, note string) error {
	if state != ReplyStale && state != ReplyFailed {
		return fmt.Errorf("sessions: abandon reply %d: bad state %q", id, state)
	}
	if _, err := s.db.ExecContext(ctx, `UPDATE outbox SET state = ?, note = ? WHERE id = ?`,
		state, note, id); err != nil {
		return fmt.Errorf("sessions: abandon reply %d: %w", id, err)
	}
	return nil
}

// UnannouncedGames loads the games saved after their last announced version.
func (s *SQLiteStore) UnannouncedGames(ctx context.Context) ([]GameRecord, error) {
	return s.games(ctx, `SELECT `+gameColumns+` FROM games WHERE announced < version ORDER BY id`)
}
