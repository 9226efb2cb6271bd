-- 2: clocks, tournaments, ratings, stored challenges, last games.
-- Challenges keep their saving order in seq (SQLite's rowid).
ALTER TABLE games ADD COLUMN tc         TEXT    NOT NULL DEFAULT '';
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
	CREATE INDEX tournaments_state ON tournaments(state, id);
