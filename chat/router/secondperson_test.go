package router_test

import (
	"strings"
	"testing"

	"oyunbot/chat/router"
	"oyunbot/sessions"
)

// TestSecondPersonForTheReader: where the reader has a name that is a
// pronoun (the console's "you"), sentences about them are in the second
// person, in both languages (issue 20.15: "you wins", "you challenges
// you", "you's invitation").
func TestSecondPersonForTheReader(t *testing.T) {
	b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.You = "Ayse" })
	b.say("play ttt")
	b.expect(b.say("b2"), "#g1 Ayse: b2 · oyunbot: ")
	b.expect(b.say("resign yes"), "#g1 You resigned.")
	b.expect(b.say("challenge @bora ttt"), "You challenge bora to Tic-tac-toe! bora answers: accept or decline")
	b.expect(b.msg("dm", "bora", "decline", true), "Bora declined your invitation to Tic-tac-toe.")
	b.say("oyna xox")
	b.expect(b.say("b2"), "#g2 Ayse: b2 · oyunbot: ")
	b.expect(b.say("pes evet"), "#g2 Pes ettin.")
	all := texts(b.say("tahta"))
	for _, bad := range []string{"Ayse wins", "Ayse challenges", "Ayse's"} {
		if strings.Contains(all, bad) {
			t.Errorf("third person about the reader: %q", all)
		}
	}
	// Others are still named.
	b.say("challenge @bora ttt")
	b.msg("dm", "bora", "accept", true)
	b.say("b2")
	b.msg("dm", "bora", "a1", true)
	b.expect(b.msg("dm", "bora", "resign yes", true), "Bora resigned.", "Game over: you (X) win — ")
}

// TestHelpMoveLineAGame: "help move" gives each game's notation on a line
// of its own (issue 20.15: the games ran together on one line).
func TestHelpMoveLineAGame(t *testing.T) {
	b := newBot(t, nil)
	for _, tc := range []struct{ ask, dama, ttt string }{
		{"help move", "\nDama: ", "\nTic-tac-toe: "},
		{"yardım hamle", "\nDama: ", "\nXOX: "},
	} {
		b.expect(b.say(tc.ask), tc.dama, tc.ttt)
	}
}
