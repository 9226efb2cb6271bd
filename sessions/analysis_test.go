package sessions_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/analysis"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/sessions"
	"oyunbot/sessions/analyses"
	"oyunbot/store"
)

// ruyLopez is a finished game of 24 plies (a Ruy Lopez), resigned by
// black.
func ruyLopez(id int64) sessions.Snapshot {
	return sessions.Snapshot{ID: id, Game: chessgame.Game{}, Result: sessions.Result{Over: true, Winner: ai.First, Points: 1},
		Moves: []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5",
			"Bb3", "d6", "c3", "O-O", "h3", "Nb8", "d4", "Nbd7", "c4", "c6", "cxb5", "axb5"}}
}

// TestAnalysisLeavesRoomForBotMoves: with one engine worker busy with
// Ayşe's analysis of a long game, the bot's move in Cem's game is played
// and announced while the analysis still runs: the analysis takes the
// worker a slice at a time, and the fair queue gives the next turn to
// Cem, who used the engine less.
func TestAnalysisLeavesRoomForBotMoves(t *testing.T) {
	h := newHarness(t, "", func(c *sessions.Config) { c.Workers = 1 })
	a := analyses.New(h.m, analyses.Config{Store: h.store, Slice: 1})
	done := make(chan struct{})
	if _, started, err := a.Request(bg, "test/"+ayse.ID, ruyLopez(5), analyses.Listener{
		Done: func(*analysis.Result, error) { close(done) }}); err != nil || !started {
		t.Fatalf("Request: %v, %v", started, err)
	}
	snap, err := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: cem,
		Game: h.game("tictactoe"), Level: "easy", Side: ai.Second})
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for moved(h.Events(), snap.ID) < 0 {
		if time.Now().After(deadline) {
			t.Fatal("the bot never moved")
		}
		time.Sleep(5 * time.Millisecond)
	}
	select {
	case <-done:
		t.Error("the bot's move waited for the whole analysis")
	default:
	}
	<-done
}

// TestAnalysesStopAndResume: an analysis on a Manager's engine pool is
// stopped by the Manager's Close between two positions (then Stop, as the
// router's Close does, for a slice the closed pool dropped); its listener
// hears analyses.ErrStopped once (nothing, before issue 41.6), and what it
// did is in the store. After the restart, the next request goes on from
// there to a complete result, kept.
func TestAnalysesStopAndResume(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "bot.db")
	reg, err := games.NewRegistry(chessgame.Game{})
	if err != nil {
		t.Fatal(err)
	}
	start := func() (*store.SQLStore, *sessions.Manager, *analyses.Runner) {
		st, err := store.OpenSQLite(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		m, err := sessions.New(t.Context(), sessions.Config{Games: reg, Store: st, IdleForfeit: -1})
		if err != nil {
			t.Fatal(err)
		}
		return st, m, analyses.New(m, analyses.Config{Store: st, Slice: 1})
	}
	s := ruyLopez(5)

	st, m, a := start()
	heard := make(chan error, 2) // a second call would be seen below
	if _, started, err := a.Request(ctx, "tg/1", s, analyses.Listener{Done: func(_ *analysis.Result, err error) { heard <- err }}); err != nil || !started {
		t.Fatalf("Request: %v, %v", started, err)
	}
	deadline := time.Now().Add(time.Minute)
	for {
		if rec, err := st.Analysis(ctx, 5); err == nil && !rec.Complete {
			break // a slice is kept
		}
		if time.Now().After(deadline) {
			t.Fatal("no slice of the analysis was kept")
		}
		time.Sleep(10 * time.Millisecond)
	}
	m.Close()
	a.Stop(ctx)
	select {
	case err := <-heard:
		if !errors.Is(err, analyses.ErrStopped) {
			t.Fatalf("a stopped analysis's listener heard %v, want analyses.ErrStopped", err)
		}
	default:
		t.Fatal("a stopped analysis's listener heard nothing")
	}
	select {
	case err := <-heard:
		t.Fatalf("the listener heard a second time: %v", err)
	default:
	}
	rec, err := st.Analysis(ctx, 5)
	if err != nil || rec.Complete {
		t.Fatalf("after the stop the store has %+v, %v", rec, err)
	}
	st.Close()

	st, m, a = start()
	defer st.Close()
	defer m.Close()
	done := make(chan *analysis.Result, 1)
	if _, started, err := a.Request(ctx, "tg/1", s, analyses.Listener{Done: func(res *analysis.Result, err error) {
		if err != nil {
			t.Error(err)
		}
		done <- res
	}}); err != nil || !started {
		t.Fatalf("Request after the restart: %v, %v", started, err)
	}
	select {
	case res := <-done:
		if !res.Complete || len(res.Turns) != 24 || res.Winner != ai.First {
			t.Errorf("the resumed analysis: complete %v, %d turns, winner %v", res.Complete, len(res.Turns), res.Winner)
		}
	case <-time.After(5 * time.Minute):
		t.Fatal("the resumed analysis never ended")
	}
	if res, started, err := a.Request(ctx, "tg/2", s, analyses.Listener{}); err != nil || started || !res.Complete {
		t.Errorf("the kept result: %v, %v", started, err)
	}
	if _, _, err := a.Request(ctx, "tg/2", sessions.Snapshot{ID: 6, Game: chessgame.Game{}, Moves: []string{"e4"}}, analyses.Listener{}); !errors.Is(err, analyses.ErrNotOver) {
		t.Errorf("a game in play: %v", err)
	}
}

// gate is an engine's gate: the first search after arm waits in Choose
// until release is closed; every search and every analysis's slice saved
// is written down in order.
type gate struct {
	mu      sync.Mutex
	armed   bool
	entered chan struct{}
	release chan struct{}
	log     []string
}

func newGate() *gate { return &gate{entered: make(chan struct{}), release: make(chan struct{})} }

func (g *gate) note(s string) (wait bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.log = append(g.log, s)
	wait, g.armed = g.armed, false
	return wait
}

func (g *gate) arm() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.armed = true
}

func (g *gate) events() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.log)
}

// gatedEngine is an engine whose searches pass g.
type gatedEngine struct {
	sessions.Engine
	g *gate
}

func (e gatedEngine) Choose(ctx context.Context, p ai.Position, lvl ai.Level, rng *rand.Rand) ai.Result {
	if e.g.note("move") {
		close(e.g.entered)
		<-e.g.release
	}
	return e.Engine.Choose(ctx, p, lvl, rng)
}

// gatedStore notes each analysis saved (a slice done) in g.
type gatedStore struct {
	analyses.Store
	g *gate
}

func (s gatedStore) SaveAnalysis(ctx context.Context, rec analyses.Record) error {
	s.g.note("slice")
	return s.Store.SaveAnalysis(ctx, rec)
}

// TestBotMoveBeforeTwentyAnalyses (issue 41): twenty people, each new to
// the engine's queue (no time used), ask for an analysis while the one
// worker searches; then Cem, whose earlier move cost the engine some
// time, plays against the bot. Once the search ends, the bot's move in
// Cem's game is the next job the worker runs, before every waiting
// slice: a bot's move waits for one slice at most (here: none). The fair
// queue alone ranked the twenty askers, who had used nothing, first.
func TestBotMoveBeforeTwentyAnalyses(t *testing.T) {
	g := newGate()
	h := newHarness(t, "", func(c *sessions.Config) {
		c.Workers = 1
		c.NewEngine = func() sessions.Engine { return gatedEngine{smallEngine(), g} }
	})
	a := analyses.New(h.m, analyses.Config{Store: gatedStore{h.store, g}, Slice: 1})
	vsBot := func(p sessions.Player) sessions.Snapshot {
		t.Helper()
		snap, err := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: "chan-" + p.ID, Player: p,
			Game: h.game("tictactoe"), Level: "easy", Side: ai.Second})
		if err != nil {
			t.Fatal(err)
		}
		return snap
	}
	// Cem's game: the bot's first move costs Cem some engine time.
	cg := vsBot(cem)
	h.wait()
	// Dan's game's first search holds the worker.
	g.arm()
	vsBot(sessions.Player{ID: "u4", Name: "Dan"})
	<-g.entered
	const askers = 20
	var finished sync.WaitGroup
	for i := range askers {
		finished.Add(1)
		s := sessions.Snapshot{ID: int64(1000 + i), Game: h.game("tictactoe"), Moves: []string{"b2", "a2", "a1", "c1", "c3"},
			Result: sessions.Result{Over: true, Winner: ai.First, Points: 1}}
		if _, started, err := a.Request(bg, fmt.Sprintf("test/asker%d", i), s, analyses.Listener{
			Done: func(*analysis.Result, error) { finished.Done() }}); err != nil || !started {
			t.Fatalf("Request %d: %v, %v", i, started, err)
		}
	}
	s, err := h.m.Lobby().Get(cg.ID)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.m.Play().Move(bg, cg.ID, cem.ID, s.Legal[0], ""); err != nil {
		t.Fatal(err)
	}
	close(g.release)
	finished.Wait()
	h.wait()
	log := g.events()
	// log: Cem's first search, Dan's (held), then what the worker ran next.
	if len(log) < 3 || log[2] != "move" {
		t.Fatalf("after the held search the worker ran %v, want Cem's bot move first", log[2:min(len(log), 8)])
	}
	if n := strings.Count(strings.Join(log, " "), "slice"); n < askers {
		t.Fatalf("%d slices saved, want at least %d", n, askers)
	}
}
