-- 1: the games and the channels' settings.
CREATE TABLE games (
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
	);
