package router_test

import (
	"strings"
	"testing"

	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/dama"
	"oyunbot/games/draughts"
	"oyunbot/games/islem"
	"oyunbot/games/puzzle"
	"oyunbot/games/tavla"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
)

// TestStartAlreadyDecided (issue 35.3): a custom start whose result is
// already decided is refused in every game, saying why in the player's
// language and naming the right side; no game is made. Dama's start where
// the side not to move has no pieces was taken, and its first move "won"
// with "all the opponent's pieces were captured"; the start where the side
// to move had none was refused with those words, which name the other side.
func TestStartAlreadyDecided(t *testing.T) {
	const (
		emptyIslem = "--------/--------/--------/--------/--------/--------/--------/-------- -/- -/-"
		tavlaPts   = ".,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,"
	)
	for _, tc := range []struct {
		name, game, start, en, tr string
	}{
		{"dama black has none, white to move", "dama", "......../......../......../......../......../......../...w..../........ w",
			"black has no pieces", "siyah tarafın hiç taşı yok"},
		{"dama black has none, black to move", "dama", "......../......../......../......../......../......../...w..../........ b",
			"black has no pieces", "siyah tarafın hiç taşı yok"},
		{"dama white has none", "dama", "......../...b..../......../......../......../......../......../........ w",
			"white has no pieces", "beyaz tarafın hiç taşı yok"},
		{"dama white blocked", "dama", "......../......../......../......../b......./b......./wbb...../........ w",
			"white is to move and has no move", "sıra beyaz tarafta ve oynayacak hamlesi yok"},
		{"dama one piece each", "dama", "......../......../......../...w..../......../......../...b..../........ w",
			"one piece left on each side", "iki tarafta da birer taş kaldı"},
		{"italian black has none", "italian", "......../......../......../......../......../.w....../......../........ w",
			"black has no pieces", "siyah tarafın hiç taşı yok"},
		{"italian white has none", "italian", "......../......../b......./......../......../......../......../........ w",
			"white has no pieces", "beyaz tarafın hiç taşı yok"},
		{"checkers black has none, white to move", "checkers", "......../......../......../......../......../......../......../w....... w",
			"black has no pieces", "siyah tarafın hiç taşı yok"},
		{"checkers black has none, black to move", "checkers", "......../......../......../......../......../......../......../w....... b",
			"black has no pieces", "siyah tarafın hiç taşı yok"},
		{"chess checkmate", "chess", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
			"black is checkmated", "siyah mat olmuş"},
		{"chess stalemate", "chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
			"black is to move, has no legal move and is not in check: stalemate",
			"sıra siyah tarafta, oynayacak hamlesi yok ve şahı tehdit altında değil: pat"},
		{"chess bare kings", "chess", "7k/8/6K1/8/8/8/8/8 w - - 0 1",
			"too little material left to mate", "mat etmeye yetecek taş kalmadı"},
		{"tictactoe line made", "tictactoe", "xxxoo.... o",
			"X already has three in a row", "X zaten üç taşını bir sıraya dizmiş"},
		{"tictactoe board full", "tictactoe", "xoxxoooxx o",
			"the board is full", "tahta doldu"},
		{"hapis mars", "hapis", tavlaPts + "b15 15 0 b -",
			"white has borne off all its checkers and black none", "beyaz bütün pullarını toplamış, siyah hiç toplamamış"},
		{"hapis borne off", "hapis", tavlaPts + "b1 15 14 b -",
			"white has borne off all its checkers", "beyaz bütün pullarını toplamış"},
		{"islem 21 captures", "islem", emptyIslem + " 21:5 b 0 40",
			"21 stones are captured with moves equal, and black has captured more",
			"hamle sayıları eşitken 21 taş alınmış ve siyah daha çok taş almış"},
		{"islem 21 captures each", "islem", emptyIslem + " 21:21 b 0 40",
			"21 stones are captured with moves equal, and both sides have captured as many",
			"hamle sayıları eşitken 21 taş alınmış ve iki taraf eşit sayıda taş almış"},
		{"islem 200 turns", "islem", emptyIslem + " 3:5 b 0 200",
			"the 200 turns are played and red has captured more", "200 hamle oynanmış ve kırmızı daha çok taş almış"},
		{"puzzle8 solved", "puzzle8", "1,2,3,4,5,6,7,8,0",
			"the tiles are already in order", "taşlar zaten sırasıyla dizili"},
	} {
		for _, lang := range []string{"en", "tr"} {
			t.Run(lang+"/"+tc.name, func(t *testing.T) {
				b := allGamesBot(t)
				b.say("lang " + lang)
				cmd, want := "play "+tc.game+" from ", "That position is already decided: "+tc.en+". Give a position that can be played."
				if lang == "tr" {
					cmd, want = "oyna "+tc.game+" konum ", "Bu konumda oyunun sonucu zaten belli: "+tc.tr+". Oynanacak bir konum ver."
				}
				rs := b.say(cmd + tc.start)
				if got := texts(rs); !strings.Contains(got, want) {
					t.Errorf("%s%s:\n got %q\nwant %q", cmd, tc.start, got, want)
				}
				if _, err := b.mgr.Lobby().Get(1); err == nil {
					t.Errorf("a game was made from %q", tc.start)
				}
			})
		}
	}
}

// allGamesBot is a bot with every game of the repository.
func allGamesBot(t *testing.T) *bot {
	t.Helper()
	reg, err := games.NewRegistry(chessgame.Game{}, dama.Game{}, draughts.Italian, draughts.Checkers, islem.Game{}, puzzle.Eight,
		tavla.Game{}, tictactoe.Game{})
	if err != nil {
		t.Fatal(err)
	}
	return newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
}
