-- 12: the web pages: the channels whose games are listed (their admins'
-- "web on"), the pages' unguessable links, and each rating after each
-- rated game (a player page's chart; the ratings as they were stand for
-- the games before). Every change of a game or a tournament is announced
-- on the channel oyunbot_changes as "<schema>/g/<id>/<version>" or
-- "<schema>/t/<id>", at its commit, so that each process's web viewers see
-- the others' moves (a game's save bumps its version; a downtime credit
-- moves its last_ms; an outbox's "announced" mark is no change to show).
ALTER TABLE channels ADD COLUMN web BIGINT NOT NULL DEFAULT 0;
	CREATE TABLE web_links (
		kind       TEXT    COLLATE "C" NOT NULL,
		ref        TEXT    COLLATE "C" NOT NULL,
		token      TEXT    COLLATE "C" NOT NULL UNIQUE,
		created_ms BIGINT  NOT NULL,
		PRIMARY KEY (kind, ref)
	);
	CREATE TABLE rating_history (
		platform TEXT    COLLATE "C" NOT NULL,
		game     TEXT    COLLATE "C" NOT NULL,
		player   TEXT    COLLATE "C" NOT NULL,
		game_id  BIGINT  NOT NULL,
		rating   DOUBLE PRECISION NOT NULL,
		rd       DOUBLE PRECISION NOT NULL,
		at_ms    BIGINT  NOT NULL,
		PRIMARY KEY (platform, game, player, game_id)
	);
	INSERT INTO rating_history (platform, game, player, game_id, rating, rd, at_ms)
		SELECT platform, game, player, 0, rating, rd, updated_ms FROM ratings;
	CREATE INDEX games_player0 ON games(platform, p0, id);
	CREATE INDEX games_player1 ON games(platform, p1, id);
	CREATE INDEX rating_history_game ON rating_history(game_id);
	CREATE FUNCTION oyunbot_game_changed() RETURNS trigger AS $$
	BEGIN
		PERFORM pg_notify('oyunbot_changes', current_schema() || '/g/' || NEW.id || '/' || NEW.version);
		RETURN NULL;
	END $$ LANGUAGE plpgsql;
	CREATE TRIGGER games_changed AFTER INSERT OR UPDATE OF version, last_ms ON games
		FOR EACH ROW EXECUTE FUNCTION oyunbot_game_changed();
	CREATE FUNCTION oyunbot_tournament_changed() RETURNS trigger AS $$
	BEGIN
		PERFORM pg_notify('oyunbot_changes', current_schema() || '/t/' || NEW.id);
		RETURN NULL;
	END $$ LANGUAGE plpgsql;
	CREATE TRIGGER tournaments_changed AFTER INSERT OR UPDATE ON tournaments
		FOR EACH ROW EXECUTE FUNCTION oyunbot_tournament_changed();
