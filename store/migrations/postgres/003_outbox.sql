-- 3: the durable outbox. A game's version counts its saved changes;
-- announced is the latest version whose reply is in the outbox, so a
-- crash between the two leaves a game to announce at the next start.
ALTER TABLE games ADD COLUMN version   BIGINT NOT NULL DEFAULT 0;
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
	CREATE INDEX outbox_pending ON outbox(platform, id) WHERE state = '';
