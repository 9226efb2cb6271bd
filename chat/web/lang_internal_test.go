package web

import (
	"testing"

	"oyunbot/chat"
	"oyunbot/sessions"
	"oyunbot/sessions/ratings"
)

func TestAcceptLanguage(t *testing.T) {
	for h, want := range map[string]chat.Lang{
		"":                        chat.Turkish,
		"en-US,en;q=0.9":          chat.English,
		"tr-TR,tr;q=0.9,en;q=0.8": chat.Turkish,
		"de-DE,de;q=0.9,en;q=0.5": chat.English,
		"en;q=0.3, tr;q=0.8":      chat.Turkish,
		"fr, de":                  chat.English, // as the chat: any other language reads English
		"en;q=0":                  chat.Turkish,
		"*":                       chat.English,
		"EN-gb":                   chat.English,
		"tr;q=abc, en;q=0.5":      chat.Turkish, // a bad weight counts as 1
		",,;;q=,en":               chat.English,
	} {
		if got := acceptLanguage(h, chat.Turkish); got != want {
			t.Errorf("acceptLanguage(%q) = %s, want %s", h, got, want)
		}
	}
}

// FuzzAcceptLanguage: any header gives one of the languages, never a panic.
func FuzzAcceptLanguage(f *testing.F) {
	for _, s := range []string{"en-US,en;q=0.9", "tr", "de;q=0.1, en;q=0.2", ";;;", "q=1", "en;q=1e400"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, h string) {
		if l := acceptLanguage(h, chat.English); l != chat.English && l != chat.Turkish {
			t.Errorf("acceptLanguage(%q) = %q", h, l)
		}
	})
}

// TestNamed: a rating without a display name shows "?", never the user id.
func TestNamed(t *testing.T) {
	list := named([]sessions.RatingRecord{{PlayerID: "123456789", Name: ""}, {PlayerID: "42", Name: "Ayşe"},
		{PlayerID: ratings.BotID("easy"), Name: ""}})
	if list[0].Name != "?" || list[1].Name != "Ayşe" || list[2].Name != "" {
		t.Errorf("%+v", list)
	}
}
