package challenges_test

// The challenges kept by a Book beside a Manager on a real SQLite file
// (TestChallenges moved here from package sessions' tests with the
// challenges, issue 38; its harness is a small one of its own).

import (
	"context"
	"errors"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/sessions"
	"oyunbot/sessions/challenges"
	"oyunbot/store"
)

var (
	ayse  = sessions.Player{ID: "u1", Name: "Ayşe"}
	bora  = sessions.Player{ID: "u2", Name: "Bora"}
	cem   = sessions.Player{ID: "u3", Name: "Cem"}
	bg    = context.Background()
	chanA = "chan-a"
)

// harness is a Manager and its challenges on a SQLite file.
type harness struct {
	t    *testing.T
	m    *sessions.Manager
	chal *challenges.Book
	reg  *games.Registry
}

func newHarness(t *testing.T, mod func(*sessions.Config)) *harness {
	t.Helper()
	reg, err := games.NewRegistry(dama.Game{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.OpenSQLite(bg, filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	h := &harness{t: t, chal: challenges.New(), reg: reg}
	cfg := sessions.Config{Games: reg, Store: st, Notify: func(sessions.Event) {}, Seed: 1, IdleForfeit: -1, Challenges: h.chal}
	if mod != nil {
		mod(&cfg)
	}
	if h.m, err = sessions.New(t.Context(), cfg); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.m.Close() })
	return h
}

func (h *harness) game(name string) games.Game {
	g, ok := h.reg.Lookup(name)
	if !ok {
		h.t.Fatalf("no game %q", name)
	}
	return g
}

func TestChallenges(t *testing.T) {
	now := time.Unix(1_700_000_000, 0)
	var clock atomic.Int64
	clock.Store(now.UnixNano())
	h := newHarness(t, func(c *sessions.Config) {
		c.Now = func() time.Time { return time.Unix(0, clock.Load()) }
	})
	dg := h.game("dama")
	ch := func(from, to sessions.Player, side ai.Side) error {
		return h.chal.Issue(bg, sessions.Challenge{Platform: "test", ChannelID: chanA, From: from, To: to, Game: dg, Side: side})
	}
	if err := ch(ayse, ayse, ai.First); !errors.Is(err, sessions.ErrSelfChallenge) {
		t.Fatalf("self challenge: %v", err)
	}
	if _, _, err := h.chal.Accept(bg, "test", chanA, bora, ""); !errors.Is(err, sessions.ErrNoChallenge) {
		t.Fatalf("accept without challenge: %v", err)
	}
	if err := ch(ayse, bora, ai.First); err != nil {
		t.Fatal(err)
	}
	if n := len(h.chal.Pending("test", chanA, bora.ID)); n != 1 {
		t.Fatalf("%d challenges", n)
	}
	if _, _, err := h.chal.Accept(bg, "test", "other-channel", bora, ""); !errors.Is(err, sessions.ErrNoChallenge) {
		t.Fatalf("accept in another channel: %v", err)
	}
	if _, _, err := h.chal.Accept(bg, "test", chanA, cem, ""); !errors.Is(err, sessions.ErrNoChallenge) {
		t.Fatalf("accept by someone else: %v", err)
	}
	c, err := h.chal.Decline(bg, "test", chanA, bora.ID, "")
	if err != nil || c.From.ID != ayse.ID {
		t.Fatalf("decline: %+v %v", c, err)
	}
	if _, _, err := h.chal.Accept(bg, "test", chanA, bora, ""); !errors.Is(err, sessions.ErrNoChallenge) {
		t.Fatalf("accept after decline: %v", err)
	}
	// The challenger asks to play black.
	if err := ch(ayse, bora, ai.Second); err != nil {
		t.Fatal(err)
	}
	s, _, err := h.chal.Accept(bg, "test", chanA, bora, ayse.ID)
	if err != nil || s.SideOf(bora.ID) != ai.First || s.SideOf(ayse.ID) != ai.Second {
		t.Fatalf("accept: %+v %v", s.Players, err)
	}
	// One game per pair per channel, in either direction.
	var pe *sessions.PlayingError
	if err := ch(bora, ayse, ai.First); !errors.As(err, &pe) || pe.Game.ID != s.ID {
		t.Fatalf("second game for the pair: %v", err)
	}
	// Other pairs and other channels are fine.
	if err := ch(ayse, cem, ai.First); err != nil {
		t.Fatal(err)
	}
	if err := h.chal.Issue(bg, sessions.Challenge{Platform: "test", ChannelID: "other", From: ayse, To: bora, Game: dg}); err != nil {
		t.Fatal(err)
	}
	// Challenges expire.
	clock.Add(int64(2 * sessions.DefaultChallengeTTL))
	if _, _, err := h.chal.Accept(bg, "test", chanA, cem, ""); !errors.Is(err, sessions.ErrNoChallenge) {
		t.Fatalf("accept of an expired challenge: %v", err)
	}
	if got := h.m.Lobby().Find("test", chanA, ayse.ID); len(got) != 1 || got[0].ID != s.ID {
		t.Fatalf("find: %+v", got)
	}
}
