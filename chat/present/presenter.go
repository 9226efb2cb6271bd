// Package present is how the bot shows games to people, on every surface:
// from (language, a game's snapshot, a tournament, ratings) to texts,
// board pictures, Buttons, move lists, standings and animations. It
// decides nothing and never calls the live games: the chat router decides
// and calls it; the web pages render the same data.
package present

import (
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
	// Letters is the letters game s's moves are shown in, "" for the
	// canonical ones (the router remembers what its players typed; nil:
	// canonical).
	Letters func(s sessions.Snapshot) string
	// Match is the standing of the match game s belongs to, for its
	// picture (nil: none shown).
	Match func(s sessions.Snapshot) render.MatchScore
	// Links makes the web pages' addresses that replies link to (nil:
	// the web is off).
	Links Linker
}

// Presenter shows games in the catalogue's languages. It is safe for
// concurrent use.
type Presenter struct {
	cfg   Config
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

// letters is the letters game s's moves are shown in.
func (r *Presenter) letters(s sessions.Snapshot) string {
	if r.cfg.Letters == nil {
		return ""
	}
	return r.cfg.Letters(s)
}
