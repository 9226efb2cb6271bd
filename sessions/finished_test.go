package sessions_test

import (
	"errors"
	"path/filepath"
	"slices"
	"testing"

	"oyunbot/ai"
	"oyunbot/sessions"
)

// TestFinishedByID: a finished game is found by its id, with its moves,
// board and result, also after a restart; an unfinished or unknown id is
// not (an unfinished game is Get's).
func TestFinishedByID(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	h := newHarness(t, path, nil)
	g := h.pvp("tictactoe", chanA, ayse, bora)
	for i, mv := range []string{"b2", "a1", "c3"} {
		if _, err := h.m.Play().Move(bg, g.ID, []string{ayse.ID, bora.ID}[i%2], mv, ""); err != nil {
			t.Fatal(err)
		}
	}
	if _, ok := h.m.Lobby().Finished(bg, g.ID); ok {
		t.Fatal("an unfinished game was given as finished")
	}
	end, err := h.m.Offers().Resign(bg, g.ID, bora.ID)
	if err != nil {
		t.Fatal(err)
	}
	live := h.pvp("dama", chanA, ayse, bora) // unfinished, in memory
	check := func(m *sessions.Manager) {
		t.Helper()
		got, ok := m.Lobby().Finished(bg, g.ID)
		if !ok {
			t.Fatal("finished game not found")
		}
		if got.ID != g.ID || got.ChannelID != chanA || !slices.Equal(got.Moves, []string{"b2", "a1", "c3"}) ||
			!slices.Equal(got.Board, end.Board) || got.Result != (sessions.Result{Over: true, Winner: ai.First, Reason: sessions.ReasonResigned, Points: 1}) ||
			got.SideOf(bora.ID) != ai.Second || len(got.Legal) != 0 {
			t.Fatalf("finished game %+v, want the end %+v", got, end)
		}
		if _, ok := m.Lobby().Finished(bg, live.ID); ok {
			t.Fatal("a live game was given as finished")
		}
		if _, ok := m.Lobby().Finished(bg, 999); ok {
			t.Fatal("an unknown id was found")
		}
		if _, err := m.Lobby().Get(g.ID); !errors.Is(err, sessions.ErrNoGame) {
			t.Fatalf("Get of a finished game: %v", err)
		}
	}
	check(h.m)
	h.m.Close()
	h.store.Close()
	check(newHarness(t, path, nil).m)
}
