package store

// rows.go reads result sets into records and encodes what the store keeps
// as JSON. Rows that cannot be decoded are left out and reported in an
// *UnreadableRowsError beside the others, where a reader promises it.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"oyunbot/sessions/outbox"
	"strconv"
	"time"

	"oyunbot/ai"
	"oyunbot/sessions"
)

// scanner is a row: *sql.Row or *sql.Rows.
type scanner interface{ Scan(dest ...any) error }

// list reads the rows a query gives with scan, which also returns the
// row's key. A row scan cannot read fails the read, unless table is set:
// then it is left out and reported (as that table's) in an
// *UnreadableRowsError beside the others.
func list[T any](ctx context.Context, s *SQLStore, table string, scan func(scanner) (T, string, error),
	query string, args ...any) ([]T, error) {
	rows, err := s.q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var (
		out     []T
		skipped []sessions.SkippedRow
	)
	for rows.Next() {
		rec, key, err := scan(rows)
		switch {
		case err == nil:
			out = append(out, rec)
		case table == "":
			return nil, err
		default:
			skipped = append(skipped, sessions.SkippedRow{Table: table, Key: key, Err: err})
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, unreadable(skipped)
}

// wrapped is err saying what the store was doing; nil stays nil, and an
// *UnreadableRowsError (which comes with the rows read) stays as it is.
func wrapped(what string, err error) error {
	var u *sessions.UnreadableRowsError
	if err == nil || errors.As(err, &u) {
		return err
	}
	return fmt.Errorf("store: %s: %w", what, err)
}

// gameRow reads a row of gameColumns.
func gameRow(row scanner) (sessions.GameRecord, string, error) {
	rec, err := scanGame(row)
	return rec, idKey(rec.ID), err // the id is read before any other column can fail
}

func scanGame(row scanner) (sessions.GameRecord, error) {
	var (
		rec                     sessions.GameRecord
		players, moves, tc      string
		c0, c1, started, last   int64
		drawOffer, over, winner int
		takeback                int
		l0, l1                  int64
		rated, settled          int
	)
	err := row.Scan(&rec.ID, &rec.Game, &rec.Platform, &rec.ChannelID, &players, &rec.Level, &moves,
		&c0, &c1, &started, &last, &drawOffer, &over, &winner, &rec.Result.Reason,
		&tc, &l0, &l1, &rec.Lang, &rec.Tournament, &rec.Round, &rec.Board, &rated, &settled, &rec.Version,
		&rec.Start, &rec.Result.Points, &rec.Optimal, &rec.Match, &takeback)
	if err != nil {
		return rec, err
	}
	rec.TakebackOffer = ai.Side(takeback)
	if rec.TimeControl, err = sessions.ParseTimeControl(tc); err != nil {
		return rec, fmt.Errorf("store: game %d time control %q: %w", rec.ID, tc, err)
	}
	if err := json.Unmarshal([]byte(players), &rec.Players); err != nil {
		return rec, fmt.Errorf("store: game %d players: %w", rec.ID, err)
	}
	if err := json.Unmarshal([]byte(moves), &rec.Moves); err != nil {
		return rec, fmt.Errorf("store: game %d moves: %w", rec.ID, err)
	}
	millis := func(v int64) time.Duration { return time.Duration(v) * time.Millisecond }
	rec.Clocks, rec.Left = [2]time.Duration{millis(c0), millis(c1)}, [2]time.Duration{millis(l0), millis(l1)}
	rec.Rated, rec.Settled = rated != 0, settled != 0
	rec.Started, rec.LastMove = fromMS(started), fromMS(last)
	rec.DrawOffer = ai.Side(drawOffer)
	rec.Result.Over, rec.Result.Winner = over != 0, ai.Side(winner)
	return rec, nil
}

const ratingColumns = `platform, game, player, name, rating, rd, volatility, games, updated_ms`

func scanRating(row scanner) (sessions.RatingRecord, error) {
	var (
		r       sessions.RatingRecord
		updated int64
	)
	err := row.Scan(&r.Platform, &r.Game, &r.PlayerID, &r.Name, &r.Rating.Rating, &r.RD, &r.Volatility, &r.Games, &updated)
	r.Updated = fromMS(updated)
	return r, err
}

func ratingRow(row scanner) (sessions.RatingRecord, string, error) {
	r, err := scanRating(row)
	return r, "", err
}

// challengeJSON is a ChallengeRecord as stored (the time control as text).
type challengeJSON struct {
	From, To    sessions.Player
	Game        string
	Side        int
	TimeControl string
	Lang        string
	Target      int `json:",omitempty"`
}

func encodeChallenge(c sessions.ChallengeRecord) (string, error) {
	data, err := json.Marshal(challengeJSON{From: c.From, To: c.To, Game: c.Game, Side: int(c.Side),
		TimeControl: c.TimeControl.String(), Lang: c.Lang, Target: c.Target})
	return string(data), err
}

// decodeChallenge reads a challenge's data column into c.
func decodeChallenge(data string, c *sessions.ChallengeRecord) error {
	var j challengeJSON
	if err := json.Unmarshal([]byte(data), &j); err != nil {
		return fmt.Errorf("store: challenge data: %w", err)
	}
	tc, err := sessions.ParseTimeControl(j.TimeControl)
	if err != nil {
		return fmt.Errorf("store: challenge time control %q: %w", j.TimeControl, err)
	}
	c.From, c.To, c.Game, c.Side, c.TimeControl, c.Lang, c.Target = j.From, j.To, j.Game, ai.Side(j.Side), tc, j.Lang, j.Target
	return nil
}

// challengeRow reads a row of platform, channel, from_id, to_id, data,
// created_ms.
func challengeRow(row scanner) (sessions.ChallengeRecord, string, error) {
	var (
		c             sessions.ChallengeRecord
		from, to, raw string
		created       int64
	)
	err := row.Scan(&c.Platform, &c.ChannelID, &from, &to, &raw, &created)
	if err == nil {
		err = decodeChallenge(raw, &c)
	}
	c.Created = fromMS(created)
	return c, challengeKey(c.Platform, c.ChannelID, from, to), err
}

func encodeTournament(rec sessions.TournamentRecord) (data, games string, err error) {
	d, err := json.Marshal(rec.T)
	if err != nil {
		return "", "", err
	}
	g, err := json.Marshal(rec.Games)
	if rec.Games == nil {
		g = []byte("{}")
	}
	return string(d), string(g), err
}

const tournamentColumns = `id, platform, channel, lang, data, games, created_ms, updated_ms`

func scanTournament(row scanner) (sessions.TournamentRecord, error) {
	var (
		rec              sessions.TournamentRecord
		data, games      string
		created, updated int64
	)
	if err := row.Scan(&rec.ID, &rec.Platform, &rec.ChannelID, &rec.Lang, &data, &games, &created, &updated); err != nil {
		return rec, err
	}
	if err := json.Unmarshal([]byte(data), &rec.T); err != nil {
		return rec, fmt.Errorf("store: tournament %d: %w", rec.ID, err)
	}
	if err := rec.T.Validate(); err != nil {
		return rec, fmt.Errorf("store: tournament %d: %w", rec.ID, err)
	}
	if err := json.Unmarshal([]byte(games), &rec.Games); err != nil {
		return rec, fmt.Errorf("store: tournament %d games: %w", rec.ID, err)
	}
	rec.Created, rec.Updated = fromMS(created), fromMS(updated)
	return rec, nil
}

func tournamentRow(row scanner) (sessions.TournamentRecord, string, error) {
	rec, err := scanTournament(row)
	return rec, idKey(rec.ID), err // the id is read before any other column can fail
}

// matchRow reads a row of id, data, with the store's millisecond local
// times.
func matchRow(row scanner) (sessions.MatchRecord, string, error) {
	var (
		rec  sessions.MatchRecord
		id   int64
		data string
	)
	if err := row.Scan(&id, &data); err != nil {
		return rec, idKey(id), err
	}
	if err := json.Unmarshal([]byte(data), &rec); err != nil {
		return sessions.MatchRecord{}, idKey(id), fmt.Errorf("store: match %d: %w", id, err)
	}
	rec.ID = id
	rec.Created, rec.Updated = storedTime(rec.Created), storedTime(rec.Updated)
	return rec, idKey(id), nil
}

// replyColumns are the outbox columns replyRow reads.
const replyColumns = `id, platform, channel, game, version, data, created_ms, owner, claim_ms`

func replyRow(row scanner) (outbox.Item, string, error) {
	var (
		it             outbox.Item
		created, claim int64
	)
	err := row.Scan(&it.ID, &it.Platform, &it.ChannelID, &it.Game, &it.Version, &it.Data, &created, &it.Owner, &claim)
	it.Created, it.ClaimUntil = fromMS(created), fromMS(claim)
	return it, "", err
}

func idRow(row scanner) (int64, string, error) {
	var id int64
	err := row.Scan(&id)
	return id, "", err
}

// unreadable returns nil for no rows, else an *sessions.UnreadableRowsError.
func unreadable(rows []sessions.SkippedRow) error {
	if len(rows) == 0 {
		return nil
	}
	return &sessions.UnreadableRowsError{Rows: rows}
}

// idKey is a game's or tournament's SkippedRow.Key.
func idKey(id int64) string { return strconv.FormatInt(id, 10) }

// challengeKey is a challenge's SkippedRow.Key: "platform/channel/from>to".
func challengeKey(platform, channel, from, to string) string {
	return platform + "/" + channel + "/" + from + ">" + to
}

// storedTime is t as the store keeps it: to the millisecond, in local
// time (a match's times, stored in its JSON, come back as the Manager
// made them).
func storedTime(t time.Time) time.Time { return time.UnixMilli(t.UnixMilli()) }
