// Package web is the bot's read-only web surface: every game on a page
// anyone with its link can open, live. Pages are server-rendered from the
// same presentation the chat replies use (chat/present): the same names,
// lines, moves and board pictures, never written a second time.
//
// A game's page is reachable only through its unguessable link (a random
// 128-bit token the store keeps, never the game's number), so a private
// chat's game is seen only by whoever was given the link. Moves reach open
// pages as server-sent events; an event's id is the game's stored version,
// so a page that reconnects (Last-Event-ID) gets the game as it stands,
// every move made meanwhile included.
package web

import (
	"context"
	"crypto/rand"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"oyunbot/analysis"
	"oyunbot/chat"
	"oyunbot/chat/present"
	"oyunbot/sessions"
)

// Store is what the pages read of the store (store.SQLStore).
type Store interface {
	WebToken(ctx context.Context, kind, ref string) (string, error)
	WebRef(ctx context.Context, token string) (kind, ref string, err error)
	RenewWebToken(ctx context.Context, kind, ref string) (string, error)
	Ping(ctx context.Context) error
	OutboxDepth(ctx context.Context) (int, error)
	GamesInPlay(ctx context.Context) (int, error)
}

// Games finds games: one in play (sessions.Lobby.Get) or finished, as
// stored (Finished).
type Games interface {
	Get(id int64) (sessions.Snapshot, error)
	Finished(ctx context.Context, id int64) (sessions.Snapshot, bool)
}

// Analyses finds a finished game's stored analysis (the router's).
type Analyses interface {
	Analysis(ctx context.Context, id int64) (*analysis.Result, bool)
}

// Config configures a Server.
type Config struct {
	// Addr is the listen address (":8080"); PublicURL the base of the links
	// posted in chat ("https://oyun.example.org"), Addr's when empty.
	Addr, PublicURL string
	Store           Store
	// Watched, when set, is the store the live games write through: the
	// server follows its writes while it serves, and updates the pages.
	Watched *Watched
	// Relay, when set (several processes serve the pages), carries a
	// player's private answers to the process serving their page.
	Relay Relay
	Games Games
	// Presenter shows the games (the router's).
	Presenter *present.Presenter
	// Analyses are the games' stored analyses, shown under a finished
	// game (nil: none shown).
	Analyses Analyses
	// Registry finds the games by name (the tournaments', the
	// leaderboards'); Platforms are the platforms whose leaderboards are
	// shown ("telegram", "discord").
	Registry  Registry
	Platforms []string
	// Lang is the pages' language when the viewer's browser names neither
	// (default Turkish).
	Lang chat.Lang
	// RequestsPerSecond and Burst bound each address's requests (defaults
	// 20 and 60); StreamsPerIP and Streams the open event streams of one
	// address and of all (defaults 16 and 10,000).
	RequestsPerSecond, Burst float64
	StreamsPerIP, Streams    int
	// ConnsPerIP and Conns cap the connections of one address and of all
	// (defaults DefaultConnsPerIP, and DefaultConns or half the process's
	// descriptors when fewer); one over either is answered 503 and closed.
	// Behind a proxy every connection is the proxy's: only Conns holds.
	ConnsPerIP, Conns int
	// IdleTimeout, ReadTimeout and WriteTimeout are the server's (defaults
	// DefaultIdleTimeout, DefaultReadTimeout, DefaultWriteTimeout): an
	// idle kept-alive connection is closed, a request must come whole, a
	// page be written in time. Event streams keep theirs open (KeepAlive).
	IdleTimeout, ReadTimeout, WriteTimeout time.Duration
	// BehindProxy: requests come through a reverse proxy, which names the
	// client in X-Forwarded-For (the rate limits' address).
	BehindProxy bool
	// Slow is the slow queue the pages' pictures and animations are drawn
	// on, each address's as one person's (the router's SlowJobs, which the
	// chat's slow commands share; nil: one of the pages' own), and
	// SlowPerIP the drawings an address may have in it at once, the others
	// waiting for them (default sessions.DefaultSlowPerOwner).
	Slow      Slow
	SlowPerIP int
	// KeepAlive is how often an idle event stream gets a comment, so that
	// proxies keep it open and a viewer gone is noticed (default 15 s).
	KeepAlive time.Duration
	Logger    *slog.Logger
	// Version is the build (`bot version`), shown by /healthz.
	Version string
	// Handler takes the commands players send from their games' pages,
	// as the chat's messages (the Router): nil, and the pages are to
	// watch only (play.go).
	Handler chat.Handler
	// TelegramToken checks the initData of the pages opened as Telegram
	// Mini Apps ("" signs no one in that way).
	TelegramToken string
	// MiniApp: the pages are also opened as a Telegram Mini App (a game's
	// 👁 button in a private chat): they load Telegram's script
	// (MiniAppScript, default DefaultMiniAppScript) and Telegram Web may
	// frame them. New turns it on with a TelegramToken and an https
	// PublicURL (Telegram opens Mini Apps over https only).
	MiniApp       bool
	MiniAppScript string
	// ActsPerSecond and ActBurst bound each player's commands from the
	// pages (defaults 2 and 10).
	ActsPerSecond, ActBurst float64
	// Metrics are the figures /metrics shows (default: new ones, which
	// count only the pages').
	Metrics *Metrics
}

// gifCacheBytes bounds the finished games' animations kept: some sixty
// of a long chess game (550 KB for its last 400 positions).
const gifCacheBytes = 32 << 20

// Server serves the pages.
type Server struct {
	cfg   Config
	hub   *hub
	limit *limiter
	acts  *limiter // each player's commands from the pages
	pics  *cache   // drawn steps
	gifs  *cache   // finished games' animations
	slow  *slowWork
	own   *sessions.Jobs // the slow queue when Config.Slow is nil
	refs  *cache         // tokens → "kind\x00ref"
	mux   *http.ServeMux
	log   *slog.Logger

	links *Links
	lists ListStore // nil: the store has no lists
	m     *Metrics
	// self names this server in the answers it relays (Config.Relay), so
	// that it does not tell its own pages twice.
	self string
}

// New returns a Server of cfg; Run serves it, Handler is its pages. Its
// own work (when cfg.Jobs is nil) keeps ctx's values, not its end.
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Store == nil || cfg.Games == nil || cfg.Presenter == nil {
		return nil, errors.New("web: Store, Games and Presenter are required")
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Lang == "" {
		cfg.Lang = chat.Turkish
	}
	if cfg.RequestsPerSecond <= 0 {
		cfg.RequestsPerSecond = 20
	}
	if cfg.Burst <= 0 {
		cfg.Burst = 60
	}
	if cfg.ActsPerSecond <= 0 {
		cfg.ActsPerSecond = 2
	}
	if cfg.ActBurst <= 0 {
		cfg.ActBurst = 10
	}
	if cfg.StreamsPerIP <= 0 {
		cfg.StreamsPerIP = 16
	}
	if cfg.Streams <= 0 {
		cfg.Streams = 10000
	}
	if cfg.KeepAlive <= 0 {
		cfg.KeepAlive = 15 * time.Second
	}
	if cfg.SlowPerIP <= 0 {
		cfg.SlowPerIP = sessions.DefaultSlowPerOwner
	}
	if cfg.ConnsPerIP <= 0 {
		cfg.ConnsPerIP = DefaultConnsPerIP
	}
	if cfg.Conns <= 0 {
		cfg.Conns = connCapFor(DefaultConns)
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = DefaultIdleTimeout
	}
	if cfg.ReadTimeout <= 0 {
		cfg.ReadTimeout = DefaultReadTimeout
	}
	if cfg.WriteTimeout <= 0 {
		cfg.WriteTimeout = DefaultWriteTimeout
	}
	cfg.PublicURL = PublicURL(cfg.PublicURL, cfg.Addr)
	if cfg.TelegramToken != "" && strings.HasPrefix(cfg.PublicURL, "https://") {
		cfg.MiniApp = true
	}
	if cfg.MiniAppScript == "" {
		cfg.MiniAppScript = DefaultMiniAppScript
	}
	s := &Server{cfg: cfg, log: cfg.Logger, links: NewLinks(cfg.PublicURL, cfg.Store, cfg.Logger),
		limit: newLimiter(cfg.RequestsPerSecond, cfg.Burst), acts: newLimiter(cfg.ActsPerSecond, cfg.ActBurst), pics: newCache(512), refs: newCache(10000),
		gifs: newSizedCache(256, gifCacheBytes), self: rand.Text()}
	if cfg.Slow == nil {
		s.own = sessions.NewJobs(ctx, sessions.JobsConfig{Logger: cfg.Logger})
		cfg.Slow = s.own
	}
	s.slow = newSlowWork(cfg.Slow, cfg.SlowPerIP)
	s.lists, _ = cfg.Store.(ListStore)
	s.m = cfg.Metrics
	if s.m == nil {
		s.m = NewMetrics()
	}
	if err := s.m.storeGauges(cfg.Store); err != nil {
		return nil, err
	}
	s.hub = newHub(s)
	s.routes()
	return s, nil
}

// PublicURL is the base of the pages' links: public without its
// trailing slash, or the listen address as a browser on the machine
// reaches it.
func PublicURL(public, addr string) string {
	if public = strings.TrimRight(public, "/"); public != "" {
		return public
	}
	return "http://" + localAddr(addr)
}

// localAddr is a listen address as a browser on the machine reaches it.
func localAddr(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if host == "" || host == "0.0.0.0" || host == "::" {
		host = "localhost"
	}
	return net.JoinHostPort(host, port)
}

// Handler is the server's pages, behind its rate limit and security
// headers.
func (s *Server) Handler() http.Handler {
	return s.limit.wrap(secure(s.mux, s.cfg.MiniApp, s.cfg.MiniAppScript), s.cfg.BehindProxy)
}

// Run serves cfg.Addr until ctx is done, then shuts down: open event
// streams end (their pages reconnect to another process or after the
// restart) and requests in flight get up to 5 seconds.
func (s *Server) Run(ctx context.Context) error {
	ln, err := net.Listen("tcp", s.cfg.Addr)
	if err != nil {
		return err
	}
	return s.Serve(ctx, ln)
}

// Serve is Run on a listener of the caller's, within the connection caps
// and timeouts of the Config.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	perIP := s.cfg.ConnsPerIP
	if s.cfg.BehindProxy {
		perIP = 0 // every connection is the proxy's
	}
	ln = newConnCap(ln, perIP, s.cfg.Conns, s.m)
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: min(10*time.Second, s.cfg.ReadTimeout),
		ReadTimeout: s.cfg.ReadTimeout, WriteTimeout: s.cfg.WriteTimeout, IdleTimeout: s.cfg.IdleTimeout,
		BaseContext: func(net.Listener) context.Context { return context.WithoutCancel(ctx) }}
	srv.RegisterOnShutdown(s.hub.close)
	go s.hub.run(ctx)
	if s.cfg.Relay != nil {
		go s.listenTold(ctx)
	}
	if s.cfg.Watched != nil {
		defer s.cfg.Watched.follow(s.Changed)()
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	err := srv.Shutdown(sctx)
	<-errc
	if s.own != nil {
		s.own.Close()
	}
	return err
}

// Changed tells the open pages of game id that it changed (a move, its
// end); it never blocks: the store's writers call it.
func (s *Server) Changed(id int64) {
	s.m.changes.Inc()
	s.hub.changed(id)
}

// Links makes the pages' addresses that chat replies carry
// (present.Linker): a page's token is made the first time it is linked
// and kept by the store.
type Links struct {
	base  string
	store Store
	log   *slog.Logger

	mu     sync.Mutex
	tokens map[int64]string // game id → its page's token
}

// NewLinks returns the Links of pages under base (PublicURL's).
func NewLinks(base string, store Store, log *slog.Logger) *Links {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Links{base: strings.TrimRight(base, "/"), store: store, log: log, tokens: map[int64]string{}}
}

// linkTimeout bounds the store's answer for a page's token: a reply
// goes without its link rather than wait.
const linkTimeout = 2 * time.Second

// GameURL is game g's page; "" when the store did not answer.
func (l *Links) GameURL(ctx context.Context, g sessions.Snapshot) string {
	l.mu.Lock()
	tok, ok := l.tokens[g.ID]
	l.mu.Unlock()
	if !ok {
		ctx, cancel := context.WithTimeout(ctx, linkTimeout)
		defer cancel()
		var err error
		tok, err = l.store.WebToken(ctx, sessions.LinkGame, strconv.FormatInt(g.ID, 10))
		if err != nil {
			l.log.Warn("web: a game's link", "id", g.ID, "err", err)
			return ""
		}
		l.mu.Lock()
		if len(l.tokens) >= 10000 {
			clear(l.tokens) // only a cache: the store has them all
		}
		l.tokens[g.ID] = tok
		l.mu.Unlock()
	}
	return l.base + "/g/" + tok
}

// token is the token of the page of kind naming ref ("" when the store
// did not answer).
func (l *Links) token(ctx context.Context, kind, ref string) string {
	ctx, cancel := context.WithTimeout(ctx, linkTimeout)
	defer cancel()
	tok, err := l.store.WebToken(ctx, kind, ref)
	if err != nil {
		l.log.Warn("web: a page's link", "kind", kind, "ref", ref, "err", err)
		return ""
	}
	return tok
}

// TournamentURL is tournament v's page.
func (l *Links) TournamentURL(ctx context.Context, v sessions.TournamentView) string {
	if tok := l.token(ctx, sessions.LinkTournament, strconv.FormatInt(v.ID, 10)); tok != "" {
		return l.base + "/t/" + tok
	}
	return ""
}

// PlayerURL is a player's page.
func (l *Links) PlayerURL(ctx context.Context, platform, playerID string) string {
	if tok := l.token(ctx, sessions.LinkPlayer, platform+"/"+playerID); tok != "" {
		return l.base + "/p/" + tok
	}
	return ""
}

// ChannelURL is a channel's page (its games, tournaments, leaderboards),
// which opens while its admins list it ("web on").
func (l *Links) ChannelURL(ctx context.Context, platform, channelID string) string {
	if tok := l.token(ctx, sessions.LinkChannel, platform+"/"+channelID); tok != "" {
		return l.base + "/c/" + tok
	}
	return l.base + "/"
}

// LeaderboardURL is a game's leaderboard on a platform.
func (l *Links) LeaderboardURL(_ context.Context, platform, game string) string {
	return l.base + "/leaderboard/" + url.PathEscape(platform) + "/" + url.PathEscape(game)
}

var _ present.Linker = (*Links)(nil)
