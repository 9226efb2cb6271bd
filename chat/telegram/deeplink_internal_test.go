package telegram

import (
	"strings"
	"testing"
)

// TestStartCommand: a deep link's payload becomes the command it stands
// for; other "/start" texts, and payloads out of form, are left alone.
func TestStartCommand(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"/start accept_42_lq3k2", "accept @42:lq3k2"},
		{"/start game_17", "board #g17"},
		{"/start join_-1001234", "join -1001234"},
		{"/start join_-1001234_9", "join -1001234:9"},
		{"/start help", "help"},
		{"/start helpme", ""},
		{"/start", ""},
		{"/start dama", ""},
		{"/start dama kolay", ""},
		{"/play game_17", ""},
		{"/start game_017", ""},
		{"/start game_", ""},
		{"/start game_1x", ""},
		{"/start accept_42", ""},
		{"/start accept_x_lq3k2", ""},
		{"/start accept_42_LQ3", ""}, // time written one way only
		{"/start accept_42_0lq", ""}, // nor with a leading zero
		{"/start join_1234", ""},     // a private chat has no tournament
		{"/start join_-1234_0", ""},
		{"/start join_-1234_9_9", ""},
		{"/start " + strings.Repeat("a", 65), ""},
	} {
		got, ok := startCommand(tc.in)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("startCommand(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
}

// TestStartLink: the links of the commands a payload stands for, read back
// to the same commands; others have none.
func TestStartLink(t *testing.T) {
	for _, cmd := range []string{"accept @42:lq3k2", "board #g17", "join -1001234", "join -1001234:9", "help"} {
		link, ok := StartLink("oyun_bot", cmd, false)
		payload, _ := StartPayload(cmd)
		if !ok || link != "https://t.me/oyun_bot?start="+payload {
			t.Errorf("StartLink(%q) = %q, %v", cmd, link, ok)
			continue
		}
		if got, ok := startCommand("/start " + payload); !ok || got != cmd {
			t.Errorf("%q → %q → %q", cmd, payload, got)
		}
	}
	if link, ok := StartLink("oyun_bot", "join -1001234", true); !ok || link != "https://t.me/oyun_bot?startgroup=join_-1001234" {
		t.Errorf("startgroup link %q", link)
	}
	for _, cmd := range []string{"play dama", "accept", "accept 42:lq", "accept @ali:lq", "board g17", "board #g07", "join 42", "join -1:2:3", "resign #g1"} {
		if link, ok := StartLink("oyun_bot", cmd, false); ok {
			t.Errorf("%q has a link: %q", cmd, link)
		}
	}
}

// FuzzStartCommand: any text either stays as it is or becomes a command
// whose link reads back to it.
func FuzzStartCommand(f *testing.F) {
	for _, s := range []string{"/start accept_42_lq3k2", "/start game_17", "/start join_-100_3", "/start dama", "/start"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		cmd, ok := startCommand(text)
		if !ok {
			return
		}
		payload, ok := StartPayload(cmd)
		if !ok || "/start "+payload != strings.TrimSpace(text) {
			t.Fatalf("%q → %q → %q", text, cmd, payload)
		}
	})
}
