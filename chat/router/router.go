// Package router is the bot's side of the chat: it reads each chat.Message
// as a command (chat/internal/command), runs it on the live games
// (sessions), and answers with chat.Replies in the person's language,
// through a durable outbox to the platforms' Senders.
package router

// router.go turns Messages into session operations and session results into
// Replies in the channel's language.

import (
	"context"
	"errors"
	"log/slog"
	"oyunbot/chat/delivery"
	"oyunbot/chat/present"
	"sync"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/chat/internal/i18n"
	"oyunbot/games"
	"oyunbot/render"
	"oyunbot/sessions"
	"oyunbot/sessions/analyses"
	"oyunbot/sessions/challenges"
	"oyunbot/sessions/matches"
	"oyunbot/sessions/ratings"
	"oyunbot/sessions/tournaments"
)

// Config configures a Router. Zero values get sensible defaults; Games,
// Sessions, Tournaments, Challenges, Matches, Ratings and Store are required.
type Config struct {
	Games *games.Registry
	// Sessions are the live games. Their events are to reach the Router's
	// OnEvent: make them without sessions.Config.Notify and, once the
	// Router exists, call Sessions.Listen(router.OnEvent). The Router
	// closes them with itself.
	Sessions *sessions.Manager
	// Tournaments are the channels' tournaments, played by Sessions (the
	// Runner handed to sessions.New as Config.Tournaments).
	Tournaments *tournaments.Runner
	// Challenges are the invitations to games between people, started
	// by Sessions (the Book handed to sessions.New as Config.Challenges).
	Challenges *challenges.Book
	// Matches are the matches to a number of points, played by Sessions
	// (the Runner handed to sessions.New as Config.Matches).
	Matches *matches.Runner
	// Ratings are the players' ratings, updated by Sessions (the Book
	// handed to sessions.New as Config.Ratings).
	Ratings *ratings.Book
	// Fleet credits a platform's outage to its games' clocks (Outage):
	// the fleet made beside Sessions (package sessions/fleet). Nil: an
	// outage is only logged.
	Fleet OutageCredit
	// RateLimit bounds each user's messages (ratelimit.go); the zero value
	// sets no limit (tests), DefaultRateLimit is the bot's.
	RateLimit RateLimit
	// Store keeps the replies until their platform has them, and knows the
	// games whose last change no reply has shown. The Router does not
	// close it.
	Store Store
	// Drawers maps a game name to its board renderer; a game without one
	// gets text boards only.
	Drawers map[string]render.Drawer
	// GIFDrawers are smaller renderers for "gif" animations, by game name
	// (Drawers when a game has none here).
	GIFDrawers map[string]render.Drawer
	// Chart draws the bar charts of games' commands (games.Chart) as PNG;
	// nil: the chart's table goes as text only.
	Chart func(games.Chart) ([]byte, error)
	// BotName is the bot's name in games and in Telegram's /cmd@name form
	// (default "oyunbot").
	BotName string
	// You is the display name that is the person it addresses ("you", the
	// console's user): sentences about them are in the second person
	// ("You resigned", "Pes ettin"), not "you resigned"/"you wins". ""
	// for none.
	You    string
	Logger *slog.Logger

	// Lang is the language of channels with no setting and messages with no
	// locale (default Turkish).
	Lang chat.Lang
	// Now is the time of clocks shown and of replies kept (default
	// time.Now; tests give the sessions the same).
	Now func() time.Time
	// ReplyStaleAfter: a reply the platform could not take for this long is
	// given up (default delivery.DefaultStaleAfter).
	ReplyStaleAfter time.Duration
	// ReplyRetry is the first wait before a failed reply is sent again; it
	// doubles up to 32 times itself, at most 30 s (default 1 s).
	ReplyRetry time.Duration
	// Shared: other processes deliver replies from the same Store. Each
	// reply is then claimed by the process that delivers it (Instance),
	// and taken over by another once its claim ran out (package delivery).
	Shared bool
	// Instance names this process as the owner of its replies in the
	// shared mode (default: random).
	Instance string
	// ReplyClaimTTL: in the shared mode, a process's claim on its replies
	// lasts this long unrenewed (default delivery.DefaultClaimTTL).
	ReplyClaimTTL time.Duration
	// SlowWorkers bounds the slow commands (animations, a game's own
	// commands) worked on at once, SlowPerUser those one person may have
	// waiting or worked on (slow.go; defaults sessions.DefaultSlowWorkers,
	// DefaultSlowPerOwner). SlowKeepMemory: see sessions.JobsConfig.
	SlowWorkers, SlowPerUser int
	SlowKeepMemory           bool
	// SearchMemory is the bytes the slow commands' searches may hold
	// together (default DefaultSearchMemory).
	SearchMemory int64
	// Links makes the web pages' addresses that replies link to (a game's
	// "Watch" button, "link"); nil when the web is off.
	Links present.Linker
}

// noticeTimeout bounds the delivery of a notice ("thinking…"), which is
// sent once, outside the outbox.
const noticeTimeout = 10 * time.Second

// Router is the bot's brain between the adapters and the sessions: it
// implements Handler. Safe for concurrent use.
type Router struct {
	// base is New's context without its end: the values for the work no
	// request carries (events, the outbox).
	base context.Context
	// show presents the games (chat/present): the replies' texts,
	// pictures and buttons.
	show *present.Presenter
	// words reads the words of commands that name games (args.go).
	words vocabulary
	cfg   Config
	cat   *i18n.Catalog
	// gameWords are the words of the games' own commands (folded).
	gameWords map[string][]games.Game
	// gameWordLangs are the languages game command words are written in
	// (folded; gameCommandLangs).
	gameWordLangs map[string]chat.Lang
	handle        handler           // the middlewares and the command table
	entries       map[string]*entry // the handlers, by command name
	families                        // each family of handlers' part of the live games (sessions.go)
	out           *delivery.Outbox  // the replies' delivery (package delivery)
	slow          *slowQueue        // slow commands, off the chats' queues (slow.go)
	analyses      *analyses.Runner  // post-game analyses (analyse.go)
	log           *slog.Logger

	mu      sync.RWMutex
	senders map[string]chat.Sender
	// langs remembers the languages people write in and the channels' locales.
	langs *langMemory
	// openings are the announcements of games just started in which the
	// bot moves first, by game id: they head the reply with its first move
	// (one reply, not an empty board and then the move).
	openings marks[string]
	// follows marks games whose next bot reply answers a bare move sent
	// there from among several games (whichgame.go).
	follows marks[bool]
	// asked are the questions waiting for a bare yes or no (asked.go).
	asked questions
	// pageHints are the hints asked from a game's page, by game id: the
	// engine's answer (an event) goes to the asker's page
	// (chat.Message.Answer), as every answer to a page's request does.
	pageHints marks[pageHint]
}

// pageHint is a hint asked from a game's page: the request's Ref (the
// event's), and where its answer goes.
type pageHint struct {
	ref    string
	answer func(chat.Reply)
}

// Store is what the Router keeps: its replies until they are delivered
// (the outbox), and the languages it learnt; and what it reads at a
// platform's start, the games whose last change no reply announced.
type Store interface {
	delivery.Store
	sessions.LanguageMemory
	// UnannouncedGames is sessions.GameStore's.
	UnannouncedGames(ctx context.Context) ([]sessions.GameRecord, error)
}

// New returns a Router playing cfg.Sessions (see Config.Sessions for
// their events). Bot moves pending in restored games start
// when a Sender for their platform is added. The Router keeps ctx's
// values for the work no request carries (the live games' events, the
// outbox), not its end: Close stops it.
func New(ctx context.Context, cfg Config) (*Router, error) {
	switch {
	case cfg.Games == nil:
		return nil, errors.New("chat: Config.Games is required")
	case cfg.Sessions == nil:
		return nil, errors.New("chat: Config.Sessions is required")
	case cfg.Tournaments == nil:
		return nil, errors.New("chat: Config.Tournaments is required")
	case cfg.Challenges == nil:
		return nil, errors.New("chat: Config.Challenges is required")
	case cfg.Matches == nil:
		return nil, errors.New("chat: Config.Matches is required")
	case cfg.Ratings == nil:
		return nil, errors.New("chat: Config.Ratings is required")
	case cfg.Store == nil:
		return nil, errors.New("chat: Config.Store is required")
	}
	if cfg.BotName == "" {
		cfg.BotName = "oyunbot"
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Lang == "" {
		cfg.Lang = chat.Turkish
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	cat, err := i18n.New(cfg.You, cfg.Games.Games()...)
	if err != nil {
		return nil, err
	}
	r := &Router{base: context.WithoutCancel(ctx), cfg: cfg, cat: cat, gameWords: present.GameCommandWords(cfg.Games),
		gameWordLangs: present.GameCommandLangs(cfg.Games), log: cfg.Logger, senders: map[string]chat.Sender{},
		langs: newLangMemory(cfg.Store, cfg.Logger)}
	r.families = familiesOf(cfg.Sessions, cfg.Tournaments, cfg.Challenges, cfg.Matches, cfg.Ratings)
	r.outages = cfg.Fleet
	r.show = present.New(present.Config{Games: cfg.Games, Drawers: cfg.Drawers, GIFDrawers: cfg.GIFDrawers,
		Chart: cfg.Chart, BotName: cfg.BotName, Now: cfg.Now, Logger: cfg.Logger,
		Recall: recall{langs: r.langs, matches: r.matches}, Links: cfg.Links}, cat)
	r.words = vocabulary{games: cfg.Games, show: r.show}
	r.entries = entryByName()
	r.handle = r.chain()
	r.slow = newSlow(ctx, cfg)
	// The outbox before the sessions: restoring games may already have
	// events to say.
	r.out = delivery.New(ctx, delivery.Config{Store: cfg.Store, Sender: r.sender, StaleNote: r.staleNote, Logger: cfg.Logger,
		Now: cfg.Now, StaleAfter: cfg.ReplyStaleAfter, FirstRetry: cfg.ReplyRetry, Shared: cfg.Shared, Instance: cfg.Instance,
		ClaimTTL: cfg.ReplyClaimTTL})
	r.analyses = newAnalyses(cfg.Sessions, cfg)
	return r, nil
}

// Presenter is the presentation the Router shows games with, for the web
// pages to show them alike.
func (r *Router) Presenter() *present.Presenter { return r.show }

// sender returns the platform's Sender (nil before AddSender).
func (r *Router) sender(platform string) chat.Sender {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.senders[platform]
}

// staleNote tells a chat that n replies were given up as stale.
func (r *Router) staleNote(ctx context.Context, platform, channel string, n int) string {
	return r.cat.N(r.eventLang(ctx, platform, channel, ""), "outbox.stale", n)
}

// AddSender routes the replies for platform to s and resumes the bot's
// pending moves in that platform's restored games.
func (r *Router) AddSender(ctx context.Context, platform string, s chat.Sender) {
	r.mu.Lock()
	r.senders[platform] = s
	r.mu.Unlock()
	r.out.Load(ctx, platform)
	r.announceUnannounced(ctx, platform)
	r.life.Resume(platform)
}

// announceUnannounced shows the platform's games whose last change was saved
// but whose reply never reached the outbox (the process stopped between
// the two): their players get the board as it is now.
func (r *Router) announceUnannounced(ctx context.Context, platform string) {
	recs, err := r.cfg.Store.UnannouncedGames(ctx)
	var skipped *sessions.UnreadableRowsError
	if errors.As(err, &skipped) {
		r.log.Warn("unannounced games left out: unreadable", "err", err)
	} else if err != nil {
		r.log.Error("loading unannounced games", "err", err)
		return
	}
	for _, rec := range recs {
		if rec.Platform != platform || (rec.Players[0].Bot && rec.Players[1].Bot && !rec.Result.Over) {
			continue // a game between bots is shown when it ends
		}
		s, err := r.games.Get(rec.ID)
		if err != nil {
			var ok bool
			if s, ok = r.games.Finished(ctx, rec.ID); !ok {
				continue
			}
		}
		lang := r.eventLang(ctx, s.Platform, s.ChannelID, s.Lang)
		rep := r.show.In(ctx).GameReply(lang, s, r.cat.T(lang, "game.restored"), "")
		rep.Platform, rep.ChannelID, rep.Fresh = s.Platform, s.ChannelID, true
		r.send(ctx, rep)
	}
}

// Outage gives the players of the platform's games back the time d during
// which the platform could not reach the bot (a lost gateway, failing
// polls), with a notice in the games with clocks.
func (r *Router) Outage(platform string, d time.Duration) {
	r.log.Info("platform was out of reach, clocks credited", "platform", platform, "for", d.Round(time.Millisecond))
	if r.outages != nil {
		r.outages.CreditOutage(platform, d)
	}
}

// Wait blocks until no slow command, bot move (or hint) is queued or running
// and its replies have been handed to the senders, or ctx is done.
func (r *Router) Wait(ctx context.Context) error {
	if err := r.slow.Wait(ctx); err != nil {
		return err
	}
	if err := r.life.Wait(ctx); err != nil {
		return err
	}
	return r.out.Wait(ctx)
}

// Stop begins a graceful stop, while the platforms can still send: the
// analyses running are stopped (their evaluations kept: the next request
// goes on from them) and their askers told so, and Stop waits for the
// replies queued so far to be delivered (or tried and waiting for a retry),
// until ctx is done. The router still serves; Close follows.
func (r *Router) Stop(ctx context.Context) error {
	r.analyses.Stop(ctx)
	return r.out.Wait(ctx)
}

// Close stops the slow commands and the engine workers (a running search is
// cut short and not played) and the delivery of replies; undelivered ones
// stay in the store. An analysis still running then is stopped as Stop
// does, its asker's notice kept in the store for the next start.
func (r *Router) Close() error {
	r.slow.Close()
	err := r.life.Close()
	r.analyses.Stop(r.base) // the pool is closed: nothing to wait for
	r.out.Close()
	return err
}

// send delivers a reply on its platform: through the durable outbox, or,
// for a notice, at once and best effort (a stale "thinking…" is noise).
func (r *Router) send(ctx context.Context, rep chat.Reply) {
	board := rep
	if rep.Live && r.chans.Get(ctx, rep.Platform, rep.ChannelID).Boards == sessions.BoardsNew {
		rep.Live, rep.Fresh = false, false // the channel keeps a picture of every turn
	}
	if !rep.Notice {
		r.out.Put(ctx, rep, isLater(ctx))
		if board.Live && board.GameID != 0 {
			r.mirror(ctx, board)
		}
		return
	}
	s := r.sender(rep.Platform)
	if s == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), noticeTimeout)
	defer cancel()
	if err := s.Send(ctx, rep); err != nil {
		r.log.Warn("notice not delivered", "platform", rep.Platform, "channel", rep.ChannelID, "err", err)
	}
}

// Handle processes one message; replies go to the platform's Sender. It
// never panics: a bug is logged and answered with an apology.
func (r *Router) Handle(ctx context.Context, m chat.Message) {
	// The first change the message makes records its update: a re-sent
	// one changes nothing (sessions.ErrDuplicate, answered with silence).
	ctx = sessions.WithUpdate(ctx, sessions.UpdateKey{Platform: m.Platform, ID: m.Update})
	if m.Privately == nil {
		// A typed message (a press has Privately) goes below the chat's
		// boards (package delivery).
		r.out.Seen(m.Platform, m.ChannelID)
	}
	r.handle(&request{r: r, ctx: ctx, m: m, cmd: command.Parse(m.Text)})
}
