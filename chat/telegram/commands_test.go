package telegram_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"oyunbot/chat/telegram"
)

// TestDefaultCommandsNameTheGivenGames: the /play entry names the games
// the program gives, and none without them; every description fits.
func TestDefaultCommandsNameTheGivenGames(t *testing.T) {
	for _, tc := range []struct {
		games  []string
		en, tr string
	}{
		{[]string{"dama", "tictactoe"}, "Start a game against the bot: /play dama or /play tictactoe", "Bota karşı oyun başlat: /play dama veya /play tictactoe"},
		{nil, "Start a game against the bot: /play <game>", "Bota karşı oyun başlat: /play <oyun>"},
		{[]string{strings.Repeat("g", 250)}, "Start a game against the bot: /play <game>", "Bota karşı oyun başlat: /play <oyun>"},
	} {
		cmds := telegram.DefaultCommands(tc.games...)
		if play := cmds[0]; play.Name != "play" || play.EN != tc.en || play.TR != tc.tr {
			t.Errorf("%q: /play %+v", tc.games, play)
		}
		for _, c := range cmds {
			if n, m := utf8.RuneCountInString(c.EN), utf8.RuneCountInString(c.TR); n < 3 || n > 256 || m < 3 || m > 256 {
				t.Errorf("/%s: descriptions of %d and %d characters", c.Name, n, m)
			}
		}
	}
}
