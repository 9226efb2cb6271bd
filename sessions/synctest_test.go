package sessions_test

// The Manager's own clock: the fleet's ticker looks at the games every
// IdleCheck, with nobody calling CheckIdle. Each test runs in a
// testing/synctest bubble, where time moves only when every goroutine of
// the bubble (the Manager's included) waits, so that minutes of play pass
// at once and each step is checked at a chosen instant, just before and
// just after what is due.

import (
	"errors"
	"testing"
	"testing/synctest"
	"time"

	"oyunbot/ai"
	"oyunbot/sessions"
)

// after sleeps d of the bubble's time and waits until the Manager has done
// what fell due.
func after(d time.Duration) {
	time.Sleep(d)
	synctest.Wait()
}

// bothMove plays a move of each player in game id (at once: the bubble's
// clock stands still), so that an idle player's forfeit has a result.
func (h *harness) bothMove(id int64) {
	h.t.Helper()
	for _, p := range []sessions.Player{ayse, bora} {
		s, err := h.m.Lobby().Get(id)
		if err != nil {
			h.t.Fatal(err)
		}
		if _, err := h.m.Play().Move(bg, id, p.ID, s.Legal[0], ""); err != nil {
			h.t.Fatal(err)
		}
	}
}

// of returns the events of kind about game id.
func (h *harness) of(kind sessions.EventKind, id int64) []sessions.Event {
	var out []sessions.Event
	for _, ev := range h.Events() {
		if ev.Kind == kind && ev.Game.ID == id {
			out = append(out, ev)
		}
	}
	return out
}

// TestIdleReminderAndForfeitByTheClock: a player idle for half the forfeit
// time is reminded once, and at the forfeit time loses, by the Manager's
// own look at the clocks (every IdleCheck: a second here).
func TestIdleReminderAndForfeitByTheClock(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const forfeit = 10 * time.Minute
		h := newHarness(t, "", func(c *sessions.Config) { c.IdleForfeit = forfeit })
		g := h.pvp("tictactoe", chanA, ayse, bora)
		h.bothMove(g.ID)
		// Ayşe, to move, is idle from now on; the looks fall on whole seconds.
		after(forfeit/2 - time.Second/2)
		if evs := h.of(sessions.EventReminder, g.ID); len(evs) != 0 {
			t.Fatalf("reminded before half the forfeit time: %+v", evs)
		}
		after(time.Second)
		evs := h.of(sessions.EventReminder, g.ID)
		if len(evs) != 1 || evs[0].Left != forfeit/2 || evs[0].Game.Turn != ai.First {
			t.Fatalf("at half the forfeit time, reminders %+v, want one to Ayşe with 5m left", evs)
		}
		after(forfeit/2 - time.Second)
		if evs := h.of(sessions.EventForfeit, g.ID); len(evs) != 0 {
			t.Fatalf("forfeited before the forfeit time: %+v", evs)
		}
		if _, err := h.m.Lobby().Get(g.ID); err != nil {
			t.Fatal("the game before the forfeit time:", err)
		}
		after(time.Second)
		evs = h.of(sessions.EventForfeit, g.ID)
		want := sessions.Result{Over: true, Winner: ai.Second, Reason: sessions.ReasonIdle, Points: 1}
		if len(evs) != 1 || evs[0].Game.Result != want {
			t.Fatalf("at the forfeit time, forfeits %+v, want one %+v", evs, want)
		}
		if _, err := h.m.Lobby().Get(g.ID); !errors.Is(err, sessions.ErrNoGame) {
			t.Fatalf("the forfeited game is still held: %v", err)
		}
		if rec, _ := h.store.Game(bg, g.ID); rec.Result != want {
			t.Fatalf("stored %+v", rec.Result)
		}
		if n := len(h.of(sessions.EventReminder, g.ID)); n != 1 {
			t.Fatalf("%d reminders in all, want 1", n)
		}
	})
}

// TestFlagFallsByTheClock: a timed game's player is reminded at a quarter
// of the move's time and loses on time when the flag falls, by the
// Manager's own look at the clocks (every DefaultClockCheck).
func TestFlagFallsByTheClock(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHarness(t, "", nil) // no idle forfeit: the clock alone
		g := h.timed("dama", sessions.TimeControl{Base: time.Minute})
		h.bothMove(g.ID)
		// Ayşe has a minute; reminded with 15 s left, flagged at 0.
		after(45*time.Second - time.Second/2)
		if evs := h.of(sessions.EventReminder, g.ID); len(evs) != 0 {
			t.Fatalf("reminded with more than a quarter of the time left: %+v", evs)
		}
		after(time.Second)
		evs := h.of(sessions.EventReminder, g.ID)
		if len(evs) != 1 || evs[0].Left != 15*time.Second || evs[0].Game.Turn != ai.First {
			t.Fatalf("with a quarter left, reminders %+v, want one to Ayşe with 15s left", evs)
		}
		after(15*time.Second - time.Second)
		if evs := h.of(sessions.EventForfeit, g.ID); len(evs) != 0 {
			t.Fatalf("flagged with time left: %+v", evs)
		}
		after(time.Second)
		evs = h.of(sessions.EventForfeit, g.ID)
		want := sessions.Result{Over: true, Winner: ai.Second, Reason: sessions.ReasonTime, Points: 1}
		if len(evs) != 1 || evs[0].Game.Result != want {
			t.Fatalf("at the flag, forfeits %+v, want one %+v", evs, want)
		}
		if rec, _ := h.store.Game(bg, g.ID); rec.Result != want || rec.Left[ai.First] != 0 {
			t.Fatalf("stored %+v, clocks %v", rec.Result, rec.Left)
		}
	})
}
