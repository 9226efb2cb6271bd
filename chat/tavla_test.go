package chat_test

import (
	"testing"

	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/games/tavla"
	"oyunbot/sessions"
)

// TestTavlaFirstReplyAsksForTheRoll: the new game's reply (whoever the
// opening roll sends first) ends with the player's roll and what it
// allows, in the player's language.
func TestTavlaFirstReplyAsksForTheRoll(t *testing.T) {
	for _, tc := range []struct{ lang, play, prompt string }{
		{"en", "play tavla easy", "your roll: "},
		{"tr", "oyna tavla kolay", "zarın: "},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			reg, err := games.NewRegistry(tavla.Game{})
			if err != nil {
				t.Fatal(err)
			}
			b := newBot(t, func(c *chat.Config, _ *sessions.Config) { c.Games = reg })
			b.say("lang " + tc.lang)
			b.expect(b.say(tc.play), "#g1", tc.prompt)
		})
	}
}
