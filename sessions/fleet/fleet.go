// Package fleet is this process among the processes sharing its store
// (sessions.Config.Shared), or alone on a store of its own: the sweep that
// looks at the live games' clocks every IdleCheck (in the shared mode by
// one process of the fleet at a time, the holder of the sweep lease, over
// every game of the store, taking over the bot moves a dead process left),
// the hourly clean-up of the store, the heartbeat, and the clocks credited
// with the time the bot, or a platform, was down (heartbeat.go).
//
// It reads and changes the live games only through the hooks of a
// sessions.Manager (Hold, SyncAll, Clocks, Emit, Config, Lifetime), each
// game under its own lock; package sessions never calls it. It has no
// lock of its own.
package fleet

import (
	"context"
	"log/slog"
	"time"

	"oyunbot/sessions"
)

// Store is what the fleet keeps in the store: its leases, the heartbeat,
// the clocks' credits and the clean-up. sessions.Store implements it.
type Store interface {
	sessions.HeartbeatStore
	sessions.LeaseStore
	// ForgetUpdates drops the applied updates recorded before t.
	ForgetUpdates(ctx context.Context, before time.Time) error
	// ForgetLiveBoards drops the board messages last shown before t.
	ForgetLiveBoards(ctx context.Context, before time.Time) (int64, error)
}

// Config configures a Fleet; the rest (the store, the clock, the shared
// mode, the instance's name, how often the clocks are looked at) is the
// Manager's.
type Config struct {
	// AdoptAfter: in the shared mode, a bot move waited for this long is
	// searched by the sweeping process (default DefaultAdoptAfter).
	AdoptAfter time.Duration
}

// DefaultAdoptAfter: a bot move waited for this long is searched by the
// sweeping process (its process may have died).
const DefaultAdoptAfter = 30 * time.Second

// sweepLease is the name of the lease of the clocks' sweep.
const sweepLease = "sweep"

// Fleet is this process among the processes of the store (see the
// package's doc). Made by New, it runs with Run; its methods are safe for
// concurrent use.
type Fleet struct {
	m     *sessions.Manager
	store Store
	cfg   sessions.Config // the Manager's
	log   *slog.Logger
	// ctx is the Manager's lifetime, for what is not Run's (the restart's
	// and an outage's credit).
	ctx        context.Context
	adoptAfter time.Duration
	// forgotUpdates is when the sweep last dropped old applied updates
	// (Run's goroutine's alone).
	forgotUpdates time.Time
}

// New makes m's fleet and credits the time the bot was down to m's
// restored games (heartbeat.go): call it after sessions.New, before
// anything acts on the games.
func New(m *sessions.Manager, cfg Config) *Fleet {
	if cfg.AdoptAfter <= 0 {
		cfg.AdoptAfter = DefaultAdoptAfter
	}
	mc := m.Config()
	f := &Fleet{m: m, store: mc.Store, cfg: mc, log: mc.Logger, ctx: m.Lifetime(), adoptAfter: cfg.AdoptAfter}
	f.creditRestart()
	return f
}

// Run looks at the clocks every IdleCheck (in the shared mode, when it
// holds the sweep lease) and records the heartbeat every HeartbeatEvery,
// until ctx is cancelled or the Manager closes; then it gives the sweep
// lease up, so that another process takes it at its next look, and records
// the stop time, exactly: the next start credits the clocks from it. Run
// it once the Manager has its listener, with Manager.Go, whose Close then
// waits for it.
func (f *Fleet) Run(ctx context.Context) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	defer context.AfterFunc(f.ctx, cancel)()
	t := time.NewTicker(f.cfg.IdleCheck)
	defer t.Stop()
	hb := time.NewTicker(HeartbeatEvery)
	defer hb.Stop()
	for {
		select {
		case <-ctx.Done():
			after := context.WithoutCancel(ctx)
			f.releaseSweep(after)
			f.beat(after, f.cfg.Now())
			return
		case <-t.C:
			f.sweep(ctx, f.cfg.Now())
		case <-hb.C:
			f.beat(ctx, f.cfg.Now())
		}
	}
}

// sweepTTL is how long the sweep lease lasts: a few sweeps, so that the
// holder renews it well before it expires and a dead holder is replaced
// within seconds.
func (f *Fleet) sweepTTL() time.Duration { return 5*f.cfg.IdleCheck + 2*time.Second }

// lead reports whether this process runs the fleet's sweep now, taking or
// renewing the lease; always true for a store of its own.
func (f *Fleet) lead(ctx context.Context, now time.Time) bool {
	if !f.cfg.Shared {
		return true
	}
	ok, err := f.store.Lease(ctx, sweepLease, f.cfg.Instance, now, f.sweepTTL())
	if err != nil {
		f.log.Warn("taking the sweep lease", "err", err)
		return false
	}
	return ok
}

// adoptBotMoves queues the bot's move in the games where it has waited for
// AdoptAfter with no search of it running here: the process that owed it
// may have died. If it is only slow, the compare-and-set keeps one of the
// two moves.
func (f *Fleet) adoptBotMoves(now time.Time) {
	f.m.Hold("", func(g sessions.Held) {
		if g.BotAwaited() && now.Sub(g.LastMove()) >= f.adoptAfter {
			g.QueueBot()
		}
	})
}

// sweep is one look at the clocks: by this process alone, or, in the
// shared mode, by the holder of the sweep lease, over every unfinished
// game of the store.
func (f *Fleet) sweep(ctx context.Context, now time.Time) {
	if !f.lead(ctx, now) {
		return
	}
	if f.cfg.Shared {
		f.m.SyncAll()
		f.adoptBotMoves(now)
	}
	f.m.Clocks().CheckIdle(now)
	f.forgetUpdates(ctx, now)
}

// forgetUpdates drops, at most once an hour, the applied updates older
// than any platform re-sends, and the board messages of games idle longer
// than boardsKept.
func (f *Fleet) forgetUpdates(ctx context.Context, now time.Time) {
	if now.Sub(f.forgotUpdates) < time.Hour {
		return
	}
	f.forgotUpdates = now
	if err := f.store.ForgetUpdates(ctx, now.Add(-sessions.UpdatesKept)); err != nil {
		f.log.Warn("forgetting old updates", "err", err)
	}
	if n, err := f.store.ForgetLiveBoards(ctx, now.Add(-boardsKept)); err != nil {
		f.log.Warn("forgetting old board messages", "err", err)
	} else if n > 0 {
		f.log.Info("board messages of long idle games forgotten", "count", n)
	}
}

// boardsKept is how long a game's board message is remembered after it was
// last shown (to take its buttons off, to mirror the game): a month covers
// a correspondence game's pauses, and the rows do not grow without end.
const boardsKept = 30 * 24 * time.Hour

// releaseSweep gives the sweep lease up as Run ends.
func (f *Fleet) releaseSweep(ctx context.Context) {
	if !f.cfg.Shared {
		return
	}
	if err := f.store.ReleaseLease(ctx, sweepLease, f.cfg.Instance); err != nil {
		f.log.Warn("releasing the sweep lease", "err", err)
	}
}
