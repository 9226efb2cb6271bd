// Package delivery sends the bot's replies to the platforms through the
// store's durable outbox: a reply is stored before it is sent and
// forgotten once its platform took it, so a restart, a 429 storm or an
// outage of any length delays it but does not lose it. Replies to one chat
// go out in order; a failing chat does not hold up the others. Processes
// sharing a store claim their replies (claims.go). A game's board edits
// the message of its previous board while that one is in sight
// (liveboard.go), and a board still waiting is dropped for its game's
// newer one.
//
// The router decides what to say; this package only delivers it.
package delivery

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"oyunbot/sessions/outbox"
	"slices"
	"sync"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/internal/retry"
)

// Outbox delivery defaults.
const (
	// DefaultStaleAfter: a reply still undelivered this long after it
	// was written is given up as stale (kept in the store, logged, and the
	// chat told that older replies were not delivered).
	DefaultStaleAfter = 24 * time.Hour
	// attemptTimeout bounds one delivery attempt (the adapters retry
	// inside it, honouring rate limits).
	attemptTimeout = 2 * time.Minute
	// defaultRetry is the scale of the first wait between two attempts; it
	// doubles five times at most, up to retryMax (the senders' one policy:
	// package retry).
	defaultRetry = time.Second
	retryMax     = 30 * time.Second
	// metricsEvery is how often delivery figures are logged (when any).
	metricsEvery = time.Minute
)

// Store keeps the replies until they are delivered, and the message
// showing each game's board in each chat.
type Store interface {
	outbox.Store
	outbox.BoardStore
	BoardLeases
}

// BoardLeases lets processes sharing a store show a game's board in a chat
// one at a time (liveboard.go), so that an older version never lands over
// a newer one.
type BoardLeases interface {
	// LeaseLiveBoard gives owner the lease on game's board in a chat until
	// until, when no one else holds it (none, run out at now, or owner's
	// own); false when another owner does.
	LeaseLiveBoard(ctx context.Context, platform, channelID string, game int64, owner string, now, until time.Time) (bool, error)
	// ReleaseLiveBoard frees owner's lease on game's board in a chat.
	ReleaseLiveBoard(ctx context.Context, platform, channelID string, game int64, owner string) error
	// RenewBoardLeases moves owner's leases to until (the zero time frees
	// them).
	RenewBoardLeases(ctx context.Context, owner string, until time.Time) error
}

// Config is what an Outbox needs.
type Config struct {
	Store Store
	// Sender is the platform's Sender (nil until it is known: that
	// platform's replies wait).
	Sender func(platform string) chat.Sender
	// StaleNote, when set, is the text telling a chat that n of its
	// replies were given up as stale.
	StaleNote func(ctx context.Context, platform, channel string, n int) string
	Logger    *slog.Logger
	Now       func() time.Time // default time.Now
	// StaleAfter: a reply still undelivered this long after it was
	// written is given up (default DefaultStaleAfter).
	StaleAfter time.Duration
	// FirstRetry is the first wait before a failed reply is sent again;
	// it doubles up to 32 times itself, at most 30 s (default 1 s).
	FirstRetry time.Duration
	// Shared: other processes deliver replies from the same Store. Each
	// reply is then claimed by the process that delivers it (Instance,
	// default random), and taken over by another once its claim ran out
	// (ClaimTTL unrenewed, default DefaultClaimTTL).
	Shared   bool
	Instance string
	ClaimTTL time.Duration
}

// Outbox delivers replies. Safe for concurrent use.
type Outbox struct {
	store      Store
	log        *slog.Logger
	now        func() time.Time
	staleAfter time.Duration
	retry      time.Duration // first wait between attempts
	sender     func(platform string) chat.Sender
	// staleNote is the text telling a chat that n replies were given up.
	staleNote func(ctx context.Context, platform, channel string, n int) string

	// base carries the caller's values and is never cancelled: the
	// store's writes that must land while stopping (a reply sent is
	// marked delivered, claims are freed) run under it. ctx, under base,
	// is the delivery's life, ended by Close.
	base   context.Context
	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	// claim is this process's claim on its replies when several share
	// the store (zero when alone).
	claim outboxClaim
	// boards decides when a game's board edits its previous message
	// (liveboard.go).
	boards *liveBoards

	mu     sync.Mutex
	queues map[chanRef]*chanQueue
	known  map[int64]bool // stored replies queued in memory
	// lost are queued replies another process has taken over (their
	// claim ran out): they are dropped when their turn comes.
	lost map[int64]bool
	// sending are the stored replies being sent now: a renewal that
	// misses one (delivered and deleted meanwhile) has not lost it.
	sending map[int64]bool
	loaded  map[string]bool
	waiters []chan struct{} // closed when every queued reply has been tried
	// dropped are superseded replies for the store to forget once o.mu
	// is released (forget).
	dropped []int64
	m       deliveryMetrics
}

// chanQueue is one chat's replies, oldest first; running is true while a
// goroutine delivers them.
type chanQueue struct {
	items   []*queued
	running bool
}

type queued struct {
	id      int64 // 0: not stored (the store failed)
	rep     chat.Reply
	created time.Time
	tried   bool
	// later: an answer of slow work (answerLater), which waits behind
	// the chat's other replies.
	later bool
}

// deliveryMetrics are counted since the last log line.
type deliveryMetrics struct {
	delivered, retried, stale, failed, unstored int
	// takenOver: replies claimed from another process; lost: replies
	// another process claimed from this one.
	takenOver, lost int
	// edited: boards shown by editing their previous message;
	// editsFailed: edits refused (posted anew); superseded: boards
	// dropped for a newer one of their game.
	edited, editsFailed, superseded int
	// boardWaits: boards that waited for another process's edit of the
	// same board (its lease).
	boardWaits int
	maxDelay   time.Duration
}

// New starts an Outbox: its metrics loop, and in the shared mode its
// claims' renewal. Load starts each platform's delivery; Close stops it,
// not ctx's end (whose values it keeps): a graceful stop still delivers
// after the signal that cancels the caller's context.
func New(ctx context.Context, cfg Config) *Outbox {
	staleAfter, firstRetry := cfg.StaleAfter, cfg.FirstRetry
	if staleAfter <= 0 {
		staleAfter = DefaultStaleAfter
	}
	if firstRetry <= 0 {
		firstRetry = defaultRetry
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	claim := claimOf(cfg)
	o := &Outbox{store: cfg.Store, boards: newLiveBoards(cfg.Store, cfg.Now, cfg.Logger), log: cfg.Logger, now: cfg.Now,
		staleAfter: staleAfter, retry: firstRetry, sender: cfg.Sender, staleNote: cfg.StaleNote, claim: claim,
		queues: map[chanRef]*chanQueue{}, known: map[int64]bool{}, lost: map[int64]bool{}, sending: map[int64]bool{}, loaded: map[string]bool{}}
	o.base = context.WithoutCancel(ctx)
	o.ctx, o.cancel = context.WithCancel(o.base)
	o.wg.Add(1)
	go o.metricsLoop()
	if claim.owner != "" {
		// Replies claimed under this name by an earlier run (a process
		// restarted with a fixed Instance) are freed: this run knows
		// nothing of them and would renew them without sending them.
		o.release()
		o.wg.Add(1)
		go o.claimLoop()
	}
	return o
}

// Seen counts a message that came in a chat below its boards (a typed
// message: a button press adds none), for the rule of a board in sight.
func (o *Outbox) Seen(platform, channel string) {
	o.boards.message(chanRef{platform, channel})
}

// chanRef names a channel (a queue).
type chanRef struct{ platform, channel string }

// storedReply is a Reply as kept in the outbox.
type storedReply struct {
	chat.Reply
}

// Put stores rep and queues it for delivery. When the store fails the reply
// is still queued, in memory only (logged): better sent than lost. A later
// reply (the answer of slow work) goes behind the chat's other replies;
// any other goes before the chat's later replies still waiting (pushLocked).
func (o *Outbox) Put(ctx context.Context, rep chat.Reply, later bool) {
	now := o.now()
	q := &queued{rep: rep, created: now, later: later}
	data, err := json.Marshal(storedReply{rep})
	if err == nil {
		var items []outbox.Item
		it := outbox.Item{Platform: rep.Platform, ChannelID: rep.ChannelID, Game: rep.GameID,
			Version: rep.GameVersion, Data: data, Created: now}
		if o.claim.owner != "" {
			it.Owner, it.ClaimUntil = o.claim.owner, now.Add(o.claim.ttl)
		}
		items, err = o.store.EnqueueReplies(context.WithoutCancel(ctx), []outbox.Item{it})
		if err == nil {
			q.id = items[0].ID
		}
	}
	if err != nil {
		o.log.Error("reply not stored in the outbox, sending it from memory", "platform", rep.Platform,
			"channel", rep.ChannelID, "err", err)
	}
	o.log.Debug("reply queued", "platform", rep.Platform, "channel", rep.ChannelID, "id", q.id, "game", rep.GameID,
		"version", rep.GameVersion, "board", rep.Live, "later", later)
	o.forget(context.WithoutCancel(ctx), o.queue(q, err != nil))
}

// queue queues q (unstored: kept in memory only) and returns the replies
// it superseded. The unlock is deferred: put runs in handlers and jobs
// that recover from panics, and a lock left held would stop every chat.
func (o *Outbox) queue(q *queued, unstored bool) []int64 {
	o.mu.Lock()
	defer o.mu.Unlock()
	if unstored {
		o.m.unstored++
	}
	if q.id != 0 {
		o.known[q.id] = true
	}
	o.pushLocked(chanRef{q.rep.Platform, q.rep.ChannelID}, q)
	return o.takeDroppedLocked()
}

// takeDroppedLocked returns the superseded replies to forget; o.mu must be
// held.
func (o *Outbox) takeDroppedLocked() []int64 {
	d := o.dropped
	o.dropped = nil
	return d
}

// pushLocked queues q and starts the chat's delivery; o.mu must be held.
// A reply that is not later goes before the later ones waiting (never
// before the one being sent): twenty answers of slow work, which a
// group's pace (20 messages a minute on Telegram) takes a minute to send,
// never hold a move's answer behind them.
func (o *Outbox) pushLocked(key chanRef, q *queued) {
	cq := o.queues[key]
	if cq == nil {
		cq = &chanQueue{}
		o.queues[key] = cq
	}
	dropped, late := o.supersedeLocked(key, cq, q)
	o.dropped = append(o.dropped, dropped...)
	if late {
		delete(o.known, q.id)
		o.startLocked(key, cq)
		return
	}
	at := len(cq.items)
	if !q.later {
		from := 0
		if cq.running && len(cq.items) > 0 {
			from = 1 // the head is being sent (or waits for its retry)
		}
		for i := from; i < len(cq.items); i++ {
			if cq.items[i].later {
				at = i
				break
			}
		}
	}
	cq.items = slices.Insert(cq.items, at, q)
	o.startLocked(key, cq)
}

// startLocked starts delivering a chat's queue if its platform has a sender
// and nobody delivers it yet; o.mu must be held.
func (o *Outbox) startLocked(key chanRef, cq *chanQueue) {
	if cq.running || len(cq.items) == 0 || o.ctx.Err() != nil || o.sender(key.platform) == nil {
		return
	}
	cq.running = true
	o.wg.Add(1)
	go o.deliver(key, cq)
}

// Load queues a platform's stored replies (those a previous run left; when
// processes share the store, those whose claim ran out) and starts
// delivery for the platform's chats: call it once its sender is set.
func (o *Outbox) Load(ctx context.Context, platform string) {
	o.mu.Lock()
	first := !o.loaded[platform]
	o.loaded[platform] = true
	o.mu.Unlock()
	var items []outbox.Item
	if first {
		var err error
		if o.claim.owner != "" {
			now := o.now()
			items, err = o.store.ClaimReplies(ctx, platform, o.claim.owner, now, now.Add(o.claim.ttl))
		} else {
			items, err = o.store.PendingReplies(ctx, platform)
		}
		if err != nil {
			o.log.Error("loading the outbox", "platform", platform, "err", err)
		}
	}
	o.mu.Lock()
	restored := o.queueStoredLocked(items)
	if restored > 0 {
		o.log.Info("replies from the outbox queued again", "platform", platform, "count", restored)
	}
	for key, cq := range o.queues {
		if key.platform == platform {
			o.startLocked(key, cq)
		}
	}
	dropped := o.takeDroppedLocked()
	o.mu.Unlock()
	o.forget(context.WithoutCancel(ctx), dropped)
}

// deliver sends a chat's queue in order until it is empty. After a run of
// replies given up as stale, the chat is told, in its turn.
func (o *Outbox) deliver(key chanRef, cq *chanQueue) {
	defer o.wg.Done()
	staleCount := 0
	attempt := 0
	for {
		o.mu.Lock()
		if len(cq.items) == 0 || o.ctx.Err() != nil {
			cq.running = false
			if len(cq.items) == 0 {
				delete(o.queues, key)
			}
			o.notifyLocked()
			o.mu.Unlock()
			break
		}
		q := cq.items[0]
		if q.id != 0 && o.lost[q.id] {
			// Another process took it over: it sends it.
			cq.items = cq.items[1:]
			delete(o.known, q.id)
			delete(o.lost, q.id)
			attempt = 0
			o.notifyLocked()
			o.mu.Unlock()
			continue
		}
		o.sending[q.id] = true
		o.mu.Unlock()

		outcome, delay := o.attempt(key, q, attempt)
		var note string
		if outcome == stale && o.staleNote != nil {
			note = o.staleNote(o.ctx, key.platform, key.channel, staleCount+1)
		}
		o.mu.Lock()
		delete(o.sending, q.id)
		q.tried = true
		if outcome != retryLater {
			cq.items = cq.items[1:]
			delete(o.known, q.id)
			delete(o.lost, q.id)
			attempt = 0
			if outcome == stale {
				staleCount++
				if note != "" && (len(cq.items) == 0 || !o.isStale(cq.items[0])) {
					// The run of stale replies is over: the note goes first.
					n := &queued{rep: chat.Reply{Platform: key.platform, ChannelID: key.channel, Text: note}, created: o.now()}
					cq.items = append([]*queued{n}, cq.items...)
					staleCount = 0
				}
			}
			o.notifyLocked()
			o.mu.Unlock()
			continue
		}
		o.m.retried++
		o.notifyLocked()
		o.mu.Unlock()
		attempt++
		retry.Sleep(o.ctx, delay) //nolint:errcheck // shutting down: the loop's head sees it
	}
}

type outcome int

const (
	sent   outcome = iota
	stale          // given up: too old
	failed         // given up: refused for good
	retryLater
)

// attempt tries to deliver q once, or gives it up when it is stale or
// undeliverable; for a retry it returns the wait before the next attempt.
func (o *Outbox) attempt(key chanRef, q *queued, n int) (outcome, time.Duration) {
	if age := o.now().Sub(q.created); o.isStale(q) {
		o.log.Warn("reply stale, not delivered", "platform", key.platform, "channel", key.channel,
			"id", q.id, "age", age.Round(time.Second))
		o.abandon(q.id, outbox.Stale, "undelivered after "+age.Round(time.Second).String())
		o.count(func(m *deliveryMetrics) { m.stale++ })
		return stale, 0
	}
	s := o.sender(key.platform)
	ctx, cancel := context.WithTimeout(o.ctx, attemptTimeout)
	var err error
	if bs, ok := s.(chat.BoardSender); ok && q.rep.Live && o.boards != nil {
		err = o.sendLive(ctx, key, bs, q.rep)
	} else {
		err = s.Send(ctx, q.rep)
		if err == nil && o.boards != nil && !q.rep.Notice && !q.rep.Edit {
			o.boards.message(key)
		}
	}
	cancel()
	switch {
	case err == nil:
		if q.id != 0 {
			if err := o.store.DeliveredReply(o.base, q.id); err != nil {
				// Sent again after a restart: at least once.
				o.log.Error("delivered reply not removed from the outbox", "id", q.id, "err", err)
			}
		}
		o.count(func(m *deliveryMetrics) { m.delivered++; m.maxDelay = max(m.maxDelay, o.now().Sub(q.created)) })
		return sent, 0
	case errors.Is(err, chat.ErrUndeliverable):
		o.log.Error("reply refused by the platform, given up", "platform", key.platform,
			"channel", key.channel, "id", q.id, "err", err)
		o.abandon(q.id, outbox.Failed, err.Error())
		o.count(func(m *deliveryMetrics) { m.failed++ })
		return failed, 0
	}
	if o.ctx.Err() != nil {
		return retryLater, 0 // shutting down: the reply stays in the store
	}
	// At most five doublings (a test's short first wait stays short), and
	// never beyond retryMax.
	wait := retry.Policy{Base: o.retry, Max: min(o.retry<<5, retryMax)}.Wait(n + 1)
	o.log.Warn("reply not delivered yet, will retry", "platform", key.platform, "channel", key.channel,
		"id", q.id, "attempt", n+1, "retry_in", wait.Round(time.Millisecond), "err", err)
	return retryLater, wait
}

// Close stops delivery; undelivered replies stay in the store for the next
// start, or, when processes share the store, are freed for the others.
func (o *Outbox) Close() {
	o.cancel()
	o.wg.Wait()
	o.release()
	o.logMetrics()
}
