package sessions_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/sessions"
	"oyunbot/sessions/tournaments"
	"oyunbot/tournament"
)

// heldFor is how long a held bot move is watched for not arriving: the
// move itself takes microseconds (orderly engine), so a move that is not
// held arrives well within it.
const heldFor = 200 * time.Millisecond

// assertHeld checks that the bot's move in game id, queued under d, is
// computed but not announced before d is released, and announced after.
func (h *harness) assertHeld(d *sessions.Deferred, id int64) {
	h.t.Helper()
	ctx, cancel := context.WithTimeout(bg, heldFor)
	err := h.m.Wait(ctx)
	cancel()
	if !errors.Is(err, context.DeadlineExceeded) {
		h.t.Fatalf("game %d: the bot's move did not wait for its announcement (Wait: %v)", id, err)
	}
	if moved(h.Events(), id) >= 0 {
		h.t.Fatalf("game %d: the bot's move was announced before the reply that starts the game", id)
	}
	d.Flush(h.record)
	h.wait()
	if moved(h.Events(), id) < 0 {
		h.t.Fatalf("game %d: the bot never moved after the release", id)
	}
}

// moved is the index of the first EventBotMoved of game id, or -1.
func moved(evs []sessions.Event, id int64) int {
	return slices.IndexFunc(evs, func(ev sessions.Event) bool {
		return ev.Kind == sessions.EventBotMoved && ev.Game.ID == id
	})
}

// TestBotMovesWaitForTheirAnnouncement: the bot's opening move in a game
// just started, and its first move in a new tournament round, are held
// until the caller of a Deferred operation has answered (a chat user saw
// the bot's move before "New game…" and before "Round 2 has begun").
func TestBotMovesWaitForTheirAnnouncement(t *testing.T) {
	h := newHarness(t, "", func(c *sessions.Config) { c.NewEngine = func() sessions.Engine { return orderly{} } })

	ctx, d := sessions.Defer(bg)
	snap, err := h.m.Lobby().StartVsBot(ctx, sessions.BotGame{Platform: "test", ChannelID: chanA, Player: ayse,
		Game: h.game("tictactoe"), Level: "easy", Side: ai.Second})
	if err != nil {
		t.Fatal(err)
	}
	h.assertHeld(d, snap.ID)
	if _, err := h.m.Offers().Resign(bg, snap.ID, ayse.ID); err != nil {
		t.Fatal(err)
	}

	// A round robin of two people and the bot: every round has one game
	// and a bye. The round a person's move completes starts under that
	// move's Deferred; the round the bot's own move completes is announced
	// by the bot's job, before the new game's first bot move.
	h.tours.Create(bg, tournaments.Request{Platform: "test", ChannelID: "rr", Organiser: ayse,
		Game: h.game("tictactoe"), System: tournament.RoundRobin})
	h.tours.Join(bg, "test", "rr", ayse)
	h.tours.Join(bg, "test", "rr", bora)
	if _, err := h.tours.AddBot(bg, "test", "rr", ayse, false, "easy"); err != nil {
		t.Fatal(err)
	}
	ctx, d = sessions.Defer(bg)
	if _, err := h.tours.Start(ctx, "test", "rr", ayse, false, ""); err != nil {
		t.Fatal(err)
	}
	heldChecks := 0
	for steps := 0; ; steps++ {
		if steps > 100 {
			t.Fatal("the tournament does not end")
		}
		// The round's games started under d: the bot's, if it opens, is held.
		var botOpens int64
		for _, ev := range d.Take() {
			h.record(ev)
			for _, g := range ev.Games {
				if p, ok := g.ToMove(); ok && p.Bot {
					botOpens = g.ID
				}
			}
		}
		if botOpens != 0 {
			h.assertHeld(d, botOpens)
			heldChecks++
		} else {
			d.Release()
			h.wait()
		}
		if v, _ := h.tours.Get(bg, "test", "rr"); v.T.State == tournament.Finished {
			break
		}
		ctx, d = sessions.Defer(bg)
		for _, s := range h.m.Lobby().ChannelGames("test", "rr") {
			if p, ok := s.ToMove(); ok && !p.Bot {
				if _, err := h.m.Play().Move(ctx, s.ID, p.ID, s.Legal[0], ""); err != nil {
					t.Fatal(err)
				}
				break
			}
		}
	}
	if heldChecks == 0 {
		t.Fatal("no round started with the bot to move under a person's move")
	}
	// Every bot move of a round's game comes after the round's announcement.
	evs := h.Events()
	for i, ev := range evs {
		if ev.Kind != sessions.EventRoundStarted {
			continue
		}
		for _, g := range ev.Games {
			if j := moved(evs, g.ID); j >= 0 && j < i {
				t.Errorf("round %d: the bot moved in #%s before the round was announced", ev.Round, g.Tag())
			}
		}
	}
}
