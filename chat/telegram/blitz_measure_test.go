package telegram_test

import (
	"os"
	"strings"
	"testing"
	"time"

	"oyunbot/chat/telegram"
	"oyunbot/chat/telegram/telegramtest"
)

// TestBlitzGroupRate plays a 1-minute chess game between two people in a
// group by taps, with the adapter's real paces (20 messages a minute in a
// group, edits included), the players tapping as soon as the board lets
// them, and measures what the group sees in a minute: new messages, calls
// on its lane, plies, and how long a tap waits for the board. It takes a
// minute of wall time: OYUNBOT_MEASURE_BLITZ=1 go test ./chat/telegram -run TestBlitzGroupRate -v
func TestBlitzGroupRate(t *testing.T) {
	if os.Getenv("OYUNBOT_MEASURE_BLITZ") == "" {
		t.Skip("a minute of real pacing: OYUNBOT_MEASURE_BLITZ=1")
	}
	e := newChessE2E(t, func(c *telegram.Config) {
		c.PrivatePace, c.GroupPace, c.GlobalPace = telegram.Pace{}, telegram.Pace{}, telegram.Pace{} // the defaults
	})
	group := telegramtest.Group(-1002, "Yıldırım")
	his, _ := e.srv.SendText(group, bob, "blitz?")
	e.srv.SendMessage(telegramtest.Message{From: &ayse, Chat: group, Text: "/challenge chess 1m", ReplyToMessage: &his})
	invite := e.waitText(t, group.ID, 0, func(s telegramtest.Sent) bool {
		return len(s.Data()) > 0 && strings.HasPrefix(s.Data()[0], "accept ")
	})
	if _, err := e.srv.Press(bob, group.ID, invite.MessageID, invite.Data()[0]); err != nil {
		t.Fatal(err)
	}
	if err := e.srv.Wait(patience, func() bool { _, ok := tapBoard(e.srv, group.ID); return ok }); err != nil {
		t.Fatal("no board")
	}
	start := time.Now()
	messages, calls := len(e.srv.Sent(group.ID)), len(e.srv.Calls(""))
	plies := 0
	for time.Since(start) < time.Minute {
		n := playChessByTaps(t, e, group, 1)
		if n == 0 {
			break // over (on time)
		}
		plies += n
	}
	elapsed := time.Since(start)
	var lane int
	for _, c := range e.srv.Calls("")[calls:] {
		switch c.Method {
		case "sendMessage", "sendPhoto", "editMessageMedia", "editMessageReplyMarkup", "editMessageText":
			lane++
		}
	}
	last, _ := tapBoard(e.srv, group.ID)
	t.Logf("%v: %d plies (%.1f s a ply, 2 taps each), %d new messages, %d calls on the group's lane (%.1f a minute); last board %q",
		elapsed.Round(time.Second), plies, elapsed.Seconds()/float64(max(plies, 1)), len(e.srv.Sent(group.ID))-messages,
		lane, float64(lane)/elapsed.Minutes(), last.Text)
}
