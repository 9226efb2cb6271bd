package router_test

import (
	"testing"

	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/islem"
	"oyunbot/games/puzzle"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
)

// TestGameCommandWordsSetTheLanguage: a game's own command word tells the
// language of the reply as the bot's words do (issue 20.14: "örnek",
// "çöz" and "karşılaştır" were answered in English after "play …").
func TestGameCommandWordsSetTheLanguage(t *testing.T) {
	reg, err := games.NewRegistry(islem.Game{}, puzzle.Eight)
	if err != nil {
		t.Fatal(err)
	}
	b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
	b.expect(b.say("play islem"), "New game: İşlem")
	b.expect(b.say("örnek"), "Son konan")
	b.expect(b.say("example"), "The last stone")
	b.say("resign yes")
	b.expect(b.say("play puzzle8 from 1,2,3,4,5,6,0,7,8"), "New game")
	b.expect(b.say("çöz"), "hamle")
	b.expect(b.say("solve"), "moves")
}

// TestTurkishExamplesUseTurkishNames: game lists and examples in Turkish
// name the games as Turkish players type them (issue 20.14: "oyna chess").
func TestTurkishExamplesUseTurkishNames(t *testing.T) {
	reg, err := games.NewRegistry(chessgame.Game{}, islem.Game{}, tictactoe.Game{})
	if err != nil {
		t.Fatal(err)
	}
	b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
	b.expect(b.say("oyna"), "Oyunlar: satranç, işlem, xox. Örnek: oyna satranç")
	b.expect(b.say("play"), "Games: chess, islem, tictactoe. For example: play chess")
	// The Turkish names are words the bot takes.
	b.expect(b.say("oyna satranç"), "#g1 Yeni oyun: Satranç")
}
