package telegram_test

import (
	"context"
	"strings"
	"testing"

	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/sessions"
)

// TestE2EDiceSettingByAdmin: a group admin's "zar elle", typed without a
// "/", sets the group's dice (the adapter asks Telegram who administers
// the group for it too); a member's is refused with a word on the dice,
// not on the language (issue 21).
func TestE2EDiceSettingByAdmin(t *testing.T) {
	e := newE2E(t)
	group := telegramtest.Group(2106, "Tavlacılar")
	e.srv.SetMember(group.ID, ayse.ID, "administrator")
	dice := func() string {
		return e.mgr.Channels().Get(context.Background(), "telegram", "-2106").Dice
	}
	for _, tc := range []struct {
		from       telegramtest.User
		text, want string
		dice       string
	}{
		{bob, "roll hand", "Only the channel's admins can change who rolls its dice", ""},
		{ayse, "zar elle", "Bu kanalda zarları artık oyuncular atar", sessions.DiceByHand},
		{bob, "zar otomatik", "Bu kanalın zarlarını kimin attığını yalnızca kanal yöneticileri değiştirebilir", sessions.DiceByHand},
		{ayse, "zar otomatik", "Bu kanalda zarları artık bot atar", ""},
	} {
		seen := len(e.srv.History(group.ID))
		if _, err := e.srv.SendText(group, tc.from, tc.text); err != nil {
			t.Fatal(err)
		}
		got := e.waitText(t, group.ID, seen, func(telegramtest.Sent) bool { return true })
		if !strings.Contains(got.Text, tc.want) || strings.Contains(got.Text, "dil") || strings.Contains(got.Text, "language") {
			t.Errorf("%s: %q: %q, want %q", tc.from.FirstName, tc.text, got.Text, tc.want)
		}
		if d := dice(); d != tc.dice {
			t.Errorf("after %q the group's dice are %q, want %q", tc.text, d, tc.dice)
		}
	}
}
