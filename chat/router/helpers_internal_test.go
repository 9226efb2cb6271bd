package router

import (
	"context"
	"testing"
	"time"

	"oyunbot/games"
	"oyunbot/sessions"
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
	r, err := New(Config{Games: reg, Store: st, Now: now,
		NewSessions: func(notify func(sessions.Event)) (*sessions.Manager, error) {
			m, err := sessions.New(sessions.Config{Games: reg, Store: st, Notify: notify, Now: now})
			if err != nil {
				return nil, err
			}
			return m, nil
		}})
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		r.Close()
		st.Close()
	})
	return r
}
