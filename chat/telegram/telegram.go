// Package telegram is the Telegram adapter: it turns Bot API updates
// (messages, button presses) into chat.Message for a chat.Handler and sends
// chat.Reply back as messages and photos with inline keyboards, paced per
// chat and retried on rate limits, over long polling or a webhook.
package telegram

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"regexp"
	"sync"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"oyunbot/chat"
	"oyunbot/chat/internal/lanes"
	"oyunbot/chat/internal/retry"
)

// Platform is the chat.Message.Platform of this adapter.
const Platform = "telegram"

// Defaults for the zero values of Config.
const (
	defaultListen        = ":8443"
	defaultPollTimeout   = 30 * time.Second
	defaultRetryUnit     = time.Second
	defaultBackoff       = 500 * time.Millisecond
	defaultMaxBackoff    = 30 * time.Second
	defaultMaxAttempts   = 8
	defaultShutdownGrace = 5 * time.Second
	defaultAdminTimeout  = 3 * time.Second
	// maxQueuedReplies bounds one chat's backlog: at 20 messages a minute
	// this is most of an hour of replies.
	maxQueuedReplies = 1000
	// requestSlack is added to the long-polling timeout for the HTTP
	// client's own timeout.
	requestSlack = 30 * time.Second
	// pollMargin keeps a long poll this much shorter than a given client's
	// timeout.
	pollMargin = 5 * time.Second
	// maxQueuedMessages bounds one chat's backlog of incoming messages.
	maxQueuedMessages = 1000
)

// Default paces: about one message a second in a private chat (with short
// bursts: a board and its text), about 20 a minute in a group, and
// Telegram's bot-wide limit of about 30 a second.
const (
	privateEvery = time.Second
	groupEvery   = 3 * time.Second
	globalEvery  = time.Second / 30
	chatBurst    = 3
	globalBurst  = 30
)

// Config configures a Bot. Only Token is required.
type Config struct {
	Token string
	// APIEndpoint is the Bot API URL in the library's format, with %s for
	// the token and the method: "http://127.0.0.1:8081/bot%s/%s".
	APIEndpoint string
	// WebhookURL switches from long polling to a webhook: the public HTTPS
	// URL Telegram posts updates to. Its path is the path served on Listen.
	WebhookURL string
	// Listen is the webhook server's address (default ":8443").
	Listen string
	// WebhookSecret is the X-Telegram-Bot-Api-Secret-Token Telegram sends
	// with each update (1-256 of A-Z a-z 0-9 _ -). Empty: a random one per
	// start, which is only right when a single process serves the webhook.
	WebhookSecret string
	// Listener, when set, is used by the webhook server instead of
	// listening on Listen (tests, socket activation).
	Listener net.Listener
	// HTTPClient makes the API calls. A long poll is kept shorter than its
	// Timeout.
	HTTPClient *http.Client
	Logger     *slog.Logger
	// Commands is the "/" menu published at start (default DefaultCommands).
	Commands []Command

	// PrivatePace, GroupPace and GlobalPace pace the messages to one
	// private chat, to one group and to all chats; zero values mean about
	// 1/s, 20/min and 30/s. A negative Every turns pacing off (tests).
	PrivatePace, GroupPace, GlobalPace Pace
	// RetryAfterUnit is the length of one unit of a 429's retry_after
	// (a second on Telegram).
	RetryAfterUnit time.Duration
	// Backoff is the first wait after a transient error (5xx, network); it
	// doubles on each further attempt up to MaxBackoff.
	Backoff, MaxBackoff time.Duration
	// MaxAttempts bounds the attempts at one API call.
	MaxAttempts int
	// AdminTimeout bounds the lookup (getChatMember, two tries at most)
	// of whether a group's member is an admin, asked for the few commands
	// only an admin may give (default 3 s). A failed lookup counts as
	// "not an admin" for a minute.
	AdminTimeout time.Duration
	// PollTimeout is the long-polling timeout (whole seconds).
	PollTimeout time.Duration
	// ShutdownGrace is how long Run waits, once its context is done, for
	// handlers to finish and queued replies to go out.
	ShutdownGrace time.Duration
	// MinOutage is the shortest run of failing polls reported to a handler
	// that is a chat.OutageReporter (default chat.MinOutage).
	MinOutage time.Duration
	// Users keeps the people met, by @username, for every process that
	// shares it (the store), so that "/challenge @name" resolves on a
	// process the person never wrote to. Nil: each process knows only
	// the people it met. A bounded cache in memory stands in front of it.
	Users UserDirectory
}

// UserDirectory keeps Telegram's people by their lowercase @username, for
// every process that shares it (cmd/bot gives the store's).
type UserDirectory interface {
	// RememberUser stores u under name, replacing whoever had that name
	// before (a username passes from one account to another).
	RememberUser(ctx context.Context, name string, u chat.User) error
	// UserByName loads the user last remembered under name; found is
	// false when there is none.
	UserByName(ctx context.Context, name string) (u chat.User, found bool, err error)
}

var secretPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,256}$`)

func (c *Config) setDefaults() error {
	if c.Token == "" {
		return errors.New("telegram: no token")
	}
	if c.APIEndpoint == "" {
		c.APIEndpoint = tgbotapi.APIEndpoint
	}
	// The library would only fail on a bad URL when building a request, with
	// an error that quotes the URL and so the token.
	if u, err := url.Parse(fmt.Sprintf(c.APIEndpoint, c.Token, "getMe")); err != nil || u.Host == "" {
		return fmt.Errorf("telegram: bad API endpoint %q: want a URL like http://127.0.0.1:8081/bot%%s/%%s", c.APIEndpoint)
	}
	if c.WebhookURL != "" {
		u, err := url.Parse(c.WebhookURL)
		if err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") {
			return fmt.Errorf("telegram: bad webhook URL %q", newRedactor(c.Token).text(c.WebhookURL))
		}
		if c.WebhookSecret != "" && !secretPattern.MatchString(c.WebhookSecret) {
			return errors.New("telegram: webhook secret must be 1-256 characters of A-Z, a-z, 0-9, _ and -")
		}
	}
	if c.Listen == "" {
		c.Listen = defaultListen
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.Commands == nil {
		c.Commands = DefaultCommands()
	}
	setPace := func(p *Pace, d Pace) {
		if *p == (Pace{}) {
			*p = d
		}
	}
	setPace(&c.PrivatePace, Pace{privateEvery, chatBurst})
	setPace(&c.GroupPace, Pace{groupEvery, chatBurst})
	setPace(&c.GlobalPace, Pace{globalEvery, globalBurst})
	setDur := func(d *time.Duration, def time.Duration) {
		if *d <= 0 {
			*d = def
		}
	}
	setDur(&c.RetryAfterUnit, defaultRetryUnit)
	setDur(&c.Backoff, defaultBackoff)
	setDur(&c.MaxBackoff, defaultMaxBackoff)
	setDur(&c.PollTimeout, defaultPollTimeout)
	setDur(&c.ShutdownGrace, defaultShutdownGrace)
	setDur(&c.AdminTimeout, defaultAdminTimeout)
	if c.MinOutage <= 0 {
		c.MinOutage = chat.MinOutage
	}
	if c.MaxAttempts <= 0 {
		c.MaxAttempts = defaultMaxAttempts
	}
	if c.HTTPClient == nil {
		c.HTTPClient = &http.Client{Timeout: c.PollTimeout + requestSlack}
	}
	if t := c.HTTPClient.Timeout; t > 0 && c.PollTimeout >= t-pollMargin {
		// A long poll must end before the client gives up on it.
		c.PollTimeout = max(t-pollMargin, time.Second)
	}
	return nil
}

// Bot is a running Telegram bot. Send is safe for concurrent use.
type Bot struct {
	cfg     Config
	handler chat.Handler
	log     *slog.Logger
	api     *tgbotapi.BotAPI // requests bound to life (sends, answers)
	redact  redactor         // removes the token from errors and logs
	self    tgbotapi.User

	// life ends when the bot has shut down; sends and handlers use it.
	life   context.Context
	finish context.CancelFunc

	out    *lanes.Queue[int64] // replies, per chat, paced per chat
	in     *lanes.Queue[int64] // incoming messages, per chat
	global *lanes.Bucket       // the bot-wide pace of replies
	bg     sync.WaitGroup      // callback answers, old boards' buttons removed

	mu        sync.Mutex
	users     map[string]chat.User // lowercase username → user, for @mentions
	admins    map[adminKey]adminEntry
	asking    map[adminKey]*adminLookup // admin lookups under way
	boards    map[boardKey]int          // a chat's game → its board message whose buttons are live
	quotes    map[refKey]struct{}       // group messages of people, which replies quote
	seen      map[int]struct{}          // recent update ids (webhook redeliveries)
	seenOrder []int

	inline inlineMessages // what each inline message shows (inline.go)
}

// New checks the token with getMe and returns a bot ready to Run and Send.
func New(cfg Config, h chat.Handler) (*Bot, error) {
	if h == nil {
		return nil, errors.New("telegram: nil handler")
	}
	if err := cfg.setDefaults(); err != nil {
		return nil, err
	}
	rd := newRedactor(cfg.Token)
	life, finish := context.WithCancel(context.Background())
	api, err := tgbotapi.NewBotAPIWithClient(cfg.Token, cfg.APIEndpoint, ctxClient{cfg.HTTPClient, life, rd})
	if err != nil {
		finish()
		return nil, fmt.Errorf("telegram: getMe: %w", rd.err(err))
	}
	b := &Bot{
		cfg:     cfg,
		handler: h,
		log:     cfg.Logger.With("platform", Platform),
		api:     api,
		redact:  rd,
		self:    api.Self,
		life:    life,
		finish:  finish,
		in:      newLanes(maxQueuedMessages, nil),
		users:   make(map[string]chat.User),
		admins:  make(map[adminKey]adminEntry),
		asking:  make(map[adminKey]*adminLookup),
		boards:  make(map[boardKey]int),
		quotes:  make(map[refKey]struct{}),
		seen:    make(map[int]struct{}),
	}
	b.out = newLanes(maxQueuedReplies, b.paceFor)
	b.global = lanes.NewBucket(lanes.Pace(cfg.GlobalPace))
	return b, nil
}

// UserName is the bot's @username (without the @).
func (b *Bot) UserName() string { return b.self.UserName }

// paceFor picks a chat's pace: user ids are positive, groups negative.
func (b *Bot) paceFor(chatID int64) Pace {
	if chatID > 0 {
		return b.cfg.PrivatePace
	}
	return b.cfg.GroupPace
}

// ctxClient binds the library's context-free requests to a context, so that
// a cancelled Run interrupts a long poll. Every request of the library goes
// through it, so it is also where the token is taken out of network errors
// (see redactor).
type ctxClient struct {
	c      *http.Client
	ctx    context.Context
	redact redactor
}

func (c ctxClient) Do(req *http.Request) (*http.Response, error) {
	resp, err := c.c.Do(req.WithContext(c.ctx))
	return resp, c.redact.err(err)
}

// client is the library's HTTP client with requests bound to ctx.
func (b *Bot) client(ctx context.Context) ctxClient {
	return ctxClient{b.cfg.HTTPClient, ctx, b.redact}
}

// Run receives updates until ctx is done: by long polling, or by serving the
// webhook when WebhookURL is set. It publishes the command menus first. On
// return, handlers have finished and queued replies have gone out (within
// ShutdownGrace) and the bot is closed.
func (b *Bot) Run(ctx context.Context) error {
	defer b.shutdown(ctx)
	if err := b.setCommands(ctx); err != nil {
		if ctx.Err() != nil {
			return nil
		}
		// A missing menu is cosmetic: the commands work without it.
		b.log.Warn("could not set the command menu", "err", err)
	}
	var err error
	if b.cfg.WebhookURL != "" {
		err = b.serveWebhook(ctx)
	} else {
		err = b.poll(ctx)
	}
	return err
}

// Drain waits until every queued reply has been delivered (or given up) and
// every received message handled, or ctx is done.
func (b *Bot) Drain(ctx context.Context) error {
	for {
		if err := b.in.Wait(ctx); err != nil {
			return err
		}
		if err := b.out.Wait(ctx); err != nil {
			return err
		}
		// A handler may have queued replies while we waited for replies,
		// or a reply's delivery ended while a message was still handled.
		// Incoming first: once no handler runs, every reply they queued
		// is in out.
		if b.in.Idle() && b.out.Idle() {
			return nil
		}
	}
}

// shutdown lets handlers and replies finish within the grace period, then
// stops everything.
func (b *Bot) shutdown(run context.Context) {
	run = context.WithoutCancel(run) // run has ended: its values stay
	ctx, cancel := context.WithTimeout(run, b.cfg.ShutdownGrace)
	defer cancel()
	b.in.Close()
	if err := b.Drain(ctx); err != nil {
		b.log.Warn("shutdown: replies still queued after the grace period", "err", err)
	}
	b.out.Close()
	b.finish()
	// Both are closed: once idle they stay so. Without a deadline Wait
	// cannot fail.
	_ = b.in.Wait(run)
	_ = b.out.Wait(run)
	b.bg.Wait()
}

// call runs fn with the retry policy: retry_after honoured, transient errors
// retried with backoff, at most MaxAttempts attempts.
func (b *Bot) call(ctx context.Context, what string, fn func() error) error {
	return b.callWith(ctx, b.policy(), what, fn)
}

// callWith is call with policy p.
func (b *Bot) callWith(ctx context.Context, p retry.Policy, what string, fn func() error) error {
	return p.Do(ctx, fn, func(err error) retry.Verdict {
		if classify(err, b.cfg.RetryAfterUnit).migrateTo != 0 {
			return retry.Verdict{} // a call of no chat's: not moved
		}
		return b.verdict(err)
	}, func(n int, wait time.Duration, err error) {
		b.log.Debug("retrying", "call", what, "attempt", n, "wait", wait, "err", err)
	})
}

// policy is the bot's retry policy (package retry, shared with Discord and
// the outbox), from its Config.
func (b *Bot) policy() retry.Policy {
	return retry.Policy{Base: b.cfg.Backoff, Max: b.cfg.MaxBackoff, Attempts: b.cfg.MaxAttempts}
}

// verdict classifies a failed API call for the retry policy.
func (b *Bot) verdict(err error) retry.Verdict {
	v := classify(err, b.cfg.RetryAfterUnit)
	return retry.Verdict{Retry: v.retry, After: v.wait}
}

// boardKey names a game's boards in a chat (game 0: pictures of no game).
type boardKey struct{ chat, game int64 }
