package telegram_test

import (
	"strings"
	"testing"

	"oyunbot/chat/telegram/telegramtest"
)

// TestE2EMatchLength: in a Telegram group, "challenge @ayse ttt match ü"
// (and 1e3, a number too long) is refused with what a match length is, in
// the sender's language, and no challenge is made; a good one is still a
// match (issue 21).
func TestE2EMatchLength(t *testing.T) {
	e := newE2E(t)
	group := telegramtest.Group(2107, "Kahvehane")
	if _, err := e.srv.SendText(group, ayse, "selam"); err != nil { // the bot meets @ayse_y
		t.Fatal(err)
	}
	for _, tc := range []struct {
		from       telegramtest.User
		text, want string
	}{
		{bob, "/challenge @ayse_y tictactoe match ü", "«ü» is not a match length: a match is played to a whole number of points from 1 to 15"},
		{bob, "/challenge @ayse_y tictactoe match 1e3", "«1e3» is not a match length"},
		{bob, "/challenge @ayse_y tictactoe match 99999999999999999999", "A match is played to 1 to 15 points."},
		{ayse, "/meydan @bob_the_user xox maç ü", "«ü» bir maç uzunluğu değil"},
	} {
		seen := len(e.srv.History(group.ID))
		if _, err := e.srv.SendText(group, tc.from, tc.text); err != nil {
			t.Fatal(err)
		}
		got := e.waitText(t, group.ID, seen, func(s telegramtest.Sent) bool { return true })
		if !strings.Contains(got.Text, tc.want) || len(got.Data()) != 0 {
			t.Errorf("%q: %q %v, want %q and no buttons", tc.text, got.Text, got.Data(), tc.want)
		}
	}
	seen := len(e.srv.History(group.ID))
	if _, err := e.srv.SendText(group, bob, "/challenge @ayse_y tictactoe match 3"); err != nil {
		t.Fatal(err)
	}
	got := e.waitText(t, group.ID, seen, func(s telegramtest.Sent) bool { return true })
	if !strings.Contains(got.Text, "A match to 3 points.") {
		t.Errorf("a good match length: %q", got.Text)
	}
	if n := len(e.chal.Pending("telegram", "-2107", "77")); n != 1 {
		t.Errorf("%d challenges, want the one good one", n)
	}
}
