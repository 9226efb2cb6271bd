package sessions

// shared.go: several processes on one store (Config.Shared). Each process
// holds copies of the games it has met; the store is the truth. A copy is
// brought up to date from the store before it is acted on, SaveGame's
// compare-and-set refuses a change made on a copy gone stale meanwhile
// (the copy is then reloaded and the action tried again, or refused as
// the new state says), and the games a process does not hold are loaded
// when it meets them. One process at a time (the holder of the sweep
// lease) looks at the clocks of every game and takes over the bot moves a
// dead process left, and one at a time changes the tournaments (the
// holder of the tournaments' lease, reading them afresh).

import (
	"context"
	crand "crypto/rand"
	"encoding/hex"
	"errors"
	"time"
)

// Defaults of the shared mode.
const (
	// DefaultAdoptAfter: a bot move waited for this long is searched by
	// the sweeping process (its process may have died).
	DefaultAdoptAfter = 30 * time.Second
	// sweepLease is the name of the lease of the clocks' sweep.
	sweepLease = "sweep"
	// conflictTries is how many times an action is tried on a freshly
	// loaded game when another process keeps saving it first.
	conflictTries = 5
	// tournamentLease is the name of the lease under which one process at
	// a time changes the tournaments; tournamentLeaseTTL frees it if its
	// holder dies holding it.
	tournamentLease    = "tournaments"
	tournamentLeaseTTL = 30 * time.Second
	// tournamentWait bounds the wait for the tournaments' lease: past it
	// the change goes ahead (logged) rather than never.
	tournamentWait = 10 * time.Second
)

// newInstance is a process's default lease holder name: random, so that
// two processes never share one.
func newInstance() string {
	var b [6]byte
	_, _ = crand.Read(b[:])
	return "p" + hex.EncodeToString(b[:])
}

// sweepTTL is how long the sweep lease lasts: a few sweeps, so that the
// holder renews it well before it expires and a dead holder is replaced
// within seconds.
func (m *Manager) sweepTTL() time.Duration { return 5*m.cfg.IdleCheck + 2*time.Second }

// lead reports whether this process runs the fleet's sweep now, taking or
// renewing the lease; always true for a store of its own.
func (m *Manager) lead(now time.Time) bool {
	if !m.cfg.Shared {
		return true
	}
	ok, err := m.cfg.Store.Lease(m.ctx, sweepLease, m.cfg.Instance, now, m.sweepTTL())
	if err != nil {
		m.log.Warn("taking the sweep lease", "err", err)
		return false
	}
	return ok
}

// adoptBotMoves queues the bot's move in the games where it has waited for
// AdoptAfter with no search of it running here: the process that owed it
// may have died. If it is only slow, the compare-and-set keeps one of the
// two moves.
func (m *Manager) adoptBotMoves(now time.Time) {
	for _, l := range m.table.list("") {
		l.mu.Lock()
		if l.botToMove() && !l.botBusy && now.Sub(l.rec.LastMove) >= m.cfg.AdoptAfter {
			m.bots.queue(l, "", nil)
		}
		l.mu.Unlock()
	}
}

// sweep is one look at the clocks: by this process alone, or, in the
// shared mode, by the holder of the sweep lease, over every unfinished
// game of the store.
func (m *Manager) sweep(now time.Time) {
	if !m.lead(now) {
		return
	}
	if m.cfg.Shared {
		m.replica.syncAll()
		m.adoptBotMoves(now)
	}
	m.CheckIdle(now)
	m.forgetUpdates(now)
}

// forgetUpdates drops, at most once an hour, the applied updates older
// than any platform re-sends.
func (m *Manager) forgetUpdates(now time.Time) {
	if now.Sub(m.forgotUpdates) < time.Hour {
		return
	}
	m.forgotUpdates = now
	if err := m.cfg.Store.ForgetUpdates(m.ctx, now.Add(-updatesKept)); err != nil {
		m.log.Warn("forgetting old updates", "err", err)
	}
}

// releaseSweep gives the sweep lease up at Close, so that another process
// takes it at its next look.
func (m *Manager) releaseSweep() {
	if !m.cfg.Shared {
		return
	}
	if err := m.cfg.Store.ReleaseLease(context.Background(), sweepLease, m.cfg.Instance); err != nil {
		m.log.Warn("releasing the sweep lease", "err", err)
	}
}

// retryConflict runs an action again, on the game reloaded, while it
// loses its save to another process (ErrConflict), a few times at most.
func retryConflict[T any](f func() (T, error)) (T, error) {
	for try := 1; ; try++ {
		v, err := f()
		if !errors.Is(err, ErrConflict) || try == conflictTries {
			return v, err
		}
	}
}
