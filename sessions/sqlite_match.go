package sessions

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
)

// CreateMatch stores a new match.
func (s *SQLiteStore) CreateMatch(ctx context.Context, rec MatchRecord) (int64, error) {
	data, err := json.Marshal(rec)
	if err != nil {
		return 0, err
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO matches (platform, channel, over, data, created_ms, updated_ms)
		VALUES (?, ?, ?, ?, ?, ?)`, rec.Platform, rec.ChannelID, boolInt(rec.Over), string(data), ms(rec.Created), ms(rec.Updated))
	if err != nil {
		return 0, fmt.Errorf("sessions: create match: %w", err)
	}
	return res.LastInsertId()
}

// SaveMatch overwrites match rec.ID.
func (s *SQLiteStore) SaveMatch(ctx context.Context, rec MatchRecord) error {
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, `UPDATE matches SET over = ?, data = ?, updated_ms = ? WHERE id = ?`,
		boolInt(rec.Over), string(data), ms(rec.Updated), rec.ID)
	if err != nil {
		return fmt.Errorf("sessions: save match %d: %w", rec.ID, err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return fmt.Errorf("sessions: save match %d: %w", rec.ID, ErrNotFound)
	}
	return nil
}

// Match loads match id.
func (s *SQLiteStore) Match(ctx context.Context, id int64) (MatchRecord, error) {
	var data string
	err := s.db.QueryRowContext(ctx, `SELECT data FROM matches WHERE id = ?`, id).Scan(&data)
	if errors.Is(err, sql.ErrNoRows) {
		return MatchRecord{}, ErrNotFound
	}
	if err != nil {
		return MatchRecord{}, fmt.Errorf("sessions: load match %d: %w", id, err)
	}
	return decodeMatch(id, data)
}

// ActiveMatches loads the matches not over, oldest first; rows it cannot
// decode are left out and reported in an *UnreadableRowsError.
func (s *SQLiteStore) ActiveMatches(ctx context.Context) ([]MatchRecord, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT id, data FROM matches WHERE over = 0 ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("sessions: load matches: %w", err)
	}
	defer rows.Close()
	return readMatches(rows)
}
