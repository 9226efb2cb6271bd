package router

import (
	"context"
	"testing"
	"time"

	"oyunbot/games"
	"oyunbot/sessions"
	"oyunbot/sessions/challenges"
	"oyunbot/sessions/matches"
	"oyunbot/sessions/ratings"
	"oyunbot/sessions/tournaments"
	"oyunbot/store"
)

// testRouter is a router playing reg's games on an in-memory store, wired
// as cmd/bot wires it; now drives both clocks (nil: time.Now).
func testRouter(t testing.TB, reg *games.Registry, now func() time.Time) *Router {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), store.MemoryDB)
	if err != nil {
		t.Fatal(err)
	}
	book := ratings.New()
	tours, chal := tournaments.New(book), challenges.New()
	mr := matches.New()
	mgr, err := sessions.New(t.Context(), sessions.Config{Games: reg, Store: st, Now: now, Tournaments: tours, Challenges: chal, Matches: mr, Ratings: book})
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	r, err := New(t.Context(), Config{Games: reg, Store: st, Now: now, Sessions: mgr, Tournaments: tours, Challenges: chal, Matches: mr, Ratings: book})
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	if err := mgr.Listen(r.OnEvent); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		r.Close()
		st.Close()
	})
	return r
}
