-- 5: the turn model: custom start positions, points, one-player games'
-- shortest solutions, matches to N points.
ALTER TABLE games ADD COLUMN start   TEXT    NOT NULL DEFAULT '';
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
	CREATE INDEX matches_active ON matches(over, id);
