package sessions

// idle.go looks at the clocks: fallen flags, idle forfeits, reminders, and
// the bot's moves the store refused, asked for again.

import (
	"time"

	"oyunbot/ai"
)

// Clocks (Manager.Clocks) looks at every held game's clock. It has no state
// and no lock of its own: each game is looked at under its lock, and what
// follows a forfeit is done once it is unlocked.
type Clocks struct {
	*env
	table   *table
	replica *replica
	dice    *dice
	bots    *bots
	settler *settler
}

// CheckIdle calls the flags that have fallen and forfeits the games whose
// player to move has been idle for the forfeit time at now (games with a
// time control go by their clock alone), and reminds players once per move
// when their time runs low (a quarter of the move's budget) or they have
// been idle for half the forfeit time. The Manager calls it periodically;
// tests call it with a chosen time.
func (c *Clocks) CheckIdle(now time.Time) {
	for _, l := range c.table.list("") {
		ev := c.look(l, now)
		if ev == nil {
			continue
		}
		var follow []Event
		dctx, d := Defer(c.ctx) // a new round's bot moves wait for its announcement
		if ev.Kind == EventForfeit {
			ev.Game, follow = c.settler.endedQuiet(dctx, l)
		}
		c.emit(*ev)
		c.emit(follow...)
		c.flush(d)
	}
}

// look looks at l's clock at now: it queues a bot move the store refused
// when its delay is up, and returns the forfeit (saved) or the reminder
// due, if any.
func (c *Clocks) look(l *live, now time.Time) *Event {
	l.mu.Lock()
	defer l.mu.Unlock()
	t := l.pos.Turn()
	if t == ai.Chance && c.dice.handRoll(&l.state) {
		t = l.roller() // a roll by hand is its player's turn: clock and idleness
	}
	tc := l.rec.TimeControl
	if !l.retryBot.IsZero() && !now.Before(l.retryBot) && l.botToMove() {
		l.retryBot = time.Time{}
		c.bots.queue(l, "", nil)
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
			if c.replica.commit(c.ctx, l, cp) == nil { // else called again at the next look
				return &Event{Kind: EventForfeit, Game: l.snapshot()}
			}
		case remind && left <= at && !l.reminded:
			l.reminded = true
			return &Event{Kind: EventReminder, Game: l.snapshot(), Left: left, Void: l.timeoutVoids(t)}
		}
	case c.cfg.IdleForfeit > 0:
		idle := now.Sub(l.rec.LastMove)
		switch {
		case idle >= c.cfg.IdleForfeit:
			cp := l.state.clone()
			l.timeOutSide(t, ReasonIdle, now)
			if c.replica.commit(c.ctx, l, cp) == nil {
				return &Event{Kind: EventForfeit, Game: l.snapshot()}
			}
		case idle >= c.cfg.IdleForfeit/2 && !l.reminded:
			l.reminded = true
			return &Event{Kind: EventReminder, Game: l.snapshot(), Left: c.cfg.IdleForfeit - idle, Void: l.timeoutVoids(t)}
		}
	}
	return nil
}
