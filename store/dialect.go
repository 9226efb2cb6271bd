package store

// dialect.go: where SQLite and PostgreSQL differ. Everything else in the
// store is the same SQL on both.

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"hash/fnv"
	"net/url"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// dialect is what the store does differently on one database.
type dialect struct {
	// name is the folder of its migrations (migrations/<name>).
	name string
	// numbered: the database wants the statements' ? placeholders as $1,
	// $2... (SQLite takes both, but binds ? faster).
	numbered bool
	// lastInsertID: the driver tells an insert's new id (an INSERT ...
	// RETURNING id read as a query costs SQLite much more).
	lastInsertID bool
	// lockSchema, run first in the migrating transaction, makes processes
	// starting at once migrate one after the other.
	lockSchema string
	// lockPair takes a transaction's lock on two int32 keys, for writes
	// whose rows may not exist yet ("" where writers take turns anyway).
	lockPair string
	// skipLocked ends a claim's selection of rows: rows another
	// transaction holds are someone's now, or free at a later claim.
	skipLocked string
	// challengeSeq orders challenges stored at the same time by their
	// saving.
	challengeSeq string
	// retryable: a transaction failed only because it ran into another
	// (a deadlock, a serialization failure) and can be run again.
	retryable func(error) bool
	// uncertain: a failed statement may have been carried out all the
	// same (its answer was lost).
	uncertain func(error) bool
}

func never(error) bool { return false }

// sqlite: one writer at a time (one connection, even), on a local file:
// no locks to take, no deadlocks, no lost answers.
var sqlite = dialect{name: "sqlite", lastInsertID: true, challengeSeq: "rowid", retryable: never, uncertain: never}

// postgres: writers run at once. Text keys use the "C" collation in its
// migrations, so strings sort by their bytes as SQLite's BINARY does,
// whatever the database's locale.
var postgres = dialect{
	name:     "postgres",
	numbered: true,
	// The key is "oyunbot" in ASCII.
	lockSchema:   fmt.Sprintf(`SELECT pg_advisory_xact_lock(%d)`, 0x6f79756e626f74),
	lockPair:     `SELECT pg_advisory_xact_lock(?, ?)`,
	skipLocked:   ` FOR UPDATE SKIP LOCKED`,
	challengeSeq: "seq",
	retryable: func(err error) bool {
		var pe *pgconn.PgError
		return errors.As(err, &pe) && (pe.Code == "40P01" || pe.Code == "40001")
	},
	// A statement was sent (database/sql reports ErrBadConn when nothing
	// was) and no answer says it failed, or the answer is the server going
	// down (class 57, operator intervention) or the connection's (class
	// 08), which may come after the commit.
	uncertain: func(err error) bool {
		if errors.Is(err, driver.ErrBadConn) || pgconn.SafeToRetry(err) {
			return false // nothing reached the server
		}
		var pe *pgconn.PgError
		if errors.As(err, &pe) {
			return strings.HasPrefix(pe.Code, "57") || strings.HasPrefix(pe.Code, "08")
		}
		return true
	},
}

// on is q running statements in d's placeholders.
func (d *dialect) on(q querier) querier {
	if d.numbered {
		return numbering{q}
	}
	return q
}

// numbering runs statements on a querier with their ? placeholders
// numbered. The statements are the store's own, with no ? in a string.
type numbering struct{ q querier }

func number(query string) string {
	var b strings.Builder
	b.Grow(len(query) + 64)
	n := 0
	for i := range len(query) {
		if query[i] != '?' {
			b.WriteByte(query[i])
			continue
		}
		n++
		b.WriteByte('$')
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

func (n numbering) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return n.q.ExecContext(ctx, number(query), args...)
}

func (n numbering) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return n.q.QueryContext(ctx, number(query), args...)
}

func (n numbering) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return n.q.QueryRowContext(ctx, number(query), args...)
}

// challengeLock is the first key of the locks that serialize the saving of
// challenges between the same two people in a channel (the second is
// pairHash): without it, two challenges saved at once in opposite
// directions would both be kept.
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

// IsPostgresURL reports whether db names a PostgreSQL server
// (postgres://... or postgresql://...) rather than a SQLite file.
func IsPostgresURL(db string) bool {
	l := strings.ToLower(db)
	return strings.HasPrefix(l, "postgres://") || strings.HasPrefix(l, "postgresql://")
}

// RedactURL is rawURL with its password (user:password@, or a password
// parameter) replaced by "xxxxx", for messages and logs.
func RedactURL(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		// Keep only the scheme: the rest may hold a password url.Parse
		// could not find.
		if scheme, _, ok := strings.Cut(rawURL, "://"); ok {
			return scheme + "://(unparsable URL)"
		}
		return "(unparsable URL)"
	}
	if u.User != nil {
		if _, ok := u.User.Password(); ok {
			u.User = url.UserPassword(u.User.Username(), "xxxxx")
		}
	}
	q := u.Query()
	changed := false
	for k := range q {
		if strings.EqualFold(k, "password") {
			q.Set(k, "xxxxx")
			changed = true
		}
	}
	if changed {
		u.RawQuery = q.Encode()
	}
	return u.String()
}
