-- 9: the people met, by their lowercase @username (Telegram), so that a
-- process resolves a mention of someone who spoke to another one.
CREATE TABLE users (
		platform TEXT COLLATE "C" NOT NULL,
		name     TEXT COLLATE "C" NOT NULL,
		id       TEXT COLLATE "C" NOT NULL,
		display  TEXT NOT NULL,
		PRIMARY KEY (platform, name)
	);
