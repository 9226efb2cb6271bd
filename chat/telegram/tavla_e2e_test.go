package telegram_test

import (
	"regexp"
	"strings"
	"testing"

	"oyunbot/chat/telegram/telegramtest"
)

// Standard tavla positions (games/tavla.Standard's text): White on the
// bar to enter with a hit, Black then entering; White's last checker off
// with none of Black's: a mars.
const (
	stdEnterHit = ".,.,b1,.,.,b14,.,.,.,.,.,w14,.,.,.,.,.,.,.,.,.,.,.,. 0 0 1 0 w 3-1"
	stdMars     = ".,.,.,.,.,.,.,.,.,.,.,.,b15,.,.,.,.,.,.,.,.,.,.,w1 14 0 0 0 w 2-1"
)

// TestE2EStandardTavlaBothLanguages: standard tavla through the Telegram
// fake, typed, in English (Bob's client) and Turkish (Ayşe's): a checker
// entering from the bar with a hit, the bot's hit checker entering in
// turn (its reply names bar/...), and a mars with its 2 points.
func TestE2EStandardTavlaBothLanguages(t *testing.T) {
	e := newLiveE2E(t, nil)
	for _, tc := range []struct {
		user              telegramtest.User
		play, mars, title string
	}{
		{bob, "/play tavla easy from ", "mars: the loser bore off none. (2 points)", "New game: Tavla"},
		{ayse, "/oyna tavla kolay konum ", "mars: rakip hiç pul toplayamadı. (2 sayı)", "Yeni oyun: Tavla"},
	} {
		t.Run(tc.user.UserName, func(t *testing.T) {
			say := func(c telegramtest.Chat, text string, ok func(telegramtest.Sent) bool) telegramtest.Sent {
				t.Helper()
				return e.sayAndWait(t, c, tc.user, text, ok)
			}
			pc := telegramtest.Private(tc.user)
			say(pc, tc.play+stdEnterHit, func(s telegramtest.Sent) bool { return strings.Contains(s.Text, tc.title) })
			hit := regexp.MustCompile(`bar/22\* 13/12 · oyunbot: [1-6]{2}: bar/`)
			say(pc, "bar/22 13/12", func(s telegramtest.Sent) bool { return hit.MatchString(s.Text) })

			group := telegramtest.Group(-tc.user.ID, "Tavla")
			say(group, tc.play+stdMars, func(s telegramtest.Sent) bool { return strings.Contains(s.Text, tc.title) })
			say(group, "1/off", func(s telegramtest.Sent) bool { return strings.Contains(s.Text, tc.mars) })
		})
	}
}

// sayAndWait sends text to chat c as user and waits for a message after
// it (any: a board sent or edited, or a text) that ok accepts.
func (e *e2e) sayAndWait(t *testing.T, c telegramtest.Chat, user telegramtest.User, text string, ok func(telegramtest.Sent) bool) telegramtest.Sent {
	t.Helper()
	seen := len(e.srv.History(c.ID))
	if _, err := e.srv.SendText(c, user, text); err != nil {
		t.Fatal(err)
	}
	var found telegramtest.Sent
	if err := e.srv.Wait(patience, func() bool {
		h := e.srv.History(c.ID)
		for _, s := range h[min(seen, len(h)):] {
			if ok(s) {
				found = s
				return true
			}
		}
		return false
	}); err != nil {
		t.Fatalf("%q: the answer never came; chat: %q", text, texts(e.srv.History(c.ID)))
	}
	return found
}
