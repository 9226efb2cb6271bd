package fleet

import (
	"errors"
	"oyunbot/sessions/outbox"
	"path/filepath"
	"testing"
	"time"

	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/sessions"
	"oyunbot/store"
)

// TestSweepForgetsIdleBoards: the sweep's hourly clean-up drops the board
// messages of games idle longer than boardsKept and keeps the others, so
// that live_boards does not grow with every game ever shown.
func TestSweepForgetsIdleBoards(t *testing.T) {
	ctx := t.Context()
	reg, err := games.NewRegistry(dama.Game{})
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1_800_000_000, 0)
	st, err := store.OpenSQLite(ctx, filepath.Join(t.TempDir(), "b.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, b := range []outbox.LiveBoard{
		{Platform: "telegram", ChannelID: "-1", Game: 1, Ref: "old", Posted: now.Add(-boardsKept - time.Hour), Shown: now.Add(-boardsKept - time.Minute)},
		{Platform: "telegram", ChannelID: "-1", Game: 2, Ref: "recent", Posted: now.Add(-boardsKept), Shown: now.Add(-time.Hour)},
	} {
		if err := st.SaveLiveBoard(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	m, err := sessions.New(t.Context(), sessions.Config{Games: reg, Store: st, Notify: func(sessions.Event) {}, IdleForfeit: -1, Now: func() time.Time { return now }})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	New(m, Config{}).forgetUpdates(ctx, now)
	if _, err := st.LiveBoard(ctx, "telegram", "-1", 1); !errors.Is(err, sessions.ErrNotFound) {
		t.Errorf("the board of a game idle over %v: %v, want it forgotten", boardsKept, err)
	}
	if b, err := st.LiveBoard(ctx, "telegram", "-1", 2); err != nil || b.Ref != "recent" {
		t.Errorf("the board of a game shown an hour ago: %+v, %v; want it kept", b, err)
	}
}
