// Package present is how the bot shows games to people, on every surface:
// from (language, a game's snapshot, a tournament, ratings) to texts,
// board pictures, Buttons, move lists, standings and animations. It
// decides nothing and never calls the live games: the chat router decides
// and calls it; the web pages render the same data.
package present

import (
	"context"
	"log/slog"
	"oyunbot/chat"
	"time"

	"oyunbot/chat/internal/i18n"
	"oyunbot/games"
	"oyunbot/render"
	"oyunbot/sessions"
)

// Config is what a Presenter draws with.
type Config struct {
	Games *games.Registry
	// Drawers draw the boards by game name (nil for a text board);
	// GIFDrawers the animations' frames, falling back to Drawers.
	Drawers, GIFDrawers map[string]render.Drawer
	// Chart draws a game command's chart (nil: none drawn).
	Chart func(games.Chart) ([]byte, error)
	// BotName is the bot's display name.
	BotName string
	// Now is the clock (time.Now by default).
	Now    func() time.Time
	Logger *slog.Logger
	// Recall is what the games' pictures and moves show beyond their
	// snapshots (nil: canonical letters, no match standing).
	Recall Recall
	// Links makes the web pages' addresses that replies link to (nil:
	// the web is off).
	Links Linker
}

// Recall is what a Presenter shows of a game that its snapshot does not
// hold, remembered by whoever decides (the chat router): read under the
// context of the request or event being answered (Presenter.In), never on
// a Presenter's own.
type Recall interface {
	// Letters is the letters game s's moves are shown in ("tr", "en"), ""
	// for the canonical ones: those its player last typed a telling move in.
	Letters(ctx context.Context, s sessions.Snapshot) string
	// Match is the match with id (a game's Snapshot.Match); false when it
	// cannot be read.
	Match(ctx context.Context, id int64) (sessions.MatchRecord, bool)
}

// Presenter shows games in the catalogue's languages. It is safe for
// concurrent use.
type Presenter struct {
	cfg Config
	// ctx is the request's or the event's that Recall is read under (In);
	// nil: Recall is not read.
	ctx   context.Context
	cat   *i18n.Catalog
	hosts map[string]games.Host // by game name
	// gameWords are the words of the games' own commands (folded).
	gameWords map[string][]games.Game
	log       *slog.Logger
	// others marks a Presenter for readers who are none of the players
	// (ForOthers); youName replaces there the display name that is the
	// reader in chat (the console's "you"; "": none).
	others       bool
	youName, you string
}

// ForOthers is the Presenter of a page whose reader is none of the
// players (the web): every text speaks of them in the third person (a
// game's prompt in its "prompt.<key>.others" variant: "Ayşe's roll"), and
// the reader's own display name, second person ("you", the console's), is
// shown as a name in lang ("Console player").
func (r *Presenter) ForOthers(lang chat.Lang) *Presenter {
	o := *r
	o.others = true
	if you := r.cat.You(); you != "" {
		o.cat = r.cat.ThirdPerson()
		o.you, o.youName = you, r.cat.T(lang, "page.you-name")
	}
	return &o
}

// New returns a Presenter of cfg's games speaking through cat.
func New(cfg Config, cat *i18n.Catalog) *Presenter {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Games == nil {
		cfg.Games, _ = games.NewRegistry() // no games: each shown by its own words
	}
	return &Presenter{cfg: cfg, cat: cat, hosts: hostGames(cfg.Games), gameWords: GameCommandWords(cfg.Games), log: cfg.Logger}
}

// In is r answering a request or an event with context ctx: what it
// shows from Config.Recall (the letters a game's moves are shown in, its
// match's standing in its picture) is read under ctx. A Presenter not In a
// context reads nothing there: canonical letters, no match standing.
func (r *Presenter) In(ctx context.Context) *Presenter {
	o := *r
	o.ctx = ctx
	return &o
}

// letters is the letters game s's moves are shown in.
func (r *Presenter) letters(s sessions.Snapshot) string {
	if r.cfg.Recall == nil || r.ctx == nil {
		return ""
	}
	return r.cfg.Recall.Letters(r.ctx, s)
}
