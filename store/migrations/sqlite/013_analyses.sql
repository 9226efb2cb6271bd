-- 13: post-game analyses (issue 24), kept with their game: the result
-- (analysis.Result as JSON), complete, or the evaluations of an analysis
-- stopped before its end (complete = 0: a restart, a cancel), which the
-- next request for it resumes. (12 is the web pages'.)
CREATE TABLE analyses (
		game_id  INTEGER NOT NULL PRIMARY KEY,
		complete INTEGER NOT NULL,
		result   TEXT    NOT NULL,
		at_ms    INTEGER NOT NULL
	);
