package main

// web.go: the bot's web pages (chat/web), on when OYUNBOT_WEB_ADDR is set.

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"sync/atomic"

	"oyunbot/chat/console"
	"oyunbot/chat/discord"
	"oyunbot/chat/present"
	chatrouter "oyunbot/chat/router"
	"oyunbot/chat/telegram"
	"oyunbot/chat/web"
	"oyunbot/sessions"
)

// webPages is the web surface being wired: the links the router's replies
// carry, the store the sessions write through (telling the pages of each
// change), and the server, started once the router is.
type webPages struct {
	links  *web.Links
	store  web.Store
	server atomic.Pointer[web.Server]
	done   chan struct{}
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
		done: make(chan struct{})}
	return w, web.Watch(store, func(id int64) {
		if s := w.server.Load(); s != nil {
			s.Changed(id)
		}
	}), nil
}

// linker is what the router links to (nil when the web is off).
func (w *webPages) linker() present.Linker {
	if w == nil {
		return nil
	}
	return w.links
}

// start serves the pages until ctx is done; wait waits for the end.
func (w *webPages) start(ctx context.Context, cfg config, router *chatrouter.Router, games web.Games, log *slog.Logger) error {
	if w == nil {
		return nil
	}
	s, err := web.New(web.Config{Addr: cfg.WebAddr, PublicURL: cfg.PublicURL, Store: w.store, Games: games,
		Presenter: router.Presenter, Lang: cfg.Lang, Logger: log.With("surface", "web"),
		Registry: registry(), Platforms: webPlatforms(cfg)})
	if err != nil {
		return err
	}
	w.server.Store(s)
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
	if w != nil && w.server.Load() != nil {
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
