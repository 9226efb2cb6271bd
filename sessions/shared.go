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
	"fmt"
	"sync"
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

// adopt replaces l's state by rec, the stored game, when rec is newer: a
// later version, or the same one with its clock credited (a credit moves
// LastMove on without a new version); l.mu must be held. It reports
// whether the state changed. A rec no newer than the copy is ignored: it
// was read before a save the copy already has (a batch of games read by
// syncAll while a move was being saved), and taking it would put the copy
// back on an older lineage.
func (m *Manager) adopt(l *live, rec GameRecord) bool {
	if rec.Version < l.rec.Version || (rec.Version == l.rec.Version && !rec.LastMove.After(l.rec.LastMove)) {
		return false
	}
	st := state{rec: rec, game: l.game}
	if err := st.replay(rec.Moves); err != nil {
		m.log.Error("replaying a game saved elsewhere", "id", rec.ID, "err", err)
		return false
	}
	st.version = l.version + 1 // a bot search begun on the old state is void
	// A reminder given for this move stays given.
	st.reminded = l.reminded && rec.LastMove.Equal(l.rec.LastMove)
	l.state = st
	return true
}

// refresh brings l up to the stored game in the shared mode; l.mu must be
// held. A store that cannot be read leaves the copy as it is: the save's
// compare-and-set still refuses a stale change.
func (m *Manager) refresh(l *live) {
	if !m.cfg.Shared {
		return
	}
	rec, err := m.cfg.Store.Game(m.ctx, l.id)
	if err != nil {
		m.log.Warn("reading a game before acting on it", "id", l.id, "err", err)
		return
	}
	m.adopt(l, rec)
}

// reload puts the stored game in place of l's state after a save lost to
// another process: cp, the state before the change, brought up to the
// store (left as it is if the store cannot be read); l.mu must be held.
// The copy goes back to cp first: the lost change's version number may
// be the one the other process saved.
func (m *Manager) reload(l *live, cp state) {
	l.state = cp
	if rec, err := m.cfg.Store.Game(m.ctx, l.id); err == nil {
		m.adopt(l, rec)
	}
}

// lockFresh locks l and brings it up to date; a game found over (ended
// by another process) is no longer held here: that process settled it.
func (m *Manager) lockFresh(l *live) {
	l.mu.Lock()
	if !m.cfg.Shared || l.rec.Result.Over {
		return
	}
	m.refresh(l)
	if l.rec.Result.Over {
		m.unindex(l)
	}
}

// load returns game id from the store, held from now on (the copy already
// held if another goroutine loaded it first); ErrNoGame if it does not
// exist, is over or is of an unknown game.
func (m *Manager) load(id int64) (*live, error) {
	rec, err := m.cfg.Store.Game(m.ctx, id)
	switch {
	case errors.Is(err, ErrNotFound):
		return nil, ErrNoGame
	case err != nil:
		return nil, fmt.Errorf("sessions: loading game %d: %w", id, err)
	case rec.Result.Over:
		return nil, ErrNoGame
	}
	l, err := m.liveOf(rec)
	if err != nil {
		return nil, ErrNoGame
	}
	return m.hold(l), nil
}

// liveOf rebuilds a stored unfinished game.
func (m *Manager) liveOf(rec GameRecord) (*live, error) {
	g, ok := m.cfg.Games.Lookup(rec.Game)
	if !ok {
		return nil, fmt.Errorf("unknown game %q", rec.Game)
	}
	l := m.newLive(rec, g)
	if err := l.replay(rec.Moves); err != nil {
		return nil, err
	}
	return l, nil
}

// hold indexes l unless a copy of its game is held already, and returns
// the one held.
func (m *Manager) hold(l *live) *live {
	m.mu.Lock()
	defer m.mu.Unlock()
	if cur, ok := m.games[l.id]; ok {
		return cur
	}
	m.games[l.id] = l
	m.byChannel[l.key] = append(m.byChannel[l.key], l)
	return l
}

// syncChannel brings the channel's held games up to the store in the
// shared mode: the games started elsewhere are loaded, the changed ones
// reloaded, the ones ended elsewhere let go.
func (m *Manager) syncChannel(key chanKey) {
	if !m.cfg.Shared {
		return
	}
	recs, err := m.cfg.Store.ChannelGames(m.ctx, key.platform, key.channel)
	if _, err = skippedOf(err); err != nil {
		m.log.Warn("loading a channel's games", "platform", key.platform, "channel", key.channel, "err", err)
		return
	}
	m.syncGames(recs, func(l *live) bool { return l.key == key })
}

// syncAll brings every held game up to the store and loads the unfinished
// games held nowhere else here (the sweeping process looks at them all).
func (m *Manager) syncAll() {
	recs, err := m.cfg.Store.ActiveGames(m.ctx)
	if _, err = skippedOf(err); err != nil {
		m.log.Warn("loading the active games", "err", err)
		return
	}
	m.syncGames(recs, func(*live) bool { return true })
}

// syncGames adopts recs, the stored unfinished games, and lets go of the
// held games that mine selects and recs lack (ended elsewhere).
func (m *Manager) syncGames(recs []GameRecord, mine func(*live) bool) {
	stored := make(map[int64]bool, len(recs))
	for _, rec := range recs {
		stored[rec.ID] = true
		m.mu.Lock()
		l := m.games[rec.ID]
		m.mu.Unlock()
		if l == nil {
			nl, err := m.liveOf(rec)
			if err != nil {
				continue // reported at start-up, or by the process that wrote it
			}
			m.hold(nl)
			continue
		}
		l.mu.Lock()
		m.adopt(l, rec)
		l.mu.Unlock()
	}
	for _, l := range m.liveGames("") {
		if stored[l.id] || !mine(l) {
			continue
		}
		m.lockFresh(l)
		l.mu.Unlock()
	}
}

// adoptBotMoves queues the bot's move in the games where it has waited for
// AdoptAfter with no search of it running here: the process that owed it
// may have died. If it is only slow, the compare-and-set keeps one of the
// two moves.
func (m *Manager) adoptBotMoves(now time.Time) {
	for _, l := range m.liveGames("") {
		l.mu.Lock()
		if l.botToMove() && !l.botBusy && now.Sub(l.rec.LastMove) >= m.cfg.AdoptAfter {
			m.queueBot(l, "", nil)
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
		m.syncAll()
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

// fleetMutex is Manager.tmu: a mutex, and in the shared mode also the
// tournaments' lease, so that one process of the fleet at a time changes a
// tournament, on the stored state (read again once the lease is taken): a
// result recorded by one process is never overwritten by another's stale
// copy. Tournament changes are rare (a command, a game's end), so one
// lease serves them all.
type fleetMutex struct {
	mu sync.Mutex
	m  *Manager
}

// Lock takes the mutex and, in the shared mode, the lease, then reloads
// the tournaments.
func (f *fleetMutex) Lock() {
	f.mu.Lock()
	m := f.m
	if m == nil || !m.cfg.Shared {
		return
	}
	deadline := time.Now().Add(tournamentWait)
	for {
		ok, err := m.cfg.Store.Lease(context.Background(), tournamentLease, m.cfg.Instance, time.Now(), tournamentLeaseTTL)
		if ok {
			break
		}
		if err != nil || time.Now().After(deadline) {
			m.log.Warn("tournaments changed without their lease", "err", err)
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	m.reloadTournaments()
}

// Unlock gives the lease up and unlocks.
func (f *fleetMutex) Unlock() {
	if m := f.m; m != nil && m.cfg.Shared {
		if err := m.cfg.Store.ReleaseLease(context.Background(), tournamentLease, m.cfg.Instance); err != nil {
			m.log.Warn("releasing the tournaments' lease", "err", err)
		}
	}
	f.mu.Unlock()
}

// reloadTournaments replaces the tournaments held by the stored ones
// (registering or running); m.tmu must be held. A store that cannot be
// read leaves them as they are.
func (m *Manager) reloadTournaments() {
	recs, _, err := loadTournaments(context.Background(), m.cfg.Store, m.cfg.Games)
	if err != nil {
		m.log.Warn("reading the tournaments", "err", err)
		return
	}
	clear(m.tourneys)
	for i := range recs {
		rec := recs[i]
		if rec.Games == nil {
			rec.Games = map[string]int64{}
		}
		m.tourneys[chanKey{rec.Platform, rec.ChannelID}] = &rec
	}
}
