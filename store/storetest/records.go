package storetest

import (
	"fmt"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/sessions"
	"oyunbot/tournament"
)

var channelTests = []test{
	{"NotFound", testChannelNotFound},
	{"SaveReplaces", testSaveChannel},
}

// testChannelNotFound: a channel with no saved settings.
func testChannelNotFound(t *testing.T, s sessions.Store) {
	_, err := s.Channel(t.Context(), "discord", "1")
	isNotFound(t, "Channel never saved", err)
}

// testSaveChannel: settings round-trip, a save replaces the channel's
// earlier settings (even with empty values), and a channel is keyed by
// platform and id.
func testSaveChannel(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	full := sessions.ChannelSettings{Platform: "discord", ChannelID: "1", Lang: "en", Level: "hard"}
	complete(t, &full)
	for _, cs := range []sessions.ChannelSettings{
		{Platform: "discord", ChannelID: "1", Lang: "tr"},
		full,
		{Platform: "telegram", ChannelID: "1", Lang: "tr", Level: "easy"}, // same id, other platform
		{Platform: "discord", ChannelID: "2"},                             // nothing set
		{Platform: "telegram", ChannelID: "2", Lang: "en", Level: "easy"},
		{Platform: "telegram", ChannelID: "2", Level: "master"}, // the language back to the default
	} {
		if err := s.SaveChannel(ctx, cs); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []sessions.ChannelSettings{
		full,
		{Platform: "telegram", ChannelID: "1", Lang: "tr", Level: "easy"},
		{Platform: "discord", ChannelID: "2"},
		{Platform: "telegram", ChannelID: "2", Level: "master"},
	} {
		got, err := s.Channel(ctx, want.Platform, want.ChannelID)
		if err != nil {
			t.Fatal(err)
		}
		same(t, "channel "+want.Platform+"/"+want.ChannelID, got, want)
	}
}

var challengeTests = []test{
	{"RoundTrip", testChallengeRoundTrip},
	{"Replace", testChallengeReplace},
	{"OldestFirst", testChallengesOldestFirst},
	{"Delete", testDeleteChallenge},
	{"Take", testTakeChallenge},
	{"TakeRace", testTakeChallengeRace},
}

// challenge is a challenge in platform "test", channel ch.
func challenge(ch string, from, to sessions.Player, created time.Time) sessions.ChallengeRecord {
	return sessions.ChallengeRecord{Platform: "test", ChannelID: ch, From: from, To: to, Game: "game-b",
		Side: ai.NoSide, Created: created}
}

// challenges loads every challenge.
func challenges(t *testing.T, s sessions.ChallengeStore) []sessions.ChallengeRecord {
	t.Helper()
	got, err := s.Challenges(t.Context())
	if err != nil {
		t.Fatalf("Challenges: %v", err)
	}
	return got
}

// saveChallenges stores cs in order.
func saveChallenges(t *testing.T, s sessions.ChallengeStore, cs ...sessions.ChallengeRecord) {
	t.Helper()
	for _, c := range cs {
		if err := s.SaveChallenge(t.Context(), c); err != nil {
			t.Fatalf("SaveChallenge %+v: %v", c, err)
		}
	}
}

// sameChallenges fails unless got is want, in order.
func sameChallenges(t *testing.T, what string, got []sessions.ChallengeRecord, want ...sessions.ChallengeRecord) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d challenges %+v, want %+v", what, len(got), got, want)
	}
	for i := range want {
		same(t, fmt.Sprintf("%s[%d]", what, i), got[i], want[i])
	}
}

// testChallengeRoundTrip: every field of a challenge comes back, for
// several time controls; an empty store has none.
func testChallengeRoundTrip(t *testing.T, s sessions.Store) {
	sameChallenges(t, "an empty store", challenges(t, s))
	full := sessions.ChallengeRecord{Platform: "telegram", ChannelID: "-100",
		From: sessions.Player{ID: "42", Name: "Ayşe"}, To: sessions.Player{ID: "7", Name: "Bora"},
		Game: "game-a", Side: ai.Second, TimeControl: sessions.TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second},
		Lang: "en", Target: 7, Created: at}
	complete(t, &full)
	perMove := challenge("c", ayse, bora, at.Add(time.Second))
	perMove.Side, perMove.TimeControl = ai.First, sessions.TimeControl{PerMove: 24 * time.Hour}
	base := challenge("c", cem, bora, at.Add(2*time.Second))
	base.TimeControl = sessions.TimeControl{Base: 10 * time.Minute}
	none := challenge("c", ayse, cem, at.Add(3*time.Second))
	saveChallenges(t, s, full, perMove, base, none)
	sameChallenges(t, "Challenges", challenges(t, s), full, perMove, base, none)
}

// testChallengeReplace: one challenge per two people and channel, in
// either direction; other channels and pairs are kept.
func testChallengeReplace(t *testing.T, s sessions.Store) {
	ab := challenge("1", ayse, bora, at)
	elsewhere := challenge("2", ayse, bora, at.Add(time.Second))
	other := challenge("1", ayse, cem, at.Add(2*time.Second))
	saveChallenges(t, s, ab, elsewhere, other)

	again := ab
	again.Game, again.Created = "game-a", at.Add(3*time.Second)
	saveChallenges(t, s, again)
	sameChallenges(t, "after a new challenge, same direction", challenges(t, s), elsewhere, other, again)

	back := challenge("1", bora, ayse, at.Add(4*time.Second))
	back.Side = ai.First
	saveChallenges(t, s, back)
	sameChallenges(t, "after a challenge back", challenges(t, s), elsewhere, other, back)

	otherPlatform := back
	otherPlatform.Platform = "discord"
	saveChallenges(t, s, otherPlatform)
	sameChallenges(t, "after a challenge on another platform", challenges(t, s), elsewhere, other, back, otherPlatform)
}

// testChallengesOldestFirst: Challenges lists by Created, not by saving
// order; challenges created at the same time keep their saving order.
func testChallengesOldestFirst(t *testing.T, s sessions.Store) {
	c1 := challenge("1", ayse, bora, at.Add(2*time.Minute))
	c2 := challenge("2", ayse, bora, at)
	c3 := challenge("3", bora, cem, at.Add(time.Minute))
	c4 := challenge("4", cem, ayse, at.Add(time.Minute))
	c5 := challenge("0", cem, ayse, at.Add(time.Minute))
	saveChallenges(t, s, c1, c2, c3, c4, c5)
	sameChallenges(t, "Challenges", challenges(t, s), c2, c3, c4, c5, c1)
}

// testDeleteChallenge: DeleteChallenge forgets the challenge from one
// person to another, not the other way round nor elsewhere; deleting what
// is not there is no error.
func testDeleteChallenge(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	ab := challenge("1", ayse, bora, at)
	elsewhere := challenge("2", ayse, bora, at.Add(time.Second))
	ca := challenge("1", cem, ayse, at.Add(2*time.Second))
	saveChallenges(t, s, ab, elsewhere, ca)

	if err := s.DeleteChallenge(ctx, "test", "1", bora.ID, ayse.ID); err != nil {
		t.Fatal(err)
	}
	sameChallenges(t, "after deleting the other direction", challenges(t, s), ab, elsewhere, ca)
	if err := s.DeleteChallenge(ctx, "other", "1", ayse.ID, bora.ID); err != nil {
		t.Fatal(err)
	}
	sameChallenges(t, "after deleting on another platform", challenges(t, s), ab, elsewhere, ca)
	if err := s.DeleteChallenge(ctx, "test", "1", ayse.ID, bora.ID); err != nil {
		t.Fatal(err)
	}
	sameChallenges(t, "after deleting", challenges(t, s), elsewhere, ca)
	if err := s.DeleteChallenge(ctx, "test", "1", ayse.ID, bora.ID); err != nil {
		t.Fatalf("deleting again: %v", err)
	}
	saveChallenges(t, s, ab)
	sameChallenges(t, "challenging again", challenges(t, s), ab, elsewhere, ca)
}

var ratingTests = []test{
	{"NotFound", testRatingNotFound},
	{"RoundTrip", testRatingRoundTrip},
	{"Replace", testRatingReplace},
	{"PlayerRatings", testPlayerRatings},
	{"Leaderboard", testLeaderboard},
}

// settle stores a finished game and settles it with ratings.
func settle(t *testing.T, s sessions.GameStore, ratings ...sessions.RatingRecord) {
	t.Helper()
	g := create(t, s, finished(game("c", ayse, bora)))
	if err := s.SettleGame(t.Context(), g.ID, ratings); err != nil {
		t.Fatalf("SettleGame: %v", err)
	}
}

// testRatingNotFound: no rating before a settled game gives one.
func testRatingNotFound(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	_, err := s.Rating(ctx, "test", "game-b", ayse.ID)
	isNotFound(t, "Rating in an empty store", err)
	settle(t, s, rating(ayse.ID, 1600, 1))
	for _, key := range [][3]string{
		{"test", "game-b", bora.ID},
		{"test", "game-a", ayse.ID},
		{"discord", "game-b", ayse.ID},
	} {
		_, err := s.Rating(ctx, key[0], key[1], key[2])
		isNotFound(t, fmt.Sprint("Rating ", key), err)
	}
	if rs, err := s.PlayerRatings(ctx, "test", bora.ID); err != nil || len(rs) != 0 {
		t.Fatalf("PlayerRatings of an unrated player: %+v, %v", rs, err)
	}
	if rs, err := s.Leaderboard(ctx, "test", "game-a", 10); err != nil || len(rs) != 0 {
		t.Fatalf("Leaderboard of an unrated game: %+v, %v", rs, err)
	}
}

// testRatingRoundTrip: every field of a rating comes back, through each
// reader.
func testRatingRoundTrip(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	r := sessions.RatingRecord{Platform: "telegram", Game: "game-a", PlayerID: tournament.BotID("hard"), Name: "oyunbot",
		Rating: tournament.Rating{Rating: 1723.456789, RD: 87.5, Volatility: 0.0599123}, Games: 12, Updated: at}
	complete(t, &r)
	complete(t, &r.Rating)
	settle(t, s, r)
	got, err := s.Rating(ctx, r.Platform, r.Game, r.PlayerID)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "Rating", got, r)
	all, err := s.PlayerRatings(ctx, r.Platform, r.PlayerID)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "PlayerRatings", all, []sessions.RatingRecord{r})
	board, err := s.Leaderboard(ctx, r.Platform, r.Game, 10)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "Leaderboard", board, []sessions.RatingRecord{r})
}

// testRatingReplace: a later settled game replaces a player's rating in
// that game, name included.
func testRatingReplace(t *testing.T, s sessions.Store) {
	settle(t, s, rating(ayse.ID, 1600, 1), rating(bora.ID, 1400, 1))
	r := rating(ayse.ID, 1650.5, 2)
	r.Name, r.RD, r.Volatility, r.Updated = "Ayşe Y.", 150, 0.061, at.Add(time.Hour)
	settle(t, s, r)
	got, err := s.Rating(t.Context(), "test", "game-b", ayse.ID)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "the replaced rating", got, r)
	got, err = s.Rating(t.Context(), "test", "game-b", bora.ID)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "the other player's rating", got, rating(bora.ID, 1400, 1))
}

// testPlayerRatings: a player's ratings on a platform, by game name.
func testPlayerRatings(t *testing.T, s sessions.Store) {
	in := func(r sessions.RatingRecord, platform, game string) sessions.RatingRecord {
		r.Platform, r.Game = platform, game
		return r
	}
	ttt := rating(ayse.ID, 1600, 1)
	chess := in(rating(ayse.ID, 1450, 3), "test", "chess")
	dama := in(rating(ayse.ID, 1700, 2), "test", "game-a")
	settle(t, s, ttt, rating(bora.ID, 1400, 1))
	settle(t, s, chess, in(rating(ayse.ID, 1900, 1), "discord", "game-a"))
	settle(t, s, dama, in(rating(cem.ID, 1500, 1), "test", "game-a"))

	got, err := s.PlayerRatings(t.Context(), "test", ayse.ID)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "PlayerRatings", got, []sessions.RatingRecord{chess, dama, ttt})
}

// testLeaderboard: a game's ratings on a platform, best first (ties: more
// games first, then by player id), at most limit.
func testLeaderboard(t *testing.T, s sessions.Store) {
	p1 := rating("p1", 1600, 5)
	p2 := rating("p2", 1700, 3)
	p3 := rating("p3", 1600, 9)
	p4 := rating("p4", 1600, 5)
	p5 := rating("p5", 1500, 40)
	otherGame, otherPlatform := rating("p6", 2000, 1), rating("p7", 1800, 1)
	otherGame.Game, otherPlatform.Platform = "game-a", "discord"
	settle(t, s, p4, p5, otherGame)
	settle(t, s, p1, p3)
	settle(t, s, p2, otherPlatform)

	for _, tc := range []struct {
		limit int
		want  []sessions.RatingRecord
	}{
		{1, []sessions.RatingRecord{p2}},
		{3, []sessions.RatingRecord{p2, p3, p1}},
		{5, []sessions.RatingRecord{p2, p3, p1, p4, p5}},
		{100, []sessions.RatingRecord{p2, p3, p1, p4, p5}},
	} {
		t.Run(fmt.Sprint("limit ", tc.limit), func(t *testing.T) {
			got, err := s.Leaderboard(t.Context(), "test", "game-b", tc.limit)
			if err != nil {
				t.Fatal(err)
			}
			same(t, "Leaderboard", got, tc.want)
		})
	}
}

var tournamentTests = []test{
	{"RoundTrip", testTournamentRoundTrip},
	{"CreateIgnoresID", testCreateTournamentIgnoresID},
	{"SaveMissing", testSaveMissingTournament},
	{"ActiveTournaments", testActiveTournaments},
	{"LastTournament", testLastTournament},
}

// newTournament is a tournament record in platform "test", channel ch, of
// a round robin between players, in state: Registering, Running, Finished
// or Cancelled.
func newTournament(t *testing.T, ch string, state tournament.State, players ...string) sessions.TournamentRecord {
	t.Helper()
	tt, err := tournament.New("game-b", tournament.RoundRobin, 0, "5m", players[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range players {
		if err := tt.Join(tournament.Player{ID: id, Name: "name of " + id}); err != nil {
			t.Fatal(err)
		}
	}
	rec := sessions.TournamentRecord{Platform: "test", ChannelID: ch, T: *tt, Games: map[string]int64{}, Created: at, Updated: at}
	switch state {
	case tournament.Registering:
	case tournament.Cancelled:
		if err := rec.T.Cancel(); err != nil {
			t.Fatal(err)
		}
	case tournament.Running, tournament.Finished:
		if _, err := rec.T.Start(); err != nil {
			t.Fatal(err)
		}
		rec.Games["1:1"] = 41
		for state == tournament.Finished && rec.T.State == tournament.Running {
			round := rec.T.Current()
			for board, p := range rec.T.Rounds[round-1].Pairings {
				if !p.Result.Done() {
					if _, err := rec.T.RecordResult(round, board+1, tournament.Draw); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	if rec.T.State != state {
		t.Fatalf("tournament fixture in state %s, want %s", rec.T.State, state)
	}
	return rec
}

// createTournament stores rec and returns it with its id.
func createTournament(t *testing.T, s sessions.TournamentStore, rec sessions.TournamentRecord) sessions.TournamentRecord {
	t.Helper()
	id, err := s.CreateTournament(t.Context(), rec)
	if err != nil {
		t.Fatalf("CreateTournament: %v", err)
	}
	rec.ID = id
	return rec
}

// lastTournament loads a channel's latest tournament on "test".
func lastTournament(t *testing.T, s sessions.TournamentStore, ch string) sessions.TournamentRecord {
	t.Helper()
	rec, err := s.LastTournament(t.Context(), "test", ch)
	if err != nil {
		t.Fatalf("LastTournament %s: %v", ch, err)
	}
	return rec
}

// testTournamentRoundTrip: every field comes back as created and as saved,
// the pure tournament state included.
func testTournamentRoundTrip(t *testing.T, s sessions.Store) {
	rec := newTournament(t, "c", tournament.Registering, ayse.ID, bora.ID, cem.ID)
	rec.ID = 1 << 40 // ignored
	rec.Platform, rec.ChannelID, rec.Lang = "telegram", "-100", "en"
	rec.T.ID = "t1"
	rec.Updated = at.Add(time.Minute)
	complete(t, &rec)
	rec = createTournament(t, s, rec)
	got, err := s.LastTournament(t.Context(), rec.Platform, rec.ChannelID)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "created", got, rec)

	if _, err := rec.T.Start(); err != nil {
		t.Fatal(err)
	}
	rec.Games = map[string]int64{"1:1": 12, "1:2": 13}
	rec.Lang = "tr"
	rec.Updated = at.Add(time.Hour)
	if err := s.SaveTournament(t.Context(), rec); err != nil {
		t.Fatal(err)
	}
	active, err := s.ActiveTournaments(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	same(t, "saved", active, []sessions.TournamentRecord{rec})
}

// testCreateTournamentIgnoresID: CreateTournament picks the id, growing,
// never the record's.
func testCreateTournamentIgnoresID(t *testing.T, s sessions.Store) {
	var last int64
	for i := range 3 {
		rec := newTournament(t, fmt.Sprint("c", i), tournament.Registering, ayse.ID)
		rec.ID = 1_000_000 + int64(i)
		got := createTournament(t, s, rec)
		if got.ID <= last || got.ID == rec.ID {
			t.Fatalf("tournament %d got id %d (given %d, previous %d): want a new id, greater than the previous", i, got.ID, rec.ID, last)
		}
		last = got.ID
		same(t, "stored", lastTournament(t, s, rec.ChannelID), got)
	}
}

// testSaveMissingTournament: saving a tournament never created.
func testSaveMissingTournament(t *testing.T, s sessions.Store) {
	rec := newTournament(t, "c", tournament.Registering, ayse.ID)
	rec.ID = 999
	isNotFound(t, "SaveTournament of a missing id", s.SaveTournament(t.Context(), rec))
	_, err := s.LastTournament(t.Context(), "test", "c")
	isNotFound(t, "LastTournament after saving a missing id", err)
}

// testActiveTournaments: the tournaments registering or running, of every
// channel and platform, oldest first.
func testActiveTournaments(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	if active, err := s.ActiveTournaments(ctx); err != nil || len(active) != 0 {
		t.Fatalf("ActiveTournaments of an empty store: %+v, %v", active, err)
	}
	running := createTournament(t, s, newTournament(t, "a", tournament.Running, ayse.ID, bora.ID, cem.ID))
	createTournament(t, s, newTournament(t, "b", tournament.Finished, ayse.ID, bora.ID))
	registering := newTournament(t, "c", tournament.Registering, cem.ID)
	registering.Platform = "discord"
	registering = createTournament(t, s, registering)
	createTournament(t, s, newTournament(t, "d", tournament.Cancelled, bora.ID))
	ending := createTournament(t, s, newTournament(t, "e", tournament.Running, ayse.ID, bora.ID))
	late := createTournament(t, s, newTournament(t, "a", tournament.Registering, bora.ID))

	ending.T = newTournament(t, "e", tournament.Finished, ayse.ID, bora.ID).T
	if err := s.SaveTournament(ctx, ending); err != nil {
		t.Fatal(err)
	}
	active, err := s.ActiveTournaments(ctx)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "ActiveTournaments", active, []sessions.TournamentRecord{running, registering, late})

	for _, rec := range []*sessions.TournamentRecord{&running, &registering} {
		if err := rec.T.Cancel(); err != nil {
			t.Fatal(err)
		}
		if err := s.SaveTournament(ctx, *rec); err != nil {
			t.Fatal(err)
		}
	}
	active, err = s.ActiveTournaments(ctx)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "ActiveTournaments after cancelling two", active, []sessions.TournamentRecord{late})
}

// testLastTournament: a channel's latest tournament, whatever its state;
// ErrNotFound for a channel that never had one.
func testLastTournament(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	_, err := s.LastTournament(ctx, "test", "a")
	isNotFound(t, "LastTournament of an empty store", err)
	createTournament(t, s, newTournament(t, "a", tournament.Running, ayse.ID, bora.ID))
	b := createTournament(t, s, newTournament(t, "b", tournament.Registering, ayse.ID))
	a := createTournament(t, s, newTournament(t, "a", tournament.Cancelled, ayse.ID))
	other := newTournament(t, "a", tournament.Registering, cem.ID)
	other.Platform = "discord"
	other = createTournament(t, s, other)

	same(t, "channel a", lastTournament(t, s, "a"), a)
	same(t, "channel b", lastTournament(t, s, "b"), b)
	got, err := s.LastTournament(ctx, "discord", "a")
	if err != nil {
		t.Fatal(err)
	}
	same(t, "channel a on another platform", got, other)
	for _, key := range [][2]string{{"test", "c"}, {"other", "b"}} {
		_, err := s.LastTournament(ctx, key[0], key[1])
		isNotFound(t, fmt.Sprint("LastTournament ", key), err)
	}
}
