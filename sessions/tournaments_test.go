package sessions_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"oyunbot/sessions"
	"oyunbot/sessions/tournaments"
	"oyunbot/tournament"
)

func TestRatingsAfterGames(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	h := newHarness(t, path, nil)
	// Ayşe beats Bora, then Bora and Cem draw.
	g := h.pvp("tictactoe", chanA, ayse, bora)
	h.m.Play().Move(bg, g.ID, ayse.ID, "b2", "")
	h.m.Play().Move(bg, g.ID, bora.ID, "a1", "")
	first, err := h.m.Offers().Resign(bg, g.ID, bora.ID)
	if err != nil {
		t.Fatal(err)
	}
	g = h.pvp("tictactoe", chanA, bora, cem)
	h.m.Play().Move(bg, g.ID, bora.ID, "b2", "") // both move: a draw at move 0 is void
	h.m.Play().Move(bg, g.ID, cem.ID, "a1", "")
	h.m.Offers().OfferDraw(bg, g.ID, bora.ID)
	out, second, err := h.m.Offers().OfferDraw(bg, g.ID, cem.ID)
	if err != nil || out != sessions.DrawAgreed {
		t.Fatalf("draw %v %v", out, err)
	}
	rated := []sessions.Snapshot{first, second}
	for _, s := range rated {
		if len(s.Ratings) != 2 {
			t.Fatalf("game %s ended without its rating changes", s.Tag())
		}
	}
	// The first game: both new, so the changes mirror each other.
	a, b := rated[0].Ratings[0], rated[0].Ratings[1]
	want, _, _ := tournament.Glicko2{}.UpdatePair(tournament.NewRating(), tournament.NewRating(), 1)
	if a.PlayerID != ayse.ID || a.After != want || math.Abs((a.After.Rating-1500)+(b.After.Rating-1500)) > 1e-9 {
		t.Fatalf("first game ratings %+v %+v", a, b)
	}
	// Bora's rating in the second game starts from the first game's result.
	if rated[1].Ratings[0].Before != b.After {
		t.Fatalf("Bora before the second game %+v, after the first %+v", rated[1].Ratings[0].Before, b.After)
	}
	h.m.Close()
	h.store.Close()

	h2 := newHarness(t, path, nil)
	board, err := h2.m.Ratings().Leaderboard(bg, "test", "tictactoe", 10)
	if err != nil || len(board) != 3 {
		t.Fatalf("leaderboard %+v %v", board, err)
	}
	if board[0].PlayerID != ayse.ID || board[2].PlayerID != bora.ID || board[0].Games != 1 || board[2].Games != 2 {
		t.Fatalf("leaderboard order %+v", board)
	}
	for i := 1; i < len(board); i++ {
		if board[i].Rating.Rating > board[i-1].Rating.Rating {
			t.Fatal("leaderboard not sorted")
		}
	}
	if r, ok := h2.m.Ratings().Rating(bg, "test", "tictactoe", cem.ID); !ok || r.Rating != rated[1].Ratings[1].After {
		t.Fatalf("Cem's stored rating %+v", r)
	}
	if _, ok := h2.m.Ratings().Rating(bg, "test", "dama", cem.ID); ok {
		t.Fatal("a rating in a game never played")
	}
	if _, ok := h2.m.Ratings().Rating(bg, "other-platform", "tictactoe", cem.ID); ok {
		t.Fatal("ratings leak across platforms")
	}
}

func TestBotGamesRatedPerLevelUntilUndo(t *testing.T) {
	h := newHarness(t, "", func(c *sessions.Config) { c.NewEngine = func() sessions.Engine { return orderly{} } })
	// play plays b2 against the bot at level (changed to levelBefore before
	// the move, to levelAfter after it), maybe takes it back, and resigns.
	play := func(level, levelBefore, levelAfter string, undo bool) {
		s, err := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: ayse, Game: h.game("tictactoe"), Level: level})
		if err != nil {
			t.Fatal(err)
		}
		if levelBefore != "" {
			if s, err := h.m.Play().SetLevel(bg, s.ID, ayse.ID, levelBefore); err != nil || !s.Rated {
				t.Fatalf("level before the first move: rated %v, %v", s.Rated, err)
			}
		}
		h.m.Play().Move(bg, s.ID, ayse.ID, "b2", "")
		h.wait()
		if levelAfter != "" {
			if s, err := h.m.Play().SetLevel(bg, s.ID, ayse.ID, levelAfter); err != nil || s.Rated {
				t.Fatalf("level changed in play: rated %v, %v", s.Rated, err)
			}
		}
		if undo {
			if _, err := h.m.Play().Undo(bg, s.ID, ayse.ID); err != nil {
				t.Fatal(err)
			}
			h.m.Play().Move(bg, s.ID, ayse.ID, "b2", "")
			h.wait()
		}
		h.m.Offers().Resign(bg, s.ID, ayse.ID)
	}
	play("hard", "", "", false)
	play("easy", "", "", false)
	play("easy", "", "", true)
	play("easy", "master", "", false) // before any move: rated against master
	play("easy", "", "master", false) // prepared against easy: not rated
	board, _ := h.m.Ratings().Leaderboard(bg, "test", "tictactoe", 10)
	games := map[string]int{}
	for _, r := range board {
		games[r.PlayerID] = r.Games
	}
	// Tic-tac-toe's levels have measured ratings (games.Host.LevelRatings):
	// only the person's rating is stored and moves.
	if games[ayse.ID] != 3 || len(games) != 1 {
		t.Fatalf("rated games %v", games)
	}
	if lvl, ok := sessions.IsBotRatingID(sessions.BotRatingID("hard")); !ok || lvl != "hard" {
		t.Fatal("bot rating id")
	}
}

// flaky wraps a store and fails chosen writes, as a crash at that point
// would leave the database.
type flaky struct {
	sessions.Store
	failTournament atomic.Bool
	failSettle     atomic.Bool
	failCreate     atomic.Bool
}

var errCrash = errors.New("crash")

func (f *flaky) SaveTournament(ctx context.Context, rec sessions.TournamentRecord) error {
	if f.failTournament.Load() {
		return errCrash
	}
	return f.Store.SaveTournament(ctx, rec)
}

func (f *flaky) SettleGame(ctx context.Context, id int64, r []sessions.RatingRecord) error {
	if f.failSettle.Load() {
		return errCrash
	}
	return f.Store.SettleGame(ctx, id, r)
}

func (f *flaky) CreateGame(ctx context.Context, rec sessions.GameRecord) (int64, error) {
	if f.failCreate.Load() {
		return 0, errCrash
	}
	return f.Store.CreateGame(ctx, rec)
}

func players(n int) []sessions.Player {
	out := make([]sessions.Player, n)
	for i := range out {
		out[i] = sessions.Player{ID: string(rune('a' + i)), Name: string(rune('A' + i))}
	}
	return out
}

// TestTournamentSurvivesCrashes: a crash after a game ended but before its
// result reached the store, and one after a round was paired but before its
// games were created; Resume repairs both, so the tournament goes on.
func TestTournamentSurvivesCrashes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	f := &flaky{}
	h := newHarness(t, path, func(c *sessions.Config) { f.Store = c.Store; c.Store = f })
	ps := players(4)
	org := ps[0]
	if _, err := h.tours.Create(bg, tournaments.Request{Platform: "test", ChannelID: chanA, Organiser: org,
		Game: h.game("tictactoe"), System: tournament.RoundRobin}); err != nil {
		t.Fatal(err)
	}
	if _, err := h.tours.Create(bg, tournaments.Request{Platform: "test", ChannelID: chanA, Organiser: org,
		Game: h.game("dama"), System: tournament.Swiss}); !errors.Is(err, tournaments.ErrExists) {
		t.Fatalf("second tournament: %v", err)
	}
	for _, p := range ps {
		if _, err := h.tours.Join(bg, "test", chanA, p); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := h.tours.Start(bg, "test", chanA, ps[1], false, ""); !errors.Is(err, tournaments.ErrNotOrganiser) {
		t.Fatalf("start by a player: %v", err)
	}
	v, err := h.tours.Start(bg, "test", chanA, ps[1], true, "") // an admin may
	if err != nil || v.T.State != tournament.Running || len(h.m.Lobby().ChannelGames("test", chanA)) != 2 {
		t.Fatalf("start: %+v %v", v.T, err)
	}
	// Board 1 ends normally; board 2 ends in a "crash" before its result
	// and rating are stored.
	games := h.m.Lobby().ChannelGames("test", chanA)
	resignFirst := func(s sessions.Snapshot) {
		p, _ := s.ToMove()
		if _, err := h.m.Offers().Resign(bg, s.ID, p.ID); err != nil {
			t.Fatal(err)
		}
	}
	resignFirst(games[0])
	f.failTournament.Store(true)
	f.failSettle.Store(true)
	resignFirst(games[1])
	h.m.Close()
	h.store.Close()

	h2 := newHarness(t, path, nil)
	v, _ = h2.tours.Get(bg, "test", chanA)
	if v.T.Current() != 1 || v.T.Rounds[0].Complete() {
		t.Fatalf("stored tournament %+v", v.T.Rounds)
	}
	h2.m.Resume("test")
	v, _ = h2.tours.Get(bg, "test", chanA)
	if v.T.Current() != 2 || !v.T.Rounds[0].Complete() || len(h2.m.Lobby().ChannelGames("test", chanA)) != 2 {
		t.Fatalf("after resume: round %d, %d games", v.T.Current(), len(h2.m.Lobby().ChannelGames("test", chanA)))
	}
	round2 := 0
	for _, ev := range h2.Events() {
		if ev.Kind == sessions.EventRoundStarted && ev.Round == 2 && len(ev.Games) == 2 {
			round2++
		}
	}
	if round2 != 1 {
		t.Fatalf("round 2 announced %d times", round2)
	}
	if r, ok := h2.m.Ratings().Rating(bg, "test", "tictactoe", games[1].Players[0].ID); !ok || r.Games != 1 {
		t.Fatal("the crashed game was not rated at resume")
	}

	// Now the round's games cannot be created: a crash between pairing round
	// 3 and starting its games.
	h2.m.Close()
	h2.store.Close()
	f2 := &flaky{}
	h3 := newHarness(t, path, func(c *sessions.Config) { f2.Store = c.Store; c.Store = f2 })
	h3.m.Resume("test")
	for i, s := range h3.m.Lobby().ChannelGames("test", chanA) {
		if i == 1 {
			f2.failCreate.Store(true)
		}
		resignFirst2 := func(s sessions.Snapshot) {
			p, _ := s.ToMove()
			if _, err := h3.m.Offers().Resign(bg, s.ID, p.ID); err != nil {
				t.Fatal(err)
			}
		}
		resignFirst2(s)
	}
	v, _ = h3.tours.Get(bg, "test", chanA)
	if v.T.Current() != 3 || len(h3.m.Lobby().ChannelGames("test", chanA)) != 0 {
		t.Fatalf("round %d with %d games", v.T.Current(), len(h3.m.Lobby().ChannelGames("test", chanA)))
	}
	h3.m.Close()
	h3.store.Close()
	h4 := newHarness(t, path, nil)
	h4.m.Resume("test")
	if n := len(h4.m.Lobby().ChannelGames("test", chanA)); n != 2 {
		t.Fatalf("%d games of round 3 after resume", n)
	}
	for _, s := range h4.m.Lobby().ChannelGames("test", chanA) {
		if s.TournamentRound != 3 || !s.Rated {
			t.Fatalf("game %+v", s)
		}
		p, _ := s.ToMove()
		h4.m.Offers().Resign(bg, s.ID, p.ID)
	}
	v, _ = h4.tours.Get(bg, "test", chanA)
	if v.T.State != tournament.Finished {
		t.Fatalf("state %s", v.T.State)
	}
	over := 0
	for _, ev := range h4.Events() {
		if ev.Kind == sessions.EventTournamentOver {
			over++
		}
	}
	if over != 1 {
		t.Fatalf("%d end announcements", over)
	}
}

// TestBotsPlayTournamentGames: bot entries at different levels play their
// games on the worker pool, each at its own level.
func TestBotsPlayTournamentGames(t *testing.T) {
	h := newHarness(t, "", func(c *sessions.Config) { c.NewEngine = func() sessions.Engine { return orderly{} } })
	org := players(1)[0]
	h.tours.Create(bg, tournaments.Request{Platform: "test", ChannelID: chanA, Organiser: org,
		Game: h.game("tictactoe"), System: tournament.Swiss, Rounds: 2})
	for _, lvl := range []string{"kolay", "zor"} {
		if _, err := h.tours.AddBot(bg, "test", chanA, org, false, lvl); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := h.tours.AddBot(bg, "test", chanA, ayse, false, "orta"); !errors.Is(err, tournaments.ErrNotOrganiser) {
		t.Fatalf("bot added by a player: %v", err)
	}
	if _, err := h.tours.AddBot(bg, "test", chanA, org, false, "grandmaster"); !errors.Is(err, sessions.ErrUnknownLevel) {
		t.Fatalf("unknown level: %v", err)
	}
	h.tours.Join(bg, "test", chanA, ayse)
	if _, err := h.tours.Start(bg, "test", chanA, org, false, ""); err != nil {
		t.Fatal(err)
	}
	for range 20 {
		h.wait()
		for _, s := range h.m.Lobby().ChannelGames("test", chanA) {
			if p, ok := s.ToMove(); ok && !p.Bot {
				h.m.Play().Move(bg, s.ID, p.ID, s.Legal[0], "")
			}
		}
		if v, _ := h.tours.Get(bg, "test", chanA); v.T.State == tournament.Finished {
			break
		}
	}
	v, _ := h.tours.Get(bg, "test", chanA)
	if v.T.State != tournament.Finished {
		t.Fatalf("state %s rounds %+v", v.T.State, v.T.Rounds)
	}
	levels := map[string]bool{}
	for _, ev := range h.Events() {
		if ev.Kind == sessions.EventBotMoved && ev.Game.Players[0].Bot && ev.Game.Players[1].Bot {
			levels[ev.Game.Players[ev.Game.Sides[len(ev.Game.Sides)-1]].Level] = true
		}
	}
	if !levels["easy"] || !levels["hard"] {
		t.Fatalf("bot-vs-bot levels %v", levels)
	}
	if _, ok := h.m.Ratings().Rating(bg, "test", "tictactoe", sessions.BotRatingID("hard")); !ok {
		t.Fatal("the bot's tournament games were not rated")
	}
}

// TestTournamentResultsByClock: a flag (timed tournament) and an idle
// forfeit (untimed) are results like any other.
func TestTournamentResultsByClock(t *testing.T) {
	var clock atomic.Int64
	clock.Store(1_700_000_000_000_000_000)
	now := func() time.Time { return time.Unix(0, clock.Load()) }
	h := newHarness(t, "", func(c *sessions.Config) {
		c.Now, c.IdleCheck, c.IdleForfeit = now, time.Hour, 24*time.Hour
	})
	for i, tc := range []sessions.TimeControl{{Base: 5 * time.Minute}, {}} {
		ch := fmt.Sprint("t", i)
		h.tours.Create(bg, tournaments.Request{Platform: "test", ChannelID: ch, Organiser: ayse,
			Game: h.game("tictactoe"), System: tournament.RoundRobin, TimeControl: tc})
		h.tours.Join(bg, "test", ch, ayse)
		h.tours.Join(bg, "test", ch, bora)
		if _, err := h.tours.Start(bg, "test", ch, ayse, false, ""); err != nil {
			t.Fatal(err)
		}
	}
	h.m.Clocks().CheckIdle(now().Add(5 * time.Minute))
	v0, _ := h.tours.Get(bg, "test", "t0")
	v1, _ := h.tours.Get(bg, "test", "t1")
	if v0.T.State != tournament.Finished || v0.T.Rounds[0].Pairings[0].Result != tournament.BlackWins {
		t.Fatalf("timed tournament %s %+v", v0.T.State, v0.T.Rounds)
	}
	if v1.T.State != tournament.Running {
		t.Fatal("the untimed game was flagged")
	}
	h.m.Clocks().CheckIdle(now().Add(24 * time.Hour))
	v1, _ = h.tours.Get(bg, "test", "t1")
	if v1.T.State != tournament.Finished || v1.T.Rounds[0].Pairings[0].Result != tournament.BlackWins {
		t.Fatalf("untimed tournament %s %+v", v1.T.State, v1.T.Rounds)
	}
	over := 0
	for _, ev := range h.Events() {
		if ev.Kind == sessions.EventTournamentOver {
			over++
		}
	}
	if over != 2 {
		t.Fatalf("%d tournaments announced over", over)
	}
}
