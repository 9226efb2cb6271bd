package router_test

import (
	"context"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"oyunbot/ai"
	"oyunbot/chat/router"
	"oyunbot/sessions"
)

// fillingEngine is the bot's engine on a disk that fills up as it thinks:
// the person's move before the search was saved, the bot's move is not.
type fillingEngine struct {
	sessions.Engine
	store *faultyStore
}

func (e fillingEngine) Choose(ctx context.Context, p ai.Position, lvl ai.Level, rng *rand.Rand) ai.Result {
	e.store.failSave.Store(true)
	return e.Engine.Choose(ctx, p, lvl, rng)
}

// TestBotAnswerNotSavedShowsThePlayersMove: when the person's move was
// saved and the bot's answer could not be, the reply shows the person's
// move with the bot's failure (in both languages), and the game holds the
// person's move, as a restart shows.
func TestBotAnswerNotSavedShowsThePlayersMove(t *testing.T) {
	for _, tc := range []struct{ lang, start, shown string }{
		{"en", "play dama easy", "#g1 ayse: c3-c4 · oyunbot could not save its move"},
		{"tr", "oyna dama kolay", "#g1 ayse: c3-c4 · oyunbot hamlesini kaydedemedi"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bot.db")
			s := newFlaky(nil)
			var store *faultyStore
			b := openOutboxBot(t, path, s, func(_ *router.Config, sc *sessions.Config) {
				next := sc.NewEngine
				sc.NewEngine = func() sessions.Engine { return fillingEngine{next(), store} }
			})
			store = b.store
			b.msg("dm", "ayse", "lang "+tc.lang)
			b.msg("dm", "ayse", tc.start)
			before := len(s.texts())
			b.msg("dm", "ayse", "c3-c4")
			got := s.texts()[before:]
			if len(got) != 1 || !strings.Contains(got[0], tc.shown) {
				t.Fatalf("replies to a saved move whose answer was not saved: %q", got)
			}
			b.stop()
			b = openOutboxBot(t, path, s, nil)
			if g, err := b.mgr.Lobby().Get(1); err != nil || len(g.Moves) < 1 || g.Moves[0] != "c3-c4" {
				t.Fatalf("game after a restart: %v %v", g.Moves, err)
			}
		})
	}
}
