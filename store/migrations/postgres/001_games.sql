-- 1: the games and the channels' settings.
CREATE TABLE games (
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
	);
