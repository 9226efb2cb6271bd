package sessions_test

import (
	"context"
	"testing"

	"oyunbot/games"
	"oyunbot/games/gamestest"
	"oyunbot/sessions"
)

// lateSteps is Steps whose shortest solution is known only once ready
// closes (games.PatientSolver, as a 15-puzzle's before its databases).
type lateSteps struct {
	gamestest.Steps
	ready chan struct{}
}

func (g lateSteps) Start() games.Position { return g.wrap(g.Steps.Start()) }

func (g lateSteps) ParsePosition(s string) (games.Position, error) {
	p, err := g.Steps.ParsePosition(s)
	if err != nil {
		return nil, err
	}
	return g.wrap(p), nil
}

func (g lateSteps) wrap(p games.Position) games.Position {
	return &latePos{StepsPos: p.(*gamestest.StepsPos), ready: g.ready}
}

type latePos struct {
	*gamestest.StepsPos
	ready chan struct{}
}

func (p *latePos) Clone() games.Position {
	return &latePos{StepsPos: p.StepsPos.Clone().(*gamestest.StepsPos), ready: p.ready}
}

func (p *latePos) OptimalLength() (int, bool) { return 0, false }

func (p *latePos) OptimalLengthWait(ctx context.Context) (int, bool) {
	select {
	case <-p.ready:
		return p.StepsPos.OptimalLength()
	case <-ctx.Done():
		return 0, false
	}
}

// TestOptimalFoundAfterTheEnd: a puzzle that ended before its shortest
// solution was known gets it afterwards: stored with the game and told
// (EventOptimal) once it can be found (issue 20.6: "a game ended without
// its shortest length").
func TestOptimalFoundAfterTheEnd(t *testing.T) {
	g := lateSteps{ready: make(chan struct{})}
	reg, err := games.NewRegistry(g)
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, "", func(c *sessions.Config) { c.Games = reg })
	s, err := h.m.Lobby().StartSolo(bg, sessions.SoloGame{Platform: "test", ChannelID: chanA, Player: ayse, Game: g, Start: "1"})
	if err != nil {
		t.Fatal(err)
	}
	if s.Optimal != -1 {
		t.Fatalf("optimal %d at the start, want unknown", s.Optimal)
	}
	// 1 → 0: solved in one move.
	res, err := h.m.Play().Move(bg, s.ID, ayse.ID, "dec", "")
	if err != nil {
		t.Fatal(err)
	}
	if !res.Game.Result.Over {
		t.Fatalf("not solved: %v", res.Game.Moves)
	}
	close(g.ready)
	h.wait()
	var found *sessions.Event
	for _, ev := range h.Events() {
		if ev.Kind == sessions.EventOptimal {
			found = &ev
		}
	}
	if found == nil || found.Game.Optimal != 1 {
		t.Fatalf("no EventOptimal with the length: %+v", found)
	}
	if rec, err := h.store.Game(bg, s.ID); err != nil || rec.Optimal != 1 {
		t.Fatalf("stored optimal %d, %v", rec.Optimal, err)
	}
}
