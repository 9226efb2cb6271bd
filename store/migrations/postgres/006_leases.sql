-- 6: several processes on one store: the leases that let one of them
-- at a time run a fleet-wide duty (the clocks' sweep).
CREATE TABLE leases (
		name     TEXT   COLLATE "C" PRIMARY KEY,
		holder   TEXT   COLLATE "C" NOT NULL,
		until_ms BIGINT NOT NULL
	);
