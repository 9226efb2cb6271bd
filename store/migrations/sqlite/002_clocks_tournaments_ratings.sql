-- 2: clocks, tournaments, ratings, stored challenges, last games.
ALTER TABLE games ADD COLUMN tc         TEXT    NOT NULL DEFAULT '';
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
	CREATE INDEX tournaments_state ON tournaments(state, id);
