package router_test

import (
	"slices"
	"testing"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
)

// strict is tic-tac-toe under another name that allows no hint, take-back
// or draw offer: a game the bot knows only through the registry.
type strict struct{ tictactoe.Game }

func (strict) Name() string      { return "strict" }
func (strict) Aliases() []string { return nil }
func (strict) Host() games.Host {
	h := tictactoe.Game{}.Host()
	h.Policy = games.Policy{NoHints: true, NoUndo: true, NoDraws: true}
	h.Catalog["tr"]["name"], h.Catalog["en"]["name"] = "Sıkı", "Strict"
	return h
}

// TestGamesFromTheRegistry: help, examples and errors name the registered
// games, whatever they are; a game's policy refuses what it does not allow,
// with the game's name, and its board offers no hint.
func TestGamesFromTheRegistry(t *testing.T) {
	reg, err := games.NewRegistry(strict{})
	if err != nil {
		t.Fatal(err)
	}
	b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
	b.say("lang en")
	b.expect(b.say("help"), "oyunbot plays Strict. Commands", "play <game> [level] [x|o] — a new game against the bot (strict)")
	b.expect(b.say("help play"), "Whoever starts moves first (x); say o and the bot opens.")
	// help move gives each game's notation in short; help <game> the whole lesson.
	b.expect(b.say("help move"), "Strict: a1…c3 or 1…9")
	b.expect(b.say("help strict"), "Strict: ", "phone keys", "Levels: easy")
	b.expect(b.say("play"), "Which game? Games: strict. For example: play strict")
	b.expect(b.say("play strict fast"), "I don't understand «fast». Strict's levels: easy, medium, hard, master. For example: play strict medium o")
	b.expect(b.raw(chat.Message{ChannelID: "g", UserID: "ayse", Text: "meydan @hayalet"}), "yanıt olarak yaz: meydan strict")

	g := lastGame(t, b.say("play strict"))
	actions := g.Buttons[len(g.Buttons)-1]
	var data []string
	for _, a := range actions {
		data = append(data, a.Data)
	}
	if !slices.Equal(data, []string{"board #g1", "resign #g1"}) || len(g.Buttons) != 4 {
		t.Errorf("buttons %+v, want the cells and no hint", g.Buttons)
	}
	b.expect(b.say("hint yes"), "#g1 There are no hints in Strict.")
	b.say("b2")
	b.expect(b.say("undo"), "#g1 Moves cannot be taken back in Strict.")
	b.expect(b.say("draw"), "#g1 There are no draw offers in Strict.")
	if s, _ := b.mgr.Lobby().Get(1); len(s.Moves) != 2 || s.DrawOffer != ai.NoSide {
		t.Errorf("a refused action changed the game: moves %v, draw offer %v", s.Moves, s.DrawOffer)
	}
}
