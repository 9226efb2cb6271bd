package store

// store_web.go is what the web pages read (chat/web): the pages'
// unguessable links, the games listed by the channels that allow it, a
// player's games, results and rating history, and the figures of the
// operations' endpoints. Each rated game's new ratings are recorded in
// SettleGame's transaction (recordRating).

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"oyunbot/ai"
	"oyunbot/sessions"
	"oyunbot/tournament"
)

// TokenBytes is the randomness of a web link's token: 128 bits, which
// nobody guesses.
const TokenBytes = 16

// voidReasons are the ends without a result (Result.Void).
var voidReasons = []any{sessions.ReasonAborted, sessions.ReasonAbandoned, sessions.ReasonEarlyDraw}

// WebToken returns the token of the page of kind (LinkGame...) naming ref
// (a game's id, a player's "platform/id"), made the first time it is
// asked for: TokenBytes random bytes in base64url. Of two processes asking
// at once, both get the one stored.
func (s *SQLStore) WebToken(ctx context.Context, kind, ref string) (string, error) {
	var token string
	err := s.one(ctx, `SELECT token FROM web_links WHERE kind = ? AND ref = ?`, []any{kind, ref}, &token)
	if err == nil {
		return token, nil
	}
	if !errors.Is(err, sessions.ErrNotFound) {
		return "", wrapped("web token", err)
	}
	b := make([]byte, TokenBytes)
	rand.Read(b)
	if _, err := s.q.ExecContext(ctx, `INSERT INTO web_links (kind, ref, token, created_ms) VALUES (?, ?, ?, ?)
		ON CONFLICT (kind, ref) DO NOTHING`, kind, ref, base64.RawURLEncoding.EncodeToString(b), ms(time.Now())); err != nil {
		return "", wrapped("web token", err)
	}
	err = s.one(ctx, `SELECT token FROM web_links WHERE kind = ? AND ref = ?`, []any{kind, ref}, &token)
	return token, wrapped("web token", err)
}

// RenewWebToken replaces the token of kind naming ref with a new one and
// returns it: the old one names nothing any more (a person's "web logout").
func (s *SQLStore) RenewWebToken(ctx context.Context, kind, ref string) (string, error) {
	b := make([]byte, TokenBytes)
	rand.Read(b)
	token := base64.RawURLEncoding.EncodeToString(b)
	_, err := s.q.ExecContext(ctx, `INSERT INTO web_links (kind, ref, token, created_ms) VALUES (?, ?, ?, ?)
		ON CONFLICT (kind, ref) DO UPDATE SET token = excluded.token, created_ms = excluded.created_ms`,
		kind, ref, token, ms(time.Now()))
	if err != nil {
		return "", wrapped("renew web token", err)
	}
	return token, nil
}

// WebRef returns what a token names; ErrNotFound for a token never made.
func (s *SQLStore) WebRef(ctx context.Context, token string) (kind, ref string, err error) {
	err = s.one(ctx, `SELECT kind, ref FROM web_links WHERE token = ?`, []any{token}, &kind, &ref)
	if errors.Is(err, sessions.ErrNotFound) {
		return "", "", err
	}
	return kind, ref, wrapped("web link", err)
}

// listed restricts a query of games to the channels that allow listing.
const listed = `EXISTS (SELECT 1 FROM channels c WHERE c.platform = games.platform AND c.channel = games.channel AND c.web = 1)`

// ListedGames loads up to limit games of the channels whose games are
// listed (ChannelSettings.Web): the unfinished ones, the last moved first,
// or (over) the finished ones, the last begun first. Unreadable rows are
// left out and reported as ActiveGames does.
func (s *SQLStore) ListedGames(ctx context.Context, over bool, limit int) ([]sessions.GameRecord, error) {
	order := `last_ms DESC, id DESC`
	if over {
		order = `id DESC`
	}
	out, err := list(ctx, s, sessions.TableGames, gameRow, `SELECT `+gameColumns+` FROM games WHERE over = ? AND `+listed+
		` ORDER BY `+order+` LIMIT ?`, boolInt(over), limit)
	return out, wrapped("listed games", err)
}

// RecentGames loads up to limit finished games of a channel, the last
// begun first.
func (s *SQLStore) RecentGames(ctx context.Context, platform, channelID string, limit int) ([]sessions.GameRecord, error) {
	out, err := list(ctx, s, sessions.TableGames, gameRow, `SELECT `+gameColumns+` FROM games
		WHERE platform = ? AND channel = ? AND over = 1 ORDER BY id DESC LIMIT ?`, platform, channelID, limit)
	return out, wrapped("recent games", err)
}

// PlayerGames loads up to limit games playerID played (finished or not),
// the last begun first; listedOnly keeps those of the channels whose games
// are listed.
func (s *SQLStore) PlayerGames(ctx context.Context, platform, playerID string, listedOnly bool, limit int) ([]sessions.GameRecord, error) {
	where := ``
	if listedOnly {
		where = ` AND ` + listed
	}
	out, err := list(ctx, s, sessions.TableGames, gameRow, `SELECT `+gameColumns+` FROM games WHERE id IN (
			SELECT id FROM (SELECT id FROM games WHERE platform = ? AND p0 = ?`+where+` ORDER BY id DESC LIMIT ?) AS a
			UNION
			SELECT id FROM (SELECT id FROM games WHERE platform = ? AND p1 = ?`+where+` ORDER BY id DESC LIMIT ?) AS b)
		ORDER BY id DESC LIMIT ?`, platform, playerID, limit, platform, playerID, limit, limit)
	return out, wrapped("player games", err)
}

// PlayerTallies counts playerID's results by game (wins, draws, losses of
// the finished games with a result), by game name.
func (s *SQLStore) PlayerTallies(ctx context.Context, platform, playerID string) ([]sessions.Tally, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT game,
			SUM(CASE WHEN winner = side THEN 1 ELSE 0 END),
			SUM(CASE WHEN winner = ? THEN 1 ELSE 0 END),
			SUM(CASE WHEN winner <> side AND winner <> ? THEN 1 ELSE 0 END)
		FROM (SELECT game, winner, reason, 0 AS side FROM games WHERE platform = ? AND p0 = ? AND over = 1
			UNION ALL
			SELECT game, winner, reason, 1 AS side FROM games WHERE platform = ? AND p1 = ? AND over = 1) AS g
		WHERE reason NOT IN (?, ?, ?)
		GROUP BY game ORDER BY game`, append([]any{int(ai.NoSide), int(ai.NoSide), platform, playerID, platform, playerID},
		voidReasons...)...)
	if err != nil {
		return nil, wrapped("tallies", err)
	}
	defer rows.Close()
	var out []sessions.Tally
	for rows.Next() {
		var t sessions.Tally
		if err := rows.Scan(&t.Game, &t.Wins, &t.Draws, &t.Losses); err != nil {
			return nil, wrapped("tallies", err)
		}
		out = append(out, t)
	}
	return out, wrapped("tallies", rows.Err())
}

// recordRating keeps r, game id's new rating, in the history (in
// SettleGame's transaction tx).
func (s *SQLStore) recordRating(ctx context.Context, tx querier, id int64, r sessions.RatingRecord) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO rating_history (platform, game, player, game_id, rating, rd, at_ms)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (platform, game, player, game_id) DO NOTHING`,
		r.Platform, r.Game, r.PlayerID, id, r.Rating.Rating, r.RD, ms(r.Updated))
	if err != nil {
		return fmt.Errorf("rating history: %w", err)
	}
	return nil
}

// ratingPointColumns are what scanPoints reads, of rating_history h: the
// point and the rating before it.
const ratingPointColumns = `h.game, h.player, h.game_id, h.rating, h.rd, h.at_ms,
	(SELECT p.rating FROM rating_history p WHERE p.platform = h.platform AND p.game = h.game AND p.player = h.player
		AND (p.at_ms < h.at_ms OR (p.at_ms = h.at_ms AND p.game_id < h.game_id))
		ORDER BY p.at_ms DESC, p.game_id DESC LIMIT 1)`

func scanPoints(rows *sql.Rows) ([]sessions.RatingPoint, error) {
	defer rows.Close()
	var out []sessions.RatingPoint
	for rows.Next() {
		var (
			p      sessions.RatingPoint
			at     int64
			before sql.NullFloat64
		)
		if err := rows.Scan(&p.Game, &p.PlayerID, &p.GameID, &p.Rating, &p.RD, &at, &before); err != nil {
			return nil, err
		}
		p.At, p.Before, p.HasBefore = fromMS(at), before.Float64, before.Valid
		out = append(out, p)
	}
	return out, rows.Err()
}

// RatingHistory loads playerID's ratings after each of their rated games,
// by game name, then oldest first.
func (s *SQLStore) RatingHistory(ctx context.Context, platform, playerID string) ([]sessions.RatingPoint, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT `+ratingPointColumns+` FROM rating_history h
		WHERE h.platform = ? AND h.player = ? ORDER BY h.game, h.at_ms, h.game_id`, platform, playerID)
	if err != nil {
		return nil, wrapped("rating history", err)
	}
	out, err := scanPoints(rows)
	return out, wrapped("rating history", err)
}

// GameRatings loads the ratings game id left its players with (none for
// a game not rated, or not settled yet).
func (s *SQLStore) GameRatings(ctx context.Context, id int64) ([]sessions.RatingPoint, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT `+ratingPointColumns+` FROM rating_history h
		WHERE h.game_id = ? ORDER BY h.player`, id)
	if err != nil {
		return nil, wrapped("game ratings", err)
	}
	out, err := scanPoints(rows)
	return out, wrapped("game ratings", err)
}

// ChannelLeaderboard loads the best limit ratings in game of the people
// who played it in a channel, best first (ties as Leaderboard's).
func (s *SQLStore) ChannelLeaderboard(ctx context.Context, platform, channelID, game string, limit int) ([]sessions.RatingRecord, error) {
	out, err := list(ctx, s, "", ratingRow, `SELECT `+ratingColumns+` FROM ratings
		WHERE platform = ? AND game = ? AND player IN (
			SELECT p0 FROM games WHERE platform = ? AND channel = ? AND game = ? AND p0 <> ''
			UNION
			SELECT p1 FROM games WHERE platform = ? AND channel = ? AND game = ? AND p1 <> '')
		ORDER BY rating DESC, games DESC, player LIMIT ?`,
		platform, game, platform, channelID, game, platform, channelID, game, limit)
	return out, wrapped("channel leaderboard", err)
}

// TournamentByID loads tournament id; ErrNotFound if there is none.
func (s *SQLStore) TournamentByID(ctx context.Context, id int64) (sessions.TournamentRecord, error) {
	return found(scanTournament(s.q.QueryRowContext(ctx, `SELECT `+tournamentColumns+` FROM tournaments WHERE id = ?`, id)))
}

// ListedTournaments loads up to limit tournaments registering or running
// in the channels whose games are listed, the latest first; unreadable
// rows are left out and reported as ActiveGames does.
func (s *SQLStore) ListedTournaments(ctx context.Context, limit int) ([]sessions.TournamentRecord, error) {
	out, err := list(ctx, s, sessions.TableTournaments, tournamentRow, `SELECT `+tournamentColumns+` FROM tournaments
		WHERE state IN (?, ?) AND EXISTS (SELECT 1 FROM channels c
			WHERE c.platform = tournaments.platform AND c.channel = tournaments.channel AND c.web = 1)
		ORDER BY id DESC LIMIT ?`, string(tournament.Registering), string(tournament.Running), limit)
	return out, wrapped("listed tournaments", err)
}

// ChannelTournaments loads up to limit of a channel's tournaments, in any
// state, the latest first.
func (s *SQLStore) ChannelTournaments(ctx context.Context, platform, channelID string, limit int) ([]sessions.TournamentRecord, error) {
	out, err := list(ctx, s, sessions.TableTournaments, tournamentRow, `SELECT `+tournamentColumns+` FROM tournaments
		WHERE platform = ? AND channel = ? ORDER BY id DESC LIMIT ?`, platform, channelID, limit)
	return out, wrapped("channel tournaments", err)
}

// ListedChannels loads the settings of the channels whose games are
// listed.
func (s *SQLStore) ListedChannels(ctx context.Context) ([]sessions.ChannelSettings, error) {
	rows, err := s.q.QueryContext(ctx, `SELECT platform, channel, lang, level, dice FROM channels WHERE web = 1
		ORDER BY platform, channel`)
	if err != nil {
		return nil, wrapped("listed channels", err)
	}
	defer rows.Close()
	var out []sessions.ChannelSettings
	for rows.Next() {
		cs := sessions.ChannelSettings{Web: true}
		if err := rows.Scan(&cs.Platform, &cs.ChannelID, &cs.Lang, &cs.Level, &cs.Dice); err != nil {
			return nil, wrapped("listed channels", err)
		}
		out = append(out, cs)
	}
	return out, wrapped("listed channels", rows.Err())
}

// OutboxDepth counts the replies waiting for their platform (not given up).
func (s *SQLStore) OutboxDepth(ctx context.Context) (int, error) {
	var n int
	err := s.one(ctx, `SELECT count(*) FROM outbox WHERE state = ''`, nil, &n)
	return n, wrapped("outbox depth", err)
}

// OutboxAbandoned counts the replies given up (stale or failed) that the
// outbox still keeps.
func (s *SQLStore) OutboxAbandoned(ctx context.Context) (int, error) {
	var n int
	err := s.one(ctx, `SELECT count(*) FROM outbox WHERE state <> ''`, nil, &n)
	return n, wrapped("outbox abandoned", err)
}

// GamesInPlay counts the unfinished games.
func (s *SQLStore) GamesInPlay(ctx context.Context) (int, error) {
	var n int
	err := s.one(ctx, `SELECT count(*) FROM games WHERE over = 0`, nil, &n)
	return n, wrapped("games in play", err)
}

// Ping reports whether the database answers a query.
func (s *SQLStore) Ping(ctx context.Context) error {
	var one int
	return wrapped("ping", s.one(ctx, `SELECT 1`, nil, &one))
}
