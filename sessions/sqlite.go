package sessions

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"time"

	"oyunbot/ai"

	_ "modernc.org/sqlite" // registers the pure-Go "sqlite" driver
)

// migrations are applied in order; schema_version records how many ran.
// Never edit one that has shipped: append a new one.
var migrations = []string{
	`CREATE TABLE games (
		id          INTEGER PRIMARY KEY AUTOINCREMENT,
		game        TEXT    NOT NULL,
		platform    TEXT    NOT NULL,
		channel     TEXT    NOT NULL,
		players     TEXT    NOT NULL, -- JSON [2]Player
		level       TEXT    NOT NULL DEFAULT '',
		moves       TEXT    NOT NULL DEFAULT '[]', -- JSON array of move texts
		clock0_ms   INTEGER NOT NULL DEFAULT 0,
		clock1_ms   INTEGER NOT NULL DEFAULT 0,
		started_ms  INTEGER NOT NULL,
		last_ms     INTEGER NOT NULL,
		draw_offer  INTEGER NOT NULL DEFAULT -1,
		over        INTEGER NOT NULL DEFAULT 0,
		winner      INTEGER NOT NULL DEFAULT -1,
		reason      TEXT    NOT NULL DEFAULT ''
	);
	CREATE INDEX games_active ON games(over, id);
	CREATE TABLE channels (
		platform TEXT NOT NULL,
		channel  TEXT NOT NULL,
		lang     TEXT NOT NULL DEFAULT '',
		level    TEXT NOT NULL DEFAULT '',
		PRIMARY KEY (platform, channel)
	);`,
	// 2: clocks, tournaments, ratings, stored challenges, last games.
	`ALTER TABLE games ADD COLUMN tc         TEXT    NOT NULL DEFAULT '';
	ALTER TABLE games ADD COLUMN left0_ms   INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN left1_ms   INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN lang       TEXT    NOT NULL DEFAULT '';
	ALTER TABLE games ADD COLUMN tournament INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN round      INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN board      INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN rated      INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN settled    INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN p0         TEXT    NOT NULL DEFAULT ''; -- people's ids, '' for the bot
	ALTER TABLE games ADD COLUMN p1         TEXT    NOT NULL DEFAULT '';
	UPDATE games SET settled = over,
		p0 = CASE WHEN json_extract(players, '$[0].Bot') THEN '' ELSE ifnull(json_extract(players, '$[0].ID'), '') END,
		p1 = CASE WHEN json_extract(players, '$[1].Bot') THEN '' ELSE ifnull(json_extract(players, '$[1].ID'), '') END;
	CREATE INDEX games_p0 ON games(platform, channel, p0, id);
	CREATE INDEX games_p1 ON games(platform, channel, p1, id);
	CREATE INDEX games_unsettled ON games(settled, over, id);
	CREATE TABLE challenges (
		platform   TEXT    NOT NULL,
		channel    TEXT    NOT NULL,
		from_id    TEXT    NOT NULL,
		to_id      TEXT    NOT NULL,
		data       TEXT    NOT NULL, -- JSON ChallengeRecord
		created_ms INTEGER NOT NULL,
		PRIMARY KEY (platform, channel, from_id, to_id)
	);
	CREATE TABLE ratings (
		platform   TEXT    NOT NULL,
		game       TEXT    NOT NULL,
		player     TEXT    NOT NULL,
		name       TEXT    NOT NULL,
		rating     REAL    NOT NULL,
		rd         REAL    NOT NULL,
		volatility REAL    NOT NULL,
		games      INTEGER NOT NULL,
		updated_ms INTEGER NOT NULL,
		PRIMARY KEY (platform, game, player)
	);
	CREATE INDEX ratings_board ON ratings(platform, game, rating DESC);
	CREATE TABLE tournaments (
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		platform   TEXT    NOT NULL,
		channel    TEXT    NOT NULL,
		state      TEXT    NOT NULL,
		lang       TEXT    NOT NULL DEFAULT '',
		data       TEXT    NOT NULL, -- JSON tournament.Tournament
		games      TEXT    NOT NULL DEFAULT '{}', -- JSON {"round:board": game id}
		created_ms INTEGER NOT NULL,
		updated_ms INTEGER NOT NULL
	);
	CREATE INDEX tournaments_channel ON tournaments(platform, channel, id);
	CREATE INDEX tournaments_state ON tournaments(state, id);`,
	// 3: the durable outbox. A game's version counts its saved changes;
	// announced is the latest version whose reply is in the outbox, so a
	// crash between the two leaves a game to announce at the next start.
	`ALTER TABLE games ADD COLUMN version   INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN announced INTEGER NOT NULL DEFAULT 0;
	CREATE INDEX games_unannounced ON games(id) WHERE announced < version;
	CREATE TABLE outbox (
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		platform   TEXT    NOT NULL,
		channel    TEXT    NOT NULL,
		game       INTEGER NOT NULL DEFAULT 0,
		version    INTEGER NOT NULL DEFAULT 0,
		data       BLOB    NOT NULL, -- the reply, encoded by its sender
		created_ms INTEGER NOT NULL,
		state      TEXT    NOT NULL DEFAULT '', -- '' pending, 'stale', 'failed'
		note       TEXT    NOT NULL DEFAULT ''
	);
	CREATE INDEX outbox_pending ON outbox(platform, id) WHERE state = '';`,
	// 4: the heartbeat: the last time the bot was known to run, so that the
	// time it was down is not charged to the players' clocks.
	`CREATE TABLE heartbeat (
		id    INTEGER PRIMARY KEY CHECK (id = 1),
		at_ms INTEGER NOT NULL
	);`,
	// 5: the turn model: custom start positions, points, one-player games'
	// shortest solutions, matches to N points.
	`ALTER TABLE games ADD COLUMN start   TEXT    NOT NULL DEFAULT '';
	ALTER TABLE games ADD COLUMN points  INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN optimal INTEGER NOT NULL DEFAULT 0;
	ALTER TABLE games ADD COLUMN match   INTEGER NOT NULL DEFAULT 0;
	CREATE TABLE matches (
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		platform   TEXT    NOT NULL,
		channel    TEXT    NOT NULL,
		over       INTEGER NOT NULL DEFAULT 0,
		data       TEXT    NOT NULL, -- JSON MatchRecord
		created_ms INTEGER NOT NULL,
		updated_ms INTEGER NOT NULL
	);
	CREATE INDEX matches_active ON matches(over, id);`,
	// 6: several processes on one store: the leases that let one of them
	// at a time run a fleet-wide duty (the clocks' sweep).
	`CREATE TABLE leases (
		name     TEXT    PRIMARY KEY,
		holder   TEXT    NOT NULL,
		until_ms INTEGER NOT NULL
	);`,
	// 7: a channel's dice: rolled by the bot, or by the players by hand.
	`ALTER TABLE channels ADD COLUMN dice TEXT NOT NULL DEFAULT '';`,
	// 8: the outbox's claims: the process delivering a reply, and until
	// when (several processes on one store; a single one leaves them
	// empty). Replies stored before are free (claim_ms 0).
	`ALTER TABLE outbox ADD COLUMN owner    TEXT    NOT NULL DEFAULT '';
	ALTER TABLE outbox ADD COLUMN claim_ms INTEGER NOT NULL DEFAULT 0;
	CREATE INDEX outbox_owner ON outbox(owner) WHERE state = '';`,
	// 9: the people met, by their lowercase @username (Telegram), so that a
	// process resolves a mention of someone who spoke to another one.
	`CREATE TABLE users (
		platform TEXT NOT NULL,
		name     TEXT NOT NULL, -- lowercase username
		id       TEXT NOT NULL,
		display  TEXT NOT NULL,
		PRIMARY KEY (platform, name)
	);`,
}

// busyTimeout is how long a writer waits for another connection's lock.
const busyTimeout = 5 * time.Second

// SQLiteStore is the embedded Store: one SQLite file in WAL mode, written
// through on every change (modernc.org/sqlite, pure Go, no cgo).
type SQLiteStore struct {
	db *sql.DB
}

// MemoryDB is the path of a private in-memory database (lost at Close).
const MemoryDB = ":memory:"

// OpenSQLite opens (creating if needed) the database file at path, or a
// private in-memory database for MemoryDB, and brings its schema up to date.
func OpenSQLite(ctx context.Context, path string) (*SQLiteStore, error) {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
	q.Add("_pragma", "journal_mode(WAL)")
	// NORMAL is durable against a killed process (only power loss can drop
	// the last transactions in WAL mode) and much faster than FULL.
	q.Add("_pragma", "synchronous(NORMAL)")
	q.Add("_pragma", "foreign_keys(ON)")
	db, err := sql.Open("sqlite", "file:"+path+"?"+q.Encode())
	if err != nil {
		return nil, fmt.Errorf("sessions: open %s: %w", path, err)
	}
	// One connection: SQLite has one writer at a time, and a second
	// connection's writer waits in SQLite's busy handler, which sleeps 1,
	// 2, 5, 10... ms between looks. Queued in database/sql instead, the
	// load test's 50 games went from 300-360 to 490-590 moves/s, its
	// slowest reply from 1.1 s to 0.4 s. (A private in-memory database
	// needs it anyway: every connection would get its own empty one.) The
	// store never opens a query while holding a transaction or rows.
	db.SetMaxOpenConns(1)
	s := &SQLiteStore{db: db}
	if err := s.migrate(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("sessions: migrate %s: %w", path, err)
	}
	return s, nil
}

func (s *SQLiteStore) migrate(ctx context.Context) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)`); err != nil {
		return err
	}
	var v int
	err = tx.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_version (version) VALUES (0)`); err != nil {
			return err
		}
	case err != nil:
		return err
	}
	if v > len(migrations) {
		return fmt.Errorf("database schema version %d is newer than this program (%d)", v, len(migrations))
	}
	for i := v; i < len(migrations); i++ {
		if _, err := tx.ExecContext(ctx, migrations[i]); err != nil {
			return fmt.Errorf("migration %d: %w", i+1, err)
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE schema_version SET version = ?`, len(migrations)); err != nil {
		return err
	}
	return tx.Commit()
}

// Version reports the schema version (the number of migrations applied).
func (s *SQLiteStore) Version(ctx context.Context) (int, error) {
	var v int
	err := s.db.QueryRowContext(ctx, `SELECT version FROM schema_version`).Scan(&v)
	return v, err
}

// Close closes the database.
func (s *SQLiteStore) Close() error { return s.db.Close() }

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

func encodeGame(rec GameRecord) (players, moves string, err error) {
	p, err := json.Marshal(rec.Players)
	if err != nil {
		return "", "", err
	}
	mv := rec.Moves
	if mv == nil {
		mv = []string{}
	}
	m, err := json.Marshal(mv)
	if err != nil {
		return "", "", err
	}
	return string(p), string(m), nil
}

// gameValues lists rec's columns in the order of gameSetColumns.
func gameValues(rec GameRecord) ([]any, error) {
	players, moves, err := encodeGame(rec)
	if err != nil {
		return nil, err
	}
	person := func(p Player) string {
		if p.Bot {
			return ""
		}
		return p.ID
	}
	return []any{rec.Game, rec.Platform, rec.ChannelID, players, rec.Level, moves,
		rec.Clocks[0].Milliseconds(), rec.Clocks[1].Milliseconds(), ms(rec.Started), ms(rec.LastMove),
		int(rec.DrawOffer), boolInt(rec.Result.Over), int(rec.Result.Winner), rec.Result.Reason,
		rec.TimeControl.String(), rec.Left[0].Milliseconds(), rec.Left[1].Milliseconds(), rec.Lang,
		rec.Tournament, rec.Round, rec.Board, boolInt(rec.Rated), boolInt(rec.Settled),
		person(rec.Players[0]), person(rec.Players[1]), rec.Version, rec.Start, rec.Result.Points, rec.Optimal,
		rec.Match}, nil
}

// gameSetColumns are the stored columns of a game but its id.
const gameSetColumns = `game, platform, channel, players, level, moves, clock0_ms, clock1_ms, started_ms, last_ms,
	draw_offer, over, winner, reason, tc, left0_ms, left1_ms, lang, tournament, round, board, rated, settled, p0, p1,
	version, start, points, optimal, match`

// CreateGame inserts rec and returns the new id.
func (s *SQLiteStore) CreateGame(ctx context.Context, rec GameRecord) (int64, error) {
	vals, err := gameValues(rec)
	if err != nil {
		return 0, err
	}
	res, err := s.db.ExecContext(ctx, `INSERT INTO games (`+gameSetColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, vals...)
	if err != nil {
		return 0, fmt.Errorf("sessions: create game: %w", err)
	}
	return res.LastInsertId()
}

// SaveGame overwrites game rec.ID.
func (s *SQLiteStore) SaveGame(ctx context.Context, rec GameRecord) error {
	vals, err := gameValues(rec)
	if err != nil {
		return err
	}
	res, err := s.db.ExecContext(ctx, `UPDATE games SET
		game = ?, platform = ?, channel = ?, players = ?, level = ?, moves = ?, clock0_ms = ?, clock1_ms = ?,
		started_ms = ?, last_ms = ?, draw_offer = ?, over = ?, winner = ?, reason = ?,
		tc = ?, left0_ms = ?, left1_ms = ?, lang = ?, tournament = ?, round = ?, board = ?, rated = ?, settled = ?,
		p0 = ?, p1 = ?, version = ?, start = ?, points = ?, optimal = ?, match = ?
		WHERE id = ? AND version = ?`, append(vals, rec.ID, rec.Version-1)...)
	if err != nil {
		return fmt.Errorf("sessions: save game %d: %w", rec.ID, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return fmt.Errorf("sessions: save game %d: %w", rec.ID, err)
	}
	if n == 0 {
		// Games are never deleted: a row there now was there at the update.
		var one int
		err := s.db.QueryRowContext(ctx, `SELECT 1 FROM games WHERE id = ?`, rec.ID).Scan(&one)
		return saveMissed(rec, err, errors.Is(err, sql.ErrNoRows))
	}
	return nil
}

// saveMissed is SaveGame's error when no row was updated: ErrNotFound if
// the game is missing, else ErrConflict (err is the existence check's).
func saveMissed(rec GameRecord, err error, missing bool) error {
	switch {
	case missing:
		return fmt.Errorf("sessions: save game %d: %w", rec.ID, ErrNotFound)
	case err != nil:
		return fmt.Errorf("sessions: save game %d: %w", rec.ID, err)
	}
	return fmt.Errorf("sessions: save game %d at version %d: %w", rec.ID, rec.Version, ErrConflict)
}

const gameColumns = `id, game, platform, channel, players, level, moves, clock0_ms, clock1_ms, started_ms, last_ms,
	draw_offer, over, winner, reason, tc, left0_ms, left1_ms, lang, tournament, round, board, rated, settled, version,
	start, points, optimal, match`

type scanner interface{ Scan(dest ...any) error }

func scanGame(row scanner) (GameRecord, error) {
	var (
		rec                     GameRecord
		players, moves          string
		c0, c1, started, last   int64
		drawOffer, over, winner int
		tc                      string
		l0, l1                  int64
		rated, settled          int
	)
	err := row.Scan(&rec.ID, &rec.Game, &rec.Platform, &rec.ChannelID, &players, &rec.Level, &moves,
		&c0, &c1, &started, &last, &drawOffer, &over, &winner, &rec.Result.Reason,
		&tc, &l0, &l1, &rec.Lang, &rec.Tournament, &rec.Round, &rec.Board, &rated, &settled, &rec.Version,
		&rec.Start, &rec.Result.Points, &rec.Optimal, &rec.Match)
	if err != nil {
		return rec, err
	}
	if rec.TimeControl, err = ParseTimeControl(tc); err != nil {
		return rec, fmt.Errorf("sessions: game %d time control %q: %w", rec.ID, tc, err)
	}
	rec.Left = [2]time.Duration{time.Duration(l0) * time.Millisecond, time.Duration(l1) * time.Millisecond}
	rec.Rated, rec.Settled = rated != 0, settled != 0
	if err := json.Unmarshal([]byte(players), &rec.Players); err != nil {
		return rec, fmt.Errorf("sessions: game %d players: %w", rec.ID, err)
	}
	if err := json.Unmarshal([]byte(moves), &rec.Moves); err != nil {
		return rec, fmt.Errorf("sessions: game %d moves: %w", rec.ID, err)
	}
	rec.Clocks = [2]time.Duration{time.Duration(c0) * time.Millisecond, time.Duration(c1) * time.Millisecond}
	rec.Started, rec.LastMove = fromMS(started), fromMS(last)
	rec.DrawOffer = ai.Side(drawOffer)
	rec.Result.Over = over != 0
	rec.Result.Winner = ai.Side(winner)
	return rec, nil
}

// Game loads game id.
func (s *SQLiteStore) Game(ctx context.Context, id int64) (GameRecord, error) {
	rec, err := scanGame(s.db.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return rec, ErrNotFound
	}
	return rec, err
}

// ActiveGames loads every unfinished game, oldest first. Rows it cannot
// decode are left out and reported in an *UnreadableRowsError.
func (s *SQLiteStore) ActiveGames(ctx context.Context) ([]GameRecord, error) {
	return s.games(ctx, `SELECT `+gameColumns+` FROM games WHERE over = 0 ORDER BY id`)
}

// UnsettledGames loads the finished games not yet settled, oldest first;
// unreadable rows are left out and reported as ActiveGames does.
func (s *SQLiteStore) UnsettledGames(ctx context.Context) ([]GameRecord, error) {
	return s.games(ctx, `SELECT `+gameColumns+` FROM games WHERE settled = 0 AND over = 1 ORDER BY id`)
}

// LastFinished loads userID's last finished game in a channel.
func (s *SQLiteStore) LastFinished(ctx context.Context, platform, channelID, userID string) (GameRecord, error) {
	if userID == "" {
		return GameRecord{}, ErrNotFound
	}
	rec, err := scanGame(s.db.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games
		WHERE id = (SELECT max(id) FROM (
			SELECT max(id) AS id FROM games WHERE platform = ? AND channel = ? AND p0 = ? AND over = 1
			UNION ALL
			SELECT max(id) FROM games WHERE platform = ? AND channel = ? AND p1 = ? AND over = 1))`,
		platform, channelID, userID, platform, channelID, userID))
	if errors.Is(err, sql.ErrNoRows) {
		return rec, ErrNotFound
	}
	return rec, err
}

// games loads the games a query selects; rows it cannot decode are left out
// and reported in an *UnreadableRowsError beside the others.
func (s *SQLiteStore) games(ctx context.Context, query string, args ...any) ([]GameRecord, error) {
	rows, err := s.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("sessions: load games: %w", err)
	}
	defer rows.Close()
	return readGames(rows)
}

// Channel loads a channel's settings.
func (s *SQLiteStore) Channel(ctx context.Context, platform, channelID string) (ChannelSettings, error) {
	cs := ChannelSettings{Platform: platform, ChannelID: channelID}
	err := s.db.QueryRowContext(ctx, `SELECT lang, level, dice FROM channels WHERE platform = ? AND channel = ?`,
		platform, channelID).Scan(&cs.Lang, &cs.Level, &cs.Dice)
	if errors.Is(err, sql.ErrNoRows) {
		return cs, ErrNotFound
	}
	return cs, err
}

// SaveChannel stores a channel's settings.
func (s *SQLiteStore) SaveChannel(ctx context.Context, cs ChannelSettings) error {
	_, err := s.db.ExecContext(ctx, `INSERT INTO channels (platform, channel, lang, level, dice) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (platform, channel) DO UPDATE SET lang = excluded.lang, level = excluded.level, dice = excluded.dice`,
		cs.Platform, cs.ChannelID, cs.Lang, cs.Level, cs.Dice)
	if err != nil {
		return fmt.Errorf("sessions: save channel: %w", err)
	}
	return nil
}
