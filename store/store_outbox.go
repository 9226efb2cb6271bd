package store

// store_outbox.go stores the replies on their way to the platforms.

import (
	"cmp"
	"context"
	"fmt"
	"maps"
	"oyunbot/sessions/outbox"
	"slices"
	"time"
)

// EnqueueReplies stores items and marks the games they announce, atomically.
// The games are marked after the inserts, in id order, so that two
// enqueues never deadlock.
func (s *SQLStore) EnqueueReplies(ctx context.Context, items []outbox.Item) ([]outbox.Item, error) {
	if len(items) == 0 {
		return items, nil
	}
	var out []outbox.Item
	err := s.inTx(ctx, func(tx querier) error {
		out = make([]outbox.Item, len(items))
		announced := map[int64]int64{}
		for i, it := range items {
			var err error
			if it.ID, err = s.insert(ctx, tx, `INSERT INTO outbox (platform, channel, game, version, data, created_ms,
				owner, claim_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, it.Platform, it.ChannelID, it.Game, it.Version, it.Data,
				ms(it.Created), it.Owner, ms(it.ClaimUntil)); err != nil {
				return err
			}
			if it.Game != 0 {
				announced[it.Game] = max(announced[it.Game], it.Version)
			}
			out[i] = it
		}
		for _, game := range slices.Sorted(maps.Keys(announced)) {
			if _, err := tx.ExecContext(ctx, `UPDATE games SET announced = ? WHERE id = ? AND announced < ?`,
				announced[game], game, announced[game]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, wrapped("enqueue replies", err)
	}
	return out, nil
}

// PendingReplies loads a platform's undelivered replies, oldest first.
func (s *SQLStore) PendingReplies(ctx context.Context, platform string) ([]outbox.Item, error) {
	out, err := list(ctx, s, "", replyRow, `SELECT `+replyColumns+` FROM outbox WHERE platform = ? AND state = ''
		ORDER BY id`, platform)
	return out, wrapped("pending replies", err)
}

// ClaimReplies claims the platform's free replies for owner, in one
// statement; they come back in id order (the order a chat's replies are
// sent in).
func (s *SQLStore) ClaimReplies(ctx context.Context, platform, owner string, now, until time.Time) ([]outbox.Item, error) {
	out, err := list(ctx, s, "", replyRow, `UPDATE outbox SET owner = ?, claim_ms = ? WHERE id IN (
			SELECT id FROM outbox WHERE platform = ? AND state = '' AND claim_ms <= ?`+s.d.skipLocked+`)
		RETURNING `+replyColumns, owner, ms(until), platform, ms(now))
	slices.SortFunc(out, func(a, b outbox.Item) int { return cmp.Compare(a.ID, b.ID) })
	return out, wrapped("claim replies", err)
}

// RenewReplies moves the claims of owner's replies to until.
func (s *SQLStore) RenewReplies(ctx context.Context, owner string, until time.Time) ([]int64, error) {
	ids, err := list(ctx, s, "", idRow, `UPDATE outbox SET claim_ms = ? WHERE owner = ? AND state = '' RETURNING id`,
		ms(until), owner)
	return ids, wrapped("renew replies", err)
}

// DeliveredReply deletes reply id.
func (s *SQLStore) DeliveredReply(ctx context.Context, id int64) error {
	_, err := s.q.ExecContext(ctx, `DELETE FROM outbox WHERE id = ?`, id)
	return wrapped(fmt.Sprintf("delivered reply %d", id), err)
}

// AbandonReply marks reply id stale or failed; the row stays as the record.
func (s *SQLStore) AbandonReply(ctx context.Context, id int64, state, note string) error {
	if state != outbox.Stale && state != outbox.Failed {
		return fmt.Errorf("store: abandon reply %d: bad state %q", id, state)
	}
	_, err := s.q.ExecContext(ctx, `UPDATE outbox SET state = ?, note = ? WHERE id = ?`, state, note, id)
	return wrapped(fmt.Sprintf("abandon reply %d", id), err)
}
