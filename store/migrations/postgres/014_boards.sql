-- 14: a game's board as one message edited in place (issue 36): the
-- platform's reference of the message showing each game's board in each
-- chat, when it was posted and last shown; and the channels that keep a
-- new picture for every turn instead (boards = 'new'). A game is shown in
-- chats other than its own too (an inline message sharing it), hence the
-- index by game.
ALTER TABLE channels ADD COLUMN boards TEXT NOT NULL DEFAULT '';
	CREATE TABLE live_boards (
		platform  TEXT    NOT NULL,
		channel   TEXT    NOT NULL,
		game_id   BIGINT  NOT NULL,
		ref       TEXT    NOT NULL,
		posted_ms BIGINT  NOT NULL,
		shown_ms  BIGINT  NOT NULL,
		version   BIGINT  NOT NULL DEFAULT 0, -- the game's version the message shows
		PRIMARY KEY (platform, channel, game_id)
	);
	CREATE INDEX live_boards_game ON live_boards(platform, game_id);
