package router_test

import (
	"context"
	"oyunbot/chat"
	"strings"
	"testing"
	"time"
)

// slowStart delays the delivery of a "new game" reply, as a busy platform
// does, to give a bot move that is not held back time to overtake it.
type slowStart struct{ rec *recorder }

func (s slowStart) Send(ctx context.Context, rep chat.Reply) error {
	if strings.Contains(rep.Text, "Yeni oyun") || strings.Contains(rep.Text, "New game") {
		time.Sleep(50 * time.Millisecond)
	}
	return s.rec.Send(ctx, rep)
}

// TestBotOpeningFollowsTheNewGame: when the bot opens, its first move never
// comes before the new game (it did: the engine answers in microseconds,
// before the reply's PNG was even drawn): the one reply announcing the
// game carries the move.
func TestBotOpeningFollowsTheNewGame(t *testing.T) {
	b := newBot(t, nil)
	b.r.AddSender(t.Context(), "test", slowStart{b.rec})
	for _, cmd := range []string{"oyna xox o kolay", "play dama black easy"} {
		rs := b.say(cmd)
		if len(rs) != 1 || !strings.Contains(rs[0].Text, "Yeni oyun") && !strings.Contains(rs[0].Text, "New game") ||
			!strings.Contains(rs[0].Caption, "\noyunbot: ") {
			t.Fatalf("%s: want the new game with the bot's move; got %q", cmd, texts(rs))
		}
		b.say("pes evet")
	}
}
