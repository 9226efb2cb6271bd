package sessions

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"oyunbot/games"
	"oyunbot/games/dama"
)

// TestAdoptOnlyMovesForward: a copy of a game takes a stored record only
// if it is newer (a later version, or the same version with its clock
// credited). A record read before a save the copy already has, as
// syncAll's batch read of every game can be, must not put the copy back:
// under the race detector's timing the two-process race test saw a
// finished game rolled back to an older record and its last move
// acknowledged at the wrong place (issue 14).
func TestAdoptOnlyMovesForward(t *testing.T) {
	ctx := context.Background()
	reg, err := games.NewRegistry(dama.Game{})
	if err != nil {
		t.Fatal(err)
	}
	st := openSQLite(t, filepath.Join(t.TempDir(), "b.db"))
	m, err := New(t.Context(), Config{Games: reg, Store: st, Notify: func(Event) {}, IdleForfeit: -1, Shared: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close() })
	g, _ := reg.Lookup("dama")
	a, b := Player{ID: "a", Name: "A"}, Player{ID: "b", Name: "B"}
	// The game an accepted challenge starts (the challenges are package
	// sessions/challenges now, which this internal test cannot import).
	snap, err := m.lobby.StartBetween(ctx, GameRecord{Platform: "t", ChannelID: "c", Players: [2]Player{a, b}, Rated: true}, g)
	if err != nil {
		t.Fatal(err)
	}
	id := snap.ID
	play := func(n int) {
		t.Helper()
		for range n {
			s, err := m.lobby.Get(id)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := m.play.Move(ctx, id, s.Players[s.Turn].ID, s.Legal[0], ""); err != nil {
				t.Fatal(err)
			}
		}
	}
	play(2)
	stale, err := st.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	play(2)
	l, _ := m.table.held(id)
	l.mu.Lock()
	defer l.mu.Unlock()
	held := l.rec.Version
	if m.replica.adopt(l, stale) || len(l.rec.Moves) != 4 {
		t.Fatalf("an older record (version %d, 2 moves) was taken over the copy's version %d: %d moves now",
			stale.Version, held, len(l.rec.Moves))
	}
	same := l.rec
	same.Moves = stale.Moves // same version and time: nothing new
	if m.replica.adopt(l, same) || len(l.rec.Moves) != 4 {
		t.Fatal("a record of the copy's own version and time was taken")
	}
	credited := l.rec
	credited.LastMove = l.rec.LastMove.Add(time.Minute)
	if !m.replica.adopt(l, credited) || !l.rec.LastMove.Equal(credited.LastMove) || len(l.rec.Moves) != 4 {
		t.Fatal("a clock credit (same version, later LastMove) was not taken")
	}
}
