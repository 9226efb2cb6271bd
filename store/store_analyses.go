package store

// store_analyses.go keeps the post-game analyses (migration 13).

import (
	"context"
	"oyunbot/sessions/analyses"
)

var _ analyses.Store = (*SQLStore)(nil)

// SaveAnalysis implements analyses.Store.
func (s *SQLStore) SaveAnalysis(ctx context.Context, rec analyses.Record) error {
	_, err := s.q.ExecContext(ctx, `INSERT INTO analyses (game_id, complete, result, at_ms) VALUES (?, ?, ?, ?)
		ON CONFLICT (game_id) DO UPDATE SET complete = excluded.complete, result = excluded.result, at_ms = excluded.at_ms`,
		rec.GameID, boolInt(rec.Complete), string(rec.Result), ms(rec.At))
	return wrapped("save an analysis", err)
}

// Analysis implements analyses.Store.
func (s *SQLStore) Analysis(ctx context.Context, gameID int64) (analyses.Record, error) {
	rec := analyses.Record{GameID: gameID}
	var complete, at int64
	var result string
	if err := s.one(ctx, `SELECT complete, result, at_ms FROM analyses WHERE game_id = ?`, []any{gameID},
		&complete, &result, &at); err != nil {
		return analyses.Record{}, err
	}
	rec.Complete, rec.Result, rec.At = complete != 0, []byte(result), fromMS(at)
	return rec, nil
}
