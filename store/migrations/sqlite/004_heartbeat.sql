-- 4: the heartbeat: the last time the bot was known to run, so that the
-- time it was down is not charged to the players' clocks.
CREATE TABLE heartbeat (
		id    INTEGER PRIMARY KEY CHECK (id = 1),
		at_ms INTEGER NOT NULL
	);
