-- 10: a take-back offered between people (the side offering, -1 for none),
-- and the platform updates already applied (Telegram's update_id, Discord's
-- interaction or message id), each written in the same transaction as the
-- change it made, so that a re-sent update is applied at most once.
ALTER TABLE games ADD COLUMN takeback_offer INTEGER NOT NULL DEFAULT -1;
CREATE TABLE applied_updates (
		platform TEXT    NOT NULL,
		update_key TEXT  NOT NULL,
		at_ms    INTEGER NOT NULL,
		PRIMARY KEY (platform, update_key)
	);
CREATE INDEX applied_updates_at ON applied_updates (at_ms);
