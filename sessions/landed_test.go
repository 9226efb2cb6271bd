package sessions_test

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"

	"oyunbot/sessions"
)

// answerLostStore is a store whose next save's answer is lost: with
// commit set, the save is made and an error returned anyway (a network
// database that committed and then dropped the connection); without, the
// save fails.
type answerLostStore struct {
	sessions.Store
	lose, commit, uncertain atomic.Bool
	unreadable              atomic.Int32 // reads that fail next (the database still down)
}

func (s *answerLostStore) Game(ctx context.Context, id int64) (sessions.GameRecord, error) {
	if s.unreadable.Add(-1) >= 0 {
		return sessions.GameRecord{}, errConnectionReset
	}
	return s.Store.Game(ctx, id)
}

var errConnectionReset = errors.New("read tcp 127.0.0.1:5432: connection reset by peer")

func (s *answerLostStore) SaveGame(ctx context.Context, rec sessions.GameRecord) error {
	if !s.lose.Swap(false) {
		return s.Store.SaveGame(ctx, rec)
	}
	if s.commit.Load() {
		if err := s.Store.SaveGame(ctx, rec); err != nil {
			return err
		}
	}
	if s.uncertain.Load() {
		return fmt.Errorf("%w: %w", sessions.ErrUncertain, errConnectionReset)
	}
	return errConnectionReset
}

// TestSaveWhoseAnswerWasLost: a move whose save reached the store but
// whose answer was lost is acknowledged, not refused as unsaved (it is in
// the store, and would show as played at the next read); a save that did
// not reach the store is refused and the game unchanged.
func TestSaveWhoseAnswerWasLost(t *testing.T) {
	var st *answerLostStore
	h := newHarness(t, "", func(c *sessions.Config) {
		st = &answerLostStore{Store: c.Store}
		c.Store = st
	})
	g := h.pvp("dama", chanA, ayse, bora)

	st.lose.Store(true)
	if _, err := h.m.Play().Move(bg, g.ID, ayse.ID, "c3-c4", ""); !errors.Is(err, sessions.ErrNotSaved) {
		t.Fatalf("a save that failed: %v, want ErrNotSaved", err)
	}
	if rec, _ := h.store.Game(bg, g.ID); len(rec.Moves) != 0 {
		t.Fatalf("stored %v after a failed save", rec.Moves)
	}

	st.lose.Store(true)
	st.commit.Store(true)
	res, err := h.m.Play().Move(bg, g.ID, ayse.ID, "c3-c4", "")
	if err != nil {
		t.Fatalf("a save stored whose answer was lost: %v, want the move acknowledged", err)
	}
	rec, err := h.store.Game(bg, g.ID)
	if err != nil || len(rec.Moves) != 1 || rec.Moves[0] != "c3-c4" || rec.Version != res.Game.Version {
		t.Fatalf("stored %v (version %d, %v); acknowledged version %d", rec.Moves, rec.Version, err, res.Game.Version)
	}
	// The game goes on from there.
	if _, err := h.m.Play().Move(bg, g.ID, bora.ID, "b6-b5", ""); err != nil {
		t.Fatal(err)
	}

	// The database went down after taking the save (uncertain), and
	// answers reads again a moment later: the Manager waits for it.
	st.lose.Store(true)
	st.uncertain.Store(true)
	st.unreadable.Store(3)
	if _, err := h.m.Play().Move(bg, g.ID, ayse.ID, "b3-b4", ""); err != nil {
		t.Fatalf("an uncertain save, stored, read back once the database answered: %v, want the move acknowledged", err)
	}
	// A save that failed for sure is not waited for: with the database
	// unreadable it is refused at once.
	st.lose.Store(true)
	st.commit.Store(false)
	st.uncertain.Store(false)
	st.unreadable.Store(1_000_000)
	snap, err := h.m.Lobby().Get(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.m.Play().Move(bg, g.ID, bora.ID, snap.Legal[0], ""); !errors.Is(err, sessions.ErrNotSaved) {
		t.Fatalf("a failed save: %v, want ErrNotSaved", err)
	}
	st.unreadable.Store(0)
	if rec, _ := h.store.Game(bg, g.ID); len(rec.Moves) != 3 || rec.Moves[2] != "b3-b4" {
		t.Fatalf("stored %v, want 3 moves ending with b3-b4", rec.Moves)
	}
}
