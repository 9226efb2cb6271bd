package sessions_test

import (
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/sessions"
)

// TestRollByHandClockAndIdleness: where players roll by hand, a person's
// roll waits for them, only they may make it, and waiting to roll is their
// turn: the idle forfeit takes them.
func TestRollByHandClockAndIdleness(t *testing.T) {
	reg := turnHarness(t, "").reg
	h := newHarness(t, "", func(c *sessions.Config) {
		c.Games = reg
		c.Dice = rand.New(rand.NewPCG(42, 7))
		c.IdleForfeit = 24 * time.Hour
	})
	h.reg = reg
	if err := h.m.Channels().Set(bg, sessions.ChannelSettings{Platform: "test", ChannelID: chanA, Dice: sessions.DiceByHand}); err != nil {
		t.Fatal(err)
	}
	g := h.pvp("race", chanA, ayse, bora)
	d1, d2 := lastRoll(t, g) // the opening roll is made for both
	res, err := h.m.Play().Move(bg, g.ID, ayse.ID, "a"+itoa(d1)+" b"+itoa(d2), "")
	if err != nil {
		t.Fatal(err)
	}
	if res.Game.Turn != ai.Chance {
		t.Fatalf("bora's roll was made for him: %v", res.Game.Moves)
	}
	if side, ok := res.Game.Roller(); !ok || side != ai.Second {
		t.Fatalf("roller %v %v, want bora's side", side, ok)
	}
	if _, err := h.m.Play().Roll(bg, g.ID, ayse.ID); !errors.Is(err, sessions.ErrNoRoll) {
		t.Fatalf("ayse rolled bora's dice: %v", err)
	}
	if _, err := h.m.Play().Move(bg, g.ID, bora.ID, "a1", ""); err == nil {
		t.Fatal("bora moved before rolling")
	}
	// Idle past the forfeit time while his roll waits: the game ends on his
	// idleness (without a result, as he never moved).
	h.m.Clocks().CheckIdle(time.Now().Add(48 * time.Hour))
	s, _ := h.m.Lobby().Get(g.ID)
	if fin, ok := h.m.Lobby().Finished(bg, g.ID); ok {
		s = fin
	}
	if !s.Result.Over || s.Result.Reason != sessions.ReasonAbandoned {
		t.Fatalf("after bora idled at his roll: %+v", s.Result)
	}
}
