// Package store keeps the bot's state in a SQL database: SQLStore, the
// sessions.Store (and the web's reads) over SQLite (a file, the default) or
// PostgreSQL (several bot processes sharing one database), one
// implementation through database/sql, with the schema's migrations
// embedded (migrations/<database>/NNN_what.sql). What differs between the
// two databases is in dialect.go; the conformance suite in storetest runs
// on both.
//
// It implements the interfaces package sessions declares, over the records
// sessions defines, and imports sessions for them; sessions, and what only
// shows its values (chat/present), never import this package nor a SQL
// driver (internal/layering holds it). cmd/bot opens the store and hands it
// to the Manager, the router and the web.
package store

// store.go: opening, migrating, transactions, the helpers every query uses.
//
// The schemas match column for column (times and durations in
// milliseconds, flags as 0/1, JSON as text), so a schema version means the
// same on both. Statements mark their parameters with ?, which the
// PostgreSQL dialect numbers ($1, $2...).

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"oyunbot/sessions"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	_ "modernc.org/sqlite" // registers the pure-Go "sqlite" driver
)

// SQLStore is the Store on SQLite (OpenSQLite) or PostgreSQL
// (OpenPostgres). It writes through on every change.
type SQLStore struct {
	db *sql.DB
	q  querier // db, in the dialect's placeholders
	d  *dialect
}

var _ sessions.Store = (*SQLStore)(nil)

// MemoryDB is the path of a private in-memory database (lost at Close).
const MemoryDB = ":memory:"

// busyTimeout is how long a SQLite writer waits for another connection's
// lock (another process's: the store itself has one connection).
const busyTimeout = 5 * time.Second

// pgConnectTimeout bounds each connection attempt when the URL sets no
// connect_timeout, so that an unreachable server fails the start instead
// of hanging it.
const pgConnectTimeout = 15 * time.Second

// OpenSQLite opens (creating if needed) the SQLite database file at path,
// or a private in-memory database for MemoryDB, in WAL mode, and brings its
// schema up to date.
func OpenSQLite(ctx context.Context, path string) (*SQLStore, error) {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	q.Add("_pragma", "journal_mode(WAL)")
	// NORMAL is durable against a killed process (only power loss can drop
	// the last transactions in WAL mode) and much faster than FULL.
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_pragma", "foreign_keys(ON)")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", path, err)
	}
	// One connection: SQLite has one writer at a time, and a second
	// connection's writer waits in SQLite's busy handler, which sleeps 1,
	// 2, 5, 10... ms between looks. Queued in database/sql instead, the
	// load test's 50 games went from 300-360 to 490-590 moves/s, its
	// slowest reply from 1.1 s to 0.4 s. (A private in-memory database
	// needs it anyway: every connection would get its own empty one.) The
	// store never opens a query while holding a transaction or rows.
	db.SetMaxOpenConns(1)
	return open(ctx, db, &sqlite, path)
}

// OpenPostgres connects to the PostgreSQL database at url
// (postgres://user:password@host:port/db?param=value; pgx's parameters,
// such as sslmode, search_path, pool_max_conns, are accepted) and brings
// its schema up to date under an advisory lock. Errors never show the
// password.
func OpenPostgres(ctx context.Context, url string) (*SQLStore, error) {
	where := RedactURL(url)
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("store: open %s: %w", where, err)
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = pgConnectTimeout
	}
	// database/sql keeps the connections (a pgxpool beneath it cost every
	// statement a second borrowing: BenchmarkStoreMove). pool_max_conns,
	// pool_max_conn_lifetime and pool_max_conn_idle_time apply to its
	// pool, the other pool_ parameters are accepted and unused; as pgxpool
	// did, it pings a connection idle over a second before reusing it.
	db := stdlib.OpenDB(*cfg.ConnConfig)
	db.SetMaxOpenConns(int(cfg.MaxConns))
	db.SetMaxIdleConns(int(cfg.MaxConns))
	db.SetConnMaxLifetime(cfg.MaxConnLifetime)
	db.SetConnMaxIdleTime(cfg.MaxConnIdleTime)
	if err := db.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: connect to %s: %w", where, err)
	}
	return open(ctx, db, &postgres, where)
}

// open brings db's schema up to date.
func open(ctx context.Context, db *sql.DB, d *dialect, where string) (*SQLStore, error) {
	s := &SQLStore{db: db, q: d.on(db), d: d}
	if err := s.inTx(ctx, func(tx querier) error { return s.migrate(ctx, tx) }); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: migrate %s: %w", where, err)
	}
	return s, nil
}

// migrationFiles are the schema's migrations, one folder per dialect with
// the same numbered files: migrations/<dialect>/NNN_what.sql, applied in
// order. Never edit one that has shipped (SQLite even keeps a table's
// CREATE text, spaces included): add the next to both folders.
//
//go:embed migrations
var migrationFiles embed.FS

// migrations reads d's migrations in order.
func (d *dialect) migrations() ([]string, error) {
	dir := "migrations/" + d.name
	entries, err := migrationFiles.ReadDir(dir) // sorted by name
	if err != nil {
		return nil, err
	}
	out := make([]string, len(entries))
	for i, e := range entries {
		b, err := fs.ReadFile(migrationFiles, dir+"/"+e.Name())
		if err != nil {
			return nil, err
		}
		out[i] = string(b)
	}
	return out, nil
}

// migrate applies the migrations the database lacks; schema_version holds
// how many it has. It runs in one transaction: an upgrade is all done or
// not at all, and processes starting at once migrate one after the other
// (d.lockSchema; SQLite's writers take turns anyway).
func (s *SQLStore) migrate(ctx context.Context, tx querier) error {
	migrations, err := s.d.migrations()
	if err != nil {
		return err
	}
	if s.d.lockSchema != "" {
		if _, err := tx.ExecContext(ctx, s.d.lockSchema); err != nil {
			return err
		}
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return err
	}
	var v int
	err = tx.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		_, err = tx.ExecContext(ctx, `INSERT INTO schema_version (version) VALUES (0)`)
	}
	if err != nil {
		return err
	}
	if v > len(migrations) {
		return fmt.Errorf("database schema version %d is newer than this program (%d)", v, len(migrations))
	}
	if v < 0 {
		// No program wrote it: a hand edit or a damaged file. Migrating
		// from it would index the migrations below their first.
		return fmt.Errorf("database schema version %d is invalid (this program knows 0 to %d): the schema_version table was damaged or edited; restore a backup or set it to the version the tables have",
			v, len(migrations))
	}
	for i := v; i < len(migrations); i++ {
		if _, err := tx.ExecContext(ctx, migrations[i]); err != nil {
			return fmt.Errorf("migration %d: %w", i+1, err)
		}
	}
	_, err = tx.ExecContext(ctx, `UPDATE schema_version SET version = ?`, len(migrations))
	return err
}

// Version reports the schema version (the number of migrations applied).
func (s *SQLStore) Version(ctx context.Context) (int, error) {
	var v int
	err := s.q.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v)
	return v, err
}

// DB is the database beneath the store, for tests and maintenance tools
// that must read or change rows by hand (a damaged row, a read-only disk):
// what they write is theirs to keep consistent. Statements on it take
// the database's own placeholders ($1 on PostgreSQL), not the store's ?.
func (s *SQLStore) DB() *sql.DB { return s.db }

// Close closes the database.
func (s *SQLStore) Close() error { return s.db.Close() }

// inTx runs fn in a transaction, committed if fn returns nil, and runs it
// again (up to a few times) when the database aborted it for running into
// another one (d.retryable: a deadlock); fn must start from scratch each
// time. SQLite serializes its writers and never gives these errors, so
// neither does the store when a retry resolves them.
func (s *SQLStore) inTx(ctx context.Context, fn func(tx querier) error) error {
	for attempt := 1; ; attempt++ {
		err := s.tx(ctx, fn)
		if err == nil || attempt >= 5 || !s.d.retryable(err) || ctx.Err() != nil {
			return err
		}
	}
}

func (s *SQLStore) tx(ctx context.Context, fn func(tx querier) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := fn(s.d.on(tx)); err != nil {
		return err
	}
	return tx.Commit()
}

// querier is what a statement runs on: the database, or a transaction.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// exec runs a statement and returns how many rows it changed.
func exec(ctx context.Context, q querier, query string, args ...any) (int64, error) {
	res, err := q.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// insert runs an INSERT on q and returns the new row's id.
func (s *SQLStore) insert(ctx context.Context, q querier, query string, args ...any) (int64, error) {
	if s.d.lastInsertID {
		res, err := q.ExecContext(ctx, query, args...)
		if err != nil {
			return 0, err
		}
		return res.LastInsertId()
	}
	var id int64
	err := q.QueryRowContext(ctx, query+` RETURNING id`, args...).Scan(&id)
	return id, err
}

// one scans the row a query selects into dest; ErrNotFound if none.
func (s *SQLStore) one(ctx context.Context, query string, args []any, dest ...any) error {
	_, err := found(0, s.q.QueryRowContext(ctx, query, args...).Scan(dest...))
	return err
}

// found is v and err, sql.ErrNoRows as ErrNotFound.
func found[T any](v T, err error) (T, error) {
	if errors.Is(err, sql.ErrNoRows) {
		return v, sessions.ErrNotFound
	}
	return v, err
}

// notFound is ErrNotFound for a write that changed no row, else err.
func notFound(n int64, err error) error {
	if err == nil && n == 0 {
		return sessions.ErrNotFound
	}
	return err
}

func ms(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func fromMS(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return time.UnixMilli(v)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
