-- 5: the turn model: custom start positions, points, one-player games'
-- shortest solutions, matches to N points.
ALTER TABLE games ADD COLUMN start   TEXT   NOT NULL DEFAULT '';
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
	CREATE INDEX matches_active ON matches(over, id);
