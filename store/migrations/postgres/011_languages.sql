-- 11: the languages people and channels were last seen writing in (the
-- chat's language memory: a command word's language by person, a
-- platform's locale by channel), so that a restart keeps them.
CREATE TABLE languages (
		platform TEXT COLLATE "C" NOT NULL,
		channel  TEXT COLLATE "C" NOT NULL,
		who      TEXT COLLATE "C" NOT NULL,
		lang     TEXT NOT NULL,
		at_ms    BIGINT NOT NULL,
		PRIMARY KEY (platform, channel, who)
	);
