package store

// store_boards.go remembers the message showing each game's board.

import (
	"context"
	"oyunbot/sessions/outbox"
	"time"
)

// LiveBoard loads the board message of game in a chat.
func (s *SQLStore) LiveBoard(ctx context.Context, platform, channelID string, game int64) (outbox.LiveBoard, error) {
	b := outbox.LiveBoard{Platform: platform, ChannelID: channelID, Game: game}
	var posted, shown int64
	err := s.one(ctx, `SELECT ref, posted_ms, shown_ms, version FROM live_boards WHERE platform = ? AND channel = ? AND game_id = ?`,
		[]any{platform, channelID, game}, &b.Ref, &posted, &shown, &b.Version)
	b.Posted, b.Shown = fromMS(posted), fromMS(shown)
	return b, wrapped("live board", err)
}

// SaveLiveBoard stores b, replacing the game's earlier board message in
// that chat.
func (s *SQLStore) SaveLiveBoard(ctx context.Context, b outbox.LiveBoard) error {
	_, err := s.q.ExecContext(ctx, `INSERT INTO live_boards (platform, channel, game_id, ref, posted_ms, shown_ms, version)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (platform, channel, game_id) DO UPDATE SET ref = excluded.ref, posted_ms = excluded.posted_ms,
		shown_ms = excluded.shown_ms, version = excluded.version`, b.Platform, b.ChannelID, b.Game, b.Ref, ms(b.Posted),
		ms(b.Shown), b.Version)
	return wrapped("save live board", err)
}

// GameBoards loads the board messages of game in every chat of a platform.
func (s *SQLStore) GameBoards(ctx context.Context, platform string, game int64) ([]outbox.LiveBoard, error) {
	out, err := list(ctx, s, "", func(r scanner) (outbox.LiveBoard, string, error) {
		b := outbox.LiveBoard{Platform: platform, Game: game}
		var posted, shown int64
		err := r.Scan(&b.ChannelID, &b.Ref, &posted, &shown, &b.Version)
		b.Posted, b.Shown = fromMS(posted), fromMS(shown)
		return b, b.ChannelID, err
	}, `SELECT channel, ref, posted_ms, shown_ms, version FROM live_boards WHERE platform = ? AND game_id = ? AND ref <> '' ORDER BY channel`,
		platform, game)
	return out, wrapped("game boards", err)
}

// ForgetLiveBoards drops the board messages last shown before t.
func (s *SQLStore) ForgetLiveBoards(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.q.ExecContext(ctx, `DELETE FROM live_boards WHERE shown_ms < ?`, ms(before))
	if err != nil {
		return 0, wrapped("forget live boards", err)
	}
	n, err := res.RowsAffected()
	return n, wrapped("forget live boards", err)
}

// LeaseLiveBoard gives owner the lease on game's board in a chat when it
// is free; a board never shown gets its row (no message yet) with the
// lease.
func (s *SQLStore) LeaseLiveBoard(ctx context.Context, platform, channelID string, game int64, owner string, now, until time.Time) (bool, error) {
	res, err := s.q.ExecContext(ctx, `INSERT INTO live_boards (platform, channel, game_id, ref, posted_ms, shown_ms, version, lease_owner, lease_ms)
		VALUES (?, ?, ?, '', ?, ?, 0, ?, ?)
		ON CONFLICT (platform, channel, game_id) DO UPDATE SET lease_owner = excluded.lease_owner, lease_ms = excluded.lease_ms
		WHERE live_boards.lease_owner = excluded.lease_owner OR live_boards.lease_ms <= ?`,
		platform, channelID, game, ms(now), ms(now), owner, ms(until), ms(now))
	if err != nil {
		return false, wrapped("lease live board", err)
	}
	n, err := res.RowsAffected()
	return n > 0, wrapped("lease live board", err)
}

// ReleaseLiveBoard frees owner's lease on game's board in a chat.
func (s *SQLStore) ReleaseLiveBoard(ctx context.Context, platform, channelID string, game int64, owner string) error {
	_, err := s.q.ExecContext(ctx, `UPDATE live_boards SET lease_owner = '', lease_ms = 0
		WHERE platform = ? AND channel = ? AND game_id = ? AND lease_owner = ?`, platform, channelID, game, owner)
	return wrapped("release live board", err)
}

// RenewBoardLeases moves owner's leases to until; the zero time frees them.
func (s *SQLStore) RenewBoardLeases(ctx context.Context, owner string, until time.Time) error {
	var err error
	if until.IsZero() {
		_, err = s.q.ExecContext(ctx, `UPDATE live_boards SET lease_owner = '', lease_ms = 0 WHERE lease_owner = ?`, owner)
	} else {
		_, err = s.q.ExecContext(ctx, `UPDATE live_boards SET lease_ms = ? WHERE lease_owner = ?`, ms(until), owner)
	}
	return wrapped("renew board leases", err)
}
