package sessions_test

import (
	"context"
	"errors"
	"testing"

	"oyunbot/ai"
	"oyunbot/sessions"
)

// TestListen: a Manager made without Config.Notify (as the bot makes it,
// before the router exists) sends its events to the listener Listen gives
// it, once; a second Listen, or one on a Manager made with its Notify, is
// refused.
func TestListen(t *testing.T) {
	h := newHarness(t, "", func(c *sessions.Config) { c.Notify = nil })
	if err := h.m.Listen(nil); !errors.Is(err, sessions.ErrListening) {
		t.Errorf("Listen(nil) = %v, want ErrListening", err)
	}
	if err := h.m.Listen(h.record); err != nil {
		t.Fatal(err)
	}
	if err := h.m.Listen(h.record); !errors.Is(err, sessions.ErrListening) {
		t.Errorf("a second Listen = %v, want ErrListening", err)
	}
	// The bot opens (it plays first): its move reaches the listener.
	snap, err := h.m.Lobby().StartVsBot(bg, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: cem,
		Game: h.game("tictactoe"), Level: "easy", Side: ai.Second})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.m.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	moved := 0
	for _, ev := range h.Events() {
		if ev.Kind == sessions.EventBotMoved && ev.Game.ID == snap.ID {
			moved++
		}
	}
	if moved != 1 {
		t.Errorf("the listener saw %d bot moves, want 1", moved)
	}

	withNotify := newHarness(t, "", nil)
	if err := withNotify.m.Listen(withNotify.record); !errors.Is(err, sessions.ErrListening) {
		t.Errorf("Listen on a Manager made with its Notify = %v, want ErrListening", err)
	}
}
