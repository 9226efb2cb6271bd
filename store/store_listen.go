package store

// store_listen.go: the PostgreSQL notifications of changed games and
// tournaments (migration 12's triggers), for the web pages of every process
// to follow the moves any process stores.

import (
	"context"
	"database/sql/driver"
	"errors"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/stdlib"
)

// ChangesChannel is the PostgreSQL channel of the notifications.
const ChangesChannel = "oyunbot_changes"

// ErrNoNotifications is ListenChanges' error on a store that has none
// (SQLite: one process, whose own writes say what changed).
var ErrNoNotifications = errors.New("store: this store sends no notifications")

// ListenChanges calls changed with each game id stored with a change, and
// each tournament's id negated, by any process on the database, until ctx
// is done or the connection fails (its error). ready, if not nil, is called
// once listening: a change committed after it is not missed.
func (s *SQLStore) ListenChanges(ctx context.Context, ready func(), changed func(id int64)) error {
	if s.d != &postgres {
		return ErrNoNotifications
	}
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	var schema string
	if err := conn.QueryRowContext(ctx, `SELECT current_schema()`).Scan(&schema); err != nil {
		return err
	}
	if _, err := conn.ExecContext(ctx, `LISTEN `+ChangesChannel); err != nil {
		return err
	}
	// A connection that listened is not for the pool: it is closed, not
	// returned, when this ends.
	defer conn.Raw(func(any) error { return driver.ErrBadConn })
	if ready != nil {
		ready()
	}
	return conn.Raw(func(dc any) error {
		pc := dc.(*stdlib.Conn).Conn()
		for {
			n, err := pc.WaitForNotification(ctx)
			if err != nil {
				return err
			}
			if id, ok := parseChange(n.Payload, schema); ok {
				changed(id)
			}
		}
	})
}

// parseChange reads "<schema>/g/<id>/<version>" or "<schema>/t/<id>": a
// game's id, or a tournament's negated; ok is false for another schema's.
func parseChange(payload, schema string) (int64, bool) {
	parts := strings.Split(payload, "/")
	if len(parts) < 3 || parts[0] != schema {
		return 0, false
	}
	id, err := strconv.ParseInt(parts[2], 10, 64)
	if err != nil || id <= 0 {
		return 0, false
	}
	switch parts[1] {
	case "g":
		return id, true
	case "t":
		return -id, true
	}
	return 0, false
}
