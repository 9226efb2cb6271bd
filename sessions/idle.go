package sessions

// idle.go looks at the clocks: fallen flags, idle forfeits, reminders.

import (
	"time"

	"oyunbot/ai"
)

// CheckIdle calls the flags that have fallen and forfeits the games whose
// player to move has been idle for the forfeit time at now (games with a
// time control go by their clock alone), and reminds players once per move
// when their time runs low (a quarter of the move's budget) or they have
// been idle for half the forfeit time. The Manager calls it periodically;
// tests call it with a chosen time.
func (m *Manager) CheckIdle(now time.Time) {
	for _, l := range m.liveGames("") {
		var ev *Event
		l.mu.Lock()
		t := l.pos.Turn()
		if t == ai.Chance && m.handRoll(&l.state) {
			t = l.roller() // a roll by hand is its player's turn: clock and idleness
		}
		tc := l.rec.TimeControl
		if !l.retryBot.IsZero() && !now.Before(l.retryBot) && l.botToMove() {
			l.retryBot = time.Time{}
			m.queueBot(l, "", nil)
		}
		switch {
		case l.rec.Result.Over || (t != ai.First && t != ai.Second) || l.rec.Players[t].Bot:
		case !tc.IsZero():
			left, _ := tc.allowance(l.rec.Left[t], l.rec.LastMove, now)
			at, remind := reminderAt(tc.moveBudget(l.rec.Left[t]))
			switch {
			case left <= 0:
				cp := l.state.clone()
				l.flagSide(t, now)
				if m.commit(m.ctx, l, cp) == nil { // else called again at the next look
					ev = &Event{Kind: EventForfeit, Game: l.snapshot()}
				}
			case remind && left <= at && !l.reminded:
				l.reminded = true
				ev = &Event{Kind: EventReminder, Game: l.snapshot(), Left: left, Void: l.timeoutVoids(t)}
			}
		case m.cfg.IdleForfeit > 0:
			idle := now.Sub(l.rec.LastMove)
			switch {
			case idle >= m.cfg.IdleForfeit:
				cp := l.state.clone()
				l.timeOutSide(t, ReasonIdle, now)
				if m.commit(m.ctx, l, cp) == nil {
					ev = &Event{Kind: EventForfeit, Game: l.snapshot()}
				}
			case idle >= m.cfg.IdleForfeit/2 && !l.reminded:
				l.reminded = true
				ev = &Event{Kind: EventReminder, Game: l.snapshot(), Left: m.cfg.IdleForfeit - idle, Void: l.timeoutVoids(t)}
			}
		}
		l.mu.Unlock()
		if ev == nil {
			continue
		}
		var follow []Event
		dctx, d := Defer(m.ctx) // a new round's bot moves wait for its announcement
		if ev.Kind == EventForfeit {
			ev.Game, follow = m.endedQuiet(dctx, l)
		}
		m.emit(*ev)
		m.emit(follow...)
		m.flush(d)
	}
}

// idleLoop looks at the clocks every IdleCheck (in the shared mode, when
// it holds the sweep lease) and records the heartbeat every HeartbeatEvery.
func (m *Manager) idleLoop() {
	defer close(m.done)
	t := time.NewTicker(m.cfg.IdleCheck)
	defer t.Stop()
	hb := time.NewTicker(HeartbeatEvery)
	defer hb.Stop()
	for {
		select {
		case <-m.ctx.Done():
			return
		case <-t.C:
			m.sweep(m.cfg.Now())
		case <-hb.C:
			m.beat(m.ctx, m.cfg.Now())
		}
	}
}
