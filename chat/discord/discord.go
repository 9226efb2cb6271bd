// Package discord is the Discord adapter: it turns gateway events (prefix
// messages, slash commands, button presses, autocomplete) into chat.Message
// values for a chat.Handler and delivers chat.Reply values as Discord
// messages, interaction responses and followups, with boards as PNG
// attachments and buttons as action rows. It is built on
// github.com/bwmarrin/discordgo; no discordgo type leaves the package.
package discord

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
	"github.com/gorilla/websocket"

	"oyunbot/chat"
	"oyunbot/chat/internal/lanes"
	"oyunbot/chat/internal/retry"
)

// Platform is the chat.Message.Platform and chat.Reply.Platform of Discord.
const Platform = "discord"

// DefaultPrefix starts message commands when Config.Prefix is empty.
const DefaultPrefix = "!"

// Intents the bot asks the gateway for: guild and direct messages with their
// content (for prefix commands; MESSAGE_CONTENT is privileged and must be
// enabled in the Developer Portal) and guilds, so that the state knows roles
// and channels to compute a message author's permissions.
const Intents = discordgo.IntentsGuilds |
	discordgo.IntentsGuildMessages |
	discordgo.IntentsDirectMessages |
	discordgo.IntentsMessageContent

// Config configures a Bot.
type Config struct {
	// Token is the bot token from the Developer Portal, with or without
	// the "Bot " prefix.
	Token string
	// APIBase replaces Discord's REST base https://discord.com/api/v9/
	// (e.g. http://127.0.0.1:8080/api/v9/) for REST proxies and tests. The
	// gateway URL is fetched from it (GET gateway), so a fake server also
	// decides where the websocket goes.
	APIBase string
	// Prefix starts message commands ("!" when empty).
	Prefix string
	// ShardID and ShardCount shard the gateway connection (ShardCount 0
	// means 1). Only shard 0 registers the slash commands.
	ShardID, ShardCount int
	// HTTPClient makes the REST calls (a client with a 20 s timeout when
	// nil). Its Transport is wrapped, not modified.
	HTTPClient *http.Client
	// Logger receives the adapter's logs (slog.Default() when nil).
	Logger *slog.Logger
	// Games are the games offered as /play choices; with none, the game
	// option takes any text (the router names its games).
	Games []Choice
	// TwoPlayerGames are the games people play against each other, offered
	// as choices of /challenge, /tournament create, /rating and
	// /leaderboard (Games when empty).
	TwoPlayerGames []Choice
	// Sides are the choices of /play's side option (any text when none).
	Sides []Choice
	// GameCommands are the words of the games' own commands (games.Command),
	// offered by /game-command (at most 25; no such command when none).
	GameCommands []Choice
	// Levels are the bot's levels offered by /play, /level and the
	// tournament's bot (the standard four when none): every game's, so a
	// game's own (a seed document's engine) can be chosen.
	Levels []Choice
	// MinOutage is the shortest loss of the gateway reported to a handler
	// that is a chat.OutageReporter (default chat.MinOutage).
	MinOutage time.Duration
}

// MoveSuggester is implemented by a chat.Handler that can list legal moves
// for autocomplete of /move: the moves of the game the user plays in the
// channel that start with prefix, at most a few dozen, best first. Without
// it, autocomplete answers with no choices.
type MoveSuggester interface {
	SuggestMoves(ctx context.Context, channelID, userID, prefix string) []string
}

// Bot is a Discord bot connected to one chat.Handler. It implements
// chat.Sender. Create it with New and start it with Run.
type Bot struct {
	s      *discordgo.Session
	h      chat.Handler
	log    *slog.Logger
	prefix string
	// specs are the slash commands; specByName indexes them by name.
	specs      []cmdSpec
	specByName map[string]cmdSpec
	shardID    int
	refs       *refStore
	retry      retryPolicy
	// settleAfter: see settleLater.
	settleAfter time.Duration
	// pressWindow: how long a press waits for a reply that updates its
	// message as the initial response, before the deferred update.
	pressWindow time.Duration
	minOutage   time.Duration
	// queues runs each channel's messages in order, one at a time, on a
	// goroutine per busy channel, so that a slow handler (the bot
	// thinking) never holds up the gateway or other channels.
	queues *lanes.Queue[string]
	// bg counts the goroutines started beside the queues (acknowledgements,
	// autocomplete, settling unanswered commands); Run waits for them.
	bg sync.WaitGroup

	stopped atomic.Bool // Run has returned
	// lost is signalled (coalesced) when the gateway connection closes;
	// Run reconnects (see reconnect).
	lost chan struct{}
	// lostAt is when the gateway was lost (unix ns; 0 while connected).
	lostAt atomic.Int64

	mu      sync.Mutex
	ready   chan struct{} // closed on the first READY
	userID  string        // the bot's user id, from READY
	appID   string        // the application id, from READY
	hctx    context.Context
	running bool
	// handling maps a channel to the Ref of the slash command whose
	// handler runs there.
	handling map[string]string
	// chans: what interactions told of their channels (board.go), swept
	// of entries older than a token at most every sweepEvery.
	chans      map[string]*chanInfo
	chansSwept time.Time
}

var _ chat.Sender = (*Bot)(nil)

var errStopped = errors.New("discord: bot stopped")

// New checks cfg and prepares a bot; it opens no connection.
func New(cfg Config, h chat.Handler) (*Bot, error) {
	if h == nil {
		return nil, errors.New("discord: nil handler")
	}
	token := strings.TrimSpace(cfg.Token)
	if rest, ok := strings.CutPrefix(token, "Bot"); ok && (rest == "" || rest[0] == ' ') {
		token = strings.TrimSpace(rest)
	}
	if token == "" {
		return nil, errors.New("discord: empty token")
	}
	if cfg.ShardCount == 0 {
		cfg.ShardCount = 1
	}
	if cfg.ShardCount < 1 || cfg.ShardID < 0 || cfg.ShardID >= cfg.ShardCount {
		return nil, fmt.Errorf("discord: shard %d of %d: need 0 <= id < count", cfg.ShardID, cfg.ShardCount)
	}
	prefix := cfg.Prefix
	if prefix == "" {
		prefix = DefaultPrefix
	}
	logger := cfg.Logger
	if logger == nil {
		logger = slog.Default()
	}
	duel := cfg.TwoPlayerGames
	if len(duel) == 0 {
		duel = cfg.Games
	}
	if n := max(len(cfg.Games), len(duel), len(cfg.Sides)); n > maxChoices {
		return nil, fmt.Errorf("discord: %d choices of games or sides, Discord allows %d", n, maxChoices)
	}
	for _, c := range slices.Concat(cfg.Games, duel, cfg.Sides) {
		if c.Value == "" || len(c.Value) > maxChoiceLen || utf8.RuneCountInString(c.Name) > maxChoiceLen || utf8.RuneCountInString(c.NameTR) > maxChoiceLen {
			return nil, fmt.Errorf("discord: choice %q: value and names are at most %d characters, and a value is not empty", c.Value, maxChoiceLen)
		}
	}

	s, err := discordgo.New("Bot " + token)
	if err != nil {
		return nil, fmt.Errorf("discord: %w", err)
	}
	client, err := httpClient(cfg.HTTPClient, cfg.APIBase)
	if err != nil {
		return nil, err
	}
	s.Client = client
	s.Identify.Intents = Intents
	s.ShardID, s.ShardCount = cfg.ShardID, cfg.ShardCount
	// Handlers only enqueue work (see inbound.go), so running them on the
	// gateway goroutine keeps events in order without blocking it.
	s.SyncEvents = true
	// The state would otherwise keep every message; we only need guilds,
	// roles and channels for permissions.
	s.State.MaxMessageCount = 0

	b := &Bot{
		s:      s,
		h:      h,
		log:    logger.With("platform", Platform, "shard", cfg.ShardID),
		prefix: prefix,
		specs: specs(offers{games: choices(cfg.Games), duel: choices(duel), sides: choices(cfg.Sides),
			gameCommands: choices(cfg.GameCommands), levels: choices(cfg.Levels)}),
		shardID:     cfg.ShardID,
		refs:        newRefStore(interactionTTL),
		retry:       defaultRetry(),
		settleAfter: settleAfter,
		pressWindow: pressWindow,
		minOutage:   cmp.Or(cfg.MinOutage, chat.MinOutage),
		queues:      lanes.New(lanes.Config[string]{Backlog: maxPending}),
		specByName:  make(map[string]cmdSpec),
		ready:       make(chan struct{}),
		lost:        make(chan struct{}, 1),
		handling:    make(map[string]string),
		chans:       make(map[string]*chanInfo),
		hctx:        context.Background(),
	}
	for _, c := range b.specs {
		b.specByName[c.name] = c
	}
	// A private dialer rather than the shared websocket.DefaultDialer the
	// library points at, so nothing global is changed through it; it stops
	// dialling once Run has returned, so that a reconnection loop the library
	// may still run cannot bring a connection back after shutdown.
	s.Dialer = &websocket.Dialer{
		Proxy:            http.ProxyFromEnvironment,
		HandshakeTimeout: 45 * time.Second,
		NetDialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			if b.stopped.Load() {
				return nil, errStopped
			}
			var d net.Dialer
			return d.DialContext(ctx, network, addr)
		},
	}
	// The bot reconnects by itself (Run) instead of through discordgo's
	// reconnect: there, the heartbeat goroutine of a closed connection can
	// close the connection that replaced it and start yet another, a storm
	// seen under load after an invalidated session.
	s.ShouldReconnectOnError = false
	s.AddHandler(b.onDisconnect)
	s.AddHandler(b.onReady)
	s.AddHandler(b.onMessageCreate)
	s.AddHandler(b.onInteractionCreate)
	return b, nil
}

// Run opens the gateway, registers the slash commands (shard 0 only) and
// serves until ctx is done; then it closes the gateway and waits for the
// messages being handled. It returns nil after a clean shutdown.
func (b *Bot) Run(ctx context.Context) error {
	b.mu.Lock()
	if b.running {
		b.mu.Unlock()
		return errors.New("discord: Run called twice")
	}
	b.running = true
	hctx, cancel := context.WithCancel(ctx)
	defer cancel()
	b.hctx = hctx
	b.mu.Unlock()

	if err := b.open(); err != nil {
		return fmt.Errorf("discord: open gateway: %w", err)
	}
	defer func() {
		b.stopped.Store(true)
		if err := b.s.Close(); err != nil {
			b.log.Warn("closing gateway", "err", err)
		}
		// Queued handlers first: they may start settling goroutines.
		_ = b.queues.Wait(context.WithoutCancel(ctx)) // no deadline: cannot fail
		b.bg.Wait()
	}()

	select {
	case <-b.ready:
	case <-ctx.Done():
		return nil
	}
	if b.shardID == 0 {
		// Without them slash commands may be missing or stale, but prefix
		// commands and buttons still work: log and go on.
		if err := b.registerCommands(ctx); err != nil && ctx.Err() == nil {
			b.log.Error("slash commands not registered", "err", err)
		}
	}
	b.log.Info("connected", "user", b.botUserID())
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-b.lost:
			b.reconnect(ctx)
		}
	}
}

// reconnectSettle is how long reconnect waits before dialling: long enough
// for the goroutines of the lost connection (discordgo closes one in about
// a second) to have finished, so none of them can close the new one.
const reconnectSettle = 1500 * time.Millisecond

// reconnectPolicy spaces the attempts after a failed one: 3 s doubling up
// to a minute (with the policy's jitter), until the gateway is back.
var reconnectPolicy = retry.Policy{Base: 3 * time.Second, Max: time.Minute}

// reconnect opens the gateway again after a lost connection, retrying with
// backoff until it succeeds or ctx is done. discordgo resumes the session,
// so the events sent meanwhile are replayed.
func (b *Bot) reconnect(ctx context.Context) {
	wait := reconnectSettle
	for n := 1; ; n++ {
		if retry.Sleep(ctx, wait) != nil {
			return
		}
		// Losses reported while waiting are the same loss.
		select {
		case <-b.lost:
		default:
		}
		err := b.s.Open()
		if err == nil || errors.Is(err, discordgo.ErrWSAlreadyOpen) {
			b.log.Info("gateway reconnected")
			if at := b.lostAt.Swap(0); at != 0 {
				b.outage(time.Since(time.Unix(0, at)))
			}
			return
		}
		// The senders' policy, never sooner than the settling time.
		wait = max(reconnectSettle, reconnectPolicy.Wait(n))
		b.log.Warn("gateway reconnect failed", "err", err, "retry_in", wait)
	}
}

// onDisconnect notes a closed gateway connection for Run to reconnect.
func (b *Bot) onDisconnect(_ *discordgo.Session, _ *discordgo.Disconnect) {
	if b.stopped.Load() {
		return
	}
	b.lostAt.CompareAndSwap(0, time.Now().UnixNano())
	select {
	case b.lost <- struct{}{}:
	default:
	}
}

// outage reports a lost gateway to the handler, if it wants to know and
// the loss was long enough to matter: nobody could reach the bot.
func (b *Bot) outage(d time.Duration) {
	if r, ok := b.h.(chat.OutageReporter); ok && d >= b.minOutage {
		r.Outage(Platform, d)
	}
}

// closeDisallowedIntents is the gateway's close code for privileged intents
// the application has not enabled in the Developer Portal.
const closeDisallowedIntents = 4014

// open connects to the gateway. Without the Message Content intent enabled
// for the application, Discord refuses the connection; the bot then
// connects without it: slash commands and buttons work everywhere, prefix
// commands only in DMs and when the bot is mentioned (Discord shows the
// content of those messages to every bot).
func (b *Bot) open() error {
	err := b.s.Open()
	var ce *websocket.CloseError
	if errors.As(err, &ce) && ce.Code == closeDisallowedIntents && b.s.Identify.Intents&discordgo.IntentsMessageContent != 0 {
		b.log.Warn("Message Content intent not enabled in the Developer Portal: prefix commands only in DMs and when mentioning the bot")
		b.s.Identify.Intents &^= discordgo.IntentsMessageContent
		err = b.s.Open()
	}
	return err
}

// registerCommands replaces the application's global commands by ours.
func (b *Bot) registerCommands(ctx context.Context) error {
	cmds := commands(b.specs)
	err := b.retry.do(ctx, b.log, "register commands", func() error {
		_, err := b.s.ApplicationCommandBulkOverwrite(b.application(), "", cmds, discordgo.WithContext(ctx))
		return err
	})
	if err != nil {
		return fmt.Errorf("discord: register slash commands: %w", err)
	}
	return nil
}

func (b *Bot) onReady(_ *discordgo.Session, r *discordgo.Ready) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if r.User != nil {
		b.userID = r.User.ID
	}
	b.appID = b.userID
	if r.Application != nil && r.Application.ID != "" {
		b.appID = r.Application.ID
	}
	select {
	case <-b.ready:
	default:
		close(b.ready)
	}
}

func (b *Bot) botUserID() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.userID
}

func (b *Bot) application() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.appID
}

func (b *Bot) handlerContext() context.Context {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.hctx
}

// httpClient returns the client for discordgo's REST calls. discordgo builds
// every URL from package variables initialised to https://discord.com/api/v9/
// (EndpointAPI and the ones derived from it at init). Rather than assigning
// those globals (shared by every session in the process, and racy), the
// override lives in the client's Transport: a request whose URL starts with
// the library's base is sent to apiBase instead. The gateway URL comes from
// GET gateway through the same client, so whoever serves apiBase also
// chooses the websocket.
func httpClient(base *http.Client, apiBase string) (*http.Client, error) {
	c := &http.Client{Timeout: 20 * time.Second}
	if base != nil {
		cc := *base
		c = &cc
	}
	if apiBase == "" {
		return c, nil
	}
	to, err := url.Parse(apiBase)
	if err != nil || (to.Scheme != "http" && to.Scheme != "https") || to.Host == "" {
		return nil, fmt.Errorf("discord: API base %q: want an absolute http(s) URL", apiBase)
	}
	if !strings.HasSuffix(to.Path, "/") {
		to.Path += "/"
	}
	from, err := url.Parse(discordgo.EndpointAPI)
	if err != nil {
		return nil, fmt.Errorf("discord: library API base: %w", err)
	}
	next := c.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	c.Transport = &rewriter{from: from, to: to, next: next}
	return c, nil
}

// rewriter is the RoundTripper that moves requests from the library's API
// base to the configured one.
type rewriter struct {
	from, to *url.URL
	next     http.RoundTripper
}

func (t *rewriter) RoundTrip(req *http.Request) (*http.Response, error) {
	u := req.URL
	rest, ok := strings.CutPrefix(u.EscapedPath(), t.from.EscapedPath())
	if !ok || u.Scheme != t.from.Scheme || u.Host != t.from.Host {
		return t.next.RoundTrip(req)
	}
	nu, err := url.Parse(t.to.Scheme + "://" + t.to.Host + t.to.EscapedPath() + rest)
	if err != nil {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, fmt.Errorf("discord: rewrite %s: %w", u, err)
	}
	nu.RawQuery = u.RawQuery
	r2 := req.Clone(req.Context())
	r2.URL = nu
	r2.Host = ""
	return t.next.RoundTrip(r2)
}
