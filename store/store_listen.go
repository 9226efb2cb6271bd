package store

// store_listen.go: the PostgreSQL notifications of changed games and
// tournaments (migration 12's triggers), for the web pages of every process
// to follow the moves any process stores.

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
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
	return s.listen(ctx, ChangesChannel, ready, func(payload, schema string) {
		if id, ok := parseChange(payload, schema); ok {
			changed(id)
		}
	})
}

// ToldChannel is the PostgreSQL channel of Tell's messages.
const ToldChannel = "oyunbot_told"

// MaxTold is the longest message Tell carries (PostgreSQL's limit on a
// notification is 8000 bytes, the schema's name included).
const MaxTold = 7000

// Tell sends msg to every process's ListenTold on this database and
// schema, this one's included: what one process has to say to a person
// whose page another one serves (a private answer).
func (s *SQLStore) Tell(ctx context.Context, msg string) error {
	if s.d != &postgres {
		return ErrNoNotifications
	}
	if len(msg) > MaxTold {
		return fmt.Errorf("store: tell: %d bytes, at most %d", len(msg), MaxTold)
	}
	_, err := s.db.ExecContext(ctx, `SELECT pg_notify($1, current_schema() || '/' || $2)`, ToldChannel, msg)
	return wrapped("tell", err)
}

// ListenTold calls told with each message any process on the database
// (schema) sends with Tell, until ctx is done or the connection fails (its
// error); ready as for ListenChanges.
func (s *SQLStore) ListenTold(ctx context.Context, ready func(), told func(msg string)) error {
	return s.listen(ctx, ToldChannel, ready, func(payload, schema string) {
		if msg, ok := strings.CutPrefix(payload, schema+"/"); ok {
			told(msg)
		}
	})
}

// listen calls got with each notification on channel and the schema the
// store uses, on a connection of its own, until ctx is done or it fails.
func (s *SQLStore) listen(ctx context.Context, channel string, ready func(), got func(payload, schema string)) error {
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
	if _, err := conn.ExecContext(ctx, `LISTEN `+channel); err != nil {
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
			got(n.Payload, schema)
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
