package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/sessions"
	"oyunbot/tournament"
)

// fullGame is a game with every field set: a rated, clocked tournament
// game between a person and the bot, finished by resignation. Fields added
// to GameRecord or Result later are filled in by complete.
func fullGame(t *testing.T) sessions.GameRecord {
	rec := sessions.GameRecord{
		ID:   1 << 40, // ignored by CreateGame
		Game: "game-a", Platform: "telegram", ChannelID: "-100",
		Players:     [2]sessions.Player{{ID: "42", Name: "Ayşe"}, {ID: sessions.BotID, Name: "oyunbot", Bot: true, Level: "hard"}},
		Level:       "hard",
		Moves:       []string{"c3-c4", "f6-f5"},
		Clocks:      [2]time.Duration{1500 * time.Millisecond, 20 * time.Millisecond},
		Started:     at,
		LastMove:    at.Add(time.Minute),
		DrawOffer:   ai.Second,
		Result:      sessions.Result{Over: true, Winner: ai.Second, Reason: sessions.ReasonResigned},
		TimeControl: sessions.TimeControl{Base: 5 * time.Minute, Increment: 3 * time.Second},
		Left:        [2]time.Duration{4*time.Minute + 1500*time.Millisecond, 5 * time.Minute},
		Lang:        "en",
		Tournament:  3, Round: 2, Board: 1,
		Rated:   true,
		Settled: true,
		Version: 7,
	}
	complete(t, &rec.Result)
	complete(t, &rec.Players[1])
	complete(t, &rec)
	rec.Update = sessions.UpdateKey{} // not a column: what a save applies (testUpdateAppliedOnce)
	return rec
}

var gameTests = []test{
	{"RoundTrip", testGameRoundTrip},
	{"CreateIgnoresID", testCreateIgnoresID},
	{"EmptyMoves", testEmptyMoves},
	{"NotFound", testGameNotFound},
	{"ActiveGames", testActiveGames},
	{"UnsettledGames", testUnsettledGames},
	{"LastFinished", testLastFinished},
	{"LastFinishedFollowsSaves", testLastFinishedFollowsSaves},
	{"SettleGame", testSettleGame},
	{"SettleGameOnce", testSettleGameOnce},
	{"SettleGameAllOrNothing", testSettleGameAllOrNothing},
	{"SaveConflict", testSaveConflict},
	{"SaveRace", testSaveRace},
	{"ChannelGames", testChannelGames},
	{"UpdateAppliedOnce", testUpdateAppliedOnce},
	{"CreateAppliesUpdateOnce", testCreateAppliesUpdateOnce},
	{"ForgetUpdates", testForgetUpdates},
}

// testGameRoundTrip: every field comes back as it was created and as it
// was saved, for games of several shapes.
func testGameRoundTrip(t *testing.T, s sessions.Store) {
	for _, tc := range []struct {
		name   string
		rec    func(t *testing.T) sessions.GameRecord
		change func(rec *sessions.GameRecord)
	}{
		{"every field set", fullGame, func(rec *sessions.GameRecord) {
			rec.Moves = append(rec.Moves, "c4-c5")
			rec.Clocks[0] += 2 * time.Second
			rec.LastMove = rec.LastMove.Add(2 * time.Second)
			rec.DrawOffer = ai.NoSide
			rec.Result = sessions.Result{Over: true, Winner: ai.First, Reason: sessions.ReasonTime}
			rec.Left = [2]time.Duration{time.Minute, 0}
			rec.Settled = false
		}},
		{"unfinished, per-move clock, between people", func(*testing.T) sessions.GameRecord {
			g := game("chan", ayse, bora)
			g.TimeControl = sessions.TimeControl{PerMove: 24 * time.Hour}
			g.Moves = []string{"b2"}
			return g
		}, func(rec *sessions.GameRecord) {
			rec.Moves = append(rec.Moves, "a1")
			rec.DrawOffer = ai.First
		}},
		{"drawn, game clock without increment", func(*testing.T) sessions.GameRecord {
			g := game("chan", bot, cem)
			g.TimeControl = sessions.TimeControl{Base: 10 * time.Minute}
			g.Left = [2]time.Duration{10 * time.Minute, 10 * time.Minute}
			return g
		}, func(rec *sessions.GameRecord) {
			rec.Result = sessions.Result{Over: true, Winner: ai.NoSide, Reason: sessions.ReasonAgreement}
			rec.Left[0] = 9*time.Minute + 999*time.Millisecond
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := create(t, s, tc.rec(t))
			same(t, "created", stored(t, s, rec.ID), rec)
			tc.change(&rec)
			save(t, s, &rec)
			same(t, "saved", stored(t, s, rec.ID), rec)
		})
	}
}

// testCreateIgnoresID: CreateGame picks the id, growing, never the
// record's.
func testCreateIgnoresID(t *testing.T, s sessions.Store) {
	var last int64
	for i := range 3 {
		g := game("chan", ayse, bora)
		g.ID = 1_000_000 + int64(i)
		rec := create(t, s, g)
		if rec.ID <= last || rec.ID == g.ID {
			t.Fatalf("game %d got id %d (given %d, previous %d): want a new id, greater than the previous", i, rec.ID, g.ID, last)
		}
		last = rec.ID
		same(t, "stored", stored(t, s, rec.ID), rec)
	}
	_, err := s.Game(t.Context(), 1_000_000)
	isNotFound(t, "the id given to CreateGame", err)
}

// testEmptyMoves: a game stored without moves, nil or empty, comes back
// with an empty, non-nil move list.
func testEmptyMoves(t *testing.T, s sessions.Store) {
	g := game("chan", ayse, bora)
	g.Moves = nil
	id := create(t, s, g).ID
	if got := stored(t, s, id); got.Moves == nil || len(got.Moves) != 0 {
		t.Fatalf("created with nil moves: Moves = %#v, want []string{}", got.Moves)
	}
	g.ID = id
	g.Moves = []string{}
	save(t, s, &g)
	g.Moves = nil
	save(t, s, &g)
	active, err := s.ActiveGames(t.Context())
	if err != nil || len(active) != 1 || active[0].Moves == nil || len(active[0].Moves) != 0 {
		t.Fatalf("ActiveGames = %+v, %v; want the game with Moves []string{}", active, err)
	}
}

// testGameNotFound: loading or saving a game that was never created.
func testGameNotFound(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	_, err := s.Game(ctx, 999)
	isNotFound(t, "Game of a missing id", err)
	g := game("chan", ayse, bora)
	g.ID = 999
	isNotFound(t, "SaveGame of a missing id", s.SaveGame(ctx, g))
	_, err = s.Game(ctx, 999)
	isNotFound(t, "Game after saving a missing id", err)
	if active, err := s.ActiveGames(ctx); err != nil || len(active) != 0 {
		t.Fatalf("ActiveGames after saving a missing id: %+v, %v", active, err)
	}
}

// testActiveGames: the games not over, of every platform, oldest first.
func testActiveGames(t *testing.T, s sessions.Store) {
	active, err := s.ActiveGames(t.Context())
	sameGames(t, "ActiveGames of an empty store", active, err)

	g1 := create(t, s, game("a", ayse, bora))
	create(t, s, finished(game("a", bora, cem)))
	g3 := game("b", cem, bot)
	g3.Platform = "other"
	g3 = create(t, s, g3)
	g4 := create(t, s, game("a", bora, ayse))
	g1.Moves = []string{"b2"} // a move does not make a game newer
	save(t, s, &g1)
	g4 = finished(g4) // ended
	save(t, s, &g4)

	active, err = s.ActiveGames(t.Context())
	sameGames(t, "ActiveGames", active, err, g1, g3)
}

// testUnsettledGames: the finished games not settled, oldest first.
func testUnsettledGames(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	un, err := s.UnsettledGames(ctx)
	sameGames(t, "UnsettledGames of an empty store", un, err)

	create(t, s, game("a", ayse, bora)) // not over
	g2 := create(t, s, finished(game("a", bora, cem)))
	settled := finished(game("a", cem, ayse))
	settled.Settled = true
	create(t, s, settled)
	g4 := create(t, s, game("b", ayse, bot))
	g5 := create(t, s, finished(game("c", bora, ayse)))
	g4.Result = sessions.Result{Over: true, Winner: ai.NoSide, Reason: sessions.ReasonAborted}
	save(t, s, &g4)

	un, err = s.UnsettledGames(ctx)
	sameGames(t, "UnsettledGames", un, err, g2, g4, g5)
	if err := s.SettleGame(ctx, g4.ID, nil); err != nil {
		t.Fatal(err)
	}
	un, err = s.UnsettledGames(ctx)
	sameGames(t, "UnsettledGames after settling the second", un, err, g2, g5)
}

// testLastFinished: a person's last finished game in a channel, whichever
// side they played; not the bot's, not an unfinished one, not another
// channel's or platform's.
func testLastFinished(t *testing.T, s sessions.Store) {
	create(t, s, finished(game("c", ayse, bora)))
	create(t, s, finished(game("c", cem, ayse)))
	g3 := create(t, s, finished(game("c", bora, cem)))
	create(t, s, game("c", ayse, bora)) // unfinished
	g5 := create(t, s, finished(game("c", bot, ayse)))
	g6 := create(t, s, finished(game("other", ayse, bot)))
	dc := finished(game("c", bora, ayse))
	dc.Platform = "discord"
	g7 := create(t, s, dc)
	create(t, s, game("c", cem, bora)) // unfinished, newer than their last finished
	create(t, s, game("c", ayse, cem))

	for _, tc := range []struct {
		name                      string
		platform, channel, player string
		want                      sessions.GameRecord // zero: ErrNotFound
	}{
		{"as the second player after a game as the first", "test", "c", ayse.ID, g5},
		{"as the first player after a game as the second", "test", "c", bora.ID, g3},
		{"as the second player, latest", "test", "c", cem.ID, g3},
		{"another channel", "test", "other", ayse.ID, g6},
		{"another platform", "discord", "c", ayse.ID, g7},
		{"no game on that platform", "discord", "c", cem.ID, sessions.GameRecord{}},
		{"the bot", "test", "c", sessions.BotID, sessions.GameRecord{}},
		{"no player", "test", "c", "", sessions.GameRecord{}},
		{"someone who never played", "test", "c", "u9", sessions.GameRecord{}},
		{"an unknown channel", "test", "nowhere", ayse.ID, sessions.GameRecord{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := s.LastFinished(t.Context(), tc.platform, tc.channel, tc.player)
			if tc.want.ID == 0 {
				isNotFound(t, "LastFinished", err)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			same(t, "LastFinished", got, tc.want)
		})
	}
}

// testLastFinishedFollowsSaves: a game is found once saved finished, and
// no longer for a player it no longer has.
func testLastFinishedFollowsSaves(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	g := create(t, s, game("c", ayse, bora))
	_, err := s.LastFinished(ctx, "test", "c", ayse.ID)
	isNotFound(t, "LastFinished before the end", err)
	g = finished(g)
	save(t, s, &g)
	got, err := s.LastFinished(ctx, "test", "c", bora.ID)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "LastFinished after the end", got, g)
	g.Players[1] = bot
	save(t, s, &g)
	_, err = s.LastFinished(ctx, "test", "c", bora.ID)
	isNotFound(t, "LastFinished of a player replaced by the bot", err)
}

// rating is a rating record of player in game "game-b" on "test".
func rating(player string, r float64, games int) sessions.RatingRecord {
	return sessions.RatingRecord{Platform: "test", Game: "game-b", PlayerID: player, Name: "name of " + player,
		Rating: tournament.Rating{Rating: r, RD: 200, Volatility: 0.06}, Games: games, Updated: at}
}

// testSettleGame: settling marks the game settled and stores its ratings.
func testSettleGame(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	g := create(t, s, finished(game("c", ayse, bora)))
	other := create(t, s, finished(game("c", cem, bora)))
	rs := []sessions.RatingRecord{rating(ayse.ID, 1662.5, 1), rating(bora.ID, 1337.25, 1)}
	if err := s.SettleGame(ctx, g.ID, rs); err != nil {
		t.Fatal(err)
	}
	g.Settled = true
	same(t, "the settled game", stored(t, s, g.ID), g)
	same(t, "the other game", stored(t, s, other.ID), other)
	for _, r := range rs {
		got, err := s.Rating(ctx, r.Platform, r.Game, r.PlayerID)
		if err != nil {
			t.Fatal(err)
		}
		same(t, "rating of "+r.PlayerID, got, r)
	}
}

// testSettleGameOnce: a game settled already, or unknown, is left alone
// and its ratings are not written.
func testSettleGameOnce(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	g := create(t, s, finished(game("c", ayse, bora)))
	first := rating(ayse.ID, 1600, 1)
	if err := s.SettleGame(ctx, g.ID, []sessions.RatingRecord{first}); err != nil {
		t.Fatal(err)
	}
	if err := s.SettleGame(ctx, g.ID, []sessions.RatingRecord{rating(ayse.ID, 1700, 2), rating(bora.ID, 1400, 1)}); err != nil {
		t.Fatalf("settling again: %v", err)
	}
	got, err := s.Rating(ctx, "test", "game-b", ayse.ID)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "rating after settling twice", got, first)
	_, err = s.Rating(ctx, "test", "game-b", bora.ID)
	isNotFound(t, "a rating of the second settling", err)

	pre := finished(game("c", cem, bora))
	pre.Settled = true
	pre = create(t, s, pre)
	if err := s.SettleGame(ctx, pre.ID, []sessions.RatingRecord{rating(cem.ID, 1500, 1)}); err != nil {
		t.Fatalf("settling a game stored settled: %v", err)
	}
	_, err = s.Rating(ctx, "test", "game-b", cem.ID)
	isNotFound(t, "a rating of a game stored settled", err)

	if err := s.SettleGame(ctx, 999, []sessions.RatingRecord{rating(cem.ID, 1500, 1)}); err != nil {
		t.Fatalf("settling an unknown game: %v", err)
	}
	_, err = s.Rating(ctx, "test", "game-b", cem.ID)
	isNotFound(t, "a rating of an unknown game", err)
	_, err = s.Game(ctx, 999)
	isNotFound(t, "the unknown game after settling", err)
}

// testSettleGameAllOrNothing: the settled flag and the ratings are written
// together or not at all: a settling that fails (here: its context is
// cancelled) leaves neither, and of settlings racing for one game exactly
// one writes all its ratings.
func testSettleGameAllOrNothing(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	g := create(t, s, finished(game("c", ayse, bora)))
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	err := s.SettleGame(cancelled, g.ID, []sessions.RatingRecord{rating(ayse.ID, 1600, 1), rating(bora.ID, 1400, 1)})
	_, errA := s.Rating(ctx, "test", "game-b", ayse.ID)
	_, errB := s.Rating(ctx, "test", "game-b", bora.ID)
	settled := stored(t, s, g.ID).Settled
	if err != nil && (settled || errA == nil || errB == nil) || err == nil && (!settled || errA != nil || errB != nil) {
		t.Fatalf("SettleGame with a cancelled context: err %v, then settled %v, ratings' errors %v, %v: want all or nothing",
			err, settled, errA, errB)
	}

	g = create(t, s, finished(game("c", cem, bora)))
	const racers = 4
	done := make(chan error, racers)
	for i := range racers {
		go func() {
			r := 1500 + float64(i)
			done <- s.SettleGame(ctx, g.ID, []sessions.RatingRecord{rating(cem.ID, r, 10+i), rating(bora.ID, r, 10+i)})
		}()
	}
	for range racers {
		if err := <-done; err != nil {
			t.Fatalf("racing SettleGame: %v", err)
		}
	}
	rc, err := s.Rating(ctx, "test", "game-b", cem.ID)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := s.Rating(ctx, "test", "game-b", bora.ID)
	if err != nil {
		t.Fatal(err)
	}
	if rc.Rating != rb.Rating || rc.Games != rb.Games {
		t.Fatalf("racing settlings mixed: %+v and %+v, want both from one settling", rc, rb)
	}
	if !stored(t, s, g.ID).Settled {
		t.Fatal("the raced game is not settled")
	}
}

// testUpdateAppliedOnce: a save carrying a platform update records it in
// its transaction; a later save (of any version, from any process) with
// the same update changes nothing and says ErrDuplicate; the same update
// id of another platform is another update.
func testUpdateAppliedOnce(t *testing.T, s sessions.Store) {
	g := create(t, s, game("c", ayse, bora))
	g.Moves = []string{"a"}
	g.Update = sessions.UpdateKey{Platform: "telegram", ID: "7"}
	save(t, s, &g)
	again := g
	again.Moves, again.Version = []string{"a", "a"}, g.Version+1
	if err := s.SaveGame(t.Context(), again); !errors.Is(err, sessions.ErrDuplicate) {
		t.Fatalf("the same update saved again: %v, want ErrDuplicate", err)
	}
	got := stored(t, s, g.ID)
	g.Update = sessions.UpdateKey{}
	Same(t, "the game after the duplicate", got, g)
	// Another platform's update 7 is another update.
	g.Moves, g.Update = []string{"a", "b"}, sessions.UpdateKey{Platform: "discord", ID: "7"}
	save(t, s, &g)
	// A save that fails (a conflict) records nothing: the update applies later.
	stale := g
	stale.Version, stale.Update = g.Version, sessions.UpdateKey{Platform: "telegram", ID: "8"}
	if err := s.SaveGame(t.Context(), stale); !errors.Is(err, sessions.ErrConflict) {
		t.Fatalf("a stale save: %v, want ErrConflict", err)
	}
	g.Moves, g.Update = []string{"a", "b", "c"}, sessions.UpdateKey{Platform: "telegram", ID: "8"}
	save(t, s, &g)
	if got := stored(t, s, g.ID); len(got.Moves) != 3 {
		t.Fatalf("moves %v after the update refused with the conflict was applied", got.Moves)
	}
}

// testCreateAppliesUpdateOnce: a game created by an update is created once.
func testCreateAppliesUpdateOnce(t *testing.T, s sessions.Store) {
	rec := game("c", ayse, bot)
	rec.Update = sessions.UpdateKey{Platform: "telegram", ID: "9"}
	first, err := s.CreateGame(t.Context(), rec)
	if err != nil {
		t.Fatal(err)
	}
	if id, err := s.CreateGame(t.Context(), rec); !errors.Is(err, sessions.ErrDuplicate) {
		t.Fatalf("created again as %d: %v, want ErrDuplicate", id, err)
	}
	if active, err := s.ActiveGames(t.Context()); err != nil || len(active) != 1 || active[0].ID != first {
		t.Fatalf("games after the duplicate: %v, %v", ids(active), err)
	}
}

// testForgetUpdates: updates recorded before a time are forgotten (and
// would apply again); later ones are kept.
func testForgetUpdates(t *testing.T, s sessions.Store) {
	g := create(t, s, game("c", ayse, bora))
	g.Update = sessions.UpdateKey{Platform: "telegram", ID: "1"}
	save(t, s, &g)
	if err := s.ForgetUpdates(t.Context(), time.Now().Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	again := g
	again.Version++
	if err := s.SaveGame(t.Context(), again); !errors.Is(err, sessions.ErrDuplicate) {
		t.Fatalf("a recent update forgotten: %v", err)
	}
	if err := s.ForgetUpdates(t.Context(), time.Now().Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveGame(t.Context(), again); err != nil {
		t.Fatalf("a forgotten update refused: %v", err)
	}
}
