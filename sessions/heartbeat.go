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
	"maps"
	"slices"
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
func (f *Fleet) beat(ctx context.Context, now time.Time) {
	if err := f.cfg.Store.SaveHeartbeat(ctx, storedTime(now)); err != nil {
		f.log.Warn("saving the heartbeat", "err", err)
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
// tells the players. Called by New, before anything else runs.
func (f *Fleet) creditRestart() {
	now := storedTime(f.cfg.Now())
	if f.cfg.Shared && !f.lead(now) {
		// Another process runs (the fleet was not down) or credits the
		// downtime at this very start: the games are read from the store
		// before they are acted on, the credit with them.
		return
	}
	var down time.Duration
	switch last, err := f.cfg.Store.Heartbeat(f.ctx); {
	case errors.Is(err, ErrNotFound): // a new database, or one from before heartbeats
	case err != nil:
		f.log.Error("loading the heartbeat: the time the bot was down is not credited", "err", err)
	default:
		down = now.Sub(last)
	}
	lives := f.table.list("")
	shifted := map[int64]time.Time{}
	if down > 0 {
		for _, l := range lives {
			l.do(func() {
				if t := credited(l.rec.LastMove, down, now); !t.Equal(l.rec.LastMove) {
					shifted[l.id] = t
				}
			})
		}
	}
	// The games are credited in memory even if the store fails: the
	// players are not to pay for it (it is logged).
	if err := f.cfg.Store.CreditDowntime(f.ctx, shifted, now); err != nil {
		f.log.Error("saving the downtime credit", "err", err)
	}
	for _, l := range lives {
		if t, ok := shifted[l.id]; ok {
			l.do(func() { l.rec.LastMove = t })
		}
	}
	if down < minResumeNotice {
		return
	}
	f.log.Info("clocks credited with the time the bot was down", "down", down.Round(time.Second), "games", len(shifted))
	paused := map[int64]pause{}
	for _, l := range lives {
		l.do(func() {
			if l.clockNotice() {
				paused[l.id] = pause{l.key.platform, down}
			}
		})
	}
	f.pause(paused)
}

// pause is a game's clock stopped for a downtime, to announce.
type pause struct {
	platform string
	down     time.Duration
}

// pause keeps the games' stopped clocks to announce.
func (f *Fleet) pause(paused map[int64]pause) {
	f.mu.Lock()
	defer f.mu.Unlock()
	maps.Copy(f.paused, paused)
}

// unpause returns and forgets the platform's stopped clocks, by game id.
func (f *Fleet) unpause(platform string) map[int64]time.Duration {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[int64]time.Duration{}
	for id, p := range f.paused {
		if p.platform == platform {
			out[id] = p.down
			delete(f.paused, id)
		}
	}
	return out
}

// clockNotice reports whether a stop of the game's clock is announced: a
// clocked game with a person in it (games between bots are shown when they
// end).
func (l *state) clockNotice() bool {
	return !l.rec.TimeControl.IsZero() && !(l.rec.Players[0].Bot && l.rec.Players[1].Bot)
}

// announceResumed sends an EventClockResumed for each of the platform's
// games whose clock was stopped at start-up (called by Resume).
func (f *Fleet) announceResumed(platform string) {
	stopped := f.unpause(platform)
	for _, id := range slices.Sorted(maps.Keys(stopped)) {
		l, _ := f.table.held(id)
		if l == nil {
			continue
		}
		var (
			over bool
			snap Snapshot
		)
		l.do(func() { over, snap = l.rec.Result.Over, l.snapshot() })
		if !over {
			f.emit(Event{Kind: EventClockResumed, Game: snap, Down: stopped[id]})
		}
	}
}

// CreditOutage gives the players of the platform's unfinished games back
// the time d of an outage of that platform that has just ended (the bot
// ran but could not be reached), as a restart does for the bot's own
// downtime, and announces the clocks running again. For the adapters, when
// they are back after a loss of connection.
func (f *Fleet) CreditOutage(platform string, d time.Duration) {
	if d <= 0 || f.table.isClosed() {
		return
	}
	if f.cfg.Shared {
		// Every process of the fleet lost the platform alike: the holder
		// of the sweep lease, which holds every game, credits them once.
		if !f.lead(f.cfg.Now()) {
			return
		}
		f.replica.syncAll()
	}
	for _, l := range f.table.list(platform) {
		if ev := f.creditOutage(l, d); ev != nil {
			f.emit(*ev)
		}
	}
}

// creditOutage credits l with an outage of d, saved, and returns its
// notice, if any.
func (f *Fleet) creditOutage(l *live, d time.Duration) *Event {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := storedTime(f.cfg.Now())
	t := credited(l.rec.LastMove, d, now)
	if l.rec.Result.Over || t.Equal(l.rec.LastMove) {
		return nil
	}
	if err := f.cfg.Store.CreditDowntime(f.ctx, map[int64]time.Time{l.rec.ID: t}, time.Time{}); err != nil {
		f.log.Error("saving an outage credit", "id", l.rec.ID, "err", err)
	}
	l.rec.LastMove = t
	if l.clockNotice() && d >= minResumeNotice {
		return &Event{Kind: EventClockResumed, Game: l.snapshot(), Down: d, Outage: true}
	}
	return nil
}
