package storetest

// conflict.go pins SaveGame's compare-and-set: several processes share a
// store, and a change made on a stale copy of a game must be refused, not
// written over the newer one.

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"oyunbot/sessions"
)

// isConflict fails the test unless err is ErrConflict.
func isConflict(t *testing.T, what string, err error) {
	t.Helper()
	if !errors.Is(err, sessions.ErrConflict) {
		t.Fatalf("%s: err = %v, want ErrConflict", what, err)
	}
}

// testSaveConflict: a save is taken only as the version after the stored
// one; any other version (the same, an older, one skipping ahead) changes
// nothing and says ErrConflict, and the game can then be saved from the
// version it is at.
func testSaveConflict(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	g := game("c", ayse, bora)
	g.Version = 3
	g = create(t, s, g)
	want := g
	for _, tc := range []struct {
		name    string
		version int64
	}{
		{"the same version", 3},
		{"an older version", 2},
		{"version 0", 0},
		{"skipping a version", 5},
	} {
		stale := g
		stale.Moves = []string{"stale"}
		stale.Version = tc.version
		isConflict(t, "SaveGame of "+tc.name, s.SaveGame(ctx, stale))
		same(t, "stored after refusing "+tc.name, stored(t, s, g.ID), want)
	}
	g.Moves = []string{"b2"}
	save(t, s, &g)
	same(t, "stored after the next version", stored(t, s, g.ID), g)
	old := g
	old.Version-- // the version the save above replaced
	isConflict(t, "SaveGame of the replaced version", s.SaveGame(ctx, old))
}

// testSaveRace: many writers save the same game from the same version at
// once: exactly one wins, the others get ErrConflict, and the stored game
// is the winner's.
func testSaveRace(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	g := create(t, s, game("c", ayse, bora))
	const rounds = 20
	for r := range rounds {
		var (
			wg   sync.WaitGroup
			mu   sync.Mutex
			wins []sessions.GameRecord
		)
		for w := range writers {
			wg.Go(func() {
				rec := g
				rec.Moves = append(append([]string{}, g.Moves...), fmt.Sprint("w", w))
				rec.Version = g.Version + 1
				switch err := s.SaveGame(ctx, rec); {
				case err == nil:
					mu.Lock()
					wins = append(wins, rec)
					mu.Unlock()
				case !errors.Is(err, sessions.ErrConflict):
					t.Errorf("round %d, writer %d: SaveGame: %v, want nil or ErrConflict", r, w, err)
				}
			})
		}
		wg.Wait()
		if len(wins) != 1 {
			t.Fatalf("round %d: %d writers won, want exactly one", r, len(wins))
		}
		g = wins[0]
		same(t, fmt.Sprint("stored after round ", r), stored(t, s, g.ID), g)
	}
}
