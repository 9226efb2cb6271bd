package sessions

// unreadable.go: rows of the store that start-up cannot read (invalid JSON,
// a game this build does not know, moves that do not replay). One such row
// must not keep the bot from starting: it is skipped, reported, and left
// exactly as it is for a human to repair (never overwritten or deleted; its
// id is never reused, the tables' ids being AUTOINCREMENT).

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"

	"oyunbot/games"
)

// Tables whose rows start-up reads.
const (
	TableGames       = "games"
	TableTournaments = "tournaments"
	TableChallenges  = "challenges"
	TableMatches     = "matches"
)

// ErrUnreadableRow: a change would overwrite or delete a stored row that
// cannot be read; the row is kept and the change refused.
var ErrUnreadableRow = errors.New("sessions: an unreadable stored row is in the way")

// SkippedRow is a stored row that could not be read.
type SkippedRow struct {
	Table string // TableGames, TableTournaments, TableChallenges or TableMatches
	// Key identifies the row: a game's or tournament's id, a challenge's
	// "platform/channel/from>to".
	Key string
	Err error // why it could not be read
}

func (r SkippedRow) String() string { return r.Table + " " + r.Key + ": " + r.Err.Error() }

// UnreadableRowsError is returned, together with the rows that could be
// read, by the Store readers of what start-up restores (ActiveGames,
// Challenges, ActiveTournaments) when some rows could not be decoded.
type UnreadableRowsError struct{ Rows []SkippedRow }

func (e *UnreadableRowsError) Error() string {
	parts := make([]string, len(e.Rows))
	for i, r := range e.Rows {
		parts[i] = r.String()
	}
	return "sessions: unreadable rows: " + strings.Join(parts, "; ")
}

// unreadable returns nil for no rows, else an *UnreadableRowsError.
func unreadable(rows []SkippedRow) error {
	if len(rows) == 0 {
		return nil
	}
	return &UnreadableRowsError{Rows: rows}
}

// skippedOf splits a reader's error into the rows it skipped and any other
// error (which means the reader's result cannot be used at all).
func skippedOf(err error) ([]SkippedRow, error) {
	var ue *UnreadableRowsError
	if errors.As(err, &ue) {
		return ue.Rows, nil
	}
	return nil, err
}

func idKey(id int64) string { return strconv.FormatInt(id, 10) }

// loadGames reads the unfinished games and rebuilds their positions with
// newLive, skipping the rows that cannot be read or replayed.
func loadGames(ctx context.Context, st Store, reg *games.Registry, newLive func(GameRecord, games.Game) *live) ([]*live, []SkippedRow, error) {
	recs, err := st.ActiveGames(ctx)
	skipped, err := skippedOf(err)
	if err != nil {
		return nil, nil, err
	}
	var out []*live
	for _, rec := range recs {
		g, ok := reg.Lookup(rec.Game)
		if !ok {
			skipped = append(skipped, SkippedRow{TableGames, idKey(rec.ID), fmt.Errorf("unknown game %q", rec.Game)})
			continue
		}
		l := newLive(rec, g)
		if err := l.replay(rec.Moves); err != nil {
			skipped = append(skipped, SkippedRow{TableGames, idKey(rec.ID), err})
			continue
		}
		out = append(out, l)
	}
	return out, skipped, nil
}

// LoadTournaments reads the registering and running tournaments, skipping
// the rows that cannot be read (an unknown game too).
func LoadTournaments(ctx context.Context, st Store, reg *games.Registry) ([]TournamentRecord, []SkippedRow, error) {
	recs, err := st.ActiveTournaments(ctx)
	skipped, err := skippedOf(err)
	if err != nil {
		return nil, nil, err
	}
	out := recs[:0:0]
	for _, rec := range recs {
		if _, ok := reg.Lookup(rec.T.Game); !ok {
			skipped = append(skipped, SkippedRow{TableTournaments, idKey(rec.ID), fmt.Errorf("unknown game %q", rec.T.Game)})
			continue
		}
		out = append(out, rec)
	}
	return out, skipped, nil
}

// Unreadable lists the rows that start-up would skip, without changing
// anything (for "bot checkdb").
func Unreadable(ctx context.Context, st Store, reg *games.Registry) ([]SkippedRow, error) {
	_, skipped, err := loadGames(ctx, st, reg, func(rec GameRecord, g games.Game) *live { return &live{state: state{rec: rec, game: g}} })
	if err != nil {
		return nil, err
	}
	_, more, err := LoadTournaments(ctx, st, reg)
	if err != nil {
		return nil, err
	}
	skipped = append(skipped, more...)
	_, err = st.Challenges(ctx)
	more, err = skippedOf(err)
	if err != nil {
		return nil, err
	}
	return append(skipped, more...), nil
}

// Skipped lists the rows start-up could not read and left as they are.
func (m *Manager) Skipped() []SkippedRow {
	return append([]SkippedRow(nil), m.skipped...)
}

// reportSkipped logs each row start-up skipped, and a summary.
func reportSkipped(log *slog.Logger, skipped []SkippedRow) {
	if len(skipped) == 0 {
		return
	}
	count := map[string]int{}
	for _, r := range skipped {
		count[r.Table]++
		log.Warn("start-up: skipped an unreadable row, left in the database for repair",
			"table", r.Table, "key", r.Key, "err", r.Err)
	}
	log.Warn("start-up: skipped unreadable rows (list them with: bot checkdb)", "count", len(skipped),
		TableGames, count[TableGames], TableTournaments, count[TableTournaments], TableChallenges, count[TableChallenges])
}
