package sessions

// postgres_records.go stores what surrounds the games in PostgreSQL:
// settling, ratings, challenges, tournaments, matches and the outbox.

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"maps"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"oyunbot/tournament"
)

// SettleGame marks game id settled and upserts the ratings in one
// transaction, so a crash never rates a game twice or half. Settlings
// racing for one game wait for each other on the game's row, and the
// losers find it settled; the ratings are written in key order, so that
// two games settling at once with the same players never deadlock.
func (s *PostgresStore) SettleGame(ctx context.Context, id int64, ratings []RatingRecord) error {
	sorted := slices.Clone(ratings)
	slices.SortStableFunc(sorted, func(a, b RatingRecord) int {
		return cmp.Or(cmp.Compare(a.Platform, b.Platform), cmp.Compare(a.Game, b.Game), cmp.Compare(a.PlayerID, b.PlayerID))
	})
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE games SET settled = 1 WHERE id = $1 AND settled = 0`, id)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return nil // settled already (or unknown): ratings must not move twice
		}
		for _, r := range sorted {
			_, err := tx.Exec(ctx, `INSERT INTO ratings (platform, game, player, name, rating, rd, volatility, games, updated_ms)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
				ON CONFLICT (platform, game, player) DO UPDATE SET name = excluded.name, rating = excluded.rating,
					rd = excluded.rd, volatility = excluded.volatility, games = excluded.games, updated_ms = excluded.updated_ms`,
				r.Platform, r.Game, r.PlayerID, r.Name, r.Rating.Rating, r.RD, r.Volatility, r.Games, ms(r.Updated))
			if err != nil {
				return fmt.Errorf("save rating: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("sessions: settle game %d: %w", id, err)
	}
	return nil
}

// Rating loads a player's rating in a game.
func (s *PostgresStore) Rating(ctx context.Context, platform, game, playerID string) (RatingRecord, error) {
	r, err := scanRating(s.pool.QueryRow(ctx, `SELECT `+ratingColumns+` FROM ratings
		WHERE platform = $1 AND game = $2 AND player = $3`, platform, game, playerID))
	if errors.Is(err, pgx.ErrNoRows) {
		return r, ErrNotFound
	}
	return r, err
}

// PlayerRatings loads a player's ratings, by game name.
func (s *PostgresStore) PlayerRatings(ctx context.Context, platform, playerID string) ([]RatingRecord, error) {
	return s.ratings(ctx, `SELECT `+ratingColumns+` FROM ratings WHERE platform = $1 AND player = $2 ORDER BY game`,
		platform, playerID)
}

// Leaderboard loads a game's best ratings.
func (s *PostgresStore) Leaderboard(ctx context.Context, platform, game string, limit int) ([]RatingRecord, error) {
	var lim any = limit
	if limit < 0 {
		lim = nil // SQLite reads a negative limit as none; LIMIT NULL is PostgreSQL's none
	}
	return s.ratings(ctx, `SELECT `+ratingColumns+` FROM ratings WHERE platform = $1 AND game = $2
		ORDER BY rating DESC, games DESC, player LIMIT $3`, platform, game, lim)
}

func (s *PostgresStore) ratings(ctx context.Context, query string, args ...any) ([]RatingRecord, error) {
	rows, err := s.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("sessions: ratings: %w", err)
	}
	defer rows.Close()
	return readRatings(rows)
}

// challengeLock is the first key of the advisory locks that serialize the
// saving of challenges between the same two people in a channel (the
// second is a hash of who and where): SQLite serializes all its writers,
// and without it two challenges saved at once in opposite directions would
// both be kept.
const challengeLock int32 = 0x6f79 // "oy"

// pairHash hashes a channel and two people, in either order.
func pairHash(platform, channel, a, b string) int32 {
	if b < a {
		a, b = b, a
	}
	h := fnv.New32a()
	for _, s := range []string{platform, channel, a, b} {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return int32(h.Sum32())
}

// SaveChallenge stores c, replacing a challenge between the same people in
// either direction.
func (s *PostgresStore) SaveChallenge(ctx context.Context, c ChallengeRecord) error {
	data, err := json.Marshal(challengeJSON{From: c.From, To: c.To, Game: c.Game, Side: int(c.Side),
		TimeControl: c.TimeControl.String(), Lang: c.Lang, Target: c.Target})
	if err != nil {
		return err
	}
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1, $2)`, challengeLock,
			pairHash(c.Platform, c.ChannelID, c.From.ID, c.To.ID)); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, `DELETE FROM challenges WHERE platform = $1 AND channel = $2
			AND ((from_id = $3 AND to_id = $4) OR (from_id = $4 AND to_id = $3)) RETURNING from_id, to_id, data`,
			c.Platform, c.ChannelID, c.From.ID, c.To.ID)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var from, to, data string
			if err := rows.Scan(&from, &to, &data); err != nil {
				return err
			}
			if err := decodeChallenge(data, &ChallengeRecord{}); err != nil {
				return fmt.Errorf("%w: challenges %s: %v", ErrUnreadableRow,
					challengeKey(c.Platform, c.ChannelID, from, to), err)
			}
		}
		if err := rows.Err(); err != nil {
			return err
		}
		rows.Close()
		_, err = tx.Exec(ctx, `INSERT INTO challenges (platform, channel, from_id, to_id, data, created_ms)
			VALUES ($1, $2, $3, $4, $5, $6)`, c.Platform, c.ChannelID, c.From.ID, c.To.ID, string(data), ms(c.Created))
		return err
	})
	if err != nil {
		return fmt.Errorf("sessions: save challenge: %w", err)
	}
	return nil
}

// DeleteChallenge forgets a challenge.
func (s *PostgresStore) DeleteChallenge(ctx context.Context, platform, channelID, fromID, toID string) error {
	_, err := s.pool.Exec(ctx, `DELETE FROM challenges WHERE platform = $1 AND channel = $2 AND from_id = $3 AND to_id = $4`,
		platform, channelID, fromID, toID)
	if err != nil {
		return fmt.Errorf("sessions: delete challenge: %w", err)
	}
	return nil
}

// Challenges loads every stored challenge, oldest first (those created at
// the same time in saving order). Rows it cannot decode are left out and
// reported in an *UnreadableRowsError.
func (s *PostgresStore) Challenges(ctx context.Context) ([]ChallengeRecord, error) {
	rows, err := s.pool.Query(ctx, `SELECT platform, channel, from_id, to_id, data, created_ms FROM challenges
		ORDER BY created_ms, seq`)
	if err != nil {
		return nil, fmt.Errorf("sessions: challenges: %w", err)
	}
	defer rows.Close()
	return readChallenges(rows)
}

// CreateTournament stores a new tournament.
func (s *PostgresStore) CreateTournament(ctx context.Context, rec TournamentRecord) (int64, error) {
	data, games, err := encodeTournament(rec)
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.pool.QueryRow(ctx, `INSERT INTO tournaments (platform, channel, state, lang, data, games, created_ms, updated_ms)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`, rec.Platform, rec.ChannelID, string(rec.T.State), rec.Lang,
		data, games, ms(rec.Created), ms(rec.Updated)).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("sessions: create tournament: %w", err)
	}
	return id, nil
}

// SaveTournament overwrites tournament rec.ID.
func (s *PostgresStore) SaveTournament(ctx context.Context, rec TournamentRecord) error {
	data, games, err := encodeTournament(rec)
	if err != nil {
		return err
	}
	tag, err := s.pool.Exec(ctx, `UPDATE tournaments SET platform = $1, channel = $2, state = $3, lang = $4, data = $5,
		games = $6, created_ms = $7, updated_ms = $8 WHERE id = $9`, rec.Platform, rec.ChannelID, string(rec.T.State), rec.Lang,
		data, games, ms(rec.Created), ms(rec.Updated), rec.ID)
	if err != nil {
		return fmt.Errorf("sessions: save tournament %d: %w", rec.ID, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("sessions: save tournament %d: %w", rec.ID, ErrNotFound)
	}
	return nil
}

// ActiveTournaments loads the tournaments registering or running. Rows it
// cannot decode are left out and reported in an *UnreadableRowsError.
func (s *PostgresStore) ActiveTournaments(ctx context.Context) ([]TournamentRecord, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+tournamentColumns+` FROM tournaments WHERE state IN ($1, $2) ORDER BY id`,
		string(tournament.Registering), string(tournament.Running))
	if err != nil {
		return nil, fmt.Errorf("sessions: active tournaments: %w", err)
	}
	defer rows.Close()
	return readTournaments(rows)
}

// LastTournament loads a channel's latest tournament.
func (s *PostgresStore) LastTournament(ctx context.Context, platform, channelID string) (TournamentRecord, error) {
	rec, err := scanTournament(s.pool.QueryRow(ctx, `SELECT `+tournamentColumns+` FROM tournaments
		WHERE platform = $1 AND channel = $2 ORDER BY id DESC LIMIT 1`, platform, channelID))
	if errors.Is(err, pgx.ErrNoRows) {
		return rec, ErrNotFound
	}
	return rec, err
}

// CreateMatch stores a new match.
func (s *PostgresStore) CreateMatch(ctx context.Context, rec MatchRecord) (int64, error) {
	data, err := json.Marshal(rec)
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.pool.QueryRow(ctx, `INSERT INTO matches (platform, channel, over, data, created_ms, updated_ms)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, rec.Platform, rec.ChannelID, boolInt(rec.Over), string(data),
		ms(rec.Created), ms(rec.Updated)).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("sessions: create match: %w", err)
	}
	return id, nil
}

// SaveMatch overwrites match rec.ID.
func (s *PostgresStore) SaveMatch(ctx context.Context, rec MatchRecord) error {
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	tag, err := s.pool.Exec(ctx, `UPDATE matches SET over = $1, data = $2, updated_ms = $3 WHERE id = $4`,
		boolInt(rec.Over), string(data), ms(rec.Updated), rec.ID)
	if err != nil {
		return fmt.Errorf("sessions: save match %d: %w", rec.ID, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("sessions: save match %d: %w", rec.ID, ErrNotFound)
	}
	return nil
}

// Match loads match id.
func (s *PostgresStore) Match(ctx context.Context, id int64) (MatchRecord, error) {
	var data string
	err := s.pool.QueryRow(ctx, `SELECT data FROM matches WHERE id = $1`, id).Scan(&data)
	if errors.Is(err, pgx.ErrNoRows) {
		return MatchRecord{}, ErrNotFound
	}
	if err != nil {
		return MatchRecord{}, fmt.Errorf("sessions: load match %d: %w", id, err)
	}
	return decodeMatch(id, data)
}

// ActiveMatches loads the matches not over, oldest first; rows it cannot
// decode are left out and reported in an *UnreadableRowsError.
func (s *PostgresStore) ActiveMatches(ctx context.Context) ([]MatchRecord, error) {
	rows, err := s.pool.Query(ctx, `SELECT id, data FROM matches WHERE over = 0 ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("sessions: load matches: %w", err)
	}
	defer rows.Close()
	return readMatches(rows)
}

// EnqueueReplies stores items and marks the games they announce, atomically.
// The games are marked after the inserts, in id order, so that two
// enqueues never deadlock.
func (s *PostgresStore) EnqueueReplies(ctx context.Context, items []OutboxItem) ([]OutboxItem, error) {
	if len(items) == 0 {
		return items, nil
	}
	var out []OutboxItem
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		out = make([]OutboxItem, len(items))
		announced := map[int64]int64{}
		for i, it := range items {
			if err := tx.QueryRow(ctx, `INSERT INTO outbox (platform, channel, game, version, data, created_ms, owner, claim_ms)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`, it.Platform, it.ChannelID, it.Game, it.Version, it.Data,
				ms(it.Created), it.Owner, ms(it.ClaimUntil)).Scan(&it.ID); err != nil {
				return err
			}
			if it.Game != 0 {
				if v, ok := announced[it.Game]; !ok || it.Version > v {
					announced[it.Game] = it.Version
				}
			}
			out[i] = it
		}
		for _, game := range slices.Sorted(maps.Keys(announced)) {
			if _, err := tx.Exec(ctx, `UPDATE games SET announced = GREATEST(announced, $1) WHERE id = $2`,
				announced[game], game); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("sessions: enqueue replies: %w", err)
	}
	return out, nil
}

// PendingReplies loads a platform's undelivered replies, oldest first.
func (s *PostgresStore) PendingReplies(ctx context.Context, platform string) ([]OutboxItem, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+replyColumns+`
		FROM outbox WHERE platform = $1 AND state = '' ORDER BY id`, platform)
	if err != nil {
		return nil, fmt.Errorf("sessions: pending replies: %w", err)
	}
	defer rows.Close()
	return readReplies(rows)
}

// ClaimReplies claims the platform's free replies for owner.
// Rows another transaction holds (a renewal, a delivery, another claim)
// are skipped rather than waited for: they are someone's now, or will be
// free at a later claim.
func (s *PostgresStore) ClaimReplies(ctx context.Context, platform, owner string, now, until time.Time) ([]OutboxItem, error) {
	rows, err := s.pool.Query(ctx, `UPDATE outbox SET owner = $1, claim_ms = $2 WHERE id IN (
			SELECT id FROM outbox WHERE platform = $3 AND state = '' AND claim_ms <= $4
			FOR UPDATE SKIP LOCKED)
		RETURNING `+replyColumns, owner, ms(until), platform, ms(now))
	if err != nil {
		return nil, fmt.Errorf("sessions: claim replies: %w", err)
	}
	defer rows.Close()
	return claimedReplies(rows)
}

// RenewReplies moves the claims of owner's replies to until.
func (s *PostgresStore) RenewReplies(ctx context.Context, owner string, until time.Time) ([]int64, error) {
	rows, err := s.pool.Query(ctx, `UPDATE outbox SET claim_ms = $1 WHERE owner = $2 AND state = '' RETURNING id`,
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
func (s *PostgresStore) DeliveredReply(ctx context.Context, id int64) error {
	if _, err := s.pool.Exec(ctx, `DELETE FROM outbox WHERE id = $1`, id); err != nil {
		return fmt.Errorf("sessions: delivered reply %d: %w", id, err)
	}
	return nil
}

// AbandonReply marks reply id stale or failed; the row stays as the record.
func (s *PostgresStore) AbandonReply(ctx context.Context, id int64, state, note string) error {
	if state != ReplyStale && state != ReplyFailed {
		return fmt.Errorf("sessions: abandon reply %d: bad state %q", id, state)
	}
	if _, err := s.pool.Exec(ctx, `UPDATE outbox SET state = $1, note = $2 WHERE id = $3`,
		state, note, id); err != nil {
		return fmt.Errorf("sessions: abandon reply %d: %w", id, err)
	}
	return nil
}

// UnannouncedGames loads the games saved after their last announced version.
func (s *PostgresStore) UnannouncedGames(ctx context.Context) ([]GameRecord, error) {
	return s.games(ctx, `SELECT `+gameColumns+` FROM games WHERE announced < version ORDER BY id`)
}

var _ Store = (*PostgresStore)(nil)
