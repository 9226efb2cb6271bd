package store

// store_records.go stores what surrounds the games: ratings,
// challenges, tournaments, matches, leases and the users met.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"oyunbot/sessions"
	"oyunbot/tournament"
)

// Rating loads a player's rating in a game.
func (s *SQLStore) Rating(ctx context.Context, platform, game, playerID string) (sessions.RatingRecord, error) {
	return found(scanRating(s.q.QueryRowContext(ctx, `SELECT `+ratingColumns+` FROM ratings
		WHERE platform = ? AND game = ? AND player = ?`, platform, game, playerID)))
}

// PlayerRatings loads a player's ratings, by game name.
func (s *SQLStore) PlayerRatings(ctx context.Context, platform, playerID string) ([]sessions.RatingRecord, error) {
	out, err := list(ctx, s, "", ratingRow, `SELECT `+ratingColumns+` FROM ratings WHERE platform = ? AND player = ?
		ORDER BY game`, platform, playerID)
	return out, wrapped("ratings", err)
}

// Leaderboard loads a game's best ratings (all of them for a negative
// limit).
func (s *SQLStore) Leaderboard(ctx context.Context, platform, game string, limit int) ([]sessions.RatingRecord, error) {
	if limit < 0 {
		limit = math.MaxInt64
	}
	out, err := list(ctx, s, "", ratingRow, `SELECT `+ratingColumns+` FROM ratings WHERE platform = ? AND game = ?
		ORDER BY rating DESC, games DESC, player LIMIT ?`, platform, game, limit)
	return out, wrapped("ratings", err)
}

// SaveChallenge stores c, replacing a challenge between the same people in
// either direction, unless one of those cannot be read: it stays for a
// human to repair.
func (s *SQLStore) SaveChallenge(ctx context.Context, c sessions.ChallengeRecord) error {
	data, err := encodeChallenge(c)
	if err != nil {
		return err
	}
	err = s.inTx(ctx, func(tx querier) error {
		if s.d.lockPair != "" {
			if _, err := tx.ExecContext(ctx, s.d.lockPair, challengeLock, pairHash(c.Platform, c.ChannelID, c.From.ID, c.To.ID)); err != nil {
				return err
			}
		}
		// On SQLite, the first statement writes, so that it takes the
		// write lock at once, waiting for another writer up to
		// busyTimeout; read first, a concurrent write in between would
		// make the DELETE fail at once with SQLITE_BUSY.
		rows, err := tx.QueryContext(ctx, `DELETE FROM challenges WHERE platform = ? AND channel = ?
			AND ((from_id = ? AND to_id = ?) OR (from_id = ? AND to_id = ?)) RETURNING platform, channel, from_id, to_id,
			data, created_ms`, c.Platform, c.ChannelID, c.From.ID, c.To.ID, c.To.ID, c.From.ID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			if _, key, err := challengeRow(rows); err != nil {
				return fmt.Errorf("%w: challenges %s: %v", sessions.ErrUnreadableRow, key, err)
			}
		}
		if err := rows.Err(); err != nil {
			return err
		}
		rows.Close()
		_, err = tx.ExecContext(ctx, `INSERT INTO challenges (platform, channel, from_id, to_id, data, created_ms)
			VALUES (?, ?, ?, ?, ?, ?)`, c.Platform, c.ChannelID, c.From.ID, c.To.ID, data, ms(c.Created))
		return err
	})
	return wrapped("save challenge", err)
}

// DeleteChallenge forgets a challenge.
func (s *SQLStore) DeleteChallenge(ctx context.Context, platform, channelID, fromID, toID string) error {
	_, err := s.q.ExecContext(ctx, `DELETE FROM challenges WHERE platform = ? AND channel = ? AND from_id = ? AND to_id = ?`,
		platform, channelID, fromID, toID)
	return wrapped("delete challenge", err)
}

// TakeChallenge deletes a challenge and reports whether it was there.
func (s *SQLStore) TakeChallenge(ctx context.Context, platform, channelID, fromID, toID string, created time.Time) (bool, error) {
	n, err := exec(ctx, s.q, `DELETE FROM challenges
		WHERE platform = ? AND channel = ? AND from_id = ? AND to_id = ? AND created_ms = ?`,
		platform, channelID, fromID, toID, ms(created))
	return n == 1, wrapped("take challenge", err)
}

// Challenges loads every stored challenge, oldest first (those created at
// the same time in saving order).
func (s *SQLStore) Challenges(ctx context.Context) ([]sessions.ChallengeRecord, error) {
	out, err := list(ctx, s, sessions.TableChallenges, challengeRow, `SELECT platform, channel, from_id, to_id, data, created_ms
		FROM challenges ORDER BY created_ms, `+s.d.challengeSeq)
	return out, wrapped("challenges", err)
}

// CreateTournament stores a new tournament.
func (s *SQLStore) CreateTournament(ctx context.Context, rec sessions.TournamentRecord) (int64, error) {
	data, games, err := encodeTournament(rec)
	if err != nil {
		return 0, err
	}
	id, err := s.insert(ctx, s.q, `INSERT INTO tournaments (platform, channel, state, lang, data, games, created_ms, updated_ms)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, rec.Platform, rec.ChannelID, string(rec.T.State), rec.Lang,
		data, games, ms(rec.Created), ms(rec.Updated))
	return id, wrapped("create tournament", err)
}

// SaveTournament overwrites tournament rec.ID.
func (s *SQLStore) SaveTournament(ctx context.Context, rec sessions.TournamentRecord) error {
	data, games, err := encodeTournament(rec)
	if err != nil {
		return err
	}
	err = notFound(exec(ctx, s.q, `UPDATE tournaments SET platform = ?, channel = ?, state = ?, lang = ?, data = ?,
		games = ?, created_ms = ?, updated_ms = ? WHERE id = ?`, rec.Platform, rec.ChannelID, string(rec.T.State), rec.Lang,
		data, games, ms(rec.Created), ms(rec.Updated), rec.ID))
	return wrapped(fmt.Sprintf("save tournament %d", rec.ID), err)
}

// ActiveTournaments loads the tournaments registering or running.
func (s *SQLStore) ActiveTournaments(ctx context.Context) ([]sessions.TournamentRecord, error) {
	out, err := list(ctx, s, sessions.TableTournaments, tournamentRow, `SELECT `+tournamentColumns+` FROM tournaments
		WHERE state IN (?, ?) ORDER BY id`, string(tournament.Registering), string(tournament.Running))
	return out, wrapped("active tournaments", err)
}

// LastTournament loads a channel's latest tournament.
func (s *SQLStore) LastTournament(ctx context.Context, platform, channelID string) (sessions.TournamentRecord, error) {
	return found(scanTournament(s.q.QueryRowContext(ctx, `SELECT `+tournamentColumns+` FROM tournaments
		WHERE platform = ? AND channel = ? ORDER BY id DESC LIMIT 1`, platform, channelID)))
}

// CreateMatch stores a new match.
func (s *SQLStore) CreateMatch(ctx context.Context, rec sessions.MatchRecord) (int64, error) {
	data, err := json.Marshal(rec)
	if err != nil {
		return 0, err
	}
	id, err := s.insert(ctx, s.q, `INSERT INTO matches (platform, channel, over, data, created_ms, updated_ms)
		VALUES (?, ?, ?, ?, ?, ?)`, rec.Platform, rec.ChannelID, boolInt(rec.Over), string(data),
		ms(rec.Created), ms(rec.Updated))
	return id, wrapped("create match", err)
}

// SaveMatch overwrites match rec.ID.
func (s *SQLStore) SaveMatch(ctx context.Context, rec sessions.MatchRecord) error {
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	err = notFound(exec(ctx, s.q, `UPDATE matches SET over = ?, data = ?, updated_ms = ? WHERE id = ?`,
		boolInt(rec.Over), string(data), ms(rec.Updated), rec.ID))
	return wrapped(fmt.Sprintf("save match %d", rec.ID), err)
}

// Match loads match id.
func (s *SQLStore) Match(ctx context.Context, id int64) (sessions.MatchRecord, error) {
	rec, _, err := matchRow(s.q.QueryRowContext(ctx, `SELECT id, data FROM matches WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return rec, sessions.ErrNotFound
	}
	return rec, wrapped(fmt.Sprintf("load match %d", id), err)
}

// ActiveMatches loads the matches not over, oldest first.
func (s *SQLStore) ActiveMatches(ctx context.Context) ([]sessions.MatchRecord, error) {
	out, err := list(ctx, s, sessions.TableMatches, matchRow, `SELECT id, data FROM matches WHERE over = 0 ORDER BY id`)
	return out, wrapped("load matches", err)
}

// Lease takes or renews the lease name for holder. The upsert is one
// statement: of two processes racing for a free lease, one inserts and
// the other's conflict update finds the new holder's unexpired lease.
func (s *SQLStore) Lease(ctx context.Context, name, holder string, now time.Time, ttl time.Duration) (bool, error) {
	n, err := exec(ctx, s.q, `INSERT INTO leases (name, holder, until_ms) VALUES (?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until_ms = excluded.until_ms
		WHERE leases.holder = excluded.holder OR leases.until_ms <= ?`, name, holder, ms(now.Add(ttl)), ms(now))
	return n == 1, wrapped("lease "+name, err)
}

// ReleaseLease gives up holder's lease name.
func (s *SQLStore) ReleaseLease(ctx context.Context, name, holder string) error {
	_, err := s.q.ExecContext(ctx, `DELETE FROM leases WHERE name = ? AND holder = ?`, name, holder)
	return wrapped("release lease "+name, err)
}

// RememberUser stores u under its name.
func (s *SQLStore) RememberUser(ctx context.Context, u sessions.UserRecord) error {
	_, err := s.q.ExecContext(ctx, `INSERT INTO users (platform, name, id, display) VALUES (?, ?, ?, ?)
		ON CONFLICT (platform, name) DO UPDATE SET id = excluded.id, display = excluded.display`,
		u.Platform, u.Name, u.ID, u.Display)
	return wrapped("remember user "+u.Name, err)
}

// UserByName loads the user remembered under name.
func (s *SQLStore) UserByName(ctx context.Context, platform, name string) (sessions.UserRecord, error) {
	u := sessions.UserRecord{Platform: platform, Name: name}
	if err := s.one(ctx, `SELECT id, display FROM users WHERE platform = ? AND name = ?`, []any{platform, name},
		&u.ID, &u.Display); err != nil {
		return sessions.UserRecord{}, err
	}
	return u, nil
}

// RememberLanguage stores the language of a person or a channel.
func (s *SQLStore) RememberLanguage(ctx context.Context, platform, channel, who, lang string) error {
	_, err := s.q.ExecContext(ctx, `INSERT INTO languages (platform, channel, who, lang, at_ms) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (platform, channel, who) DO UPDATE SET lang = excluded.lang, at_ms = excluded.at_ms`,
		platform, channel, who, lang, ms(time.Now()))
	return wrapped("remember a language", err)
}

// Language loads what RememberLanguage stored.
func (s *SQLStore) Language(ctx context.Context, platform, channel, who string) (string, error) {
	var lang string
	if err := s.one(ctx, `SELECT lang FROM languages WHERE platform = ? AND channel = ? AND who = ?`,
		[]any{platform, channel, who}, &lang); err != nil {
		return "", err
	}
	return lang, nil
}
