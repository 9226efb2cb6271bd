-- 6: several processes on one store: the leases that let one of them
-- at a time run a fleet-wide duty (the clocks' sweep).
CREATE TABLE leases (
		name     TEXT    PRIMARY KEY,
		holder   TEXT    NOT NULL,
		until_ms INTEGER NOT NULL
	);
