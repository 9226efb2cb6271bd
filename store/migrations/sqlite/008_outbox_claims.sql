-- 8: the outbox's claims: the process delivering a reply, and until
-- when (several processes on one store; a single one leaves them
-- empty). Replies stored before are free (claim_ms 0).
ALTER TABLE outbox ADD COLUMN owner    TEXT    NOT NULL DEFAULT '';
	ALTER TABLE outbox ADD COLUMN claim_ms INTEGER NOT NULL DEFAULT 0;
	CREATE INDEX outbox_owner ON outbox(owner) WHERE state = '';
