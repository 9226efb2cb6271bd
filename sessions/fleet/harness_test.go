package fleet_test

import (
	"context"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
	"oyunbot/sessions/challenges"
	"oyunbot/sessions/fleet"
	"oyunbot/store"
)

var (
	ayse  = sessions.Player{ID: "u1", Name: "Ayşe"}
	bora  = sessions.Player{ID: "u2", Name: "Bora"}
	cem   = sessions.Player{ID: "u3", Name: "Cem"}
	bg    = context.Background()
	chanA = "chan-a"
)

// harness is a Manager and its fleet on a real SQLite file, recording
// their events: a bot process.
type harness struct {
	t     *testing.T
	m     *sessions.Manager
	fleet *fleet.Fleet
	chal  *challenges.Book // the Manager's challenges
	store *store.SQLStore
	reg   *games.Registry

	mu     sync.Mutex
	events []sessions.Event
}

// process starts a Manager and its fleet on path (a new file for "") with
// the clock now, as the bot's process would at start-up; its sweep looks
// at the clocks hourly (the test calls CheckIdle).
func process(t *testing.T, path string, now func() time.Time, idle time.Duration) *harness {
	t.Helper()
	if path == "" {
		path = filepath.Join(t.TempDir(), "games.db")
	}
	reg, err := games.NewRegistry(dama.Game{}, tictactoe.Game{})
	if err != nil {
		t.Fatal(err)
	}
	h := &harness{t: t, reg: reg, chal: challenges.New()}
	if h.store, err = store.OpenSQLite(bg, path); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.store.Close() })
	h.m, err = sessions.New(t.Context(), sessions.Config{Games: reg, Store: h.store, Notify: h.record, Seed: 1, IdleForfeit: idle,
		NewEngine: smallEngine, Now: now, IdleCheck: time.Hour, Challenges: h.chal})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.m.Close() })
	h.fleet = fleet.New(h.m, fleet.Config{})
	if err := h.m.Go(h.fleet.Run); err != nil {
		t.Fatal(err)
	}
	return h
}

// smallEngine has a small table: a 16 MiB table per worker is slow to
// allocate under -race.
func smallEngine() sessions.Engine {
	opts := ai.DefaultOptions()
	opts.TTSizeMB = 1
	return ai.NewEngine(opts)
}

func (h *harness) record(ev sessions.Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.events = append(h.events, ev)
}

// Events are the events recorded so far.
func (h *harness) Events() []sessions.Event {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.events)
}

func (h *harness) game(name string) games.Game {
	g, ok := h.reg.Lookup(name)
	if !ok {
		h.t.Fatalf("no game %q", name)
	}
	return g
}

// timed starts a game between Ayşe (first) and Bora with time control tc.
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
