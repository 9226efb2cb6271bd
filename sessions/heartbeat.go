package sessions

// heartbeat.go: a deploy, a crash or a platform outage must never decide a
// game. A running Manager records a heartbeat every HeartbeatEvery and at
// Close; at the next start the time since the last heartbeat is downtime,
// and every unfinished game's clock (game time, per-move limit, idle
// forfeit: all count from LastMove) is moved on by it, so that the player
// to move has the time they had at the last heartbeat. The clocks then
// resume with a notice (EventClockResumed) once the platform is back.

import (
	"context"
	"errors"
	"sort"
	"time"
)

// HeartbeatEvery is how often a running Manager records that it runs.
// After a crash, up to this much time when the bot was still running is
// also credited (in the players' favour).
const HeartbeatEvery = 5 * time.Second

// minResumeNotice: a shorter stop is credited without a notice.
const minResumeNotice = time.Second

// beat records now as the heartbeat; a failure is logged (the next start
// then credits a little more than the downtime).
func (m *Manager) beat(ctx context.Context, now time.Time) {
	if err := m.cfg.Store.SaveHeartbeat(ctx, storedTime(now)); err != nil {
		m.log.Warn("saving the heartbeat", "err", err)
	}
}

// credited is the LastMove that charges the side to move nothing for d
// before now: moved on by d, and never past now (a move that began during
// the stop starts over at now).
func credited(last time.Time, d time.Duration, now time.Time) time.Time {
	if d <= 0 || !last.Before(now) {
		return last
	}
	if t := last.Add(d); t.Before(now) {
		return t
	}
	return now
}

// creditRestart credits the time since the last heartbeat to the restored
// games and records a new heartbeat, in one transaction; announceResumed
// tells the players. Called by restore, before anything else runs.
func (m *Manager) creditRestart() {
	now := storedTime(m.cfg.Now())
	if m.cfg.Shared && !m.lead(now) {
		// Another process runs (the fleet was not down) or credits the
		// downtime at this very start: the games are read from the store
		// before they are acted on, the credit with them.
		return
	}
	var down time.Duration
	switch last, err := m.cfg.Store.Heartbeat(m.ctx); {
	case errors.Is(err, ErrNotFound): // a new database, or one from before heartbeats
	case err != nil:
		m.log.Error("loading the heartbeat: the time the bot was down is not credited", "err", err)
	default:
		down = now.Sub(last)
	}
	shifted := map[int64]time.Time{}
	if down > 0 {
		for _, l := range m.table.list("") {
			if t := credited(l.rec.LastMove, down, now); !t.Equal(l.rec.LastMove) {
				shifted[l.id] = t
			}
		}
	}
	// The games are credited in memory even if the store fails: the
	// players are not to pay for it (it is logged).
	if err := m.cfg.Store.CreditDowntime(m.ctx, shifted, now); err != nil {
		m.log.Error("saving the downtime credit", "err", err)
	}
	for _, l := range m.table.list("") {
		if t, ok := shifted[l.id]; ok {
			l.do(func() { l.rec.LastMove = t })
		}
	}
	if down < minResumeNotice {
		return
	}
	m.log.Info("clocks credited with the time the bot was down", "down", down.Round(time.Second), "games", len(shifted))
	for _, l := range m.table.list("") {
		l.do(func() {
			if l.clockNotice() {
				m.paused[l.id] = down
			}
		})
	}
}

// clockNotice reports whether a stop of the game's clock is announced: a
// clocked game with a person in it (games between bots are shown when they
// end).
func (l *state) clockNotice() bool {
	return !l.rec.TimeControl.IsZero() && !(l.rec.Players[0].Bot && l.rec.Players[1].Bot)
}

// announceResumed sends an EventClockResumed for each of the platform's
// games whose clock was stopped at start-up (called by Resume).
func (m *Manager) announceResumed(platform string) {
	type stop struct {
		l    *live
		down time.Duration
	}
	var list []stop
	m.mu.Lock()
	for id, down := range m.paused {
		if l, _ := m.table.held(id); l != nil && l.key.platform == platform {
			list = append(list, stop{l, down})
			delete(m.paused, id)
		}
	}
	m.mu.Unlock()
	sort.Slice(list, func(i, j int) bool { return list[i].l.id < list[j].l.id })
	for _, s := range list {
		s.l.mu.Lock()
		over := s.l.rec.Result.Over
		snap := s.l.snapshot()
		s.l.mu.Unlock()
		if !over {
			m.emit(Event{Kind: EventClockResumed, Game: snap, Down: s.down})
		}
	}
}

// CreditOutage gives the players of the platform's unfinished games back
// the time d of an outage of that platform that has just ended (the bot
// ran but could not be reached), as a restart does for the bot's own
// downtime, and announces the clocks running again. For the adapters, when
// they are back after a loss of connection.
func (m *Manager) CreditOutage(platform string, d time.Duration) {
	if d <= 0 {
		return
	}
	if m.table.isClosed() {
		return
	}
	if m.cfg.Shared {
		// Every process of the fleet lost the platform alike: the holder
		// of the sweep lease, which holds every game, credits them once.
		if !m.lead(m.cfg.Now()) {
			return
		}
		m.replica.syncAll()
	}
	for _, l := range m.table.list(platform) {
		var ev *Event
		l.mu.Lock()
		now := storedTime(m.cfg.Now())
		if t := credited(l.rec.LastMove, d, now); !l.rec.Result.Over && !t.Equal(l.rec.LastMove) {
			if err := m.cfg.Store.CreditDowntime(m.ctx, map[int64]time.Time{l.rec.ID: t}, time.Time{}); err != nil {
				m.log.Error("saving an outage credit", "id", l.rec.ID, "err", err)
			}
			l.rec.LastMove = t
			if l.clockNotice() && d >= minResumeNotice {
				ev = &Event{Kind: EventClockResumed, Game: l.snapshot(), Down: d, Outage: true}
			}
		}
		l.mu.Unlock()
		if ev != nil {
			m.emit(*ev)
		}
	}
}
