-- 11: the languages people and channels were last seen writing in (the
-- chat's language memory: a command word's language by person, a
-- platform's locale by channel), so that a restart keeps them.
CREATE TABLE languages (
		platform TEXT    NOT NULL,
		channel  TEXT    NOT NULL,
		who      TEXT    NOT NULL, -- a person's id, or "" for the channel's locale
		lang     TEXT    NOT NULL,
		at_ms    INTEGER NOT NULL,
		PRIMARY KEY (platform, channel, who)
	);
