package ratings_test

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
	"oyunbot/sessions/ratings"
	"oyunbot/tournament"
)

// memStore keeps the ratings and the settled games; the rest of
// sessions.Store is not called by a Book.
type memStore struct {
	sessions.Store

	mu      sync.Mutex
	ratings map[string]sessions.RatingRecord
	settled map[int64]int // game id → times settled
	fail    error         // SettleGame's
}

func newMemStore() *memStore {
	return &memStore{ratings: map[string]sessions.RatingRecord{}, settled: map[int64]int{}}
}

func (s *memStore) Rating(_ context.Context, platform, game, playerID string) (sessions.RatingRecord, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r, ok := s.ratings[platform+"/"+game+"/"+playerID]
	if !ok {
		return sessions.RatingRecord{}, sessions.ErrNotFound
	}
	return r, nil
}

func (s *memStore) SettleGame(_ context.Context, id int64, recs []sessions.RatingRecord) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fail != nil {
		return s.fail
	}
	for _, r := range recs {
		s.ratings[r.Platform+"/"+r.Game+"/"+r.PlayerID] = r
	}
	s.settled[id]++
	return nil
}

func newBook(t *testing.T) (*ratings.Book, *memStore) {
	t.Helper()
	reg, err := games.NewRegistry(tictactoe.Game{})
	if err != nil {
		t.Fatal(err)
	}
	st := newMemStore()
	b := ratings.New()
	b.Attach(sessions.Config{Games: reg, Store: st, BotName: "oyunbot", Now: time.Now,
		Logger: slog.New(slog.DiscardHandler)}) // as sessions.New fills them in
	return b, st
}

var (
	ayse = sessions.Player{ID: "ayse", Name: "Ayşe"}
	bora = sessions.Player{ID: "bora", Name: "Bora"}
	bot  = sessions.Player{ID: sessions.BotID, Name: "oyunbot", Bot: true}
)

// TestSettle: a rated game's end moves both new players' ratings as
// Glicko-2 says, stores them and settles the game, once.
func TestSettle(t *testing.T) {
	b, st := newBook(t)
	ctx := t.Context()
	rec := sessions.GameRecord{ID: 1, Game: "tictactoe", Platform: "test", Players: [2]sessions.Player{ayse, bora},
		Rated: true, Result: sessions.Result{Over: true, Winner: ai.First}}
	changes := b.Settle(ctx, rec)
	want, _, _ := tournament.Glicko2{}.UpdatePair(tournament.NewRating(), tournament.NewRating(), 1)
	if len(changes) != 2 || changes[0].PlayerID != ayse.ID || changes[0].After != want || st.settled[1] != 1 {
		t.Fatalf("changes %+v, settled %d", changes, st.settled[1])
	}
	if r, ok := b.Rating(ctx, "test", "tictactoe", bora.ID); !ok || r.Games != 1 || r.Rating != changes[1].After {
		t.Fatalf("Bora's stored rating %+v %v", r, ok)
	}
	// An unrated game is settled and moves nothing.
	rec.ID, rec.Rated = 2, false
	if changes := b.Settle(ctx, rec); changes != nil || st.settled[2] != 1 {
		t.Fatalf("unrated: changes %+v, settled %d", changes, st.settled[2])
	}
	// A store that fails leaves the game unsettled (retried at the next start).
	st.fail = errors.New("down")
	rec.ID, rec.Rated = 3, true
	if changes := b.Settle(ctx, rec); changes != nil || st.settled[3] != 0 {
		t.Fatalf("failed store: changes %+v, settled %d", changes, st.settled[3])
	}
}

// TestFixedLevel: against a level with a measured rating only the person's
// rating moves, and IfLost foresees the change a loss makes.
func TestFixedLevel(t *testing.T) {
	b, st := newBook(t)
	ctx := t.Context()
	var g games.Game = tictactoe.Game{}
	fixed, ok := b.LevelRating(g, "easy")
	if !ok || fixed.PlayerID != ratings.BotID("easy") || fixed.RD != ratings.FixedRD {
		t.Fatalf("easy's fixed rating %+v %v", fixed, ok)
	}
	players := [2]sessions.Player{ayse, bot}
	s := sessions.Snapshot{Game: g, Platform: "test", Players: players, Level: "easy", Rated: true}
	lost, ok := b.IfLost(ctx, s, ai.First)
	if !ok {
		t.Fatal("no change foreseen for a rated game's loss")
	}
	if _, ok := b.IfLost(ctx, s, ai.Second); ok {
		t.Fatal("the bot's fixed rating foreseen to move")
	}
	rec := sessions.GameRecord{ID: 1, Game: "tictactoe", Platform: "test", Players: players, Level: "easy",
		Rated: true, Result: sessions.Result{Over: true, Winner: ai.Second}}
	changes := b.Settle(ctx, rec)
	if len(changes) != 2 || changes[0] != lost || !changes[1].Fixed || changes[1].Before != changes[1].After {
		t.Fatalf("changes %+v, foreseen %+v", changes, lost)
	}
	if len(st.ratings) != 1 {
		t.Fatalf("stored %v: the bot's fixed rating was stored", st.ratings)
	}
	if r, ok := b.Rating(ctx, "test", "tictactoe", ratings.BotID("easy")); !ok || r.Rating != fixed.Rating {
		t.Fatalf("the bot's rating at easy %+v", r)
	}
}

// TestIDs: the bot's rating id names its level (moved from sessions'
// TestBotGamesRatedPerLevelUntilUndo with the ids).
func TestIDs(t *testing.T) {
	if lvl, ok := ratings.IsBotID(ratings.BotID("hard")); !ok || lvl != "hard" {
		t.Fatal("bot rating id")
	}
	if _, ok := ratings.IsBotID(ayse.ID); ok {
		t.Fatal("a person's id read as the bot's")
	}
}

// TestRatingBefore: the rating before a game is the one its history
// states, a new player's in their first rated game.
func TestRatingBefore(t *testing.T) {
	points := []sessions.RatingPoint{{PlayerID: "ayse", HasBefore: true, Before: 1620}, {PlayerID: "bora"}}
	if r, ok := ratings.RatingBefore(points, "ayse"); !ok || r != 1620 {
		t.Fatalf("Ayşe before %v %v", r, ok)
	}
	if r, ok := ratings.RatingBefore(points, "bora"); !ok || r != tournament.NewRating().Rating {
		t.Fatalf("Bora's first game: before %v %v", r, ok)
	}
	if _, ok := ratings.RatingBefore(points, "cem"); ok {
		t.Fatal("a rating before a game Cem did not play")
	}
}
