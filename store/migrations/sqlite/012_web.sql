-- 12: the web pages: the channels whose games are listed (their admins'
-- "web on"), the pages' unguessable links, and each rating after each
-- rated game (a player page's chart; the ratings as they were stand for
-- the games before).
ALTER TABLE channels ADD COLUMN web INTEGER NOT NULL DEFAULT 0;
	CREATE TABLE web_links (
		kind       TEXT    NOT NULL, -- game, tournament, player, channel
		ref        TEXT    NOT NULL, -- what it names: a game's id, a player's "platform/id"...
		token      TEXT    NOT NULL UNIQUE,
		created_ms INTEGER NOT NULL,
		PRIMARY KEY (kind, ref)
	);
	CREATE TABLE rating_history (
		platform TEXT    NOT NULL,
		game     TEXT    NOT NULL,
		player   TEXT    NOT NULL,
		game_id  INTEGER NOT NULL, -- the rated game, 0 for the rating as migration 12 found it
		rating   REAL    NOT NULL,
		rd       REAL    NOT NULL,
		at_ms    INTEGER NOT NULL,
		PRIMARY KEY (platform, game, player, game_id)
	);
	INSERT INTO rating_history (platform, game, player, game_id, rating, rd, at_ms)
		SELECT platform, game, player, 0, rating, rd, updated_ms FROM ratings;
	CREATE INDEX games_player0 ON games(platform, p0, id);
	CREATE INDEX games_player1 ON games(platform, p1, id);
	CREATE INDEX rating_history_game ON rating_history(game_id);
