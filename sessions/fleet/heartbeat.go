package fleet

// heartbeat.go: a deploy, a crash or a platform outage must never decide a
// game. A running fleet records a heartbeat every HeartbeatEvery and as it
// stops; at the next start the time since the last heartbeat is downtime,
// and every unfinished game's clock (game time, per-move limit, idle
// forfeit: all count from LastMove) is moved on by it, so that the player
// to move has the time they had at the last heartbeat. The clocks then
// resume with a notice (sessions.EventClockResumed) once the platform is
// back (sessions.Manager.Resume).

import (
	"context"
	"errors"
	"time"

	"oyunbot/sessions"
)

// HeartbeatEvery is how often a running fleet records that it runs.
// After a crash, up to this much time when the bot was still running is
// also credited (in the players' favour).
const HeartbeatEvery = 5 * time.Second

// minResumeNotice: a shorter stop is credited without a notice.
const minResumeNotice = time.Second

// storedTime is t as the store keeps it, to the millisecond.
func storedTime(t time.Time) time.Time { return time.UnixMilli(t.UnixMilli()) }

// beat records now as the heartbeat; a failure is logged (the next start
// then credits a little more than the downtime).
func (f *Fleet) beat(ctx context.Context, now time.Time) {
	if err := f.store.SaveHeartbeat(ctx, storedTime(now)); err != nil {
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
// games and records a new heartbeat, in one transaction; the games' platforms'
// Resume tells the players. Called by New, before anything else runs.
func (f *Fleet) creditRestart() {
	now := storedTime(f.cfg.Now())
	if f.cfg.Shared && !f.lead(f.ctx, now) {
		// Another process runs (the fleet was not down) or credits the
		// downtime at this very start: the games are read from the store
		// before they are acted on, the credit with them.
		return
	}
	var down time.Duration
	switch last, err := f.store.Heartbeat(f.ctx); {
	case errors.Is(err, sessions.ErrNotFound): // a new database, or one from before heartbeats
	case err != nil:
		f.log.Error("loading the heartbeat: the time the bot was down is not credited", "err", err)
	default:
		down = now.Sub(last)
	}
	shifted := map[int64]time.Time{}
	if down > 0 {
		f.m.Hold("", func(g sessions.Held) {
			if t := credited(g.LastMove(), down, now); !t.Equal(g.LastMove()) {
				shifted[g.ID()] = t
			}
		})
	}
	// The games are credited in memory even if the store fails: the
	// players are not to pay for it (it is logged).
	if err := f.store.CreditDowntime(f.ctx, shifted, now); err != nil {
		f.log.Error("saving the downtime credit", "err", err)
	}
	f.m.Hold("", func(g sessions.Held) {
		if t, ok := shifted[g.ID()]; ok {
			g.Credit(t)
		}
	})
	if down < minResumeNotice {
		return
	}
	f.log.Info("clocks credited with the time the bot was down", "down", down.Round(time.Second), "games", len(shifted))
	f.m.Hold("", func(g sessions.Held) {
		if g.ClockNotice() {
			g.Paused(down)
		}
	})
}

// CreditOutage gives the players of the platform's unfinished games back
// the time d of an outage of that platform that has just ended (the bot
// ran but could not be reached), as a restart does for the bot's own
// downtime, and announces the clocks running again. For the adapters, when
// they are back after a loss of connection.
func (f *Fleet) CreditOutage(platform string, d time.Duration) {
	if d <= 0 || f.ctx.Err() != nil {
		return
	}
	if f.cfg.Shared {
		// Every process of the fleet lost the platform alike: the holder
		// of the sweep lease, which holds every game, credits them once.
		if !f.lead(f.ctx, f.cfg.Now()) {
			return
		}
		f.m.SyncAll()
	}
	var notices []sessions.Event
	f.m.Hold(platform, func(g sessions.Held) {
		if ev := f.creditOutage(g, d); ev != nil {
			notices = append(notices, *ev)
		}
	})
	f.m.Emit(notices...)
}

// creditOutage credits g, held, with an outage of d, saved, and returns
// its notice, if any.
func (f *Fleet) creditOutage(g sessions.Held, d time.Duration) *sessions.Event {
	now := storedTime(f.cfg.Now())
	t := credited(g.LastMove(), d, now)
	if g.Over() || t.Equal(g.LastMove()) {
		return nil
	}
	if err := f.store.CreditDowntime(f.ctx, map[int64]time.Time{g.ID(): t}, time.Time{}); err != nil {
		f.log.Error("saving an outage credit", "id", g.ID(), "err", err)
	}
	g.Credit(t)
	if g.ClockNotice() && d >= minResumeNotice {
		return &sessions.Event{Kind: sessions.EventClockResumed, Game: g.Snapshot(), Down: d, Outage: true}
	}
	return nil
}
