package router

import (
	"context"
	"testing"
	"time"

	"oyunbot/games"
	"oyunbot/sessions"
)

// testRouter is a router playing reg's games on an in-memory store, wired
// as cmd/bot wires it; now drives both clocks (nil: time.Now).
func testRouter(t testing.TB, reg *games.Registry, now func() time.Time) *Router {
	t.Helper()
	store, err := sessions.OpenSQLite(context.Background(), sessions.MemoryDB)
	if err != nil {
		t.Fatal(err)
	}
	r, err := New(Config{Games: reg, Store: store, Now: now,
		NewSessions: func(notify func(sessions.Event)) (*sessions.Manager, error) {
			m, err := sessions.New(sessions.Config{Games: reg, Store: store, Notify: notify, Now: now})
			if err != nil {
				return nil, err
			}
			return m, nil
		}})
	if err != nil {
		store.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		r.Close()
		store.Close()
	})
	return r
}
