package router_test

import (
	"strings"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/chat"
)

// TestRematchAgainstTheBot: a finished game's reply carries a rematch
// button that starts the same game again at once, colours swapped, at the
// same level (issue 20.8), in both languages.
func TestRematchAgainstTheBot(t *testing.T) {
	for _, tc := range []struct{ lang, play, resign, button, rematch, started string }{
		{"en", "play dama easy", "resign yes", "🔁 Rematch", "rematch", "New game: Dama — oyunbot (white, easy) – Ayse (black)"},
		{"tr", "oyna dama kolay", "pes evet", "🔁 Rövanş", "rövanş", "Yeni oyun: Dama — oyunbot (beyaz, kolay) – Ayse (siyah)"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := newBot(t, nil)
			b.say("lang " + tc.lang)
			b.say(tc.play)
			b.say("c3-c4")
			end := lastGame(t, b.say(tc.resign))
			if len(end.Buttons) != 1 || end.Buttons[0][0].Label != tc.button || end.Buttons[0][0].Data != "rematch #g1" {
				t.Fatalf("the end's buttons: %+v", end.Buttons)
			}
			b.expect(b.say(end.Buttons[0][0].Data), "#g2 "+tc.started)
			s, err := b.mgr.Lobby().Get(2)
			if err != nil || s.SideOf("ayse") != ai.Second || s.Level != "easy" || len(s.Moves) == 0 {
				t.Fatalf("the rematch: side %v level %q moves %v (%v)", s.SideOf("ayse"), s.Level, s.Moves, err)
			}
			// Typed, with the game still going: said so.
			b.expect(b.say(tc.rematch+" #g2"), "#g2 ")
			if _, err := b.mgr.Lobby().Get(3); err == nil {
				t.Fatal("a rematch of a game still going started one")
			}
		})
	}
}

// TestRematchBetweenPeople: a rematch is offered to the opponent with the
// colours swapped and the same clock; the opponent's own "rematch" (or
// accept) starts it.
func TestRematchBetweenPeople(t *testing.T) {
	for _, tc := range []struct{ lang, challenge, accept, resign, rematch, offered, started string }{
		{"en", "challenge @bora ttt 5m", "accept", "resign yes", "rematch",
			"Bora, Ayse offers you a rematch: Tic-tac-toe, colours swapped.", "New game: Tic-tac-toe — Bora (X) – Ayse (O)"},
		{"tr", "meydan @bora xox 5dk", "kabul", "pes evet", "rövanş",
			"Bora, Ayse rövanş istiyor: XOX, renkler değişik.", "Yeni oyun: XOX — Bora (X) – Ayse (O)"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := newBot(t, nil)
			b.admin("g", "ayse", "lang "+tc.lang)
			grp := func(user, text string) []chat.Reply { return b.msg("g", user, text, false) }
			grp("ayse", tc.challenge)
			b.expect(grp("bora", tc.accept), "#g1")
			grp("ayse", "b2")
			grp("bora", "a1")
			b.expect(grp("ayse", tc.resign), "#g1")
			rs := grp("ayse", tc.rematch)
			b.expect(rs, tc.offered)
			if _, err := b.mgr.Lobby().Get(2); err == nil {
				t.Fatal("the offer started a game")
			}
			b.expect(grp("bora", tc.rematch), "#g2 "+tc.started)
			s, err := b.mgr.Lobby().Get(2)
			if err != nil || s.SideOf("bora") != ai.First || s.TimeControl.Base != 5*time.Minute || !s.Rated {
				t.Fatalf("the rematch: bora %v, clock %+v, rated %v (%v)", s.SideOf("bora"), s.TimeControl, s.Rated, err)
			}
		})
	}
}

// TestOpenChallenge: a challenge naming nobody is open to anyone in the
// channel but its sender; the first to accept plays, with its clock, and
// the next finds it gone (issue 20.8).
func TestOpenChallenge(t *testing.T) {
	for _, tc := range []struct{ lang, challenge, sent, accept, own, decline, declined, started, none string }{
		{"en", "challenge dama 5m", "Ayse invites anyone here to play Dama! The first to accept plays: accept", "accept",
			"This is your own open challenge", "decline", "An open challenge needs no refusal",
			"New game: Dama — Ayse (white) – Cem (black)", "no challenge"},
		{"tr", "meydan dama 5dk", "Ayse buradaki herkesi Dama oynamaya çağırıyor! İlk kabul eden oynar: kabul", "kabul",
			"Bu senin açık meydan okuman", "ret", "Açık bir meydan okumanın reddi olmaz",
			"Yeni oyun: Dama — Ayse (beyaz) – Cem (siyah)", "meydan okuma ya da teklif yok"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := newBot(t, nil)
			b.admin("g", "ayse", "lang "+tc.lang)
			grp := func(user, text string) []chat.Reply { return b.msg("g", user, text, false) }
			rs := grp("ayse", tc.challenge)
			b.expect(rs, tc.sent, "5")
			if len(rs) != 1 || len(rs[0].Buttons) != 1 || len(rs[0].Buttons[0]) != 1 {
				t.Fatalf("an open challenge's buttons (accept alone): %+v", rs)
			}
			button := rs[0].Buttons[0][0].Data
			b.expect(grp("ayse", button), tc.own)
			b.expect(grp("bora", tc.decline+" "+strings.TrimPrefix(button, "accept ")), tc.declined)
			b.expect(grp("cem", button), "#g1 "+tc.started)
			s, err := b.mgr.Lobby().Get(1)
			if err != nil || s.TimeControl.Base != 5*time.Minute || s.Players[1].ID != "cem" {
				t.Fatalf("the game: %+v (%v)", s, err)
			}
			b.expect(grp("bora", tc.accept), tc.none)
			if _, err := b.mgr.Lobby().Get(2); err == nil {
				t.Fatal("a second game from one open challenge")
			}
		})
	}
}

// TestRematchWhileAGameGoesOn: someone in the middle of their first game
// who types "rematch" is told that game is still going, not that they
// have no finished game.
func TestRematchWhileAGameGoesOn(t *testing.T) {
	for _, tc := range []struct{ lang, play, rematch, want string }{
		{"en", "play dama easy", "rematch", "#g1 This game is still going; a rematch is asked for after it ends."},
		{"tr", "oyna dama kolay", "rövanş", "#g1 Bu oyun sürüyor; rövanş oyun bitince istenir."},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := newBot(t, nil)
			b.say("lang " + tc.lang)
			b.say(tc.play)
			got := b.say(tc.rematch)
			if len(got) != 1 || got[0].Text != tc.want {
				t.Fatalf("%s during a game: %+v, want %q", tc.rematch, got, tc.want)
			}
			if _, err := b.mgr.Lobby().Get(2); err == nil {
				t.Fatal("a rematch during a game started one")
			}
		})
	}
}
