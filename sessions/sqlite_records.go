package sessions

// sqlite_records.go stores what surrounds the games: challenges, ratings,
// tournaments, and the settling of finished games.

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"

	"oyunbot/ai"
	"oyunbot/tournament"
)

// SettleGame marks game id settled and upserts the ratings in one
// transaction, so a crash never rates a game twice or half.
func (s *SQLiteStore) SettleGame(ctx context.Context, id int64, ratings []RatingRecord) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sessions: settle game %d: %w", id, err)
	}
	defer tx.Rollback()
	res, err := tx.ExecContext(ctx, `UPDATE games SET settled = 1 WHERE id = ? AND settled = 0`, id)
	if err != nil {
		return fmt.Errorf("sessions: settle game %d: %w", id, err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return nil // settled already (or unknown): ratings must not move twice
	}
	for _, r := range ratings {
		_, err := tx.ExecContext(ctx, `INSERT INTO ratings (platform, game, player, name, rating, rd, volatility, games, updated_ms)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (platform, game, player) DO UPDATE SET name = excluded.name, rating = excluded.rating,
				rd = excluded.rd, volatility = excluded.volatility, games = excluded.games, updated_ms = excluded.updated_ms`,
			r.Platform, r.Game, r.PlayerID, r.Name, r.Rating.Rating, r.RD, r.Volatility, r.Games, ms(r.Updated))
		if err != nil {
			return fmt.Errorf("sessions: save rating: %w", err)
		}
	}
	return tx.Commit()
}

const ratingColumns = `platform, game, player, name, rating, rd, volatility, games, updated_ms`

func scanRating(row scanner) (RatingRecord, error) {
	var (
		r       RatingRecord
		updated int64
	)
	err := row.Scan(&r.Platform, &r.Game, &r.PlayerID, &r.Name, &r.Rating.Rating, &r.RD, &r.Volatility, &r.Games, &updated)
	r.Updated = fromMS(updated)
	return r, err
}

// Rating loads a player's rating in a game.
func (s *SQLiteStore) Rating(ctx context.Context, platform, game, playerID string) (RatingRecord, error) {
	r, err := scanRating(s.db.QueryRowContext(ctx, `SELECT `+ratingColumns+` FROM ratings
		WHERE platform = ? AND game = ? AND player = ?`, platform, game, playerID))
	if errors.Is(err, sql.ErrNoRows) {
		return r, ErrNotFound
	}
	return r, err
}

// PlayerRatings loads a player's ratings, by game name.
func (s *SQLiteStore) PlayerRatings(ctx context.Context, platform, playerID string) ([]RatingRecord, error) {
	return s.ratings(ctx, `SELECT `+ratingColumns+` FROM ratings WHERE platform = ? AND player = ? ORDER BY game`,
		platform, playerID)
}

// Leaderboard loads a game's best ratings.
func (s *SQLiteStore) Leaderboard(ctx context.Context, platform, game string, limit int) ([]RatingRecord, error) {
	return s.ratings(ctx, `SELECT `+ratingColumns+` FROM ratings WHERE platform = ? AND game = ?
		ORDER BY rating DESC, games DESC, player LIMIT ?`, platform, game, limit)
}

func (s *SQLiteStore) ratings(ctx context.Context, query string, args ...any) ([]RatingRecord, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("sessions: ratings: %w", err)
	}
	defer rows.Close()
	return readRatings(rows)
}

// challengeJSON is a ChallengeRecord as stored (the time control as text).
type challengeJSON struct {
	From, To    Player
	Game        string
	Side        int
	TimeControl string
	Lang        string
	Target      int `json:",omitempty"`
}

// SaveChallenge stores c, replacing a challenge between the same people in
// either direction.
func (s *SQLiteStore) SaveChallenge(ctx context.Context, c ChallengeRecord) error {
	data, err := json.Marshal(challengeJSON{From: c.From, To: c.To, Game: c.Game, Side: int(c.Side),
		TimeControl: c.TimeControl.String(), Lang: c.Lang, Target: c.Target})
	if err != nil {
		return err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sessions: save challenge: %w", err)
	}
	defer tx.Rollback()
	if err := deleteReadableChallenges(ctx, tx, c); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO challenges (platform, channel, from_id, to_id, data, created_ms)
		VALUES (?, ?, ?, ?, ?, ?)`, c.Platform, c.ChannelID, c.From.ID, c.To.ID, string(data), ms(c.Created)); err != nil {
		return fmt.Errorf("sessions: save challenge: %w", err)
	}
	return tx.Commit()
}

// deleteReadableChallenges deletes the stored challenges between c's two
// people, refusing (the caller rolls back) if one cannot be read: it stays
// for a human to repair. The transaction's first statement writes, so it
// takes the write lock at once, waiting for another writer up to
// busyTimeout; read first, a concurrent write in between would make the
// DELETE fail at once with SQLITE_BUSY.
func deleteReadableChallenges(ctx context.Context, tx *sql.Tx, c ChallengeRecord) error {
	rows, err := tx.QueryContext(ctx, `DELETE FROM challenges WHERE platform = ? AND channel = ?
		AND ((from_id = ? AND to_id = ?) OR (from_id = ? AND to_id = ?)) RETURNING from_id, to_id, data`,
		c.Platform, c.ChannelID, c.From.ID, c.To.ID, c.To.ID, c.From.ID)
	if err != nil {
		return fmt.Errorf("sessions: save challenge: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var from, to, data string
		if err := rows.Scan(&from, &to, &data); err != nil {
			return fmt.Errorf("sessions: save challenge: %w", err)
		}
		if err := decodeChallenge(data, &ChallengeRecord{}); err != nil {
			return fmt.Errorf("sessions: save challenge: %w: challenges %s: %v", ErrUnreadableRow,
				challengeKey(c.Platform, c.ChannelID, from, to), err)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("sessions: save challenge: %w", err)
	}
	return nil
}

// DeleteChallenge forgets a challenge.
func (s *SQLiteStore) DeleteChallenge(ctx context.Context, platform, channelID, fromID, toID string) error {
	_, err := s.db.ExecContext(ctx, `DELETE FROM challenges WHERE platform = ? AND channel = ? AND from_id = ? AND to_id = ?`,
		platform, channelID, fromID, toID)
	if err != nil {
		return fmt.Errorf("sessions: delete challenge: %w", err)
	}
	return nil
}

// Challenges loads every stored challenge, oldest first. Rows it cannot
// decode are left out and reported in an *UnreadableRowsError.
func (s *SQLiteStore) Challenges(ctx context.Context) ([]ChallengeRecord, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT platform, channel, from_id, to_id, data, created_ms FROM challenges
		ORDER BY created_ms, rowid`)
	if err != nil {
		return nil, fmt.Errorf("sessions: challenges: %w", err)
	}
	defer rows.Close()
	return readChallenges(rows)
}

// decodeChallenge reads a challenge's data column into c.
func decodeChallenge(data string, c *ChallengeRecord) error {
	var j challengeJSON
	if err := json.Unmarshal([]byte(data), &j); err != nil {
		return fmt.Errorf("sessions: challenge data: %w", err)
	}
	tc, err := ParseTimeControl(j.TimeControl)
	if err != nil {
		return fmt.Errorf("sessions: challenge time control %q: %w", j.TimeControl, err)
	}
	c.From, c.To, c.Game, c.Side, c.TimeControl, c.Lang, c.Target = j.From, j.To, j.Game, ai.Side(j.Side), tc, j.Lang, j.Target
	return nil
}

// CreateTournament stores a new tournament.
func (s *SQLiteStore) CreateTournament(ctx context.Context, rec TournamentRecord) (int64, error) {
	data, games, err := encodeTournament(rec)
	if err != nil {
		return 0, err
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO tournaments (platform, channel, state, lang, data, games, created_ms, updated_ms)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, rec.Platform, rec.ChannelID, string(rec.T.State), rec.Lang, data, games,
		ms(rec.Created), ms(rec.Updated))
	if err != nil {
		return 0, fmt.Errorf("sessions: create tournament: %w", err)
	}
	return res.LastInsertId()
}

// SaveTournament overwrites tournament rec.ID.
func (s *SQLiteStore) SaveTournament(ctx context.Context, rec TournamentRecord) error {
	data, games, err := encodeTournament(rec)
	if err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, `UPDATE tournaments SET platform = ?, channel = ?, state = ?, lang = ?, data = ?,
		games = ?, created_ms = ?, updated_ms = ? WHERE id = ?`, rec.Platform, rec.ChannelID, string(rec.T.State), rec.Lang,
		data, games, ms(rec.Created), ms(rec.Updated), rec.ID)
	if err != nil {
		return fmt.Errorf("sessions: save tournament %d: %w", rec.ID, err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return fmt.Errorf("sessions: save tournament %d: %w", rec.ID, ErrNotFound)
	}
	return nil
}

func encodeTournament(rec TournamentRecord) (data, games string, err error) {
	d, err := json.Marshal(rec.T)
	if err != nil {
		return "", "", err
	}
	gm := rec.Games
	if gm == nil {
		gm = map[string]int64{}
	}
	g, err := json.Marshal(gm)
	if err != nil {
		return "", "", err
	}
	return string(d), string(g), nil
}

const tournamentColumns = `id, platform, channel, lang, data, games, created_ms, updated_ms`

func scanTournament(row scanner) (TournamentRecord, error) {
	var (
		rec              TournamentRecord
		data, games      string
		created, updated int64
	)
	if err := row.Scan(&rec.ID, &rec.Platform, &rec.ChannelID, &rec.Lang, &data, &games, &created, &updated); err != nil {
		return rec, err
	}
	if err := json.Unmarshal([]byte(data), &rec.T); err != nil {
		return rec, fmt.Errorf("sessions: tournament %d: %w", rec.ID, err)
	}
	if err := rec.T.Validate(); err != nil {
		return rec, fmt.Errorf("sessions: tournament %d: %w", rec.ID, err)
	}
	if err := json.Unmarshal([]byte(games), &rec.Games); err != nil {
		return rec, fmt.Errorf("sessions: tournament %d games: %w", rec.ID, err)
	}
	rec.Created, rec.Updated = fromMS(created), fromMS(updated)
	return rec, nil
}

// ActiveTournaments loads the tournaments registering or running. Rows it
// cannot decode are left out and reported in an *UnreadableRowsError.
func (s *SQLiteStore) ActiveTournaments(ctx context.Context) ([]TournamentRecord, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+tournamentColumns+` FROM tournaments WHERE state IN (?, ?) ORDER BY id`,
		string(tournament.Registering), string(tournament.Running))
	if err != nil {
		return nil, fmt.Errorf("sessions: active tournaments: %w", err)
	}
	defer rows.Close()
	return readTournaments(rows)
}

// LastTournament loads a channel's latest tournament.
func (s *SQLiteStore) LastTournament(ctx context.Context, platform, channelID string) (TournamentRecord, error) {
	rec, err := scanTournament(s.db.QueryRowContext(ctx, `SELECT `+tournamentColumns+` FROM tournaments
		WHERE platform = ? AND channel = ? ORDER BY id DESC LIMIT 1`, platform, channelID))
	if errors.Is(err, sql.ErrNoRows) {
		return rec, ErrNotFound
	}
	return rec, err
}
