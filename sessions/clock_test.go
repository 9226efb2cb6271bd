package sessions_test

import (
	"errors"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/sessions"
)

func TestParseTimeControl(t *testing.T) {
	const (
		s   = time.Second
		min = time.Minute
		h   = time.Hour
		d   = 24 * time.Hour
	)
	for _, tc := range []struct {
		in   string
		want sessions.TimeControl
		str  string
	}{
		{"", sessions.TimeControl{}, ""},
		{"10m", sessions.TimeControl{Base: 10 * min}, "10m"},
		{"10", sessions.TimeControl{Base: 10 * min}, "10m"},
		{"10dk", sessions.TimeControl{Base: 10 * min}, "10m"},
		{"10DAKIKA", sessions.TimeControl{Base: 10 * min}, "10m"},
		{"5m+3s", sessions.TimeControl{Base: 5 * min, Increment: 3 * s}, "5m+3s"},
		{"5dk+3sn", sessions.TimeControl{Base: 5 * min, Increment: 3 * s}, "5m+3s"},
		{"5+3", sessions.TimeControl{Base: 5 * min, Increment: 3 * s}, "5m+3s"},
		{"90s", sessions.TimeControl{Base: 90 * s}, "90s"},
		{"1h30m", sessions.TimeControl{Base: 90 * min}, "90m"},
		{"2sa", sessions.TimeControl{Base: 2 * h}, "2h"},
		{"1d/move", sessions.TimeControl{PerMove: d}, "1d/move"},
		{"1g/hamle", sessions.TimeControl{PerMove: d}, "1d/move"},
		{"1gün/hamle", sessions.TimeControl{PerMove: d}, "1d/move"},
		{"12h/move", sessions.TimeControl{PerMove: 12 * h}, "12h/move"},
		{"30sn/hamle", sessions.TimeControl{PerMove: 30 * s}, "30s/move"},
		{"3d/m", sessions.TimeControl{PerMove: 3 * d}, "3d/move"},
	} {
		got, err := sessions.ParseTimeControl(tc.in)
		if err != nil || got != tc.want {
			t.Errorf("ParseTimeControl(%q) = %+v, %v; want %+v", tc.in, got, err, tc.want)
			continue
		}
		if got.String() != tc.str {
			t.Errorf("%q: String() = %q, want %q", tc.in, got.String(), tc.str)
		}
	}
	for _, in := range []string{"x", "5x", "m", "+3s", "5m+", "5m+0s", "5s", "31d", "1s/move", "5m+2h",
		"/move", "9999999m", "1m1", "5m+3s+2s", "-5m", "5 m"} {
		if got, err := sessions.ParseTimeControl(in); !errors.Is(err, sessions.ErrBadTimeControl) {
			t.Errorf("ParseTimeControl(%q) = %+v, %v; want an error", in, got, err)
		}
	}
}

// FuzzParseTimeControl: parsing never panics, accepted controls are within
// limits, and the canonical form reads back as the same control.
func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"5m+3s", "1g/hamle", "10", "1h30m", "99999d", "5dk+3sn"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := sessions.ParseTimeControl(s)
		if err != nil {
			return
		}
		if tc.Base > sessions.MaxClock || tc.PerMove > sessions.MaxClock || tc.Increment > sessions.MaxIncr ||
			(tc.Base != 0 && tc.Base < sessions.MinClock) || (tc.PerMove != 0 && tc.PerMove < sessions.MinClock) {
			t.Fatalf("%q: out of range %+v", s, tc)
		}
		back, err := sessions.ParseTimeControl(tc.String())
		if err != nil || back != tc {
			t.Fatalf("%q: %+v → %q → %+v, %v", s, tc, tc.String(), back, err)
		}
	})
}

// clockHarness is a harness whose clock the test moves.
func clockHarness(t *testing.T, path string) (*harness, *atomic.Int64) {
	var clock atomic.Int64
	clock.Store(time.Unix(1_700_000_000, 0).UnixNano())
	h := newHarness(t, path, func(c *sessions.Config) {
		c.Now = func() time.Time { return time.Unix(0, clock.Load()) }
		c.IdleCheck = time.Hour // the test calls CheckIdle
	})
	return h, &clock
}

func (h *harness) timed(game string, tc sessions.TimeControl) sessions.Snapshot {
	h.t.Helper()
	if err := h.chal.Issue(bg, sessions.Challenge{Platform: "test", ChannelID: chanA, From: ayse, To: bora,
		Game: h.game(game), TimeControl: tc}); err != nil {
		h.t.Fatal(err)
	}
	s, _, err := h.chal.Accept(bg, "test", chanA, bora, "")
	if err != nil {
		h.t.Fatal(err)
	}
	return s
}

func TestClockIncrementAndPersistence(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	h, clock := clockHarness(t, path)
	tc := sessions.TimeControl{Base: 5 * time.Minute, Increment: 2 * time.Second}
	g := h.timed("dama", tc)
	if g.Left != [2]time.Duration{5 * time.Minute, 5 * time.Minute} || g.TimeControl != tc || !g.Rated {
		t.Fatalf("new game %+v", g)
	}
	step := func(d time.Duration, user, mv string) sessions.Snapshot {
		clock.Add(int64(d))
		res, err := h.m.Play().Move(bg, g.ID, user, mv, "")
		if err != nil || res.Flagged {
			t.Fatalf("%s: %+v %v", mv, res, err)
		}
		return res.Game
	}
	// The clocks start at the first move (issue 20.13): Ayşe's 20 s before
	// it are not charged, her increment is.
	step(20*time.Second, ayse.ID, "c3-c4")
	s := step(65*time.Second, bora.ID, "f6-f5")
	want := [2]time.Duration{5*time.Minute + 2*time.Second, 5*time.Minute - 63*time.Second}
	if s.Left != want || s.Clocks != [2]time.Duration{0, 65 * time.Second} {
		t.Fatalf("clocks %v used %v, want %v", s.Left, s.Clocks, want)
	}
	clock.Add(int64(30 * time.Second))
	now := time.Unix(0, clock.Load())
	if left, ok := s.TimeLeft(now); !ok || left != [2]time.Duration{want[0] - 30*time.Second, want[1]} {
		t.Fatalf("time left %v", left)
	}
	h.m.Close()
	h.store.Close()

	// After a restart (at once: no downtime to credit) the clocks are the
	// stored ones.
	h2 := newHarness(t, path, func(c *sessions.Config) {
		c.Now = func() time.Time { return time.Unix(0, clock.Load()) }
		c.IdleCheck = time.Hour
	})
	got, err := h2.m.Lobby().Get(g.ID)
	if err != nil || got.Left != want || got.TimeControl != tc {
		t.Fatalf("restored %+v %v", got, err)
	}
	clock.Add(int64(want[0] - 30*time.Second)) // exactly Ayşe's time
	res, err := h2.m.Play().Move(bg, g.ID, ayse.ID, "c4-c5", "")
	if err != nil || !res.Flagged || res.Game.Result != (sessions.Result{Over: true, Winner: ai.Second, Reason: sessions.ReasonTime, Points: 1}) {
		t.Fatalf("move after the flag: %+v %v", res, err)
	}
	if len(res.Game.Moves) != 2 || res.Game.Left[0] != 0 {
		t.Fatalf("flagged game %v %v", res.Game.Moves, res.Game.Left)
	}
	if _, err := h2.m.Lobby().Get(g.ID); !errors.Is(err, sessions.ErrNoGame) {
		t.Fatal("a flagged game is still live")
	}
}

func TestClockFlagAndReminderByCheck(t *testing.T) {
	h, clock := clockHarness(t, "")
	g := h.timed("tictactoe", sessions.TimeControl{PerMove: time.Hour})
	// The bot never loses on time, and games without a clock are left to
	// the idle forfeit (disabled here).
	b, _ := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: cem, Game: h.game("tictactoe")})
	start := time.Unix(0, clock.Load())
	count := func(kind sessions.EventKind) int {
		n := 0
		for _, ev := range h.Events() {
			if ev.Kind == kind && ev.Game.ID == g.ID {
				n++
			}
		}
		return n
	}
	h.m.Clocks().CheckIdle(start.Add(44 * time.Minute))
	if count(sessions.EventReminder) != 0 {
		t.Fatal("reminded before a quarter of the hour was left")
	}
	h.m.Clocks().CheckIdle(start.Add(45 * time.Minute))
	h.m.Clocks().CheckIdle(start.Add(50 * time.Minute))
	if n := count(sessions.EventReminder); n != 1 {
		t.Fatalf("%d reminders", n)
	}
	// A move resets the reminder and the per-move clock.
	clock.Add(int64(50 * time.Minute))
	for i, mv := range []string{"b2", "a1", "c3"} {
		if _, err := h.m.Play().Move(bg, g.ID, []string{ayse.ID, bora.ID}[i%2], mv, ""); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Unix(0, clock.Load())
	h.m.Clocks().CheckIdle(now.Add(59 * time.Minute))
	if count(sessions.EventForfeit) != 0 || count(sessions.EventReminder) != 2 {
		t.Fatalf("events %+v", h.Events())
	}
	h.m.Clocks().CheckIdle(now.Add(time.Hour))
	if count(sessions.EventForfeit) != 1 {
		t.Fatalf("no flag: %+v", h.Events())
	}
	for _, ev := range h.Events() {
		if ev.Kind == sessions.EventForfeit && ev.Game.Result != (sessions.Result{Over: true, Winner: ai.First, Reason: sessions.ReasonTime, Points: 1}) {
			t.Fatalf("result %+v", ev.Game.Result)
		}
	}
	h.wait()
	if _, err := h.m.Lobby().Get(b.ID); err != nil {
		t.Fatal("the bot game without a clock was ended")
	}
	// A player whose flag falls before their first move leaves the game
	// without a result (not a win for the other, not rated).
	g = h.timed("tictactoe", sessions.TimeControl{PerMove: time.Hour})
	h.m.Clocks().CheckIdle(time.Unix(0, clock.Load()).Add(time.Hour))
	evs := h.Events()
	if ev := evs[len(evs)-1]; ev.Kind != sessions.EventForfeit || ev.Game.ID != g.ID ||
		ev.Game.Result != (sessions.Result{Over: true, Winner: ai.NoSide, Reason: sessions.ReasonAbandoned}) || ev.Game.Ratings != nil {
		t.Fatalf("flag before the first move: %+v", ev)
	}
}
