package router_test

import (
	"testing"

	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/dama"
	"oyunbot/games/puzzle"
	"oyunbot/games/tavla"
	"oyunbot/sessions"
)

// TestTypoOfACommandIsNoMove: a word that is no notation of the game and
// is close to a command word is answered with the command, in the
// player's language, the game left as it was; a real move that is illegal
// keeps its answer (issue 35 item 8).
func TestTypoOfACommandIsNoMove(t *testing.T) {
	for _, tc := range []struct {
		name, play, typo, want, illegal, illegalWant string
	}{
		{"dama en", "play dama", "resing", "#g1 «resing» is not a move. Did you mean «resign»?", "c3-c5", "#g1 Illegal move «c3-c5»"},
		{"dama tr", "oyna dama", "pse", "#g1 «pse» bir hamle değil. Şunu mu demek istedin: «pes»?", "c3-c5", "#g1 Geçersiz hamle «c3-c5»"},
		{"chess en", "play chess", "hitn", "#g1 «hitn» is not a move. Did you mean «hint»?", "Ke2", "#g1 Illegal move «Ke2»"},
		{"chess tr", "oyna satranç", "ipcu", "#g1 «ipcu» bir hamle değil. Şunu mu demek istedin: «ipucu»?", "Şe2", "#g1 Geçersiz hamle «Şe2»"},
		{"tavla tr", "oyna hapis", "tahat", "«tahat» bir hamle değil. Şunu mu demek istedin: «tahta»?", "", ""},
		{"puzzle en", "play puzzle8 from 1,2,3,4,5,6,0,7,8", "sovle", "#g1 «sovle» is not a move. Did you mean «solve»?", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			reg, err := games.NewRegistry(dama.Game{}, chessgame.Game{}, tavla.Game{}, puzzle.Eight)
			if err != nil {
				t.Fatal(err)
			}
			b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.Games = reg })
			b.expect(b.say(tc.play), "#g1")
			before := b.mgr.Lobby().Find("test", "dm", "ayse")[0]
			b.expect(b.say(tc.typo), tc.want)
			after := b.mgr.Lobby().Find("test", "dm", "ayse")[0]
			if len(after.Moves) != len(before.Moves) || after.Version != before.Version {
				t.Errorf("%q changed the game: %v → %v", tc.typo, before.Moves, after.Moves)
			}
			if tc.illegal != "" {
				b.expect(b.say(tc.illegal), tc.illegalWant)
			}
		})
	}
}
