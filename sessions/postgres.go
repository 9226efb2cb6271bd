package sessions

// postgres.go is the PostgreSQL store: the same behaviour as the SQLite
// store (the conformance suite in storetest pins it), for several bot
// processes sharing one database.
//
// It talks to the server through pgxpool (github.com/jackc/pgx/v5), not
// database/sql: the store is written for PostgreSQL alone, so the pool's
// own API gives context cancellation all the way down, typed server errors
// (SQLSTATEs, for retrying deadlocks), native types with no driver
// conversion layer, and a pool configurable from the URL (pool_max_conns,
// default_query_exec_mode behind a transaction-pooling proxy).
//
// The schema mirrors SQLite's column for column (times and durations in
// milliseconds, flags as 0/1, JSON as text), so the two stores share their
// encoders and decoders and a schema version means the same on both. Text
// keys use the "C" collation: strings sort by their bytes, as SQLite's
// BINARY collation sorts them, whatever the database's locale.

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// pgMigrations are the PostgreSQL store's migrations, one for each of
// SQLite's (same number, same meaning); schema_version records how many
// ran. Never edit one that has shipped: append a new one to both lists.
var pgMigrations = []string{
	`CREATE TABLE games (
		id          BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
		game        TEXT    COLLATE "C" NOT NULL,
		platform    TEXT    COLLATE "C" NOT NULL,
		channel     TEXT    COLLATE "C" NOT NULL,
		players     TEXT    NOT NULL, -- JSON [2]Player
		level       TEXT    NOT NULL DEFAULT '',
		moves       TEXT    NOT NULL DEFAULT '[]', -- JSON array of move texts
		clock0_ms   BIGINT  NOT NULL DEFAULT 0,
		clock1_ms   BIGINT  NOT NULL DEFAULT 0,
		started_ms  BIGINT  NOT NULL,
		last_ms     BIGINT  NOT NULL,
		draw_offer  BIGINT  NOT NULL DEFAULT -1,
		over        BIGINT  NOT NULL DEFAULT 0,
		winner      BIGINT  NOT NULL DEFAULT -1,
		reason      TEXT    NOT NULL DEFAULT ''
	);
	CREATE INDEX games_active ON games(over, id);
	CREATE TABLE channels (
		platform TEXT COLLATE "C" NOT NULL,
		channel  TEXT COLLATE "C" NOT NULL,
		lang     TEXT NOT NULL DEFAULT '',
		level    TEXT NOT NULL DEFAULT '',
		PRIMARY KEY (platform, channel)
	);`,
	// 2: clocks, tournaments, ratings, stored challenges, last games.
	// Challenges keep their saving order in seq (SQLite's rowid).
	`ALTER TABLE games ADD COLUMN tc         TEXT    NOT NULL DEFAULT '';
	ALTER TABLE games ADD COLUMN left0_ms   BIGINT  NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN left1_ms   BIGINT  NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN lang       TEXT    NOT NULL DEFAULT '';
	ALTER TABLE games ADD COLUMN tournament BIGINT  NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN round      BIGINT  NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN board      BIGINT  NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN rated      BIGINT  NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN settled    BIGINT  NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN p0         TEXT    COLLATE "C" NOT NULL DEFAULT ''; -- people's ids, '' for the bot
	ALTER TABLE games ADD COLUMN p1         TEXT    COLLATE "C" NOT NULL DEFAULT '';
	UPDATE games SET settled = over,
		p0 = CASE WHEN (players::json->0->>'Bot')::boolean THEN '' ELSE coalesce(players::json->0->>'ID', '') END,
		p1 = CASE WHEN (players::json->1->>'Bot')::boolean THEN '' ELSE coalesce(players::json->1->>'ID', '') END;
	CREATE INDEX games_p0 ON games(platform, channel, p0, id);
	CREATE INDEX games_p1 ON games(platform, channel, p1, id);
	CREATE INDEX games_unsettled ON games(settled, over, id);
	CREATE TABLE challenges (
		platform   TEXT    COLLATE "C" NOT NULL,
		channel    TEXT    COLLATE "C" NOT NULL,
		from_id    TEXT    COLLATE "C" NOT NULL,
		to_id      TEXT    COLLATE "C" NOT NULL,
		data       TEXT    NOT NULL, -- JSON ChallengeRecord
		created_ms BIGINT  NOT NULL,
		seq        BIGINT  GENERATED ALWAYS AS IDENTITY,
		PRIMARY KEY (platform, channel, from_id, to_id)
	);
	CREATE TABLE ratings (
		platform   TEXT    COLLATE "C" NOT NULL,
		game       TEXT    COLLATE "C" NOT NULL,
		player     TEXT    COLLATE "C" NOT NULL,
		name       TEXT    NOT NULL,
		rating     DOUBLE PRECISION NOT NULL,
		rd         DOUBLE PRECISION NOT NULL,
		volatility DOUBLE PRECISION NOT NULL,
		games      BIGINT  NOT NULL,
		updated_ms BIGINT  NOT NULL,
		PRIMARY KEY (platform, game, player)
	);
	CREATE INDEX ratings_board ON ratings(platform, game, rating DESC);
	CREATE TABLE tournaments (
		id         BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
		platform   TEXT    COLLATE "C" NOT NULL,
		channel    TEXT    COLLATE "C" NOT NULL,
		state      TEXT    COLLATE "C" NOT NULL,
		lang       TEXT    NOT NULL DEFAULT '',
		data       TEXT    NOT NULL, -- JSON tournament.Tournament
		games      TEXT    NOT NULL DEFAULT '{}', -- JSON {"round:board": game id}
		created_ms BIGINT  NOT NULL,
		updated_ms BIGINT  NOT NULL
	);
	CREATE INDEX tournaments_channel ON tournaments(platform, channel, id);
	CREATE INDEX tournaments_state ON tournaments(state, id);`,
	// 3: the durable outbox (see SQLite's migration 3).
	`ALTER TABLE games ADD COLUMN version   BIGINT NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN announced BIGINT NOT NULL DEFAULT 0;
	CREATE INDEX games_unannounced ON games(id) WHERE announced < version;
	CREATE TABLE outbox (
		id         BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
		platform   TEXT    COLLATE "C" NOT NULL,
		channel    TEXT    COLLATE "C" NOT NULL,
		game       BIGINT  NOT NULL DEFAULT 0,
		version    BIGINT  NOT NULL DEFAULT 0,
		data       BYTEA   NOT NULL, -- the reply, encoded by its sender
		created_ms BIGINT  NOT NULL,
		state      TEXT    COLLATE "C" NOT NULL DEFAULT '', -- '' pending, 'stale', 'failed'
		note       TEXT    NOT NULL DEFAULT ''
	);
	CREATE INDEX outbox_pending ON outbox(platform, id) WHERE state = '';`,
	// 4: the heartbeat.
	`CREATE TABLE heartbeat (
		id    BIGINT PRIMARY KEY CHECK (id = 1),
		at_ms BIGINT NOT NULL
	);`,
	// 5: the turn model: custom start positions, points, one-player games'
	// shortest solutions, matches to N points.
	`ALTER TABLE games ADD COLUMN start   TEXT   NOT NULL DEFAULT '';
	ALTER TABLE games ADD COLUMN points  BIGINT NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN optimal BIGINT NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN match   BIGINT NOT NULL DEFAULT 0;
	CREATE TABLE matches (
		id         BIGINT  GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
		platform   TEXT    COLLATE "C" NOT NULL,
		channel    TEXT    COLLATE "C" NOT NULL,
		over       BIGINT  NOT NULL DEFAULT 0,
		data       TEXT    NOT NULL, -- JSON MatchRecord
		created_ms BIGINT  NOT NULL,
		updated_ms BIGINT  NOT NULL
	);
	CREATE INDEX matches_active ON matches(over, id);`,
	// 6: leases (several processes on one store).
	`CREATE TABLE leases (
		name     TEXT   COLLATE "C" PRIMARY KEY,
		holder   TEXT   COLLATE "C" NOT NULL,
		until_ms BIGINT NOT NULL
	);`,
	// 7: a channel's dice (see SQLite's migration 7).
	`ALTER TABLE channels ADD COLUMN dice TEXT NOT NULL DEFAULT '';`,
	// 8: the outbox's claims (see SQLite's migration 8).
	`ALTER TABLE outbox ADD COLUMN owner    TEXT   COLLATE "C" NOT NULL DEFAULT '';
	ALTER TABLE outbox ADD COLUMN claim_ms BIGINT NOT NULL DEFAULT 0;
	CREATE INDEX outbox_owner ON outbox(owner) WHERE state = '';`,
	// 9: the people met, by username (see SQLite's migration 9).
	`CREATE TABLE users (
		platform TEXT COLLATE "C" NOT NULL,
		name     TEXT COLLATE "C" NOT NULL,
		id       TEXT COLLATE "C" NOT NULL,
		display  TEXT NOT NULL,
		PRIMARY KEY (platform, name)
	);`,
}

// migrationLock is the key of the advisory lock under which the schema is
// migrated ("oyunbot" in ASCII), so that processes starting at once
// migrate one after the other: the first applies the migrations, the
// others find them applied.
const migrationLock int64 = 0x6f79756e626f74

// pgConnectTimeout bounds each connection attempt when the URL sets no
// connect_timeout, so that an unreachable server fails the start instead
// of hanging it.
const pgConnectTimeout = 15 * time.Second

// PostgresStore is the Store on a PostgreSQL server, for deployments where
// several bot processes share one database.
type PostgresStore struct {
	pool *pgxpool.Pool
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

// OpenPostgres connects to the PostgreSQL database at url
// (postgres://user:password@host:port/db?param=value; pgx's parameters,
// such as sslmode, search_path, pool_max_conns, are accepted) and brings
// its schema up to date under an advisory lock. Errors never show the
// password.
func OpenPostgres(ctx context.Context, url string) (*PostgresStore, error) {
	where := RedactURL(url)
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("sessions: open %s: %w", where, err)
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = pgConnectTimeout
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("sessions: open %s: %w", where, err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("sessions: connect to %s: %w", where, err)
	}
	s := &PostgresStore{pool: pool}
	if err := s.migrate(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("sessions: migrate %s: %w", where, err)
	}
	return s, nil
}

func (s *PostgresStore) migrate(ctx context.Context) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, migrationLock); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
			return err
		}
		var v int
		err := tx.QueryRow(ctx, `SELECT version FROM schema_version`).Scan(&v)
		switch {
		case errors.Is(err, pgx.ErrNoRows):
			if _, err := tx.Exec(ctx, `INSERT INTO schema_version (version) VALUES (0)`); err != nil {
				return err
			}
		case err != nil:
			return err
		}
		if v > len(pgMigrations) {
			return fmt.Errorf("database schema version %d is newer than this program (%d)", v, len(pgMigrations))
		}
		for i := v; i < len(pgMigrations); i++ {
			if _, err := tx.Exec(ctx, pgMigrations[i]); err != nil {
				return fmt.Errorf("migration %d: %w", i+1, err)
			}
		}
		_, err = tx.Exec(ctx, `UPDATE schema_version SET version = $1`, len(pgMigrations))
		return err
	})
}

// Version reports the schema version (the number of migrations applied).
func (s *PostgresStore) Version(ctx context.Context) (int, error) {
	var v int
	err := s.pool.QueryRow(ctx, `SELECT version FROM schema_version`).Scan(&v)
	return v, err
}

// Close closes the pool's connections.
func (s *PostgresStore) Close() error {
	s.pool.Close()
	return nil
}

// retryable reports whether a transaction failed only because it ran into
// another one (a deadlock, a serialization failure) and can be run again.
func retryable(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && (pe.Code == "40P01" || pe.Code == "40001")
}

// inTx runs fn in a transaction, committed if fn returns nil, and runs it
// again (up to a few times) when the server aborted it for a deadlock or a
// serialization failure; fn must start from scratch each time. SQLite
// serializes its writers and never gives these errors, so neither does
// this store when a retry resolves them.
func (s *PostgresStore) inTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	for attempt := 1; ; attempt++ {
		err := pgx.BeginFunc(ctx, s.pool, fn)
		if err == nil || attempt >= 5 || !retryable(err) || ctx.Err() != nil {
			return err
		}
	}
}

// placeholders is "$from, $from+1, ..., $from+n-1".
func placeholders(from, n int) string {
	p := make([]string, n)
	for i := range p {
		p[i] = fmt.Sprintf("$%d", from+i)
	}
	return strings.Join(p, ", ")
}

// pgGameSet is "game = $1, platform = $2, ...": gameSetColumns assigned
// from the values gameValues lists.
var pgGameSet = func() string {
	cols := strings.Split(gameSetColumns, ",")
	for i, c := range cols {
		cols[i] = fmt.Sprintf("%s = $%d", strings.TrimSpace(c), i+1)
	}
	return strings.Join(cols, ", ")
}()

var pgGameColumnCount = len(strings.Split(gameSetColumns, ","))

// CreateGame inserts rec and returns the new id.
func (s *PostgresStore) CreateGame(ctx context.Context, rec GameRecord) (int64, error) {
	vals, err := gameValues(rec)
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.pool.QueryRow(ctx, `INSERT INTO games (`+gameSetColumns+`) VALUES (`+
		placeholders(1, pgGameColumnCount)+`) RETURNING id`, vals...).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("sessions: create game: %w", err)
	}
	return id, nil
}

// SaveGame overwrites game rec.ID.
func (s *PostgresStore) SaveGame(ctx context.Context, rec GameRecord) error {
	vals, err := gameValues(rec)
	if err != nil {
		return err
	}
	tag, err := s.pool.Exec(ctx, `UPDATE games SET `+pgGameSet+
		fmt.Sprintf(` WHERE id = $%d AND version = $%d`, len(vals)+1, len(vals)+2),
		append(vals, rec.ID, rec.Version-1)...)
	if err != nil {
		if uncertain(err) {
			return fmt.Errorf("sessions: save game %d: %w: %w", rec.ID, ErrUncertain, err)
		}
		return fmt.Errorf("sessions: save game %d: %w", rec.ID, err)
	}
	if tag.RowsAffected() == 0 {
		// Games are never deleted: a row there now was there at the update.
		var one int
		err := s.pool.QueryRow(ctx, `SELECT 1 FROM games WHERE id = $1`, rec.ID).Scan(&one)
		return saveMissed(rec, err, errors.Is(err, pgx.ErrNoRows))
	}
	return nil
}

// Game loads game id.
func (s *PostgresStore) Game(ctx context.Context, id int64) (GameRecord, error) {
	rec, err := scanGame(s.pool.QueryRow(ctx, `SELECT `+gameColumns+` FROM games WHERE id = $1`, id))
	if errors.Is(err, pgx.ErrNoRows) {
		return rec, ErrNotFound
	}
	return rec, err
}

// ActiveGames loads every unfinished game, oldest first. Rows it cannot
// decode are left out and reported in an *UnreadableRowsError.
func (s *PostgresStore) ActiveGames(ctx context.Context) ([]GameRecord, error) {
	return s.games(ctx, `SELECT `+gameColumns+` FROM games WHERE over = 0 ORDER BY id`)
}

// UnsettledGames loads the finished games not yet settled, oldest first;
// unreadable rows are left out and reported as ActiveGames does.
func (s *PostgresStore) UnsettledGames(ctx context.Context) ([]GameRecord, error) {
	return s.games(ctx, `SELECT `+gameColumns+` FROM games WHERE settled = 0 AND over = 1 ORDER BY id`)
}

// LastFinished loads userID's last finished game in a channel.
func (s *PostgresStore) LastFinished(ctx context.Context, platform, channelID, userID string) (GameRecord, error) {
	if userID == "" {
		return GameRecord{}, ErrNotFound
	}
	rec, err := scanGame(s.pool.QueryRow(ctx, `SELECT `+gameColumns+` FROM games
		WHERE id = (SELECT max(id) FROM (
			SELECT max(id) AS id FROM games WHERE platform = $1 AND channel = $2 AND p0 = $3 AND over = 1
			UNION ALL
			SELECT max(id) FROM games WHERE platform = $1 AND channel = $2 AND p1 = $3 AND over = 1) AS last)`,
		platform, channelID, userID))
	if errors.Is(err, pgx.ErrNoRows) {
		return rec, ErrNotFound
	}
	return rec, err
}

// games loads the games a query selects; rows it cannot decode are left out
// and reported in an *UnreadableRowsError beside the others.
func (s *PostgresStore) games(ctx context.Context, query string, args ...any) ([]GameRecord, error) {
	rows, err := s.pool.Query(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("sessions: load games: %w", err)
	}
	defer rows.Close()
	return readGames(rows)
}

// Channel loads a channel's settings.
func (s *PostgresStore) Channel(ctx context.Context, platform, channelID string) (ChannelSettings, error) {
	cs := ChannelSettings{Platform: platform, ChannelID: channelID}
	err := s.pool.QueryRow(ctx, `SELECT lang, level, dice FROM channels WHERE platform = $1 AND channel = $2`,
		platform, channelID).Scan(&cs.Lang, &cs.Level, &cs.Dice)
	if errors.Is(err, pgx.ErrNoRows) {
		return cs, ErrNotFound
	}
	return cs, err
}

// SaveChannel stores a channel's settings.
func (s *PostgresStore) SaveChannel(ctx context.Context, cs ChannelSettings) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO channels (platform, channel, lang, level, dice) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (platform, channel) DO UPDATE SET lang = excluded.lang, level = excluded.level, dice = excluded.dice`,
		cs.Platform, cs.ChannelID, cs.Lang, cs.Level, cs.Dice)
	if err != nil {
		return fmt.Errorf("sessions: save channel: %w", err)
	}
	return nil
}

// Heartbeat loads the last time a Manager recorded itself running.
func (s *PostgresStore) Heartbeat(ctx context.Context) (time.Time, error) {
	var at int64
	err := s.pool.QueryRow(ctx, `SELECT at_ms FROM heartbeat WHERE id = 1`).Scan(&at)
	if errors.Is(err, pgx.ErrNoRows) {
		return time.Time{}, ErrNotFound
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("sessions: heartbeat: %w", err)
	}
	return fromMS(at), nil
}

const pgSaveHeartbeat = `INSERT INTO heartbeat (id, at_ms) VALUES (1, $1)
	ON CONFLICT (id) DO UPDATE SET at_ms = excluded.at_ms`

// SaveHeartbeat records t as the last time the Manager was running.
func (s *PostgresStore) SaveHeartbeat(ctx context.Context, t time.Time) error {
	if _, err := s.pool.Exec(ctx, pgSaveHeartbeat, ms(t)); err != nil {
		return fmt.Errorf("sessions: save heartbeat: %w", err)
	}
	return nil
}

// CreditDowntime sets the last-move time of the unfinished games in last
// and, unless heartbeat is zero, the heartbeat, in one transaction. The
// games are updated in id order, so that two credits never deadlock.
func (s *PostgresStore) CreditDowntime(ctx context.Context, last map[int64]time.Time, heartbeat time.Time) error {
	ids := make([]int64, 0, len(last))
	for id := range last {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		for _, id := range ids {
			// over = 0: a game that ended meanwhile keeps the time it ended.
			if _, err := tx.Exec(ctx, `UPDATE games SET last_ms = $1 WHERE id = $2 AND over = 0`, ms(last[id]), id); err != nil {
				return fmt.Errorf("game %d: %w", id, err)
			}
		}
		if !heartbeat.IsZero() {
			if _, err := tx.Exec(ctx, pgSaveHeartbeat, ms(heartbeat)); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("sessions: credit downtime: %w", err)
	}
	return nil
}

// uncertain reports whether a failed statement may have been carried out
// all the same: it was sent (pgx knows when nothing was), and no answer
// says it failed, or the answer is the server going down (class 57,
// operator intervention) or the connection's (class 08), which may come
// after the commit.
func uncertain(err error) bool {
	if pgconn.SafeToRetry(err) {
		return false // nothing reached the server
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return strings.HasPrefix(pe.Code, "57") || strings.HasPrefix(pe.Code, "08")
	}
	return true
}
