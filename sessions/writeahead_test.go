package sessions_test

import (
	"errors"
	"testing"

	"oyunbot/sessions"
)

// TestWriteAhead: when the store refuses a change, the action fails with
// ErrNotSaved and the game is exactly as before, in memory and in the
// store; once the store accepts writes again the same actions go through.
func TestWriteAhead(t *testing.T) {
	h := newHarness(t, "", nil)
	snap := h.pvp("dama", chanA, ayse, bora)
	if _, err := h.m.Play().Move(bg, snap.ID, ayse.ID, "c3-c4", ""); err != nil {
		t.Fatal(err)
	}
	before, _ := h.m.Lobby().Get(snap.ID)
	if err := h.store.ReadOnlyForTest(bg, true); err != nil {
		t.Fatal(err)
	}
	refused := []struct {
		what string
		do   func() error
	}{
		{"move", func() error { _, err := h.m.Play().Move(bg, snap.ID, bora.ID, "f6-f5", ""); return err }},
		{"draw offer", func() error { _, _, err := h.m.Offers().OfferDraw(bg, snap.ID, bora.ID); return err }},
		{"resignation", func() error { _, err := h.m.Offers().Resign(bg, snap.ID, bora.ID); return err }},
	}
	for _, r := range refused {
		if err := r.do(); !errors.Is(err, sessions.ErrNotSaved) {
			t.Fatalf("%s with a read-only database: err %v, want ErrNotSaved", r.what, err)
		}
		got, err := h.m.Lobby().Get(snap.ID)
		if err != nil || len(got.Moves) != 1 || got.DrawOffer != before.DrawOffer || got.Result != before.Result ||
			got.Version != before.Version || got.Left != before.Left {
			t.Fatalf("after a refused %s: %+v %v", r.what, got, err)
		}
	}
	if err := h.store.ReadOnlyForTest(bg, false); err != nil {
		t.Fatal(err)
	}
	res, err := h.m.Play().Move(bg, snap.ID, bora.ID, "f6-f5", "")
	if err != nil || len(res.Game.Moves) != 2 {
		t.Fatalf("move once writable: %+v %v", res.Game.Moves, err)
	}
	rec, err := h.store.Game(bg, snap.ID)
	if err != nil || len(rec.Moves) != 2 || rec.Version != res.Game.Version {
		t.Fatalf("stored %v (version %d), want 2 moves at version %d: %v", rec.Moves, rec.Version, res.Game.Version, err)
	}
}

// TestWriteAheadBotMove: the bot's move is played only once it is saved; a
// refused save is reported (EventNotSaved) and the position is unchanged.
func TestWriteAheadBotMove(t *testing.T) {
	h := newHarness(t, "", nil)
	if err := h.store.ReadOnlyForTest(bg, false); err != nil { // one connection from the start
		t.Fatal(err)
	}
	snap, err := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: ayse,
		Game: h.game("tictactoe"), Level: "easy"})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.store.ReadOnlyForTest(bg, true); err != nil {
		t.Fatal(err)
	}
	if _, err := h.m.Play().Move(bg, snap.ID, ayse.ID, "b2", ""); !errors.Is(err, sessions.ErrNotSaved) {
		t.Fatalf("move: %v", err)
	}
	h.wait()
	for _, ev := range h.Events() {
		if ev.Kind == sessions.EventBotMoved {
			t.Fatalf("the bot answered a move that was not saved: %+v", ev)
		}
	}
	if err := h.store.ReadOnlyForTest(bg, false); err != nil {
		t.Fatal(err)
	}
	if _, err := h.m.Play().Move(bg, snap.ID, ayse.ID, "b2", ""); err != nil {
		t.Fatal(err)
	}
	h.wait()
	got, _ := h.m.Lobby().Get(snap.ID)
	if len(got.Moves) != 2 {
		t.Fatalf("moves %v, want the person's and the bot's", got.Moves)
	}
}
