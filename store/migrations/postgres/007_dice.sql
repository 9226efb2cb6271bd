-- 7: a channel's dice: rolled by the bot, or by the players by hand.
ALTER TABLE channels ADD COLUMN dice TEXT NOT NULL DEFAULT '';
