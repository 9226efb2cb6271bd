package sessions_test

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/sessions"
)

func openStore(t *testing.T, path string) *sessions.SQLiteStore {
	t.Helper()
	s, err := sessions.OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestSQLiteRoundTrip(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	s := openStore(t, path)
	start := time.UnixMilli(1_700_000_000_123)
	rec := sessions.GameRecord{
		Game: "dama", Platform: "telegram", ChannelID: "-100",
		Players:   [2]sessions.Player{{ID: "42", Name: "Ayşe"}, {ID: sessions.BotID, Name: "oyunbot", Bot: true}},
		Level:     "hard",
		Moves:     []string{"c3-c4", "f6-f5"},
		Clocks:    [2]time.Duration{1500 * time.Millisecond, 20 * time.Millisecond},
		Started:   start,
		LastMove:  start.Add(time.Minute),
		DrawOffer: ai.Second,
		Result:    sessions.Result{Winner: ai.NoSide},
	}
	id, err := s.CreateGame(ctx, rec)
	if err != nil {
		t.Fatal(err)
	}
	rec.ID = id
	got, err := s.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, rec) {
		t.Fatalf("round trip:\n got %+v\nwant %+v", got, rec)
	}

	rec.Moves = append(rec.Moves, "c4-c5")
	rec.Result = sessions.Result{Over: true, Winner: ai.First, Reason: sessions.ReasonResigned}
	if err := s.SaveGame(ctx, rec); err != nil {
		t.Fatal(err)
	}
	// A second, unfinished game; only it is active.
	id2, err := s.CreateGame(ctx, sessions.GameRecord{Game: "tictactoe", Platform: "console", ChannelID: "console",
		Started: start, LastMove: start, DrawOffer: ai.NoSide, Result: sessions.Result{Winner: ai.NoSide}})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()

	// Reopen: the schema is not migrated twice and everything is there.
	s = openStore(t, path)
	if v, err := s.Version(ctx); err != nil || v != 2 {
		t.Fatalf("version = %d, %v; want 2", v, err)
	}
	got, err = s.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, rec) {
		t.Fatalf("after save:\n got %+v\nwant %+v", got, rec)
	}
	active, err := s.ActiveGames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(active) != 1 || active[0].ID != id2 || len(active[0].Moves) != 0 || active[0].Moves == nil {
		t.Fatalf("active = %+v, want only game %d with an empty move list", active, id2)
	}
	if _, err := s.Game(ctx, 999); !errors.Is(err, sessions.ErrNotFound) {
		t.Fatalf("missing game: err = %v", err)
	}
	if err := s.SaveGame(ctx, sessions.GameRecord{ID: 999}); !errors.Is(err, sessions.ErrNotFound) {
		t.Fatalf("saving a missing game: err = %v", err)
	}
}

func TestSQLiteChannels(t *testing.T) {
	ctx := context.Background()
	s := openStore(t, filepath.Join(t.TempDir(), "t.db"))
	if _, err := s.Channel(ctx, "discord", "1"); !errors.Is(err, sessions.ErrNotFound) {
		t.Fatalf("err = %v, want ErrNotFound", err)
	}
	for _, cs := range []sessions.ChannelSettings{
		{Platform: "discord", ChannelID: "1", Lang: "en"},
		{Platform: "discord", ChannelID: "1", Lang: "tr", Level: "hard"}, // upsert
		{Platform: "telegram", ChannelID: "1", Lang: "en"},               // same id, other platform
	} {
		if err := s.SaveChannel(ctx, cs); err != nil {
			t.Fatal(err)
		}
	}
	got, err := s.Channel(ctx, "discord", "1")
	want := sessions.ChannelSettings{Platform: "discord", ChannelID: "1", Lang: "tr", Level: "hard"}
	if err != nil || got != want {
		t.Fatalf("got %+v, %v; want %+v", got, err, want)
	}
	got, _ = s.Channel(ctx, "telegram", "1")
	if got.Lang != "en" {
		t.Fatalf("telegram channel lang = %q", got.Lang)
	}
}

func TestSQLiteRejectsNewerSchema(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	s := openStore(t, path)
	if err := s.ExecForTest(ctx, `UPDATE schema_version SET version = 99`); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := sessions.OpenSQLite(ctx, path); err == nil {
		t.Fatal("opened a database with a newer schema")
	}
}

// BenchmarkSaveGame measures the write-through cost of one move (a game of
// 40 moves rewritten in WAL mode).
func BenchmarkSaveGame(b *testing.B) {
	ctx := context.Background()
	s, err := sessions.OpenSQLite(ctx, filepath.Join(b.TempDir(), "b.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	rec := sessions.GameRecord{Game: "dama", Platform: "p", ChannelID: "c", DrawOffer: ai.NoSide,
		Players: [2]sessions.Player{{ID: "a"}, {ID: "b"}}, Started: time.Now(), LastMove: time.Now()}
	for range 40 {
		rec.Moves = append(rec.Moves, "c3-c4")
	}
	if rec.ID, err = s.CreateGame(ctx, rec); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		rec.Clocks[0] = time.Duration(i)
		if err := s.SaveGame(ctx, rec); err != nil {
			b.Fatal(err)
		}
	}
}
