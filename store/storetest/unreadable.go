package storetest

import (
	"errors"
	"fmt"
	"slices"
	"testing"
	"time"

	"oyunbot/sessions"
	"oyunbot/tournament"
)

var unreadableTests = []test{
	{"Games", testUnreadableGames},
	{"Tournaments", testUnreadableTournaments},
	{"Challenges", testUnreadableChallenges},
}

// corrupter is the store as a Corrupter, or skips the test.
func corrupter(t *testing.T, s sessions.Store) Corrupter {
	t.Helper()
	c, ok := s.(Corrupter)
	if !ok {
		t.Skipf("%T cannot damage a stored row (storetest.Corrupter)", s)
	}
	return c
}

// corrupt damages the row table/key.
func corrupt(t *testing.T, c Corrupter, table, key string) {
	t.Helper()
	if err := c.CorruptRow(t.Context(), table, key); err != nil {
		t.Fatalf("CorruptRow %s %s: %v", table, key, err)
	}
}

// skipped fails unless err is an *UnreadableRowsError naming exactly the
// rows of table with keys, in order, each with its reason.
func skipped(t *testing.T, what string, err error, table string, keys ...string) {
	t.Helper()
	var ue *sessions.UnreadableRowsError
	if !errors.As(err, &ue) {
		t.Fatalf("%s: err = %v, want an *UnreadableRowsError naming %s %v", what, err, table, keys)
	}
	var got []string
	for _, r := range ue.Rows {
		if r.Table != table || r.Err == nil {
			t.Fatalf("%s: skipped %v, want rows of %s with their reasons", what, ue.Rows, table)
		}
		got = append(got, r.Key)
	}
	if !slices.Equal(got, keys) {
		t.Fatalf("%s: skipped %s rows %v, want %v", what, table, got, keys)
	}
}

// key is a game's or tournament's key in a SkippedRow.
func key(id int64) string { return fmt.Sprint(id) }

// testUnreadableGames: each reader of several games returns the games it
// can read, oldest first, and names the others; they stay stored, named
// again at the next read, and loading one alone fails.
func testUnreadableGames(t *testing.T, s sessions.Store) {
	c := corrupter(t, s)
	var active, over []sessions.GameRecord
	for i := range 3 {
		g := game(fmt.Sprint("c", i), ayse, bora)
		g.Version = 2
		active = append(active, create(t, s, g))
		over = append(over, create(t, s, finished(g)))
	}
	corrupt(t, c, sessions.TableGames, key(active[1].ID))
	corrupt(t, c, sessions.TableGames, key(over[1].ID))

	for range 2 {
		got, err := s.ActiveGames(t.Context())
		skipped(t, "ActiveGames", err, sessions.TableGames, key(active[1].ID))
		sameGames(t, "ActiveGames", got, nil, active[0], active[2])

		got, err = s.UnsettledGames(t.Context())
		skipped(t, "UnsettledGames", err, sessions.TableGames, key(over[1].ID))
		sameGames(t, "UnsettledGames", got, nil, over[0], over[2])

		got, err = s.UnannouncedGames(t.Context())
		skipped(t, "UnannouncedGames", err, sessions.TableGames, key(active[1].ID), key(over[1].ID))
		sameGames(t, "UnannouncedGames", got, nil, active[0], over[0], active[2], over[2])
	}
	for _, id := range []int64{active[1].ID, over[1].ID} {
		if rec, err := s.Game(t.Context(), id); err == nil || errors.Is(err, sessions.ErrNotFound) {
			t.Fatalf("Game %d, unreadable: %+v, %v; want an error other than ErrNotFound", id, rec, err)
		}
	}
}

// testUnreadableTournaments: ActiveTournaments returns the tournaments it
// can read and names the others, which stay stored.
func testUnreadableTournaments(t *testing.T, s sessions.Store) {
	c := corrupter(t, s)
	var recs []sessions.TournamentRecord
	for i := range 3 {
		recs = append(recs, createTournament(t, s, newTournament(t, fmt.Sprint("c", i), tournament.Registering, ayse.ID)))
	}
	corrupt(t, c, sessions.TableTournaments, key(recs[1].ID))
	for range 2 {
		got, err := s.ActiveTournaments(t.Context())
		skipped(t, "ActiveTournaments", err, sessions.TableTournaments, key(recs[1].ID))
		same(t, "ActiveTournaments", got, []sessions.TournamentRecord{recs[0], recs[2]})
	}
	if rec, err := s.LastTournament(t.Context(), "test", recs[1].ChannelID); err == nil || errors.Is(err, sessions.ErrNotFound) {
		t.Fatalf("LastTournament, unreadable: %+v, %v; want an error other than ErrNotFound", rec, err)
	}
}

// testUnreadableChallenges: Challenges returns the challenges it can read
// and names the others; a new challenge between the same two people, in
// either direction, is refused with ErrUnreadableRow and the row stays.
func testUnreadableChallenges(t *testing.T, s sessions.Store) {
	c := corrupter(t, s)
	ab := challenge("1", ayse, bora, at)
	bc := challenge("1", bora, cem, at.Add(time.Second))
	ca := challenge("1", cem, ayse, at.Add(2*time.Second))
	saveChallenges(t, s, ab, bc, ca)
	const bad = "test/1/u2>u3"
	corrupt(t, c, sessions.TableChallenges, bad)

	read := func(what string, want ...sessions.ChallengeRecord) {
		t.Helper()
		got, err := s.Challenges(t.Context())
		skipped(t, what, err, sessions.TableChallenges, bad)
		sameChallenges(t, what, got, want...)
	}
	read("Challenges", ab, ca)
	for _, replace := range []sessions.ChallengeRecord{challenge("1", bora, cem, at), challenge("1", cem, bora, at)} {
		if err := s.SaveChallenge(t.Context(), replace); !errors.Is(err, sessions.ErrUnreadableRow) {
			t.Fatalf("SaveChallenge %s>%s over the unreadable one: err = %v, want ErrUnreadableRow", replace.From.ID, replace.To.ID, err)
		}
	}
	read("Challenges after refused replacements", ab, ca)
	elsewhere := challenge("2", bora, cem, at.Add(3*time.Second))
	saveChallenges(t, s, elsewhere)
	read("Challenges after one elsewhere", ab, ca, elsewhere)
}
