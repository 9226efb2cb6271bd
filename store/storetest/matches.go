package storetest

import (
	"fmt"
	"testing"
	"time"

	"oyunbot/sessions"
)

var matchTests = []test{
	{"RoundTrip", testMatchRoundTrip},
	{"CreateIgnoresID", testCreateMatchIgnoresID},
	{"NotFound", testMatchNotFound},
	{"ActiveMatches", testActiveMatches},
}

// match is a match to 3 points in platform "test", channel ch, going on.
func match(ch string, p0, p1 sessions.Player) sessions.MatchRecord {
	return sessions.MatchRecord{Platform: "test", ChannelID: ch, Game: "game-b", Players: [2]sessions.Player{p0, p1},
		Target: 3, Winner: -1, Created: at, Updated: at}
}

// createMatch stores rec and returns it with its id.
func createMatch(t *testing.T, s sessions.MatchStore, rec sessions.MatchRecord) sessions.MatchRecord {
	t.Helper()
	id, err := s.CreateMatch(t.Context(), rec)
	if err != nil {
		t.Fatalf("CreateMatch: %v", err)
	}
	rec.ID = id
	return rec
}

// storedMatch loads match id.
func storedMatch(t *testing.T, s sessions.MatchStore, id int64) sessions.MatchRecord {
	t.Helper()
	rec, err := s.Match(t.Context(), id)
	if err != nil {
		t.Fatalf("Match %d: %v", id, err)
	}
	return rec
}

// testMatchRoundTrip: every field comes back as created and as saved.
func testMatchRoundTrip(t *testing.T, s sessions.Store) {
	rec := sessions.MatchRecord{ID: 1 << 40, Platform: "telegram", ChannelID: "-100", Game: "game-a",
		Players: [2]sessions.Player{{ID: "42", Name: "Ayşe"}, {ID: sessions.BotID, Name: "oyunbot", Bot: true, Level: "hard"}},
		Level:   "hard", Target: 5, Score: [2]int{0, 0}, Games: []int64{7}, Counted: []int64{}, Winner: -1,
		TimeControl: sessions.TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second}, Lang: "en",
		Created: at, Updated: at.Add(time.Second)}
	complete(t, &rec)
	rec = createMatch(t, s, rec)
	same(t, "created", storedMatch(t, s, rec.ID), rec)

	rec.Score = [2]int{2, 5}
	rec.Games = append(rec.Games, 8, 9)
	rec.Counted = []int64{7, 8, 9}
	rec.Over, rec.Winner = true, 1
	rec.Updated = at.Add(time.Hour)
	if err := s.SaveMatch(t.Context(), rec); err != nil {
		t.Fatal(err)
	}
	same(t, "saved", storedMatch(t, s, rec.ID), rec)
}

// testCreateMatchIgnoresID: CreateMatch picks the id, growing, never the
// record's.
func testCreateMatchIgnoresID(t *testing.T, s sessions.Store) {
	var last int64
	for i := range 3 {
		rec := match(fmt.Sprint("c", i), ayse, bora)
		rec.ID = 1_000_000 + int64(i)
		got := createMatch(t, s, rec)
		if got.ID <= last || got.ID == rec.ID {
			t.Fatalf("match %d got id %d (given %d, previous %d): want a new id, greater than the previous", i, got.ID, rec.ID, last)
		}
		last = got.ID
		same(t, "stored", storedMatch(t, s, got.ID), got)
	}
}

// testMatchNotFound: loading or saving a match never created.
func testMatchNotFound(t *testing.T, s sessions.Store) {
	_, err := s.Match(t.Context(), 999)
	isNotFound(t, "Match of a missing id", err)
	rec := match("c", ayse, bora)
	rec.ID = 999
	isNotFound(t, "SaveMatch of a missing id", s.SaveMatch(t.Context(), rec))
	_, err = s.Match(t.Context(), 999)
	isNotFound(t, "Match after saving a missing id", err)
}

// testActiveMatches: the matches not over, of every platform, oldest
// first.
func testActiveMatches(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	if active, err := s.ActiveMatches(ctx); err != nil || len(active) != 0 {
		t.Fatalf("ActiveMatches of an empty store: %+v, %v", active, err)
	}
	m1 := createMatch(t, s, match("a", ayse, bora))
	over := match("a", bora, cem)
	over.Over, over.Winner = true, 0
	createMatch(t, s, over)
	m3 := match("b", cem, bot)
	m3.Platform = "discord"
	m3 = createMatch(t, s, m3)
	m4 := createMatch(t, s, match("c", ayse, cem))
	m1.Score = [2]int{1, 0}
	if err := s.SaveMatch(ctx, m1); err != nil {
		t.Fatal(err)
	}
	m4.Over, m4.Winner = true, 1
	if err := s.SaveMatch(ctx, m4); err != nil {
		t.Fatal(err)
	}
	active, err := s.ActiveMatches(ctx)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "ActiveMatches", active, []sessions.MatchRecord{m1, m3})
}
