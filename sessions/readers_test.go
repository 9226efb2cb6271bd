package sessions_test

import (
	"errors"
	"path/filepath"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/sessions"
)

// TestGameReadersSkipUnreadableRows: every reader of several games returns
// the rows it can read and names the others, so that one damaged row stops
// neither the settling of finished games nor the boards owed at start.
func TestGameReadersSkipUnreadableRows(t *testing.T) {
	s := openStore(t, filepath.Join(t.TempDir(), "games.db"))
	start := time.UnixMilli(1_700_000_000_000)
	var ids []int64
	for range 3 {
		id, err := s.CreateGame(bg, sessions.GameRecord{Game: "tictactoe", Platform: "test", ChannelID: "c",
			Players: [2]sessions.Player{ayse, bora}, Started: start, LastMove: start, DrawOffer: ai.NoSide,
			Result: sessions.Result{Over: true, Winner: ai.First, Reason: "line"}, Version: 2})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := s.ExecForTest(bg, `UPDATE games SET players = '{broken' WHERE id = 2`); err != nil {
		t.Fatal(err)
	}
	for name, read := range map[string]func() ([]sessions.GameRecord, error){
		"UnsettledGames":   func() ([]sessions.GameRecord, error) { return s.UnsettledGames(bg) },
		"UnannouncedGames": func() ([]sessions.GameRecord, error) { return s.UnannouncedGames(bg) },
	} {
		recs, err := read()
		var ue *sessions.UnreadableRowsError
		if !errors.As(err, &ue) || len(ue.Rows) != 1 || ue.Rows[0].Key != "2" {
			t.Fatalf("%s: err %v, want the unreadable row 2 named", name, err)
		}
		if len(recs) != 2 || recs[0].ID != ids[0] || recs[1].ID != ids[2] {
			t.Fatalf("%s: %d games read, want games 1 and 3", name, len(recs))
		}
	}
}
