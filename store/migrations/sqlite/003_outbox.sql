-- 3: the durable outbox. A game's version counts its saved changes;
-- announced is the latest version whose reply is in the outbox, so a
-- crash between the two leaves a game to announce at the next start.
ALTER TABLE games ADD COLUMN version   INTEGER NOT NULL DEFAULT 0;
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
	CREATE INDEX outbox_pending ON outbox(platform, id) WHERE state = '';
