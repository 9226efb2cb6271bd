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
	"oyunbot/tournament"
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

		TimeControl: sessions.TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second},
		Left:        [2]time.Duration{4*time.Minute + 1500*time.Millisecond, 5 * time.Minute},
		Lang:        "en",
		Tournament:  3, Round: 2, Board: 1,
		Rated: true,
	}
	rec.Players[1].Level = "hard"
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
	rec.Settled = true
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
	if v, err := s.Version(ctx); err != nil || v != 5 { // update with each migration
		t.Fatalf("version = %d, %v; want 5", v, err)
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

func TestSQLiteRecords(t *testing.T) {
	ctx := context.Background()
	s := openStore(t, filepath.Join(t.TempDir(), "t.db"))
	at := time.UnixMilli(1_700_000_000_000)
	// Challenges: one per pair and channel, either direction.
	c := sessions.ChallengeRecord{Platform: "tg", ChannelID: "1", From: sessions.Player{ID: "a", Name: "A"},
		To: sessions.Player{ID: "b", Name: "B"}, Game: "dama", Side: ai.Second,
		TimeControl: sessions.TimeControl{PerMove: 24 * time.Hour}, Lang: "tr", Created: at}
	if err := s.SaveChallenge(ctx, c); err != nil {
		t.Fatal(err)
	}
	back := c
	back.From, back.To, back.Game = c.To, c.From, "tictactoe"
	if err := s.SaveChallenge(ctx, back); err != nil {
		t.Fatal(err)
	}
	other := c
	other.ChannelID = "2"
	s.SaveChallenge(ctx, other)
	got, err := s.Challenges(ctx)
	if err != nil || len(got) != 2 || !reflect.DeepEqual(got[0], back) && !reflect.DeepEqual(got[1], back) {
		t.Fatalf("challenges %+v %v", got, err)
	}
	s.DeleteChallenge(ctx, "tg", "1", "b", "a")
	if got, _ := s.Challenges(ctx); len(got) != 1 || got[0].ChannelID != "2" {
		t.Fatalf("after delete %+v", got)
	}
	// Ratings are written only by SettleGame, once per game.
	id, _ := s.CreateGame(ctx, sessions.GameRecord{Game: "dama", Platform: "tg", ChannelID: "1", Started: at, LastMove: at,
		Result: sessions.Result{Over: true, Winner: ai.First}})
	r := sessions.RatingRecord{Platform: "tg", Game: "dama", PlayerID: "a", Name: "A", Games: 1, Updated: at}
	r.Rating = tournament.Rating{Rating: 1600, RD: 200, Volatility: 0.06}
	if err := s.SettleGame(ctx, id, []sessions.RatingRecord{r}); err != nil {
		t.Fatal(err)
	}
	r2 := r
	r2.Rating.Rating = 1700
	s.SettleGame(ctx, id, []sessions.RatingRecord{r2}) // settled already: ignored
	if got, err := s.Rating(ctx, "tg", "dama", "a"); err != nil || !reflect.DeepEqual(got, r) {
		t.Fatalf("rating %+v %v", got, err)
	}
	if _, err := s.Rating(ctx, "tg", "dama", "zz"); !errors.Is(err, sessions.ErrNotFound) {
		t.Fatal(err)
	}
	// Tournaments.
	tt, _ := tournament.New("dama", tournament.Swiss, 3, "10m", "a")
	tt.Join(tournament.Player{ID: "a", Name: "A"})
	rec := sessions.TournamentRecord{Platform: "tg", ChannelID: "1", Lang: "en", T: *tt, Games: map[string]int64{}, Created: at, Updated: at}
	tid, err := s.CreateTournament(ctx, rec)
	if err != nil {
		t.Fatal(err)
	}
	rec.ID = tid
	rec.Games["1:1"] = 9
	if err := s.SaveTournament(ctx, rec); err != nil {
		t.Fatal(err)
	}
	act, err := s.ActiveTournaments(ctx)
	if err != nil || len(act) != 1 || !reflect.DeepEqual(act[0], rec) {
		t.Fatalf("active tournaments %+v %v\nwant %+v", act, err, rec)
	}
	rec.T.Cancel()
	s.SaveTournament(ctx, rec)
	if act, _ := s.ActiveTournaments(ctx); len(act) != 0 {
		t.Fatal("a cancelled tournament is active")
	}
	if last, err := s.LastTournament(ctx, "tg", "1"); err != nil || last.T.State != tournament.Cancelled {
		t.Fatalf("last %+v %v", last, err)
	}
	if _, err := s.LastTournament(ctx, "tg", "2"); !errors.Is(err, sessions.ErrNotFound) {
		t.Fatal(err)
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
