package matches_test

// The matches played by a Manager on a real SQLite file: a match to
// points, a crash between a match's next game and its save, backgammon's
// Crawford game. They moved here from package sessions' tests with the
// matches (issue 38); the harness is a small copy of those tests' (a
// Manager with its matches and its fleet that records its events).

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
	"oyunbot/games"
	"oyunbot/games/gamestest"
	"oyunbot/games/tavla"
	"oyunbot/sessions"
	"oyunbot/sessions/fleet"
	"oyunbot/sessions/matches"
	"oyunbot/store"
)

var (
	ayse  = sessions.Player{ID: "u1", Name: "Ayşe"}
	bora  = sessions.Player{ID: "u2", Name: "Bora"}
	bg    = context.Background()
	chanA = "chan-a"
)

// harness is a Manager with its matches on a SQLite file, recording its
// events.
type harness struct {
	t       *testing.T
	m       *sessions.Manager
	matches *matches.Runner
	store   *store.SQLStore
	reg     *games.Registry

	mu     sync.Mutex
	events []sessions.Event
}

// newHarness plays the race of package gamestest (dice, multi-move turns,
// points) with seeded dice, or (race false) backgammon with fair ones, as
// package sessions' turnHarness and backgammon tests did.
func newHarness(t *testing.T, path string, race bool) *harness {
	t.Helper()
	if path == "" {
		path = filepath.Join(t.TempDir(), "games.db")
	}
	var g games.Game = tavla.Backgammon{}
	if race {
		g = gamestest.Race{}
	}
	reg, err := games.NewRegistry(g)
	if err != nil {
		t.Fatal(err)
	}
	st, err := store.OpenSQLite(bg, path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	h := &harness{t: t, matches: matches.New(), store: st, reg: reg}
	cfg := sessions.Config{Games: reg, Store: st, Notify: h.record, Seed: 1, IdleForfeit: -1, NewEngine: smallEngine,
		Matches: h.matches}
	if race {
		cfg.Dice = rand.New(rand.NewPCG(42, 7))
	}
	m, err := sessions.New(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	h.m = m
	t.Cleanup(func() { m.Close() })
	// The Manager as the bot runs it: with its fleet.
	if err := m.Go(fleet.New(m, fleet.Config{}).Run); err != nil {
		t.Fatal(err)
	}
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

// exec runs raw SQL, for tests that tamper with the database.
func exec(st *store.SQLStore, query string) error {
	_, err := st.DB().ExecContext(bg, query)
	return err
}

// smallEngine has a small table: tests play short games.
func smallEngine() sessions.Engine {
	opts := ai.DefaultOptions()
	opts.TTSizeMB = 1
	return ai.NewEngine(opts)
}

// TestMatchToPoints: a match's games follow one another, the first move
// alternating, their points counted once each, until a player reaches the
// target.
func TestMatchToPoints(t *testing.T) {
	h := newHarness(t, "", true)
	g, rec, err := h.matches.Start(bg, sessions.MatchGame{Platform: "test", ChannelID: chanA,
		Players: [2]sessions.Player{ayse, bora}, Game: h.game("race"), Target: 3})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := h.matches.Start(bg, sessions.MatchGame{Platform: "test", ChannelID: chanA,
		Players: [2]sessions.Player{ayse, bora}, Game: h.game("race"), Target: 99}); !errors.Is(err, sessions.ErrMatchTarget) {
		t.Fatalf("a match to 99: %v", err)
	}
	games := []int64{g.ID}
	var over *sessions.MatchRecord
	for plies := 0; over == nil; plies++ {
		if plies > 5000 {
			t.Fatalf("the match does not end: %+v", rec)
		}
		s, err := h.m.Lobby().Get(g.ID)
		if err != nil {
			t.Fatal(err)
		}
		p := s.Players[s.Turn]
		res, err := h.m.Play().Move(bg, g.ID, p.ID, s.Legal[0], "")
		if err != nil {
			t.Fatal(err)
		}
		if !res.Game.Result.Over {
			continue
		}
		for _, ev := range h.Events() {
			switch {
			case ev.Kind == sessions.EventMatchGame && !slices.Contains(games, ev.Game.ID):
				g = ev.Game
				games = append(games, g.ID)
				if want := rec.Players[(len(games)-1)%2]; g.Players[0].ID != want.ID {
					t.Fatalf("game %d opened by %s, want %s (the first move alternates)", len(games), g.Players[0].Name, want.Name)
				}
			case ev.Kind == sessions.EventMatchOver:
				over = ev.Match
			}
		}
	}
	if over.Winner < 0 || over.Score[over.Winner] < 3 || !slices.Equal(over.Games, games) || len(over.Counted) != len(games) {
		t.Fatalf("match over: %+v, games %v", over, games)
	}
	total := 0
	for _, id := range games {
		r, _ := h.store.Game(bg, id)
		total += r.Result.Points
	}
	if total != over.Score[0]+over.Score[1] {
		t.Fatalf("the games' points %d, the score %v", total, over.Score)
	}
	if stored, ok := h.matches.Get(bg, over.ID); !ok || !stored.Over || stored.Score != over.Score {
		t.Fatalf("stored match %+v", stored)
	}
}

// TestMatchNextGameOnce: when the bot stopped after a match's next game was
// created but before the match was saved, settling the last game again (at
// the next start) takes that game instead of opening a second one, and
// counts the last game's points once.
func TestMatchNextGameOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	h := newHarness(t, path, true)
	g, rec, err := h.matches.Start(bg, sessions.MatchGame{Platform: "test", ChannelID: chanA,
		Players: [2]sessions.Player{ayse, bora}, Game: h.game("race"), Target: 15})
	if err != nil {
		t.Fatal(err)
	}
	for {
		s, err := h.m.Lobby().Get(g.ID)
		if err != nil {
			break // over
		}
		if _, err := h.m.Play().Move(bg, g.ID, s.Players[s.Turn].ID, s.Legal[0], ""); err != nil {
			t.Fatal(err)
		}
	}
	after, ok := h.matches.Get(bg, rec.ID)
	if !ok || len(after.Games) != 2 || len(after.Counted) != 1 {
		t.Fatalf("after the first game: %+v", after)
	}
	first, _ := h.store.Game(bg, g.ID)
	// The crash: the match as it was before, the first game not settled.
	if err := h.store.SaveMatch(bg, rec); err != nil {
		t.Fatal(err)
	}
	if err := exec(h.store, "UPDATE games SET settled = 0 WHERE id = "+fmt.Sprint(g.ID)); err != nil {
		t.Fatal(err)
	}
	h.m.Close()
	h.store.Close()

	h = newHarness(t, path, true)
	h.m.Resume("test")
	h.wait()
	again, ok := h.matches.Get(bg, rec.ID)
	if !ok || !slices.Equal(again.Games, after.Games) || !slices.Equal(again.Counted, after.Counted) || again.Score != after.Score {
		t.Fatalf("after the restart: %+v, want %+v", again, after)
	}
	if again.Score[0]+again.Score[1] != first.Result.Points {
		t.Fatalf("score %v for a first game worth %d", again.Score, first.Result.Points)
	}
	if _, err := h.store.Game(bg, after.Games[1]+1); !errors.Is(err, sessions.ErrNotFound) {
		t.Fatalf("a third game was opened: %v", err)
	}
}

// TestBackgammonMatchCrawford: a backgammon match's games start from the
// standing (games.MatchStarter): each side's points still needed, and the
// Crawford game (the one after a player first comes within a point of
// the target) without doubling; the games after it may double again. The
// players double at every chance and drop every double, so each doubled
// game scores 1 for the doubler; the Crawford game is played out.
func TestBackgammonMatchCrawford(t *testing.T) {
	h := newHarness(t, "", false)
	const target = 3
	g, rec, err := h.matches.Start(bg, sessions.MatchGame{Platform: "test", ChannelID: chanA,
		Players: [2]sessions.Player{ayse, bora}, Game: h.game("backgammon"), Target: target})
	if err != nil {
		t.Fatal(err)
	}
	seenMatchPoint, crawfords := false, 0
	for over := false; !over; {
		now, _ := h.matches.Get(bg, rec.ID)
		matchPoint := now.Score[0] == target-1 || now.Score[1] == target-1
		crawford := strings.HasSuffix(g.Start, "c")
		if crawford != (matchPoint && !seenMatchPoint) {
			t.Fatalf("game %d at %v starts %q: Crawford %v", len(now.Games), now.Score, g.Start, crawford)
		}
		if crawford {
			crawfords++
		}
		seenMatchPoint = seenMatchPoint || matchPoint
		for plies := 0; ; plies++ {
			if plies > 3000 {
				t.Fatalf("game %d does not end", g.ID)
			}
			s, err := h.m.Lobby().Get(g.ID)
			if err != nil {
				t.Fatal(err)
			}
			mv := s.Legal[0]
			for _, want := range []string{"double", "drop"} {
				if slices.Contains(s.Legal, want) {
					mv = want
				}
			}
			if crawford && mv == "double" {
				t.Fatalf("a double offered in the Crawford game: %v", s.Legal)
			}
			res, err := h.m.Play().Move(bg, g.ID, s.Players[s.Turn].ID, mv, "")
			if err != nil {
				t.Fatal(err)
			}
			if res.Game.Result.Over {
				if !crawford && (res.Game.Result.Reason != "drop" || res.Game.Result.Points != 1) {
					t.Fatalf("a doubled game ended %+v", res.Game.Result)
				}
				break
			}
		}
		for _, ev := range h.Events() {
			switch ev.Kind {
			case sessions.EventMatchGame:
				g = ev.Game
			case sessions.EventMatchOver:
				over = true
			}
		}
	}
	if crawfords != 1 {
		t.Fatalf("%d Crawford games", crawfords)
	}
}
