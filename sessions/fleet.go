package sessions

// fleet.go: this process among those sharing its store. It sweeps (looks
// at the clocks, in the shared mode by one process of the fleet at a
// time), takes over the bot moves a dead process left, records the
// heartbeat and credits the clocks with the time the bot or a platform was
// down (heartbeat.go).

import (
	"context"
	"sync"
	"time"
)

// Fleet (Manager.Fleet) is this process among the processes of the store:
// the sweep (the clocks' look, in the shared mode by one process of the
// fleet at a time, the holder of the sweep lease, over every game of the
// store), the heartbeat and the clocks credited with the time the bot, or a
// platform, was down (heartbeat.go). Its lock guards paused and resumed; no
// other lock is taken under it.
type Fleet struct {
	*env
	table   *table
	replica *replica
	bots    *bots
	clocks  *Clocks
	done    chan struct{} // closed when run returns
	// forgotUpdates is when the sweep last dropped old applied updates
	// (run's goroutine's alone).
	forgotUpdates time.Time

	mu sync.Mutex
	// paused: the games whose clocks were stopped for a downtime, to
	// announce at their platform's Resume.
	paused  map[int64]pause
	resumed map[string]bool // the platforms resumed
}

func newFleet(e *env) *Fleet {
	return &Fleet{env: e, done: make(chan struct{}), paused: map[int64]pause{}, resumed: map[string]bool{}}
}

// firstResume reports whether platform is resumed for the first time.
func (f *Fleet) firstResume(platform string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.resumed[platform] {
		return false
	}
	f.resumed[platform] = true
	return true
}

// run looks at the clocks every IdleCheck (in the shared mode, when it
// holds the sweep lease) and records the heartbeat every HeartbeatEvery,
// until the Manager closes; then it closes f.done.
func (f *Fleet) run() {
	defer close(f.done)
	t := time.NewTicker(f.cfg.IdleCheck)
	defer t.Stop()
	hb := time.NewTicker(HeartbeatEvery)
	defer hb.Stop()
	for {
		select {
		case <-f.ctx.Done():
			return
		case <-t.C:
			f.sweep(f.cfg.Now())
		case <-hb.C:
			f.beat(f.ctx, f.cfg.Now())
		}
	}
}

// sweepTTL is how long the sweep lease lasts: a few sweeps, so that the
// holder renews it well before it expires and a dead holder is replaced
// within seconds.
func (f *Fleet) sweepTTL() time.Duration { return 5*f.cfg.IdleCheck + 2*time.Second }

// lead reports whether this process runs the fleet's sweep now, taking or
// renewing the lease; always true for a store of its own.
func (f *Fleet) lead(now time.Time) bool {
	if !f.cfg.Shared {
		return true
	}
	ok, err := f.cfg.Store.Lease(f.ctx, sweepLease, f.cfg.Instance, now, f.sweepTTL())
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
	for _, l := range f.table.list("") {
		l.do(func() {
			if l.botToMove() && !l.botBusy && now.Sub(l.rec.LastMove) >= f.cfg.AdoptAfter {
				f.bots.queue(l, "", nil)
			}
		})
	}
}

// sweep is one look at the clocks: by this process alone, or, in the
// shared mode, by the holder of the sweep lease, over every unfinished
// game of the store.
func (f *Fleet) sweep(now time.Time) {
	if !f.lead(now) {
		return
	}
	if f.cfg.Shared {
		f.replica.syncAll()
		f.adoptBotMoves(now)
	}
	f.clocks.CheckIdle(now)
	f.forgetUpdates(now)
}

// forgetUpdates drops, at most once an hour, the applied updates older
// than any platform re-sends, and the board messages of games idle longer
// than boardsKept.
func (f *Fleet) forgetUpdates(now time.Time) {
	if now.Sub(f.forgotUpdates) < time.Hour {
		return
	}
	f.forgotUpdates = now
	if err := f.cfg.Store.ForgetUpdates(f.ctx, now.Add(-updatesKept)); err != nil {
		f.log.Warn("forgetting old updates", "err", err)
	}
	if n, err := f.cfg.Store.ForgetLiveBoards(f.ctx, now.Add(-boardsKept)); err != nil {
		f.log.Warn("forgetting old board messages", "err", err)
	} else if n > 0 {
		f.log.Info("board messages of long idle games forgotten", "count", n)
	}
}

// boardsKept is how long a game's board message is remembered after it was
// last shown (to take its buttons off, to mirror the game): a month covers
// a correspondence game's pauses, and the rows do not grow without end.
const boardsKept = 30 * 24 * time.Hour

// releaseSweep gives the sweep lease up at Close, so that another process
// takes it at its next look.
func (f *Fleet) releaseSweep() {
	if !f.cfg.Shared {
		return
	}
	if err := f.cfg.Store.ReleaseLease(context.Background(), sweepLease, f.cfg.Instance); err != nil {
		f.log.Warn("releasing the sweep lease", "err", err)
	}
}
