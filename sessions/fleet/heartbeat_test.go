package fleet_test

import (
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/sessions"
	"oyunbot/store"
)

// fakeNow is a clock the test moves, shared by the Managers of one test
// (one "process" after another).
func fakeNow() (*atomic.Int64, func() time.Time) {
	var ns atomic.Int64
	ns.Store(time.Unix(1_700_000_000, 0).UnixNano())
	return &ns, func() time.Time { return time.Unix(0, ns.Load()) }
}

// stopFor stops h's "process" and lets down pass before the next start.
func stopFor(h *harness, clock *atomic.Int64, down time.Duration) {
	h.m.Close() // its fleet records the stop time as the last heartbeat
	h.store.Close()
	clock.Add(int64(down))
}

func (h *harness) forfeits(id int64) []sessions.Event {
	var out []sessions.Event
	for _, ev := range h.Events() {
		if ev.Kind == sessions.EventForfeit && ev.Game.ID == id {
			out = append(out, ev)
		}
	}
	return out
}

func (h *harness) resumed() []sessions.Event {
	var out []sessions.Event
	for _, ev := range h.Events() {
		if ev.Kind == sessions.EventClockResumed {
			out = append(out, ev)
		}
	}
	return out
}

// TestDowntimeNotCharged: a game clock with increment, a limit per move and
// the idle forfeit alike stop while the bot is down: after 65 s (or two
// hours) down, the player to move has exactly the time they had when it
// stopped, the flag falls that much later, the credit is stored, and
// clocked games get a notice when their platform resumes.
func TestDowntimeNotCharged(t *testing.T) {
	for _, tc := range []struct {
		name   string
		tc     sessions.TimeControl
		idle   time.Duration
		down   time.Duration
		left   time.Duration // Bora's time when the bot stops, 20 s into the move
		reason string
	}{
		// Bora used 1 s on a1 and got 2 s back: 61 s, 41 s of them at the stop.
		{"game clock", sessions.TimeControl{Base: time.Minute, Increment: 2 * time.Second}, -1, 65 * time.Second,
			41 * time.Second, sessions.ReasonTime},
		{"per move", sessions.TimeControl{PerMove: 30 * time.Second}, -1, 65 * time.Second,
			10 * time.Second, sessions.ReasonTime},
		{"idle forfeit", sessions.TimeControl{}, time.Hour, 2 * time.Hour,
			time.Hour - 20*time.Second, sessions.ReasonIdle},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "games.db")
			clock, now := fakeNow()
			h := process(t, path, now, tc.idle)
			g := h.timed("tictactoe", tc.tc)
			for i, mv := range []string{"b2", "a1", "c3"} { // both have moved: a flag is a loss
				clock.Add(int64(time.Second))
				if _, err := h.m.Play().Move(bg, g.ID, []string{ayse.ID, bora.ID}[i%2], mv, ""); err != nil {
					t.Fatal(err)
				}
			}
			turn := now() // Bora's move begins
			clock.Add(int64(20 * time.Second))
			stopFor(h, clock, tc.down)

			h = process(t, path, now, tc.idle)
			start := now()
			s, err := h.m.Lobby().Get(g.ID)
			if err != nil {
				t.Fatal(err)
			}
			if want := turn.Add(tc.down); !s.LastMove.Equal(want) {
				t.Fatalf("Bora's move begins at %v after the restart, want %v", s.LastMove, want)
			}
			if stored, err := h.store.Game(bg, g.ID); err != nil || !stored.LastMove.Equal(s.LastMove) {
				t.Fatalf("the credit is not stored: %v, %v", stored.LastMove, err)
			}
			if left, ok := s.TimeLeft(start); ok && left[ai.Second] != tc.left {
				t.Fatalf("Bora has %v after the restart, want %v", left[ai.Second], tc.left)
			}
			h.m.Clocks().CheckIdle(start.Add(tc.left - time.Millisecond))
			if evs := h.forfeits(g.ID); len(evs) != 0 {
				t.Fatalf("forfeit %v before Bora's time ran out", evs[0].Game.Result)
			}
			h.m.Clocks().CheckIdle(start.Add(tc.left))
			evs := h.forfeits(g.ID)
			if len(evs) != 1 || evs[0].Game.Result != (sessions.Result{Over: true, Winner: ai.First, Reason: tc.reason, Points: 1}) {
				t.Fatalf("no forfeit when Bora's time ran out: %+v", evs)
			}

			h.m.Resume("test")
			// The game is over by now: no notice for it. See TestResumeNotice.
			if evs := h.resumed(); len(evs) != 0 {
				t.Fatalf("notice for a finished game: %+v", evs)
			}
		})
	}
}

// TestResumeNotice: each unfinished clocked game of a platform gets one
// EventClockResumed, with the downtime, when the platform resumes; games
// without a clock are credited silently.
func TestResumeNotice(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	clock, now := fakeNow()
	h := process(t, path, now, time.Hour)
	clocked := h.timed("tictactoe", sessions.TimeControl{Base: time.Minute})
	casual, err := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: "chan-b", Player: cem, Game: h.game("xox")})
	if err != nil {
		t.Fatal(err)
	}
	stopFor(h, clock, 65*time.Second)

	h = process(t, path, now, time.Hour)
	if evs := h.resumed(); len(evs) != 0 {
		t.Fatalf("notice before the platform resumed: %+v", evs)
	}
	h.m.Resume("other")
	h.m.Resume("test")
	h.m.Resume("test")
	evs := h.resumed()
	if len(evs) != 1 || evs[0].Game.ID != clocked.ID || evs[0].Down != 65*time.Second {
		t.Fatalf("notices %+v", evs)
	}
	if s, err := h.m.Lobby().Get(casual.ID); err != nil || !s.LastMove.Equal(casual.LastMove.Add(65*time.Second)) {
		t.Fatalf("the game without a clock is not credited: %v, %v", s.LastMove, err)
	}
}

// TestDowntimeCreditedOnce: the credit and the new heartbeat are stored
// together, so a second start (after a crash right after the first) credits
// only the time since the first, and a move begun after the last heartbeat
// starts over at the restart, not later.
func TestDowntimeCreditedOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	clock, now := fakeNow()
	h := process(t, path, now, -1)
	g := h.timed("tictactoe", sessions.TimeControl{Base: time.Minute})
	// The clocks start at the first move (issue 20.13): Bora's reply is
	// the move charged 10 s.
	if _, err := h.m.Play().Move(bg, g.ID, ayse.ID, "b2", ""); err != nil {
		t.Fatal(err)
	}
	beat := now()
	clock.Add(int64(10 * time.Second))
	if _, err := h.m.Play().Move(bg, g.ID, bora.ID, "a1", ""); err != nil {
		t.Fatal(err)
	}
	clock.Add(int64(3 * time.Second))
	stopFor(h, clock, time.Minute)
	// A crash: the last heartbeat was before Ayşe's move.
	if st, err := store.OpenSQLite(bg, path); err != nil {
		t.Fatal(err)
	} else if err := st.SaveHeartbeat(bg, beat); err != nil || st.Close() != nil {
		t.Fatal(err)
	}

	h = process(t, path, now, -1)
	restart := now()
	s, err := h.m.Lobby().Get(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if left, _ := s.TimeLeft(restart); !s.LastMove.Equal(restart) || left != [2]time.Duration{time.Minute, 50 * time.Second} {
		t.Fatalf("after the restart: move begun %v (restart %v), left %v", s.LastMove, restart, left)
	}
	// The start stored the credit and its heartbeat: a start 5 s later
	// credits those 5 s, not the minute again.
	if hb, err := h.store.Heartbeat(bg); err != nil || !hb.Equal(restart) {
		t.Fatalf("heartbeat %v, %v; want the restart %v", hb, err, restart)
	}
	stopFor(h, clock, 5*time.Second)
	h = process(t, path, now, -1)
	if s, err := h.m.Lobby().Get(g.ID); err != nil || !s.LastMove.Equal(restart.Add(5*time.Second)) {
		t.Fatalf("second start: move begun %v, want %v", s.LastMove, restart.Add(5*time.Second))
	}
}

// TestCreditOutage: a platform's outage is credited to that platform's
// games alone, stored, and announced; never beyond the start of the move.
func TestCreditOutage(t *testing.T) {
	clock, now := fakeNow()
	h := process(t, "", now, -1)
	g := h.timed("tictactoe", sessions.TimeControl{Base: time.Minute})
	if err := h.chal.Issue(bg, sessions.Challenge{Platform: "tg", ChannelID: "c", From: ayse, To: bora,
		Game: h.game("xox"), TimeControl: sessions.TimeControl{Base: time.Minute}}); err != nil {
		t.Fatal(err)
	}
	other, _, err := h.chal.Accept(bg, "tg", "c", bora, "")
	if err != nil {
		t.Fatal(err)
	}
	// The clocks start at the first move (issue 20.13): Bora's move is the
	// one on the clock.
	if _, err := h.m.Play().Move(bg, g.ID, ayse.ID, "b2", ""); err != nil {
		t.Fatal(err)
	}
	clock.Add(int64(40 * time.Second))

	h.fleet.CreditOutage("test", 30*time.Second)
	s, _ := h.m.Lobby().Get(g.ID)
	if left, _ := s.TimeLeft(now()); left[ai.Second] != 50*time.Second {
		t.Fatalf("Bora has %v after a 30 s outage 40 s into his move, want 50s", left[ai.Second])
	}
	if stored, err := h.store.Game(bg, g.ID); err != nil || !stored.LastMove.Equal(s.LastMove) {
		t.Fatalf("the credit is not stored: %v, %v", stored.LastMove, err)
	}
	if s, _ := h.m.Lobby().Get(other.ID); !s.LastMove.Equal(other.LastMove) {
		t.Fatal("another platform's game was credited")
	}
	if evs := h.resumed(); len(evs) != 1 || evs[0].Game.ID != g.ID || evs[0].Down != 30*time.Second {
		t.Fatalf("notices %+v", evs)
	}

	h.fleet.CreditOutage("tg", time.Hour) // longer than the move: the whole move is given back
	if s, _ := h.m.Lobby().Get(other.ID); !s.LastMove.Equal(now()) {
		t.Fatalf("move begun %v after an outage longer than it, want now %v", s.LastMove, now())
	}
}
