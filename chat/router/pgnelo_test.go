package router_test

import (
	"strings"
	"testing"
)

// TestPGNEloBeforeTheGame: a finished rated game's PGN tags each player
// with the rating they had when it began, as PGN's WhiteElo means, not
// the one the game left them with (issue 35), also when the game is asked
// for later by its tag.
func TestPGNEloBeforeTheGame(t *testing.T) {
	b := chessBot(t)
	b.say("lang en")
	b.say("play chess easy")
	b.say("e4")
	b.say("resign yes")
	pgnOf := func(text string) string {
		var pgn string
		for _, r := range b.say(text) {
			pgn += string(r.File)
		}
		return pgn
	}
	for _, ask := range []string{"pgn", "pgn #g1"} {
		pgn := pgnOf(ask)
		if !strings.Contains(pgn, `[WhiteElo "1500"]`) || !strings.Contains(pgn, `[Result "0-1"]`) {
			t.Errorf("%s: %q, want WhiteElo 1500 (before the loss)", ask, pgn)
		}
	}
}
