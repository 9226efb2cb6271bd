package store

// store_games.go stores the games, their settling, the heartbeat and
// the channels' settings.

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"oyunbot/sessions"
	"slices"
	"strings"
	"time"
)

// gameSetColumns are the stored columns of a game but its id, in the order
// of gameValues.
const gameSetColumns = `game, platform, channel, players, level, moves, clock0_ms, clock1_ms, started_ms, last_ms,
	draw_offer, over, winner, reason, tc, left0_ms, left1_ms, lang, tournament, round, board, rated, settled, p0, p1,
	version, start, points, optimal, match, takeback_offer`

// gameColumns are the columns scanGame reads.
const gameColumns = `id, game, platform, channel, players, level, moves, clock0_ms, clock1_ms, started_ms, last_ms,
	draw_offer, over, winner, reason, tc, left0_ms, left1_ms, lang, tournament, round, board, rated, settled, version,
	start, points, optimal, match, takeback_offer`

// gameInsert and gameUpdate write gameValues.
var gameInsert, gameUpdate = func() (string, string) {
	cols := strings.Split(gameSetColumns, ",")
	for i, c := range cols {
		cols[i] = strings.TrimSpace(c) + " = ?"
	}
	return `INSERT INTO games (` + gameSetColumns + `) VALUES (?` + strings.Repeat(", ?", len(cols)-1) + `)`,
		`UPDATE games SET ` + strings.Join(cols, ", ") + ` WHERE id = ? AND version = ?`
}()

// gameValues lists rec's columns in the order of gameSetColumns.
func gameValues(rec sessions.GameRecord) ([]any, error) {
	players, err := json.Marshal(rec.Players)
	if err != nil {
		return nil, err
	}
	if rec.Moves == nil {
		rec.Moves = []string{} // kept as [], read back empty and not nil
	}
	moves, err := json.Marshal(rec.Moves)
	if err != nil {
		return nil, err
	}
	person := func(p sessions.Player) string {
		if p.Bot {
			return ""
		}
		return p.ID
	}
	return []any{rec.Game, rec.Platform, rec.ChannelID, string(players), rec.Level, string(moves),
		rec.Clocks[0].Milliseconds(), rec.Clocks[1].Milliseconds(), ms(rec.Started), ms(rec.LastMove),
		int(rec.DrawOffer), boolInt(rec.Result.Over), int(rec.Result.Winner), rec.Result.Reason,
		rec.TimeControl.String(), rec.Left[0].Milliseconds(), rec.Left[1].Milliseconds(), rec.Lang,
		rec.Tournament, rec.Round, rec.Board, boolInt(rec.Rated), boolInt(rec.Settled),
		person(rec.Players[0]), person(rec.Players[1]), rec.Version, rec.Start, rec.Result.Points, rec.Optimal,
		rec.Match, int(rec.TakebackOffer)}, nil
}

// CreateGame inserts rec and returns the new id.
func (s *SQLStore) CreateGame(ctx context.Context, rec sessions.GameRecord) (int64, error) {
	vals, err := gameValues(rec)
	if err != nil {
		return 0, err
	}
	if rec.Update.ID == "" {
		id, err := s.insert(ctx, s.q, gameInsert, vals...)
		return id, wrapped("create game", err)
	}
	var id int64
	err = s.inTx(ctx, func(tx querier) error {
		if err := s.applyUpdate(ctx, tx, rec.Update); err != nil {
			return err
		}
		id, err = s.insert(ctx, tx, gameInsert, vals...)
		return err
	})
	if errors.Is(err, sessions.ErrDuplicate) {
		return 0, err
	}
	return id, wrapped("create game", err)
}

// SaveGame overwrites game rec.ID if it is at version rec.Version-1.
func (s *SQLStore) SaveGame(ctx context.Context, rec sessions.GameRecord) error {
	if rec.Update.ID == "" {
		return s.saveGame(ctx, s.q, rec)
	}
	err := s.inTx(ctx, func(tx querier) error {
		if err := s.saveGame(ctx, tx, rec); err != nil {
			return err
		}
		return s.applyUpdate(ctx, tx, rec.Update)
	})
	if err != nil && !errors.Is(err, sessions.ErrConflict) && !errors.Is(err, sessions.ErrDuplicate) && !errors.Is(err, sessions.ErrUncertain) &&
		s.d.uncertain(err) {
		// The commit went out and its answer was lost: the change may
		// stand (the Manager reads the game back).
		return fmt.Errorf("store: save game %d: %w: %w", rec.ID, sessions.ErrUncertain, err)
	}
	return err
}

// applyUpdate records update u as applied, in the transaction of the
// change it made; ErrDuplicate when it was recorded before.
func (s *SQLStore) applyUpdate(ctx context.Context, tx querier, u sessions.UpdateKey) error {
	n, err := exec(ctx, tx, `INSERT INTO applied_updates (platform, update_key, at_ms) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
		u.Platform, u.ID, ms(time.Now()))
	switch {
	case err != nil:
		return fmt.Errorf("store: record update %s %s: %w", u.Platform, u.ID, err)
	case n == 0:
		return fmt.Errorf("store: update %s %s: %w", u.Platform, u.ID, sessions.ErrDuplicate)
	}
	return nil
}

// Applied reports whether platform update u was applied.
func (s *SQLStore) Applied(ctx context.Context, u sessions.UpdateKey) (bool, error) {
	var one int
	err := s.q.QueryRowContext(ctx, `SELECT 1 FROM applied_updates WHERE platform = ? AND update_key = ?`, u.Platform, u.ID).Scan(&one)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("store: applied update: %w", err)
	}
	return true, nil
}

// ForgetUpdates drops the applied updates recorded before t (platforms
// re-send an update for a day at most).
func (s *SQLStore) ForgetUpdates(ctx context.Context, before time.Time) error {
	_, err := exec(ctx, s.q, `DELETE FROM applied_updates WHERE at_ms < ?`, ms(before))
	return wrapped("forget updates", err)
}

// saveGame is SaveGame on q: the database, or a transaction that writes
// more in the same commit (s.inTx(ctx, func(tx querier) error {...}),
// saveGame first: its ErrConflict rolls the rest back).
func (s *SQLStore) saveGame(ctx context.Context, q querier, rec sessions.GameRecord) error {
	vals, err := gameValues(rec)
	if err != nil {
		return err
	}
	n, err := exec(ctx, q, gameUpdate, append(vals, rec.ID, rec.Version-1)...)
	switch {
	case err != nil && s.d.uncertain(err):
		return fmt.Errorf("store: save game %d: %w: %w", rec.ID, sessions.ErrUncertain, err)
	case err != nil:
		return fmt.Errorf("store: save game %d: %w", rec.ID, err)
	case n > 0:
		return nil
	}
	// Games are never deleted: a row there now was there at the update.
	var one int
	err = q.QueryRowContext(ctx, `SELECT 1 FROM games WHERE id = ?`, rec.ID).Scan(&one)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return fmt.Errorf("store: save game %d: %w", rec.ID, sessions.ErrNotFound)
	case err != nil:
		return fmt.Errorf("store: save game %d: %w", rec.ID, err)
	}
	return fmt.Errorf("store: save game %d at version %d: %w", rec.ID, rec.Version, sessions.ErrConflict)
}

// Game loads game id.
func (s *SQLStore) Game(ctx context.Context, id int64) (sessions.GameRecord, error) {
	return s.game(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`, id)
}

// game loads the one game a query selects; ErrNotFound if none.
func (s *SQLStore) game(ctx context.Context, query string, args ...any) (sessions.GameRecord, error) {
	return found(scanGame(s.q.QueryRowContext(ctx, query, args...)))
}

// games loads the games a query selects; rows it cannot decode are left out
// and reported in an *UnreadableRowsError beside the others.
func (s *SQLStore) games(ctx context.Context, where string, args ...any) ([]sessions.GameRecord, error) {
	out, err := list(ctx, s, sessions.TableGames, gameRow, `SELECT `+gameColumns+` FROM games WHERE `+where+` ORDER BY id`, args...)
	return out, wrapped("load games", err)
}

// ActiveGames loads every unfinished game, oldest first.
func (s *SQLStore) ActiveGames(ctx context.Context) ([]sessions.GameRecord, error) {
	return s.games(ctx, `over = 0`)
}

// ChannelGames loads a channel's unfinished games, oldest first.
func (s *SQLStore) ChannelGames(ctx context.Context, platform, channelID string) ([]sessions.GameRecord, error) {
	return s.games(ctx, `platform = ? AND channel = ? AND over = 0`, platform, channelID)
}

// UnsettledGames loads the finished games not yet settled, oldest first.
func (s *SQLStore) UnsettledGames(ctx context.Context) ([]sessions.GameRecord, error) {
	return s.games(ctx, `settled = 0 AND over = 1`)
}

// UnannouncedGames loads the games saved after their last announced version.
func (s *SQLStore) UnannouncedGames(ctx context.Context) ([]sessions.GameRecord, error) {
	return s.games(ctx, `announced < version`)
}

// LastFinished loads userID's last finished game in a channel.
func (s *SQLStore) LastFinished(ctx context.Context, platform, channelID, userID string) (sessions.GameRecord, error) {
	if userID == "" {
		return sessions.GameRecord{}, sessions.ErrNotFound
	}
	return s.game(ctx, `SELECT `+gameColumns+` FROM games
		WHERE id = (SELECT max(id) FROM (
			SELECT max(id) AS id FROM games WHERE platform = ? AND channel = ? AND p0 = ? AND over = 1
			UNION ALL
			SELECT max(id) FROM games WHERE platform = ? AND channel = ? AND p1 = ? AND over = 1) AS last)`,
		platform, channelID, userID, platform, channelID, userID)
}

// SettleGame marks game id settled and upserts the ratings in one
// transaction, so a crash never rates a game twice or half. Settlings
// racing for one game wait for each other on the game's row, and the
// losers find it settled; the ratings are written in key order, so that
// two games settling at once with the same players never deadlock.
func (s *SQLStore) SettleGame(ctx context.Context, id int64, ratings []sessions.RatingRecord) error {
	ratings = slices.Clone(ratings)
	slices.SortStableFunc(ratings, func(a, b sessions.RatingRecord) int {
		return cmp.Or(cmp.Compare(a.Platform, b.Platform), cmp.Compare(a.Game, b.Game), cmp.Compare(a.PlayerID, b.PlayerID))
	})
	err := s.inTx(ctx, func(tx querier) error {
		n, err := exec(ctx, tx, `UPDATE games SET settled = 1 WHERE id = ? AND settled = 0`, id)
		if err != nil || n == 0 {
			return err // settled already (or unknown): ratings must not move twice
		}
		for _, r := range ratings {
			if _, err := tx.ExecContext(ctx, `INSERT INTO ratings (`+ratingColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (platform, game, player) DO UPDATE SET name = excluded.name, rating = excluded.rating,
				rd = excluded.rd, volatility = excluded.volatility, games = excluded.games, updated_ms = excluded.updated_ms`,
				r.Platform, r.Game, r.PlayerID, r.Name, r.Rating.Rating, r.RD, r.Volatility, r.Games, ms(r.Updated)); err != nil {
				return fmt.Errorf("rating: %w", err)
			}
			if err := s.recordRating(ctx, tx, id, r); err != nil {
				return err
			}
		}
		return nil
	})
	return wrapped(fmt.Sprintf("settle game %d", id), err)
}

// Heartbeat loads the last time a Manager recorded itself running.
func (s *SQLStore) Heartbeat(ctx context.Context) (time.Time, error) {
	var at int64
	err := s.one(ctx, `SELECT at_ms FROM heartbeat WHERE id = 1`, nil, &at)
	if errors.Is(err, sessions.ErrNotFound) {
		return time.Time{}, err
	}
	return fromMS(at), wrapped("heartbeat", err)
}

const saveHeartbeat = `INSERT INTO heartbeat (id, at_ms) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at_ms = excluded.at_ms`

// SaveHeartbeat records t as the last time the Manager was running.
func (s *SQLStore) SaveHeartbeat(ctx context.Context, t time.Time) error {
	_, err := s.q.ExecContext(ctx, saveHeartbeat, ms(t))
	return wrapped("save heartbeat", err)
}

// CreditDowntime sets the last-move time of the unfinished games in last
// and, unless heartbeat is zero, the heartbeat, in one transaction. The
// games are updated in id order, so that two credits never deadlock.
func (s *SQLStore) CreditDowntime(ctx context.Context, last map[int64]time.Time, heartbeat time.Time) error {
	err := s.inTx(ctx, func(tx querier) error {
		for _, id := range slices.Sorted(maps.Keys(last)) {
			// over = 0: a game that ended meanwhile keeps the time it ended.
			if _, err := tx.ExecContext(ctx, `UPDATE games SET last_ms = ? WHERE id = ? AND over = 0`, ms(last[id]), id); err != nil {
				return fmt.Errorf("game %d: %w", id, err)
			}
		}
		if heartbeat.IsZero() {
			return nil
		}
		_, err := tx.ExecContext(ctx, saveHeartbeat, ms(heartbeat))
		return err
	})
	return wrapped("credit downtime", err)
}

// Channel loads a channel's settings.
func (s *SQLStore) Channel(ctx context.Context, platform, channelID string) (sessions.ChannelSettings, error) {
	cs := sessions.ChannelSettings{Platform: platform, ChannelID: channelID}
	var web int
	err := s.one(ctx, `SELECT lang, level, dice, web, boards FROM channels WHERE platform = ? AND channel = ?`,
		[]any{platform, channelID}, &cs.Lang, &cs.Level, &cs.Dice, &web, &cs.Boards)
	cs.Web = web != 0
	return cs, err
}

// SaveChannel stores a channel's settings.
func (s *SQLStore) SaveChannel(ctx context.Context, cs sessions.ChannelSettings) error {
	_, err := s.q.ExecContext(ctx, `INSERT INTO channels (platform, channel, lang, level, dice, web, boards)
		VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (platform, channel) DO UPDATE SET lang = excluded.lang, level = excluded.level, dice = excluded.dice,
		web = excluded.web, boards = excluded.boards`,
		cs.Platform, cs.ChannelID, cs.Lang, cs.Level, cs.Dice, boolInt(cs.Web), cs.Boards)
	return wrapped("save channel", err)
}
