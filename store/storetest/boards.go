package storetest

import (
	"testing"
	"time"

	"oyunbot/sessions"
)

var boardTests = []test{
	{"NotFound", testLiveBoardNotFound},
	{"SaveReplaces", testSaveLiveBoard},
	{"Forget", testForgetLiveBoards},
}

// testForgetLiveBoards: the boards last shown before a time are dropped,
// in every chat and platform, and counted; those shown since are kept.
func testForgetLiveBoards(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	boards := []sessions.LiveBoard{
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
	first := sessions.LiveBoard{Platform: "telegram", ChannelID: "-100", Game: 7, Ref: "41", Posted: at, Shown: at}
	later := first
	later.Ref, later.Posted, later.Shown, later.Version = "58", at.Add(time.Minute), at.Add(2*time.Minute), 9
	others := []sessions.LiveBoard{
		{Platform: "discord", ChannelID: "-100", Game: 7, Ref: "d1", Posted: at, Shown: at},
		{Platform: "telegram", ChannelID: "-200", Game: 7, Ref: "9", Posted: at, Shown: at},
		{Platform: "telegram", ChannelID: "-100", Game: 8, Ref: "43", Posted: at, Shown: at.Add(time.Second)},
	}
	for _, b := range append([]sessions.LiveBoard{first, later}, others...) {
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
	for _, want := range append([]sessions.LiveBoard{later}, others...) {
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
