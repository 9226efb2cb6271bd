package tournaments_test

// The tournaments played by a Manager on a real SQLite file: crashes,
// the bot's entries, results by the clock. The harness is a small copy of
// package sessions' tests' (a Manager that records its events).

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
	"oyunbot/sessions/ratings"
	"oyunbot/sessions/tournaments"
	"oyunbot/store"
	"oyunbot/tournament"
)

var (
	ayse  = sessions.Player{ID: "u1", Name: "Ayşe"}
	bora  = sessions.Player{ID: "u2", Name: "Bora"}
	bg    = context.Background()
	chanA = "chan-a"
)

// harness is a Manager with its tournaments on a SQLite file, recording
// its events.
type harness struct {
	t     *testing.T
	m     *sessions.Manager
	tours *tournaments.Runner
	rates *ratings.Book
	store *store.SQLStore
	reg   *games.Registry

	mu     sync.Mutex
	events []sessions.Event
}

func newHarness(t *testing.T, path string, mod func(*sessions.Config)) *harness {
	t.Helper()
	if path == "" {
		path = filepath.Join(t.TempDir(), "games.db")
	}
	reg, err := games.NewRegistry(dama.Game{}, tictactoe.Game{})
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.OpenSQLite(bg, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	book := ratings.New()
	h := &harness{t: t, tours: tournaments.New(book), rates: book, store: st, reg: reg}
	cfg := sessions.Config{Games: reg, Store: st, Notify: h.record, Seed: 1, IdleForfeit: -1, NewEngine: smallEngine,
		Tournaments: h.tours, Ratings: h.rates}
	if mod != nil {
		mod(&cfg)
	}
	m, err := sessions.New(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	h.m = m
	t.Cleanup(func() { m.Close() })
	return h
}

func (h *harness) record(ev sessions.Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.events = append(h.events, ev)
}

func (h *harness) Events() []sessions.Event {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.events)
}

func (h *harness) wait() {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(bg, 30*time.Second)
	defer cancel()
	if err := h.m.Wait(ctx); err != nil {
		h.t.Fatal("waiting for the bot:", err)
	}
}

func (h *harness) game(name string) games.Game {
	g, ok := h.reg.Lookup(name)
	if !ok {
		h.t.Fatalf("no game %q", name)
	}
	return g
}

// smallEngine has a small table: tests play short games.
func smallEngine() sessions.Engine {
	opts := ai.DefaultOptions()
	opts.TTSizeMB = 1
	return ai.NewEngine(opts)
}

// orderly is a predictable engine: it plays the legal move whose text
// sorts first.
type orderly struct{}

func (orderly) Choose(ctx context.Context, p ai.Position, lvl ai.Level, rng *rand.Rand) ai.Result {
	gp := p.(games.Position)
	var best ai.Move
	bestText := ""
	for _, mv := range p.Moves(nil) {
		if s := gp.FormatMove(mv); bestText == "" || s < bestText {
			best, bestText = mv, s
		}
	}
	return ai.Result{Best: best}
}

func players(n int) []sessions.Player {
	out := make([]sessions.Player, n)
	for i := range out {
		out[i] = sessions.Player{ID: string(rune('a' + i)), Name: string(rune('A' + i))}
	}
	return out
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
	if r, ok := h2.rates.Rating(bg, "test", "tictactoe", games[1].Players[0].ID); !ok || r.Games != 1 {
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
	if _, ok := h.rates.Rating(bg, "test", "tictactoe", ratings.BotID("hard")); !ok {
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
