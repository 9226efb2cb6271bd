package sessions

// held.go: the hooks of package sessions/fleet, this process among those
// sharing its store. The fleet imports sessions, so sessions never calls
// it: it reaches the held games through these, each game under its lock.

import (
	"context"
	"time"
)

// Held is a game held here, locked, as Manager.Hold hands it to the fleet
// (package sessions/fleet): its clock and its bot's move. It is valid only
// during the call.
type Held struct {
	l    *live
	bots *bots
}

// ID is the game's id.
func (h Held) ID() int64 { return h.l.id }

// Over reports whether the game has ended.
func (h Held) Over() bool { return h.l.rec.Result.Over }

// LastMove is when the last move was made: every clock counts from it.
func (h Held) LastMove() time.Time { return h.l.rec.LastMove }

// Credit moves LastMove to t, in memory: the fleet saves it
// (Store.CreditDowntime).
func (h Held) Credit(t time.Time) { h.l.rec.LastMove = t }

// ClockNotice reports whether a stop of the game's clock is announced: a
// clocked game with a person in it (games between bots are shown when they
// end).
func (h Held) ClockNotice() bool {
	return !h.l.rec.TimeControl.IsZero() && !(h.l.rec.Players[0].Bot && h.l.rec.Players[1].Bot)
}

// Paused keeps down, a stop of the game's clock at start-up, for its
// platform's Resume to announce (EventClockResumed).
func (h Held) Paused(down time.Duration) { h.l.paused = down }

// BotAwaited reports whether the bot is to move with no search of its move
// running here.
func (h Held) BotAwaited() bool { return h.l.botToMove() && !h.l.botBusy }

// QueueBot queues the bot's move.
func (h Held) QueueBot() { h.bots.queue(h.l, "", nil) }

// Snapshot is the game as it stands.
func (h Held) Snapshot() Snapshot { return h.l.snapshot() }

// Hold runs f on each game held here, the platform's (all for ""), one at
// a time by id, under the game's lock: f must not emit or call back into
// the Manager.
func (m *Manager) Hold(platform string, f func(Held)) {
	for _, l := range m.table.list(platform) {
		l.do(func() { f(Held{l, m.bots}) })
	}
}

// SyncAll brings every held game up to the store and holds its unfinished
// games not held here yet: in the shared mode, the sweeping process looks
// at them all.
func (m *Manager) SyncAll() { m.replica.syncAll() }

// Emit hands events to the listener as the Manager's own (the fleet's
// notices); no game may be held meanwhile.
func (m *Manager) Emit(evs ...Event) { m.env.emit(evs...) }

// Go runs f on a goroutine of its own with the Manager's lifetime (ctx,
// cancelled by Close), and Close waits for f to return: the fleet's sweep
// (fleet.Fleet.Run) runs so, and records the stop before Close returns.
// ErrClosed once Close has begun.
func (m *Manager) Go(f func(ctx context.Context)) error {
	// Under the table's lock, which Close takes to begin: no f is added
	// once Close waits for them.
	m.table.mu.Lock()
	defer m.table.mu.Unlock()
	if m.table.closed {
		return ErrClosed
	}
	m.runs.Add(1)
	go func() {
		defer m.runs.Done()
		f(m.env.ctx)
	}()
	return nil
}

// Config is the Manager's configuration with its defaults filled in: the
// fleet and the tournaments read their store, clock and shared mode from
// it, so that they never disagree with the Manager.
func (m *Manager) Config() Config { return m.env.cfg }

// announceResumed sends an EventClockResumed for each of the platform's
// games whose clock was stopped at start-up (Held.Paused), once.
func (m *Manager) announceResumed(platform string) {
	for _, l := range m.table.list(platform) {
		var ev *Event
		l.do(func() {
			if l.paused > 0 && !l.rec.Result.Over {
				ev = &Event{Kind: EventClockResumed, Game: l.snapshot(), Down: l.paused}
			}
			l.paused = 0
		})
		if ev != nil {
			m.env.emit(*ev)
		}
	}
}

// firstResume reports whether platform is resumed for the first time.
func (m *Manager) firstResume(platform string) bool {
	_, again := m.resumed.LoadOrStore(platform, true)
	return !again
}
