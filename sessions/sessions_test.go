package sessions_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
	"oyunbot/sessions/challenges"
	sessfleet "oyunbot/sessions/fleet"
	"oyunbot/sessions/matches"
	"oyunbot/sessions/ratings"
	"oyunbot/sessions/tournaments"
)

func registry(t testing.TB) *games.Registry {
	r, err := games.NewRegistry(dama.Game{}, tictactoe.Game{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// smallEngine has a small table: tests play short games, and a 16 MiB
// table per worker is slow to allocate under -race.
func smallEngine() sessions.Engine {
	opts := ai.DefaultOptions()
	opts.TTSizeMB = 1
	return ai.NewEngine(opts)
}

// harness is a Manager on a real SQLite file that records its events.
type harness struct {
	t     *testing.T
	m     *sessions.Manager
	tours *tournaments.Runner // the Manager's tournaments
	chal  *challenges.Book    // the Manager's challenges
	rates *ratings.Book       // its ratings
	// matches is the Manager's matches (package sessions/matches, issue 38:
	// they were Manager.Matches()).
	matches *matches.Runner
	store   sqlStore
	path    string
	reg     *games.Registry

	mu     sync.Mutex
	events []sessions.Event
}

func newHarness(t *testing.T, path string, mod func(*sessions.Config)) *harness {
	t.Helper()
	if path == "" {
		path = filepath.Join(t.TempDir(), "games.db")
	}
	book := ratings.New()
	h := &harness{t: t, path: path, reg: registry(t), tours: tournaments.New(book), rates: book, chal: challenges.New(), matches: matches.New()}
	h.store = openStore(t, path)
	cfg := sessions.Config{Games: h.reg, Store: h.store, Notify: h.record, Seed: 1, IdleForfeit: -1, NewEngine: smallEngine,
		Tournaments: h.tours, Challenges: h.chal, Matches: h.matches, Ratings: h.rates}
	if mod != nil {
		mod(&cfg)
	}
	m, err := sessions.New(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	h.m = m
	t.Cleanup(func() { m.Close() })
	// The Manager as the bot runs it: with its fleet, which looks at the
	// clocks (every IdleCheck) once it has its listener.
	fl := sessfleet.New(m, sessfleet.Config{})
	if cfg.Notify != nil {
		if err := m.Go(fl.Run); err != nil {
			t.Fatal(err)
		}
	}
	return h
}

// fakeNow is a clock the test moves, shared by the Managers of one test
// (one "process" after another).
func fakeNow() (*atomic.Int64, func() time.Time) {
	var ns atomic.Int64
	ns.Store(time.Unix(1_700_000_000, 0).UnixNano())
	return &ns, func() time.Time { return time.Unix(0, ns.Load()) }
}

// process starts a Manager on path with the clock now, as the bot's process
// would at start-up.
func process(t *testing.T, path string, now func() time.Time, idle time.Duration) *harness {
	return newHarness(t, path, func(c *sessions.Config) {
		c.Now, c.IdleCheck, c.IdleForfeit = now, time.Hour, idle // the test calls CheckIdle
	})
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
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
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

var (
	ayse  = sessions.Player{ID: "u1", Name: "Ayşe"}
	bora  = sessions.Player{ID: "u2", Name: "Bora"}
	cem   = sessions.Player{ID: "u3", Name: "Cem"}
	bg    = context.Background()
	chanA = "chan-a"
)

// pvp starts a game between a (first) and b in channel ch.
func (h *harness) pvp(game, ch string, a, b sessions.Player) sessions.Snapshot {
	h.t.Helper()
	if err := h.chal.Issue(bg, sessions.Challenge{Platform: "test", ChannelID: ch, From: a, To: b, Game: h.game(game)}); err != nil {
		h.t.Fatal(err)
	}
	snap, c, err := h.chal.Accept(bg, "test", ch, b, "")
	if err != nil {
		h.t.Fatal(err)
	}
	if c.From != a {
		h.t.Fatalf("accepted challenge from %+v", c.From)
	}
	return snap
}

func TestWholeGameAgainstTheBot(t *testing.T) {
	for _, side := range []ai.Side{ai.First, ai.Second} {
		t.Run(fmt.Sprint("side", side), func(t *testing.T) {
			h := newHarness(t, "", nil)
			snap, err := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: ayse,
				Game: h.game("xox"), Level: "orta", Side: side, Ref: "r0"})
			if err != nil {
				t.Fatal(err)
			}
			if snap.Level != "medium" || snap.SideOf(ayse.ID) != side || !snap.Players[side.Opponent()].Bot {
				t.Fatalf("start snapshot %+v", snap)
			}
			h.wait()
			for ply := 0; ; ply++ {
				if ply > 9 {
					t.Fatal("game did not end")
				}
				s, err := h.m.Lobby().Get(snap.ID)
				if errors.Is(err, sessions.ErrNoGame) {
					break // finished games leave memory
				}
				if err != nil {
					t.Fatal(err)
				}
				if s.Turn != side {
					t.Fatalf("after waiting, turn = %v, want the person's %v", s.Turn, side)
				}
				res, err := h.m.Play().Move(bg, snap.ID, ayse.ID, s.Legal[0], fmt.Sprint("r", ply+1))
				if err != nil {
					t.Fatal(err)
				}
				if res.Move != s.Legal[0] {
					t.Fatalf("played %q, want %q", res.Move, s.Legal[0])
				}
				h.wait()
			}
			rec, err := h.store.Game(bg, snap.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !rec.Result.Over || rec.Result.Reason == "" {
				t.Fatalf("stored result %+v", rec.Result)
			}
			// The strongest play against a first-legal-move player never loses.
			if rec.Result.Winner == side {
				t.Fatalf("the bot lost: %v", rec.Moves)
			}
			var botMoves int
			for _, ev := range h.Events() {
				if ev.Kind == sessions.EventBotMoved {
					botMoves++
					if ev.Ref == "" || ev.Game.ID != snap.ID {
						t.Fatalf("bot event %+v", ev)
					}
				}
			}
			if want := len(rec.Moves) / 2; side == ai.First && botMoves != want || side == ai.Second && botMoves != len(rec.Moves)-want {
				t.Fatalf("%d bot moves in %v", botMoves, rec.Moves)
			}
		})
	}
}

func sameGame(t *testing.T, before, after sessions.Snapshot) {
	t.Helper()
	if !reflect.DeepEqual(before.Board, after.Board) || !slices.Equal(before.Moves, after.Moves) ||
		before.Turn != after.Turn || before.Result != after.Result || before.Clocks != after.Clocks {
		t.Fatalf("game changed:\nbefore %+v\nafter  %+v", before, after)
	}
}

func TestRefusedMovesChangeNothing(t *testing.T) {
	h := newHarness(t, "", nil)
	snap := h.pvp("dama", chanA, ayse, bora)
	if _, err := h.m.Play().Move(bg, snap.ID, ayse.ID, "c3-c4", ""); err != nil {
		t.Fatal(err)
	}
	before, _ := h.m.Lobby().Get(snap.ID)
	var moveErr *games.MoveError
	for _, tc := range []struct {
		user, move string
		want       error
		kind       games.MoveErrorKind
	}{
		{ayse.ID, "f6-f5", sessions.ErrNotYourTurn, 0},      // not her turn
		{cem.ID, "f6-f5", sessions.ErrNotPlayer, 0},         // not a player
		{bora.ID, "hello", nil, games.Malformed},            // not a move
		{bora.ID, "f6-f4", nil, games.Illegal},              // too far
		{bora.ID, "c4-c5", nil, games.Illegal},              // not his piece
		{bora.ID, "", nil, games.Malformed},                 // empty
		{bora.ID, "a7-a6", nil, games.Illegal},              // occupied
		{bora.ID, "f6-f5-f4", nil, games.Illegal},           // a man steps once
		{bora.ID, "\x00\xff", nil, games.Malformed},         // junk bytes
		{bora.ID, "h6-i6", nil, games.Malformed},            // off the board
		{bora.ID, "a6-a5 extra text", nil, games.Malformed}, // trailing words
	} {
		_, err := h.m.Play().Move(bg, snap.ID, tc.user, tc.move, "")
		switch {
		case tc.want != nil:
			if !errors.Is(err, tc.want) {
				t.Errorf("%s %q: err = %v, want %v", tc.user, tc.move, err, tc.want)
			}
		case !errors.As(err, &moveErr) || moveErr.Kind != tc.kind:
			t.Errorf("%s %q: err = %v, want a move error of kind %d", tc.user, tc.move, err, tc.kind)
		}
		after, _ := h.m.Lobby().Get(snap.ID)
		sameGame(t, before, after)
		rec, _ := h.store.Game(bg, snap.ID)
		if !slices.Equal(rec.Moves, before.Moves) {
			t.Fatalf("stored moves changed: %v", rec.Moves)
		}
	}
	if _, err := h.m.Play().Move(bg, 999, ayse.ID, "c3-c4", ""); !errors.Is(err, sessions.ErrNoGame) {
		t.Errorf("move in a missing game: %v", err)
	}
}

func TestUndoAgainstTheBot(t *testing.T) {
	h := newHarness(t, "", nil)
	snap, err := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: ayse, Game: h.game("dama"), Level: "easy"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.m.Play().Undo(bg, snap.ID, ayse.ID); !errors.Is(err, sessions.ErrNothingToUndo) {
		t.Fatalf("undo at start: %v", err)
	}
	start, _ := h.m.Lobby().Get(snap.ID)
	if _, err := h.m.Play().Move(bg, snap.ID, ayse.ID, "c3-c4", ""); err != nil {
		t.Fatal(err)
	}
	h.wait()
	mid, _ := h.m.Lobby().Get(snap.ID)
	if len(mid.Moves) != 2 {
		t.Fatalf("moves %v", mid.Moves)
	}
	if _, err := h.m.Play().Move(bg, snap.ID, ayse.ID, mid.Legal[0], ""); err != nil {
		t.Fatal(err)
	}
	h.wait()
	if _, err := h.m.Play().Undo(bg, snap.ID, bora.ID); !errors.Is(err, sessions.ErrNotPlayer) {
		t.Fatalf("undo by a stranger: %v", err)
	}
	got, err := h.m.Play().Undo(bg, snap.ID, ayse.ID)
	if err != nil {
		t.Fatal(err)
	}
	sameGameBoard(t, mid, got)
	got, err = h.m.Play().Undo(bg, snap.ID, ayse.ID)
	if err != nil {
		t.Fatal(err)
	}
	sameGameBoard(t, start, got)
	rec, _ := h.store.Game(bg, snap.ID)
	if len(rec.Moves) != 0 {
		t.Fatalf("stored moves after undo: %v", rec.Moves)
	}

	p := h.pvp("dama", chanA, ayse, bora)
	h.m.Play().Move(bg, p.ID, ayse.ID, "c3-c4", "")
	if _, err := h.m.Play().Undo(bg, p.ID, bora.ID); !errors.Is(err, sessions.ErrNotVsBot) {
		t.Fatalf("undo between people: %v", err)
	}
}

func sameGameBoard(t *testing.T, want, got sessions.Snapshot) {
	t.Helper()
	if !reflect.DeepEqual(want.Board, got.Board) || !slices.Equal(want.Moves, got.Moves) || want.Turn != got.Turn {
		t.Fatalf("got %v %v %v, want %v %v %v", got.Board, got.Moves, got.Turn, want.Board, want.Moves, want.Turn)
	}
}

func TestUndoWhenPlayingSecond(t *testing.T) {
	h := newHarness(t, "", nil)
	snap, err := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: ayse,
		Game: h.game("tictactoe"), Level: "easy", Side: ai.Second})
	if err != nil {
		t.Fatal(err)
	}
	h.wait()
	first, _ := h.m.Lobby().Get(snap.ID)
	if len(first.Moves) != 1 {
		t.Fatalf("the bot did not open: %v", first.Moves)
	}
	if _, err := h.m.Play().Undo(bg, snap.ID, ayse.ID); !errors.Is(err, sessions.ErrNothingToUndo) {
		t.Fatalf("undo of the bot's opening: %v", err)
	}
	h.m.Play().Move(bg, snap.ID, ayse.ID, first.Legal[0], "")
	h.wait()
	got, err := h.m.Play().Undo(bg, snap.ID, ayse.ID)
	if err != nil {
		t.Fatal(err)
	}
	sameGameBoard(t, first, got)
}

func TestDrawsAndResignation(t *testing.T) {
	h := newHarness(t, "", nil)
	g := h.pvp("dama", chanA, ayse, bora)
	if _, err := h.m.Offers().DeclineDraw(bg, g.ID, bora.ID); !errors.Is(err, sessions.ErrNoDrawOffer) {
		t.Fatalf("decline without offer: %v", err)
	}
	out, s, err := h.m.Offers().OfferDraw(bg, g.ID, ayse.ID)
	if err != nil || out != sessions.DrawOffered || s.DrawOffer != ai.First {
		t.Fatalf("offer: %v %+v %v", out, s.DrawOffer, err)
	}
	if _, err := h.m.Offers().DeclineDraw(bg, g.ID, ayse.ID); !errors.Is(err, sessions.ErrNoDrawOffer) {
		t.Fatalf("declining one's own offer: %v", err)
	}
	if s, err = h.m.Offers().DeclineDraw(bg, g.ID, bora.ID); err != nil || s.DrawOffer != ai.NoSide {
		t.Fatalf("decline: %+v %v", s.DrawOffer, err)
	}
	// An offer lapses when the opponent moves instead of accepting.
	h.m.Offers().OfferDraw(bg, g.ID, ayse.ID)
	h.m.Play().Move(bg, g.ID, ayse.ID, "c3-c4", "")
	if s, _ := h.m.Lobby().Get(g.ID); s.DrawOffer != ai.First {
		t.Fatalf("the offerer's own move withdrew the offer")
	}
	h.m.Play().Move(bg, g.ID, bora.ID, "f6-f5", "")
	if s, _ := h.m.Lobby().Get(g.ID); s.DrawOffer != ai.NoSide {
		t.Fatalf("offer still open after the opponent moved")
	}
	h.m.Offers().OfferDraw(bg, g.ID, bora.ID)
	out, s, err = h.m.Offers().OfferDraw(bg, g.ID, ayse.ID)
	if err != nil || out != sessions.DrawAgreed || s.Result != (sessions.Result{Over: true, Winner: ai.NoSide, Reason: sessions.ReasonAgreement}) {
		t.Fatalf("agreement: %v %+v %v", out, s.Result, err)
	}
	if _, err := h.m.Lobby().Get(g.ID); !errors.Is(err, sessions.ErrNoGame) {
		t.Fatalf("finished game still live: %v", err)
	}

	g = h.pvp("tictactoe", chanA, ayse, bora)
	if _, err := h.m.Offers().Resign(bg, g.ID, cem.ID); !errors.Is(err, sessions.ErrNotPlayer) {
		t.Fatalf("resign by a stranger: %v", err)
	}
	h.m.Play().Move(bg, g.ID, ayse.ID, "b2", "")
	h.m.Play().Move(bg, g.ID, bora.ID, "a1", "")
	s, err = h.m.Offers().Resign(bg, g.ID, bora.ID)
	if err != nil || s.Result != (sessions.Result{Over: true, Winner: ai.First, Reason: sessions.ReasonResigned, Points: 1}) {
		t.Fatalf("resign: %+v %v", s.Result, err)
	}
	rec, _ := h.store.Game(bg, g.ID)
	if rec.Result != s.Result {
		t.Fatalf("stored result %+v", rec.Result)
	}

	// Resigning before one's first move ends the game without a result
	// (a game started by mistake), outside tournaments.
	dora := sessions.Player{ID: "u4", Name: "Dora"}
	g = h.pvp("tictactoe", chanA, ayse, dora)
	h.m.Play().Move(bg, g.ID, ayse.ID, "b2", "")
	s, err = h.m.Offers().Resign(bg, g.ID, dora.ID)
	if err != nil || s.Result != (sessions.Result{Over: true, Winner: ai.NoSide, Reason: sessions.ReasonAbandoned}) || !s.Result.Void() || s.Ratings != nil {
		t.Fatalf("resign before moving: %+v %v ratings %v", s.Result, err, s.Ratings)
	}
	if _, ok := h.rates.Rating(bg, "test", "tictactoe", dora.ID); ok {
		t.Fatal("a game left before a move was rated")
	}
}

// TestBotDraws: the bot takes a draw when it is not ahead, but not in the
// first BotDrawMinMoves moves (a draw agreed at the start against a strong
// level was a free rating gain).
func TestBotDraws(t *testing.T) {
	h := newHarness(t, "", func(c *sessions.Config) { c.NewEngine = func() sessions.Engine { return orderly{} } })
	dama := h.game("dama")
	agreed := 0
	for try := 0; try < 8 && agreed == 0; try++ {
		g, err := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: ayse, Game: dama})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(try), 1))
		for {
			s, err := h.m.Lobby().Get(g.ID)
			if err != nil || s.Result.Over {
				break // the game ended on the board
			}
			// The bot's view of the position: what it decides by.
			pos := dama.Start()
			for _, mv := range s.Moves {
				m, err := pos.ParseMove(mv)
				if err != nil {
					t.Fatal(err)
				}
				pos.Make(m)
			}
			score := pos.Evaluate()
			if pos.Turn() != ai.Second {
				score = -score
			}
			out, _, err := h.m.Offers().OfferDraw(bg, g.ID, ayse.ID)
			if err != nil {
				t.Fatal(err)
			}
			want := sessions.DrawDeclined
			if len(s.Moves) >= sessions.BotDrawMinMoves && score <= 0 {
				want = sessions.DrawAgreed
			}
			if out != want {
				t.Fatalf("after %d moves, bot's score %d: draw %v, want %v", len(s.Moves), score, out, want)
			}
			if out == sessions.DrawAgreed {
				agreed++
				break
			}
			h.m.Play().Move(bg, g.ID, ayse.ID, s.Legal[rng.IntN(len(s.Legal))], "")
			h.wait()
		}
	}
	if agreed == 0 {
		t.Fatal("the bot never agreed to a draw")
	}
}

func TestOneGamePerPairAgainstTheBot(t *testing.T) {
	h := newHarness(t, "", nil)
	req := sessions.BotGame{Platform: "test", ChannelID: chanA, Player: ayse, Game: h.game("dama")}
	first, err := h.m.Lobby().StartVsBot(bg, req)
	if err != nil {
		t.Fatal(err)
	}
	var pe *sessions.PlayingError
	if _, err := h.m.Lobby().StartVsBot(bg, req); !errors.As(err, &pe) || pe.Game.ID != first.ID {
		t.Fatalf("second bot game of dama: %v", err)
	}
	// A game of another kind may go on beside it (a tic-tac-toe left open
	// does not stop a game of dama).
	req.Game = h.game("tictactoe")
	if _, err := h.m.Lobby().StartVsBot(bg, req); err != nil {
		t.Fatalf("a tic-tac-toe beside the dama: %v", err)
	}
	if _, err := h.m.Lobby().StartVsBot(bg, req); !errors.As(err, &pe) || pe.Game.ID == first.ID {
		t.Fatalf("second bot game of tic-tac-toe: %v", err)
	}
	req.Player = bora // another person may play the bot in the same channel
	if _, err := h.m.Lobby().StartVsBot(bg, req); err != nil {
		t.Fatal(err)
	}
	req.Level = "grandmaster"
	req.Player = cem
	if _, err := h.m.Lobby().StartVsBot(bg, req); !errors.Is(err, sessions.ErrUnknownLevel) {
		t.Fatalf("unknown level: %v", err)
	}
	if n := len(h.m.Lobby().ChannelGames("test", chanA)); n != 3 {
		t.Fatalf("%d games in the channel", n)
	}
	s, err := h.m.Play().SetLevel(bg, first.ID, ayse.ID, "usta")
	if err != nil || s.Level != "master" {
		t.Fatalf("set level: %q %v", s.Level, err)
	}
}

func TestIdleForfeitAndReminder(t *testing.T) {
	start := time.Unix(1_700_000_000, 0)
	h := newHarness(t, "", func(c *sessions.Config) {
		c.IdleForfeit = 24 * time.Hour
		c.IdleCheck = time.Hour // the test drives CheckIdle itself
		c.Now = func() time.Time { return start }
	})
	g := h.pvp("dama", chanA, ayse, bora)
	if _, err := h.m.Play().Move(bg, g.ID, ayse.ID, "c3-c4", ""); err != nil {
		t.Fatal(err)
	}
	if _, err := h.m.Play().Move(bg, g.ID, bora.ID, "f6-f5", ""); err != nil {
		t.Fatal(err)
	}
	h.m.Clocks().CheckIdle(start.Add(11 * time.Hour))
	if len(h.Events()) != 0 {
		t.Fatalf("events before half time: %+v", h.Events())
	}
	h.m.Clocks().CheckIdle(start.Add(13 * time.Hour))
	h.m.Clocks().CheckIdle(start.Add(14 * time.Hour)) // reminded once only
	evs := h.Events()
	if len(evs) != 1 || evs[0].Kind != sessions.EventReminder || evs[0].Left != 11*time.Hour {
		t.Fatalf("events %+v", evs)
	}
	h.m.Clocks().CheckIdle(start.Add(24 * time.Hour))
	evs = h.Events()
	if len(evs) != 2 || evs[1].Kind != sessions.EventForfeit || len(evs[1].Game.Ratings) != 2 {
		t.Fatalf("events %+v", evs)
	}
	want := sessions.Result{Over: true, Winner: ai.Second, Reason: sessions.ReasonIdle, Points: 1}
	if evs[1].Game.Result != want {
		t.Fatalf("result %+v", evs[1].Game.Result)
	}
	rec, _ := h.store.Game(bg, g.ID)
	if rec.Result != want {
		t.Fatalf("stored %+v", rec.Result)
	}
	// Idle before one's first move: no result, not rated.
	g = h.pvp("dama", chanA, ayse, bora)
	h.m.Clocks().CheckIdle(start.Add(24 * time.Hour))
	evs = h.Events()
	if ev := evs[len(evs)-1]; ev.Kind != sessions.EventForfeit || ev.Game.ID != g.ID || !ev.Game.Result.Void() || ev.Game.Ratings != nil {
		t.Fatalf("idle before the first move: %+v", ev)
	}
}

func TestRestoreAfterRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	gate := make(chan struct{})
	h := newHarness(t, path, func(c *sessions.Config) {
		c.NewEngine = func() sessions.Engine { return gated{gate, smallEngine().(*ai.Engine)} }
	})
	p := h.pvp("dama", chanA, ayse, bora)
	for i, mv := range []string{"c3-c4", "f6-f5", "h3-h4", "a6-a5"} {
		u := []string{ayse.ID, bora.ID}[i%2]
		if _, err := h.m.Play().Move(bg, p.ID, u, mv, ""); err != nil {
			t.Fatal(err)
		}
	}
	b, err := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: cem, Game: h.game("dama"), Side: ai.Second, Level: "easy"})
	if err != nil {
		t.Fatal(err)
	}
	wantP, _ := h.m.Lobby().Get(p.ID)
	wantB, _ := h.m.Lobby().Get(b.ID)
	h.m.Close() // the gated bot never moved; a search cut short by Close is not played
	close(gate)
	h.store.Close()

	h2 := newHarness(t, path, nil)
	gotP, err := h2.m.Lobby().Get(p.ID)
	if err != nil {
		t.Fatal(err)
	}
	sameGame(t, wantP, gotP)
	if !reflect.DeepEqual(gotP.LastPath, wantP.LastPath) || !reflect.DeepEqual(gotP.Sides, wantP.Sides) {
		t.Fatalf("restored last move %v %v, want %v %v", gotP.LastPath, gotP.Sides, wantP.LastPath, wantP.Sides)
	}
	gotB, _ := h2.m.Lobby().Get(b.ID)
	sameGameBoard(t, wantB, gotB)
	h2.wait()
	if len(h2.Events()) != 0 {
		t.Fatal("bot moved before Resume")
	}
	h2.m.Resume("other-platform")
	h2.wait()
	h2.m.Resume("test")
	h2.wait()
	evs := h2.Events()
	if len(evs) != 1 || evs[0].Kind != sessions.EventBotMoved || evs[0].Game.ID != b.ID {
		t.Fatalf("events after resume: %+v", evs)
	}
	if _, err := h2.m.Play().Move(bg, p.ID, ayse.ID, "h4-h6", ""); err == nil {
		t.Fatal("h4-h6 is two squares, yet accepted")
	}
	if _, err := h2.m.Play().Move(bg, p.ID, ayse.ID, "b3-b4", ""); err != nil {
		t.Fatal(err)
	}
}

// gated delays the engine until its gate is closed or the search is cancelled.
type gated struct {
	gate chan struct{}
	e    *ai.Engine
}

func (g gated) Choose(ctx context.Context, p ai.Position, lvl ai.Level, rng *rand.Rand) ai.Result {
	select {
	case <-g.gate:
	case <-ctx.Done():
	}
	return g.e.Choose(ctx, p, lvl, rng)
}

// TestThinkingNotices: a search that outlasts ThinkingNotice announces
// itself then (not before), and a game queued behind a busy worker is told
// so at once. In a synctest bubble: the notice's timer runs on the
// bubble's clock.
func TestThinkingNotices(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const notice = 3 * time.Second
		gate := make(chan struct{})
		h := newHarness(t, "", func(c *sessions.Config) {
			c.Workers = 1
			c.ThinkingNotice = notice
			c.NewEngine = func() sessions.Engine { return gated{gate, smallEngine().(*ai.Engine)} }
		})
		start := func(p sessions.Player) sessions.Snapshot {
			s, err := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: p, Game: h.game("ttt"), Side: ai.Second, Level: "easy"})
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
		g1 := start(ayse)
		after(notice - time.Millisecond)
		if evs := h.Events(); len(evs) != 0 {
			t.Fatalf("events before the notice time: %+v", evs)
		}
		after(time.Millisecond) // the slow search announces itself
		if evs := h.Events(); len(evs) != 1 || evs[0].Kind != sessions.EventThinking || evs[0].Game.ID != g1.ID {
			t.Fatalf("at the notice time, events %+v, want game 1's thinking notice", evs)
		}
		g2 := start(bora) // the only worker is busy: queued at once
		close(gate)
		h.wait()
		evs := h.Events()
		kinds := map[int64][]string{}
		for _, ev := range evs {
			k := map[sessions.EventKind]string{sessions.EventThinking: "thinking", sessions.EventBotMoved: "moved"}[ev.Kind]
			if ev.Queued {
				k = "queued"
			}
			kinds[ev.Game.ID] = append(kinds[ev.Game.ID], k)
		}
		if got := kinds[g1.ID]; !slices.Equal(got, []string{"thinking", "moved"}) {
			t.Errorf("game 1 events %v", got)
		}
		if got := kinds[g2.ID]; len(got) < 2 || got[0] != "queued" || got[len(got)-1] != "moved" {
			t.Errorf("game 2 events %v", got)
		}
	})
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

func TestHint(t *testing.T) {
	h := newHarness(t, "", func(c *sessions.Config) { c.NewEngine = func() sessions.Engine { return orderly{} } })
	g := h.pvp("tictactoe", chanA, ayse, bora)
	// No engine help in games between people: it would be cheating.
	if err := h.m.Play().Hint(bg, g.ID, ayse.ID, ""); !errors.Is(err, sessions.ErrRatedGame) {
		t.Fatalf("hint in a game between people: %v", err)
	}
	b, err := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: cem, Game: h.game("tictactoe"), Level: "easy"})
	if err != nil || !b.Rated {
		t.Fatalf("bot game %+v %v", b, err)
	}
	// X on b2 and c3; the bot answers a1 and a2.
	for _, mv := range []string{"b2", "c3"} {
		if _, err := h.m.Play().Move(bg, b.ID, cem.ID, mv, ""); err != nil {
			t.Fatal(err)
		}
		h.wait()
	}
	if err := h.m.Play().Hint(bg, b.ID, ayse.ID, ""); !errors.Is(err, sessions.ErrNotPlayer) {
		t.Fatalf("hint for a stranger: %v", err)
	}
	before := len(h.Events())
	if err := h.m.Play().Hint(bg, b.ID, cem.ID, "ref"); err != nil {
		t.Fatal(err)
	}
	h.wait()
	evs := h.Events()[before:]
	if len(evs) != 1 || evs[0].Kind != sessions.EventHint || evs[0].Move != "a3" || evs[0].UserID != cem.ID || evs[0].Ref != "ref" {
		t.Fatalf("hint events %+v", evs)
	}
	after, _ := h.m.Lobby().Get(b.ID)
	if len(after.Moves) != 4 {
		t.Fatal("a hint changed the game")
	}
	if after.Rated || !evs[0].Unrated {
		t.Fatalf("a game played with a hint: rated %v, hint says unrated %v", after.Rated, evs[0].Unrated)
	}
	// The second hint does not unrate it again.
	h.m.Play().Hint(bg, b.ID, cem.ID, "")
	h.wait()
	if evs := h.Events(); evs[len(evs)-1].Kind != sessions.EventHint || evs[len(evs)-1].Unrated {
		t.Fatalf("second hint %+v", evs[len(evs)-1])
	}
}

// TestConcurrentPlay has many goroutines send moves, right and wrong, in
// their turn and out of it, to several games at once (run with -race): every
// game must end up as a legal sequence of moves, identical in memory and in
// the store.
func TestConcurrentPlay(t *testing.T) {
	h := newHarness(t, "", func(c *sessions.Config) { c.Workers = 2 })
	type match struct {
		id      int64
		players [2]sessions.Player
	}
	var matches []match
	for i := range 6 {
		a := sessions.Player{ID: fmt.Sprint("a", i), Name: "A"}
		b := sessions.Player{ID: fmt.Sprint("b", i), Name: "B"}
		game := []string{"dama", "tictactoe"}[i%2]
		s := h.pvp(game, []string{"c1", "c2"}[i%2], a, b)
		matches = append(matches, match{s.ID, [2]sessions.Player{a, b}})
	}
	var bots []int64
	for i := range 4 {
		s, err := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: "c1", Player: sessions.Player{ID: fmt.Sprint("h", i)},
			Game: h.game([]string{"tictactoe", "dama"}[i%2]), Level: "easy", Side: ai.Side(i % 2)})
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, s.ID)
	}
	var wg sync.WaitGroup
	var accepted atomic.Int64
	for _, mt := range matches {
		for side, p := range mt.players {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rng := rand.New(rand.NewPCG(uint64(mt.id), uint64(side)))
				for range 60 {
					s, err := h.m.Lobby().Get(mt.id)
					if err != nil {
						return // over
					}
					mv := "zz"
					if len(s.Legal) > 0 && rng.IntN(4) > 0 {
						mv = s.Legal[rng.IntN(len(s.Legal))]
					}
					// Both players send whatever they picked: only the one
					// to move, with a legal move, may change the game.
					if _, err := h.m.Play().Move(bg, mt.id, p.ID, mv, ""); err == nil {
						accepted.Add(1)
					}
					h.m.Lobby().Find("test", s.ChannelID, p.ID)
				}
			}()
		}
	}
	for i, id := range bots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			user := fmt.Sprint("h", i)
			for range 20 {
				s, err := h.m.Lobby().Get(id)
				if err != nil {
					return
				}
				if len(s.Legal) > 0 {
					h.m.Play().Move(bg, id, user, s.Legal[0], "")
				}
				h.m.Play().Hint(bg, id, user, "")
				time.Sleep(time.Millisecond)
			}
		}()
	}
	wg.Wait()
	h.wait()
	if accepted.Load() == 0 {
		t.Fatal("no move was accepted")
	}
	for _, id := range append(bots, func() []int64 {
		var ids []int64
		for _, mt := range matches {
			ids = append(ids, mt.id)
		}
		return ids
	}()...) {
		rec, err := h.store.Game(bg, id)
		if err != nil {
			t.Fatal(err)
		}
		g, _ := h.reg.Lookup(rec.Game)
		pos := g.Start()
		for i, mv := range rec.Moves {
			m, err := pos.ParseMove(mv)
			if err != nil {
				t.Fatalf("game %d move %d %q: %v", id, i, mv, err)
			}
			pos.Make(m)
		}
		if s, err := h.m.Lobby().Get(id); err == nil {
			if !reflect.DeepEqual(s.Board, pos.Board()) || !slices.Equal(s.Moves, rec.Moves) {
				t.Fatalf("game %d: memory and store differ", id)
			}
		} else if !rec.Result.Over {
			t.Fatalf("game %d left memory unfinished", id)
		}
	}
}

// panicky is an engine with a bug: it panics on every search.
type panicky struct{}

func (panicky) Choose(context.Context, ai.Position, ai.Level, *rand.Rand) ai.Result {
	panic("engine bug")
}

// TestEnginePanicFallsBackToALegalMove: a panicking engine (a bug in a
// game or a level's own player) neither takes the bot down nor stalls the
// game: the bot plays a legal move instead, and the game goes on (issue
// 20: a game left with the bot to move for good cost its player rating).
func TestEnginePanicFallsBackToALegalMove(t *testing.T) {
	h := newHarness(t, "", func(c *sessions.Config) { c.NewEngine = func() sessions.Engine { return panicky{} } })
	g, err := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: ayse, Game: h.game("ttt"), Side: ai.Second, Level: "easy"})
	if err != nil {
		t.Fatal(err)
	}
	h.wait()
	moved := 0
	for _, ev := range h.Events() {
		if ev.Kind == sessions.EventBotFailed {
			t.Fatalf("the bot reported a failure instead of playing: %+v", ev)
		}
		if ev.Kind == sessions.EventBotMoved && ev.Game.ID == g.ID {
			moved++
		}
	}
	s, err := h.m.Lobby().Get(g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if moved != 1 || len(s.Moves) != 1 || s.Turn != ai.Second {
		t.Fatalf("%d bot moves, game %v with %v to move: want the bot's one move and Ayşe to move", moved, s.Moves, s.Turn)
	}
	if _, err := h.m.Play().Move(bg, g.ID, ayse.ID, s.Legal[0], "r1"); err != nil {
		t.Fatalf("the person's move after the fallback: %v", err)
	}
}
