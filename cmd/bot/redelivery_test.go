package main

import (
	"context"
	"slices"
	"testing"

	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/store"
)

// TestRedeliveredUpdateAppliedOnce: Telegram sends an update again when
// its webhook's answer did not arrive, to whichever process the load
// balancer picks, before or after a restart. Two built processes on one
// PostgreSQL database: a puzzle move (sliding tile 7, which a second
// application would slide back) is re-sent to process 0, to process 1, and
// to process 0 again after it was killed and started anew: the game holds
// the move once (issue 21.1: it became ['7', '7']).
func TestRedeliveredUpdateAppliedOnce(t *testing.T) {
	f := newBotFleet(t, 2)
	f.start(0)
	f.start(1)
	st, err := store.OpenPostgres(context.Background(), f.dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()

	ali := telegramtest.User{ID: 501, FirstName: "Ali"}
	dm := telegramtest.Private(ali)
	if _, err := f.tg.SendText(dm, ali, "/play puzzle8 from 1,2,3,4,5,6,0,7,8"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.tg.SendText(dm, ali, "/move 7"); err != nil {
		t.Fatal(err)
	}
	move := f.tg.LastUpdateID()
	games, err := st.ActiveGames(context.Background())
	if err != nil || len(games) != 1 {
		t.Fatalf("active games %d, %v", len(games), err)
	}
	id := games[0].ID
	moves := func() []string {
		rec, err := st.Game(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		return rec.Moves
	}
	if got := moves(); !slices.Equal(got, []string{"7"}) {
		t.Fatalf("moves after the move: %v", got)
	}
	hook := func(i int) string { return "http://" + f.lb.backends[i] + "/hook" }
	// The webhook answers an update once it is handled: each redelivery is
	// settled when Redeliver returns.
	for _, i := range []int{0, 1} {
		if err := f.tg.Redeliver(move, hook(i)); err != nil {
			t.Fatalf("redelivery to process %d: %v", i, err)
		}
		if got := moves(); !slices.Equal(got, []string{"7"}) {
			t.Fatalf("moves after the redelivery to process %d: %v", i, got)
		}
	}
	f.kill(0)
	f.start(0)
	if err := f.tg.Redeliver(move, hook(0)); err != nil {
		t.Fatalf("redelivery after the restart: %v", err)
	}
	if got := moves(); !slices.Equal(got, []string{"7"}) {
		t.Fatalf("moves after a restart and the redelivery: %v", got)
	}
	// A new move is still played (and solves the puzzle).
	if _, err := f.tg.SendText(dm, ali, "/move 8"); err != nil {
		t.Fatal(err)
	}
	if got := moves(); !slices.Equal(got, []string{"7", "8"}) {
		t.Fatalf("moves after a new move: %v", got)
	}
}
