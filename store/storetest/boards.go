package storetest

import (
	"context"
	"oyunbot/sessions/outbox"
	"testing"
	"time"

	"oyunbot/sessions"
)

var boardTests = []test{
	{"NotFound", testLiveBoardNotFound},
	{"SaveReplaces", testSaveLiveBoard},
	{"Forget", testForgetLiveBoards},
	{"Lease", testLeaseLiveBoard},
}

// testForgetLiveBoards: the boards last shown before a time are dropped,
// in every chat and platform, and counted; those shown since are kept.
func testForgetLiveBoards(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	boards := []outbox.LiveBoard{
		{Platform: "telegram", ChannelID: "-100", Game: 7, Ref: "1", Posted: at, Shown: at},
		{Platform: "discord", ChannelID: "c", Game: 8, Ref: "2", Posted: at, Shown: at.Add(time.Hour - time.Millisecond)},
		{Platform: "telegram", ChannelID: "-100", Game: 9, Ref: "3", Posted: at, Shown: at.Add(time.Hour)},
	}
	for _, b := range boards {
		if err := s.SaveLiveBoard(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	n, err := s.ForgetLiveBoards(ctx, at.Add(time.Hour))
	if err != nil || n != 2 {
		t.Fatalf("ForgetLiveBoards = %d, %v; want 2 dropped", n, err)
	}
	for _, b := range boards[:2] {
		_, err := s.LiveBoard(ctx, b.Platform, b.ChannelID, b.Game)
		isNotFound(t, "a board shown before the time", err)
	}
	if got, err := s.LiveBoard(ctx, "telegram", "-100", 9); err != nil || got.Ref != "3" {
		t.Errorf("the board shown at the time: %+v, %v; want it kept", got, err)
	}
}

// testLiveBoardNotFound: a game whose board was never posted in a chat.
func testLiveBoardNotFound(t *testing.T, s sessions.Store) {
	_, err := s.LiveBoard(t.Context(), "telegram", "-100", 7)
	isNotFound(t, "LiveBoard never saved", err)
}

// testSaveLiveBoard: a board message round-trips, a save replaces the
// game's earlier one in that chat, and boards are kept apart by platform,
// chat and game.
func testSaveLiveBoard(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	first := outbox.LiveBoard{Platform: "telegram", ChannelID: "-100", Game: 7, Ref: "41", Posted: at, Shown: at}
	later := first
	later.Ref, later.Posted, later.Shown, later.Version = "58", at.Add(time.Minute), at.Add(2*time.Minute), 9
	others := []outbox.LiveBoard{
		{Platform: "discord", ChannelID: "-100", Game: 7, Ref: "d1", Posted: at, Shown: at},
		{Platform: "telegram", ChannelID: "-200", Game: 7, Ref: "9", Posted: at, Shown: at},
		{Platform: "telegram", ChannelID: "-100", Game: 8, Ref: "43", Posted: at, Shown: at.Add(time.Second)},
	}
	for _, b := range append([]outbox.LiveBoard{first, later}, others...) {
		if err := s.SaveLiveBoard(ctx, b); err != nil {
			t.Fatal(err)
		}
	}
	all, err := s.GameBoards(ctx, "telegram", 7)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 2 || all[0].ChannelID != "-100" || all[0].Ref != "58" || all[1].ChannelID != "-200" {
		t.Errorf("GameBoards(telegram, 7) = %+v, want chats -100 (ref 58) and -200", all)
	}
	if none, err := s.GameBoards(ctx, "telegram", 9); err != nil || len(none) != 0 {
		t.Errorf("GameBoards of a game never shown = %+v, %v", none, err)
	}
	for _, want := range append([]outbox.LiveBoard{later}, others...) {
		got, err := s.LiveBoard(ctx, want.Platform, want.ChannelID, want.Game)
		if err != nil {
			t.Fatal(err)
		}
		if got.Ref != want.Ref || !got.Posted.Equal(want.Posted) || !got.Shown.Equal(want.Shown) || got.Version != want.Version ||
			got.Platform != want.Platform || got.ChannelID != want.ChannelID || got.Game != want.Game {
			t.Errorf("LiveBoard(%s, %s, %d) = %+v, want %+v", want.Platform, want.ChannelID, want.Game, got, want)
		}
	}
}

// boardLeases is the part of a store delivery.BoardLeases uses (declared
// here: the conformance suite imports no chat package).
type boardLeases interface {
	outbox.BoardStore
	LeaseLiveBoard(ctx context.Context, platform, channelID string, game int64, owner string, now, until time.Time) (bool, error)
	ReleaseLiveBoard(ctx context.Context, platform, channelID string, game int64, owner string) error
	RenewBoardLeases(ctx context.Context, owner string, until time.Time) error
}

// testLeaseLiveBoard: one owner at a time holds a board's lease, until it
// frees it or it runs out; renewing moves the end on; a board leased but
// never shown has no message (LiveBoard's Ref empty, not in GameBoards),
// and a save keeps the lease.
func testLeaseLiveBoard(t *testing.T, st sessions.Store) {
	ctx := t.Context()
	s, ok := st.(boardLeases)
	if !ok {
		t.Fatalf("%T has no board leases", st)
	}
	lease := func(owner string, now time.Time) bool {
		t.Helper()
		ok, err := s.LeaseLiveBoard(ctx, "telegram", "-100", 7, owner, now, now.Add(10*time.Second))
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if !lease("a", at) {
		t.Fatal("a free board not leased")
	}
	if b, err := s.LiveBoard(ctx, "telegram", "-100", 7); err != nil || b.Ref != "" || b.Version != 0 {
		t.Errorf("a board leased, never shown: %+v, %v; want no message", b, err)
	}
	if all, err := s.GameBoards(ctx, "telegram", 7); err != nil || len(all) != 0 {
		t.Errorf("GameBoards lists a board never shown: %+v, %v", all, err)
	}
	if lease("b", at.Add(time.Second)) {
		t.Error("b leased a board a holds")
	}
	if !lease("a", at.Add(time.Second)) {
		t.Error("a could not lease its own board again")
	}
	// a's lease now ends at at+11s; a save keeps it.
	if err := s.SaveLiveBoard(ctx, outbox.LiveBoard{Platform: "telegram", ChannelID: "-100", Game: 7, Ref: "41", Posted: at, Shown: at, Version: 3}); err != nil {
		t.Fatal(err)
	}
	if lease("b", at.Add(5*time.Second)) {
		t.Error("b leased a board a holds, after a's save")
	}
	if err := s.RenewBoardLeases(ctx, "a", at.Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	if lease("b", at.Add(30*time.Second)) {
		t.Error("b leased a board whose lease a renewed")
	}
	if !lease("b", at.Add(time.Minute)) {
		t.Error("b could not lease a board whose lease ran out")
	}
	if err := s.ReleaseLiveBoard(ctx, "telegram", "-100", 7, "a"); err != nil {
		t.Fatal(err)
	}
	if lease("a", at.Add(time.Minute+time.Second)) {
		t.Error("a's release freed b's lease")
	}
	if err := s.ReleaseLiveBoard(ctx, "telegram", "-100", 7, "b"); err != nil {
		t.Fatal(err)
	}
	if !lease("a", at.Add(time.Minute+time.Second)) {
		t.Error("a board b freed not leased")
	}
	if err := s.RenewBoardLeases(ctx, "a", time.Time{}); err != nil {
		t.Fatal(err)
	}
	if !lease("b", at.Add(time.Minute+time.Second)) {
		t.Error("a board whose leases a freed not leased")
	}
	if b, err := s.LiveBoard(ctx, "telegram", "-100", 7); err != nil || b.Ref != "41" || b.Version != 3 {
		t.Errorf("leases changed the board: %+v, %v", b, err)
	}
}
