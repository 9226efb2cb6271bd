package present

import (
	"testing"
	"time"

	"oyunbot/chat/internal/i18n"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/dama"
	"oyunbot/games/gamestest"
	"oyunbot/games/islem"
	"oyunbot/games/puzzle"
	"oyunbot/games/tavla"
	"oyunbot/games/tictactoe"
)

// testCatalog is the catalogue of every game in the repository, the test
// games included.
func testCatalog(t testing.TB) *i18n.Catalog {
	t.Helper()
	c, err := i18n.New("", dama.Game{}, tictactoe.Game{}, chessgame.Game{}, tavla.Game{}, islem.Game{}, puzzle.Eight, puzzle.Fifteen,
		gamestest.Race{}, gamestest.Steps{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// testPresenter presents reg's games at the time now gives (time.Now when
// nil).
func testPresenter(t testing.TB, reg *games.Registry, now func() time.Time) *Presenter {
	t.Helper()
	return New(Config{Games: reg, Now: now}, testCatalog(t))
}
