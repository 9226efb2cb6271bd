package main

// web.go: the bot's web pages (chat/web), on when OYUNBOT_WEB_ADDR is set.

import (
	"context"

	"errors"
	"log/slog"
	"net/http"
	"oyunbot/ai"
	"oyunbot/chat"

	"oyunbot/chat/console"
	"oyunbot/chat/discord"
	"oyunbot/chat/present"
	chatrouter "oyunbot/chat/router"
	"oyunbot/chat/telegram"
	"oyunbot/chat/web"
	"oyunbot/internal/registry"
	"oyunbot/sessions"
	"oyunbot/store"
)

// webPages is the web surface being wired: the links the router's replies
// carry, the store the sessions write through (telling the pages of each
// change), and the server, started once the router is.
type webPages struct {
	links   *web.Links
	store   web.Store
	metrics *web.Metrics
	watched *web.Watched
	started bool // the server runs: wait waits for done
	done    chan struct{}
}

// newWebPages prepares the pages of cfg on store; nil when the web is off.
// It returns the store the sessions should write through.
func newWebPages(cfg config, store sessions.Store, log *slog.Logger) (*webPages, sessions.Store, error) {
	if cfg.WebAddr == "" {
		return nil, store, nil
	}
	ws, ok := store.(web.Store)
	if !ok {
		return nil, store, errors.New("the store has no web pages' reads")
	}
	w := &webPages{links: web.NewLinks(web.PublicURL(cfg.PublicURL, cfg.WebAddr), ws, log), store: ws,
		metrics: web.NewMetrics(), done: make(chan struct{})}
	w.watched = web.Watch(store) // the server, made later, follows its writes
	if err := w.metrics.Moves(w.watched.Moves); err != nil {
		return nil, store, err
	}
	return w, w.watched, nil
}

// engine is the sessions' engines, timed for /metrics (nil: the default).
func (w *webPages) engine() func() sessions.Engine {
	if w == nil {
		return nil
	}
	return w.metrics.Engine(func() sessions.Engine { return ai.NewEngine(ai.DefaultOptions()) })
}

// sender is a platform's sender, counted for /metrics.
func (w *webPages) sender(platform string, s chat.Sender) chat.Sender {
	if w == nil {
		return s
	}
	return w.metrics.Sender(platform, s)
}

// linker is what the router links to (nil when the web is off).
func (w *webPages) linker() present.Linker {
	if w == nil {
		return nil
	}
	return w.links
}

// start serves the pages until ctx is done; wait waits for the end.
func (w *webPages) start(ctx context.Context, cfg config, router *chatrouter.Router, mgr *sessions.Manager, log *slog.Logger) error {
	if w == nil {
		return nil
	}
	if err := w.metrics.Jobs(mgr.EngineJobs); err != nil {
		return err
	}
	var relay web.Relay
	if r, ok := w.store.(web.Relay); ok && cfg.Shared && store.IsPostgresURL(cfg.DB) {
		relay = r // a private answer reaches the asker's page on any process
	}
	s, err := web.New(ctx, web.Config{Relay: relay, Metrics: w.metrics, Addr: cfg.WebAddr, PublicURL: cfg.PublicURL, Store: w.store, Watched: w.watched, Games: mgr.Lobby(),
		Presenter: router.Presenter(), Analyses: router, Lang: cfg.Lang, Logger: log.With("surface", "web"),
		Registry: registry.New(), Platforms: webPlatforms(cfg), BehindProxy: cfg.WebProxy, Version: readBuildInfo().String(), Slow: router.SlowJobs(),
		Handler: router, TelegramToken: cfg.TelegramToken})
	if err != nil {
		return err
	}
	w.started = true
	go func() {
		defer close(w.done)
		if err := s.Run(ctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("web pages", "err", err)
		}
	}()
	if n, ok := w.store.(web.Notifier); ok && cfg.Shared {
		go s.Listen(ctx, n) // the other processes' moves
	}
	log.Info("web pages", "addr", cfg.WebAddr, "url", web.PublicURL(cfg.PublicURL, cfg.WebAddr))
	return nil
}

func (w *webPages) wait() {
	if w != nil && w.started {
		<-w.done
	}
}

// webPlatforms are the platforms whose leaderboards the pages show: those
// the bot serves (the console's when it serves none).
func webPlatforms(cfg config) []string {
	var out []string
	if cfg.TelegramToken != "" {
		out = append(out, telegram.Platform)
	}
	if cfg.DiscordToken != "" {
		out = append(out, discord.Platform)
	}
	if len(out) == 0 {
		out = append(out, console.Platform)
	}
	return out
}
