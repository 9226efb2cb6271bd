package chat_test

import (
	"testing"

	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/games/tavla"
	"oyunbot/sessions"
)

// tavlaBot is a bot that plays tavla.
func tavlaBot(t *testing.T) *bot {
	reg, err := games.NewRegistry(tavla.Game{})
	if err != nil {
		t.Fatal(err)
	}
	return newBot(t, func(c *chat.Config, _ *sessions.Config) { c.Games = reg })
}

// TestTavlaOnlyADieIsLeft: a ply that needs a die the player has played
// already is refused with the dice left, in both languages (issue 20).
func TestTavlaOnlyADieIsLeft(t *testing.T) {
	const start = "w15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,b15 0 0 w 5-3"
	for _, tc := range []struct{ lang, play, want string }{
		{"en", "play tavla easy from ", "only a 5 is left; that move needs a 3"},
		{"tr", "oyna tavla kolay konum ", "yalnız 5 kaldı; bu hamle 3 ister"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := tavlaBot(t)
			b.say("lang " + tc.lang)
			b.say(tc.play + start)
			b.say("1/4")
			b.expect(b.say("4/7"), tc.want)
		})
	}
}
