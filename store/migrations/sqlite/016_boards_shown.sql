-- 16: the board messages of games idle for a month are forgotten
-- (sessions' sweep, ForgetLiveBoards): an index by when each was last shown.
CREATE INDEX live_boards_shown ON live_boards(shown_ms);
