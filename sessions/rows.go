package sessions

// rows.go reads result sets into records, for every SQL store: the SQLite
// and PostgreSQL stores differ in their statements, not in what they do
// with the rows. Rows that cannot be decoded are left out and reported in
// an *UnreadableRowsError beside the others, where a store promises it.

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
)

// rowSet is what a driver's result set offers (*sql.Rows, pgx.Rows).
type rowSet interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
}

func readGames(rows rowSet) ([]GameRecord, error) {
	var (
		out     []GameRecord
		skipped []SkippedRow
	)
	for rows.Next() {
		rec, err := scanGame(rows) // sets rec.ID before any other column can fail
		if err != nil {
			skipped = append(skipped, SkippedRow{TableGames, idKey(rec.ID), err})
			continue
		}
		out = append(out, rec)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sessions: load games: %w", err)
	}
	return out, unreadable(skipped)
}

func readRatings(rows rowSet) ([]RatingRecord, error) {
	var out []RatingRecord
	for rows.Next() {
		r, err := scanRating(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// readChallenges reads rows of platform, channel, from_id, to_id, data,
// created_ms.
func readChallenges(rows rowSet) ([]ChallengeRecord, error) {
	var (
		out     []ChallengeRecord
		skipped []SkippedRow
	)
	for rows.Next() {
		var (
			c        ChallengeRecord
			from, to string
			data     string
			created  int64
		)
		if err := rows.Scan(&c.Platform, &c.ChannelID, &from, &to, &data, &created); err != nil {
			skipped = append(skipped, SkippedRow{TableChallenges, challengeKey(c.Platform, c.ChannelID, from, to), err})
			continue
		}
		if err := decodeChallenge(data, &c); err != nil {
			skipped = append(skipped, SkippedRow{TableChallenges, challengeKey(c.Platform, c.ChannelID, from, to), err})
			continue
		}
		c.Created = fromMS(created)
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sessions: challenges: %w", err)
	}
	return out, unreadable(skipped)
}

func readTournaments(rows rowSet) ([]TournamentRecord, error) {
	var (
		out     []TournamentRecord
		skipped []SkippedRow
	)
	for rows.Next() {
		rec, err := scanTournament(rows) // sets rec.ID before any other column can fail
		if err != nil {
			skipped = append(skipped, SkippedRow{TableTournaments, idKey(rec.ID), err})
			continue
		}
		out = append(out, rec)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sessions: active tournaments: %w", err)
	}
	return out, unreadable(skipped)
}

// readMatches reads rows of id, data.
func readMatches(rows rowSet) ([]MatchRecord, error) {
	var (
		out     []MatchRecord
		skipped []SkippedRow
	)
	for rows.Next() {
		var id int64
		var data string
		if err := rows.Scan(&id, &data); err != nil {
			return nil, err
		}
		rec, err := decodeMatch(id, data)
		if err != nil {
			skipped = append(skipped, SkippedRow{TableMatches, idKey(id), err})
			continue
		}
		out = append(out, rec)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("sessions: load matches: %w", err)
	}
	return out, unreadable(skipped)
}

// decodeMatch reads match id's data column, with the stores' millisecond
// local times.
func decodeMatch(id int64, data string) (MatchRecord, error) {
	var rec MatchRecord
	if err := json.Unmarshal([]byte(data), &rec); err != nil {
		return MatchRecord{}, fmt.Errorf("sessions: match %d: %w", id, err)
	}
	rec.ID = id
	rec.Created, rec.Updated = storedTime(rec.Created), storedTime(rec.Updated)
	return rec, nil
}

// replyColumns are the outbox columns readReplies reads.
const replyColumns = `id, platform, channel, game, version, data, created_ms, owner, claim_ms`

// claimedReplies reads the replies a claim's UPDATE ... RETURNING gave,
// in id order (the order a chat's replies are sent in).
func claimedReplies(rows rowSet) ([]OutboxItem, error) {
	items, err := readReplies(rows)
	if err != nil {
		return nil, fmt.Errorf("sessions: claim replies: %w", err)
	}
	slices.SortFunc(items, func(a, b OutboxItem) int { return cmp.Compare(a.ID, b.ID) })
	return items, nil
}

// readReplies reads rows of replyColumns.
func readReplies(rows rowSet) ([]OutboxItem, error) {
	var out []OutboxItem
	for rows.Next() {
		var it OutboxItem
		var created, claim int64
		if err := rows.Scan(&it.ID, &it.Platform, &it.ChannelID, &it.Game, &it.Version, &it.Data, &created,
			&it.Owner, &claim); err != nil {
			return nil, fmt.Errorf("sessions: pending replies: %w", err)
		}
		it.Created, it.ClaimUntil = fromMS(created), fromMS(claim)
		out = append(out, it)
	}
	return out, rows.Err()
}

// readIDs reads rows of one id.
func readIDs(rows rowSet) ([]int64, error) {
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		out = append(out, id)
	}
	return out, rows.Err()
}
