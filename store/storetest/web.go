package storetest

// web.go pins what the web pages read (chat/web): links, listing by the
// channels that allow it, a player's games, results and rating history.

import (
	"context"
	"errors"
	"oyunbot/sessions/outbox"
	"sync"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/sessions"
	"oyunbot/tournament"
)

// WebStore is what the web pages read of a store besides sessions.Store;
// a store under test that has it runs the tests of web.go.
type WebStore interface {
	WebToken(ctx context.Context, kind, ref string) (string, error)
	WebRef(ctx context.Context, token string) (kind, ref string, err error)
	RenewWebToken(ctx context.Context, kind, ref string) (string, error)
	ListedGames(ctx context.Context, over bool, limit int) ([]sessions.GameRecord, error)
	RecentGames(ctx context.Context, platform, channelID string, limit int) ([]sessions.GameRecord, error)
	PlayerGames(ctx context.Context, platform, playerID string, listedOnly bool, limit int) ([]sessions.GameRecord, error)
	PlayerTallies(ctx context.Context, platform, playerID string) ([]sessions.Tally, error)
	RatingHistory(ctx context.Context, platform, playerID string) ([]sessions.RatingPoint, error)
	GameRatings(ctx context.Context, id int64) ([]sessions.RatingPoint, error)
	ChannelLeaderboard(ctx context.Context, platform, channelID, game string, limit int) ([]sessions.RatingRecord, error)
	TournamentByID(ctx context.Context, id int64) (sessions.TournamentRecord, error)
	ListedTournaments(ctx context.Context, limit int) ([]sessions.TournamentRecord, error)
	ListedChannels(ctx context.Context) ([]sessions.ChannelSettings, error)
	OutboxDepth(ctx context.Context) (int, error)
	GamesInPlay(ctx context.Context) (int, error)
	Ping(ctx context.Context) error
}

var webTests = []test{
	{"Tokens", testWebTokens},
	{"Listed", testListed},
	{"PlayerGames", testPlayerGames},
	{"RatingHistory", testRatingHistory},
	{"ChannelLeaderboard", testChannelLeaderboard},
	{"Tournaments", testWebTournaments},
	{"Figures", testWebFigures},
}

// web is s's WebStore; the test is skipped for a store without one.
func web(t *testing.T, s sessions.Store) WebStore {
	w, ok := s.(WebStore)
	if !ok {
		t.Skip("the store has no web pages' reads")
	}
	return w
}

// testWebTokens: a page's token is made once (the same for every asker,
// racing ones included), is long and random, and names what it was made
// for; an unknown token names nothing.
func testWebTokens(t *testing.T, s sessions.Store) {
	w, ctx := web(t, s), t.Context()
	var (
		wg     sync.WaitGroup
		tokens [8]string
		errs   [8]error
	)
	for i := range tokens {
		wg.Go(func() { tokens[i], errs[i] = w.WebToken(ctx, sessions.LinkGame, "7") })
	}
	wg.Wait()
	for i := range tokens {
		if errs[i] != nil || tokens[i] != tokens[0] {
			t.Fatalf("token %d: %q, %v; want %q", i, tokens[i], errs[i], tokens[0])
		}
	}
	if len(tokens[0]) < 22 {
		t.Fatalf("token %q: want at least 128 bits (22 base64 characters)", tokens[0])
	}
	other, err := w.WebToken(ctx, sessions.LinkGame, "8")
	if err != nil || other == tokens[0] {
		t.Fatalf("another game's token: %q, %v", other, err)
	}
	player, err := w.WebToken(ctx, sessions.LinkPlayer, "7")
	if err != nil || player == tokens[0] {
		t.Fatalf("a player's token: %q, %v", player, err)
	}
	kind, ref, err := w.WebRef(ctx, tokens[0])
	if err != nil || kind != sessions.LinkGame || ref != "7" {
		t.Fatalf("WebRef = %q %q %v", kind, ref, err)
	}
	if _, _, err := w.WebRef(ctx, "nope"); !errors.Is(err, sessions.ErrNotFound) {
		t.Fatalf("an unknown token: %v, want ErrNotFound", err)
	}
	// Renewed (a "web logout"), the old token names nothing, the new one
	// what the old did, and WebToken gives the new one.
	login, err := w.WebToken(ctx, sessions.LinkLogin, "test/u1")
	if err != nil {
		t.Fatal(err)
	}
	renewed, err := w.RenewWebToken(ctx, sessions.LinkLogin, "test/u1")
	if err != nil || renewed == login || len(renewed) < 22 {
		t.Fatalf("RenewWebToken = %q, %v (was %q)", renewed, err, login)
	}
	if _, _, err := w.WebRef(ctx, login); !errors.Is(err, sessions.ErrNotFound) {
		t.Fatalf("the renewed token still names something: %v", err)
	}
	if kind, ref, err := w.WebRef(ctx, renewed); err != nil || kind != sessions.LinkLogin || ref != "test/u1" {
		t.Fatalf("the new token: %q %q %v", kind, ref, err)
	}
	if again, err := w.WebToken(ctx, sessions.LinkLogin, "test/u1"); err != nil || again != renewed {
		t.Fatalf("WebToken after the renewal = %q, %v; want %q", again, err, renewed)
	}
	if first, err := w.RenewWebToken(ctx, sessions.LinkLogin, "test/u2"); err != nil || first == "" {
		t.Fatalf("RenewWebToken of a person never signed in = %q, %v", first, err)
	}
}

// testListed: only the games of channels with Web on are listed, live
// ones by their last move, finished ones latest first.
func testListed(t *testing.T, s sessions.Store) {
	w, ctx := web(t, s), t.Context()
	if err := s.SaveChannel(ctx, sessions.ChannelSettings{Platform: "test", ChannelID: "open", Web: true}); err != nil {
		t.Fatal(err)
	}
	if err := s.SaveChannel(ctx, sessions.ChannelSettings{Platform: "test", ChannelID: "closed", Lang: "en"}); err != nil {
		t.Fatal(err)
	}
	a := game("open", ayse, bora)
	a.LastMove = at.Add(time.Hour)
	a = create(t, s, a)
	b := create(t, s, game("open", cem, bora))
	create(t, s, game("closed", ayse, cem))
	create(t, s, game("nowhere", ayse, cem))
	f1 := create(t, s, finished(game("open", ayse, bora)))
	create(t, s, finished(game("closed", ayse, bora)))
	f2 := create(t, s, finished(game("open", cem, bora)))
	live, err := w.ListedGames(ctx, false, 10)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "the live listed games", ids(live), []int64{a.ID, b.ID})
	same(t, "the first live game", live[0], a)
	over, err := w.ListedGames(ctx, true, 10)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "the finished listed games", ids(over), []int64{f2.ID, f1.ID})
	if over, err = w.ListedGames(ctx, true, 1); err != nil || len(over) != 1 {
		t.Fatalf("limit 1: %v, %v", ids(over), err)
	}
	recent, err := w.RecentGames(ctx, "test", "closed", 10)
	if err != nil || len(recent) != 1 || recent[0].ChannelID != "closed" {
		t.Fatalf("a channel's recent games: %v, %v", ids(recent), err)
	}
	chans, err := w.ListedChannels(ctx)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "the listed channels", chans, []sessions.ChannelSettings{{Platform: "test", ChannelID: "open", Web: true}})
	cs, err := s.Channel(ctx, "test", "closed")
	if err != nil || cs.Web {
		t.Fatalf("a channel never opted in: %+v, %v", cs, err)
	}
}

// testPlayerGames: a player's games as either side, latest first, listed
// ones only when asked; the tallies count results, not games without one.
func testPlayerGames(t *testing.T, s sessions.Store) {
	w, ctx := web(t, s), t.Context()
	if err := s.SaveChannel(ctx, sessions.ChannelSettings{Platform: "test", ChannelID: "open", Web: true}); err != nil {
		t.Fatal(err)
	}
	won := create(t, s, finished(game("open", ayse, bora)))
	lost := finished(game("private", bora, ayse))
	lost = create(t, s, lost)
	drawn := game("open", ayse, bot)
	drawn.Result = sessions.Result{Over: true, Winner: ai.NoSide, Reason: sessions.ReasonAgreement}
	drawn = create(t, s, drawn)
	void := game("open", ayse, bora)
	void.Result = sessions.Result{Over: true, Winner: ai.Second, Reason: sessions.ReasonAbandoned}
	void = create(t, s, void)
	live := create(t, s, game("private", cem, ayse))
	create(t, s, game("open", cem, bora))
	all, err := w.PlayerGames(ctx, "test", ayse.ID, false, 10)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "Ayşe's games", ids(all), []int64{live.ID, void.ID, drawn.ID, lost.ID, won.ID})
	listedOnly, err := w.PlayerGames(ctx, "test", ayse.ID, true, 10)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "Ayşe's listed games", ids(listedOnly), []int64{void.ID, drawn.ID, won.ID})
	two, err := w.PlayerGames(ctx, "test", ayse.ID, false, 2)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "Ayşe's last two games", ids(two), []int64{live.ID, void.ID})
	tallies, err := w.PlayerTallies(ctx, "test", ayse.ID)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "Ayşe's results", tallies, []sessions.Tally{{Game: "game-b", Wins: 1, Draws: 1, Losses: 1}})
	if none, err := w.PlayerTallies(ctx, "test", "nobody"); err != nil || len(none) != 0 {
		t.Fatalf("nobody's results: %v, %v", none, err)
	}
}

// testRatingHistory: each settled game's ratings are kept in order, with
// the rating each came from; a game settled twice is recorded once.
func testRatingHistory(t *testing.T, s sessions.Store) {
	w, ctx := web(t, s), t.Context()
	g1 := create(t, s, finished(game("c", ayse, bora)))
	g2 := create(t, s, finished(game("c", ayse, bora)))
	first := []sessions.RatingRecord{rating(ayse.ID, 1662.5, 1), rating(bora.ID, 1337.5, 1)}
	second := []sessions.RatingRecord{rating(ayse.ID, 1700, 2), rating(bora.ID, 1300, 2)}
	for i := range second {
		second[i].Updated = at.Add(time.Hour)
	}
	if err := s.SettleGame(ctx, g1.ID, first); err != nil {
		t.Fatal(err)
	}
	if err := s.SettleGame(ctx, g2.ID, second); err != nil {
		t.Fatal(err)
	}
	if err := s.SettleGame(ctx, g2.ID, []sessions.RatingRecord{rating(ayse.ID, 1900, 3)}); err != nil {
		t.Fatal(err)
	}
	hist, err := w.RatingHistory(ctx, "test", ayse.ID)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "Ayşe's history", hist, []sessions.RatingPoint{
		{Game: "game-b", PlayerID: ayse.ID, GameID: g1.ID, Rating: 1662.5, RD: 200, At: at},
		{Game: "game-b", PlayerID: ayse.ID, GameID: g2.ID, Rating: 1700, RD: 200, At: at.Add(time.Hour), Before: 1662.5, HasBefore: true},
	})
	pts, err := w.GameRatings(ctx, g2.ID)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "game 2's ratings", pts, []sessions.RatingPoint{
		{Game: "game-b", PlayerID: ayse.ID, GameID: g2.ID, Rating: 1700, RD: 200, At: at.Add(time.Hour), Before: 1662.5, HasBefore: true},
		{Game: "game-b", PlayerID: bora.ID, GameID: g2.ID, Rating: 1300, RD: 200, At: at.Add(time.Hour), Before: 1337.5, HasBefore: true},
	})
	if pts, err := w.GameRatings(ctx, 999); err != nil || len(pts) != 0 {
		t.Fatalf("an unrated game's ratings: %v, %v", pts, err)
	}
}

// testChannelLeaderboard: the ratings of the people who played the game in
// the channel, best first.
func testChannelLeaderboard(t *testing.T, s sessions.Store) {
	w, ctx := web(t, s), t.Context()
	g := create(t, s, finished(game("here", ayse, bora)))
	other := create(t, s, finished(game("elsewhere", cem, bora)))
	if err := s.SettleGame(ctx, g.ID, []sessions.RatingRecord{rating(ayse.ID, 1600, 1), rating(bora.ID, 1400, 1)}); err != nil {
		t.Fatal(err)
	}
	if err := s.SettleGame(ctx, other.ID, []sessions.RatingRecord{rating(cem.ID, 1800, 1)}); err != nil {
		t.Fatal(err)
	}
	board, err := w.ChannelLeaderboard(ctx, "test", "here", "game-b", 10)
	if err != nil {
		t.Fatal(err)
	}
	same(t, "the channel's leaderboard", board, []sessions.RatingRecord{rating(ayse.ID, 1600, 1), rating(bora.ID, 1400, 1)})
}

// testWebTournaments: a tournament by id, and the live ones of listed
// channels.
func testWebTournaments(t *testing.T, s sessions.Store) {
	w, ctx := web(t, s), t.Context()
	if err := s.SaveChannel(ctx, sessions.ChannelSettings{Platform: "test", ChannelID: "open", Web: true}); err != nil {
		t.Fatal(err)
	}
	mk := func(ch string, state tournament.State) sessions.TournamentRecord {
		rec := newTournament(t, ch, state, ayse.ID, bora.ID)
		id, err := s.CreateTournament(ctx, rec)
		if err != nil {
			t.Fatal(err)
		}
		rec.ID = id
		return rec
	}
	running := mk("open", tournament.Running)
	mk("open", tournament.Finished)
	mk("closed", tournament.Running)
	got, err := w.TournamentByID(ctx, running.ID)
	if err != nil || got.ID != running.ID || got.ChannelID != "open" {
		t.Fatalf("TournamentByID: %+v, %v", got, err)
	}
	if _, err := w.TournamentByID(ctx, 999); !errors.Is(err, sessions.ErrNotFound) {
		t.Fatalf("an unknown tournament: %v", err)
	}
	listed, err := w.ListedTournaments(ctx, 10)
	if err != nil || len(listed) != 1 || listed[0].ID != running.ID {
		t.Fatalf("listed tournaments: %+v, %v", listed, err)
	}
}

// testWebFigures: the operations' figures count what is there.
func testWebFigures(t *testing.T, s sessions.Store) {
	w, ctx := web(t, s), t.Context()
	if err := w.Ping(ctx); err != nil {
		t.Fatal(err)
	}
	create(t, s, game("c", ayse, bora))
	create(t, s, finished(game("c", ayse, bora)))
	if n, err := w.GamesInPlay(ctx); err != nil || n != 1 {
		t.Fatalf("GamesInPlay = %d, %v; want 1", n, err)
	}
	items := enqueue(t, s, reply("c", 0, 0, "a"), reply("c", 0, 0, "b"), reply("c", 0, 0, "c"))
	if err := s.DeliveredReply(ctx, items[0].ID); err != nil {
		t.Fatal(err)
	}
	if err := s.AbandonReply(ctx, items[1].ID, outbox.Stale, "old"); err != nil {
		t.Fatal(err)
	}
	if n, err := w.OutboxDepth(ctx); err != nil || n != 1 {
		t.Fatalf("OutboxDepth = %d, %v; want 1", n, err)
	}
}
