package router_test

import (
	"path/filepath"
	"testing"
)

// TestLanguageSurvivesRestart: the language a person writes in is
// remembered in the store: after a restart, a bare move (a word of no
// language) is answered in it, not in the default (issue 26: the
// language maps were lost on a restart).
func TestLanguageSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	b := openRouter(t, path, nil)
	b.expect(b.say("play ttt"), "New game: Tic-tac-toe")
	b.expect(b.say("b2"), "To move: Ayse (X)")
	b.stop()
	b = openRouter(t, path, nil)
	defer b.stop()
	b.expect(b.say("a1"), "To move: Ayse (X)") // English, remembered; the default is Turkish
}
