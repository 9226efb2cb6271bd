package chat_test

import (
	"strings"
	"testing"

	"oyunbot/chat"
)

func TestPublicURL(t *testing.T) {
	for u, want := range map[string]bool{
		"https://oyun.example.org/g/abc": true,
		"http://oyun.example.org:8080/":  true,
		"http://localhost:8080/g/abc":    false,
		"http://127.0.0.1:8080/g/abc":    false,
		"http://[::1]:8080/":             false,
		"ftp://oyun.example.org/":        false,
		"oyun.example.org/g/abc":         false,
		"":                               false,
	} {
		if got := chat.PublicURL(u); got != want {
			t.Errorf("PublicURL(%q) = %v, want %v", u, got, want)
		}
	}
}

func TestLinksAsText(t *testing.T) {
	r := chat.Reply{Text: "Your move.", Caption: "board",
		Buttons: [][]chat.Button{{{Label: "Hint", Data: "hint"}, {Label: "Watch", URL: "http://127.0.0.1:8080/g/x"}},
			{{Label: "Page", URL: "https://oyun.example.org/p/y"}}}}
	got := chat.LinksAsText(r, chat.PublicURL)
	if !strings.HasSuffix(got.Text, "\nWatch: http://127.0.0.1:8080/g/x") || !strings.HasSuffix(got.Caption, "\nWatch: http://127.0.0.1:8080/g/x") {
		t.Errorf("text %q caption %q", got.Text, got.Caption)
	}
	if len(got.Buttons) != 2 || len(got.Buttons[0]) != 1 || got.Buttons[0][0].Data != "hint" || got.Buttons[1][0].URL == "" {
		t.Errorf("buttons %+v", got.Buttons)
	}
	// Nothing to move: the reply as it was.
	same := chat.LinksAsText(chat.Reply{Text: "x", Buttons: r.Buttons[1:]}, chat.PublicURL)
	if same.Text != "x" || len(same.Buttons) != 1 {
		t.Errorf("%+v", same)
	}
}
