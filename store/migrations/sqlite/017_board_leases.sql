-- 17: a lease on showing a game's board in a chat (several processes on
-- one store): the process editing the message, and until when. Two
-- processes editing one board at once could leave the older version on
-- it (the last edit to land wins); under the lease the later one sees
-- the version shown and skips an older board. A dead holder's lease runs
-- out like its replies' claims.
ALTER TABLE live_boards ADD COLUMN lease_owner TEXT NOT NULL DEFAULT '';
	ALTER TABLE live_boards ADD COLUMN lease_ms INTEGER NOT NULL DEFAULT 0;
	CREATE INDEX live_boards_lease ON live_boards(lease_owner) WHERE lease_owner <> '';
