package telegram_test

import (
	"strconv"
	"strings"
	"testing"

	"oyunbot/chat/telegram"
	"oyunbot/chat/telegram/telegramtest"
)

// TestE2EOpenChallengeInPrivate: an open challenge sent in the bot's
// private chat, where no one else could accept it, is answered with why
// and where it works, in the user's language, and none is made; in a
// group the same command invites everyone (issue 35.2).
func TestE2EOpenChallengeInPrivate(t *testing.T) {
	e := newE2E(t)
	pc := telegramtest.Private(bob)
	for _, tc := range []struct{ lang, text, want string }{
		{"en", "/challenge dama 5m", "There is no one else in this private chat to accept an open challenge: post it in a group I am in (challenge dama), or play me here: play dama"},
		{"tr", "/meydan xox 5dk", "Bu özel sohbette açık meydan okumanı kabul edecek başka kimse yok: onu benim de bulunduğum bir grupta yaz (meydan xox) ya da burada benimle oyna: oyna xox"},
	} {
		for _, text := range []string{"/lang " + tc.lang, tc.text} {
			seen := len(e.srv.History(pc.ID))
			if _, err := e.srv.SendText(pc, bob, text); err != nil {
				t.Fatal(err)
			}
			if text == tc.text {
				e.waitText(t, pc.ID, seen, func(s telegramtest.Sent) bool { return s.Text == tc.want })
			} else {
				e.waitText(t, pc.ID, seen, func(telegramtest.Sent) bool { return true })
			}
		}
	}
	id := strconv.FormatInt(bob.ID, 10)
	if n := len(e.chal.Pending(telegram.Platform, strconv.FormatInt(pc.ID, 10), id)); n != 0 {
		t.Errorf("%d challenges made in a private chat", n)
	}

	group := telegramtest.Group(77, "Kahvehane")
	if _, err := e.srv.SendText(group, bob, "/challenge dama 5m"); err != nil {
		t.Fatal(err)
	}
	e.waitText(t, group.ID, 0, func(s telegramtest.Sent) bool {
		return strings.Contains(s.Text, "Dama") && len(s.Data()) == 1 && strings.HasPrefix(s.Data()[0], "accept @")
	})
}
