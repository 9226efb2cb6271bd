package router_test

import (
	"path/filepath"
	"strings"
	"testing"

	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/sessions"
)

// TestTurkishLettersSurviveRestart (issue 35.6): the letters a player
// writes a game's moves in are remembered with the game, not by the
// process: after a restart the game is still shown in Turkish letters
// (the history, the bot's moves, the hints: "Nbd2" came back), and a K
// both the rook and the king can play is still the kale.
func TestTurkishLettersSurviveRestart(t *testing.T) {
	withChess := func(c *router.Config, _ *sessions.Config) {
		reg, err := games.NewRegistry(chessgame.Game{})
		if err != nil {
			t.Fatal(err)
		}
		c.Games = reg
	}
	// White: king e1, rook a1, knight g1, pawn a2; Black the same.
	const fen = "r3k1n1/p7/8/8/8/8/P7/R3K1N1 w - - 0 1"
	path := filepath.Join(t.TempDir(), "bot.db")
	b := openRouter(t, path, withChess)
	b.say("dil tr")
	b.expect(b.say("oyna satranç kolay konum "+fen), "#g1")
	b.expect(b.say("Af3"), "Ayse: Af3")
	b.stop()

	b = openRouter(t, path, withChess)
	defer b.stop()
	b.expect(b.say("a3"), "Ayse: a3") // a pawn's move tells no letters
	b.expect(b.say("hamleler"), "1. Af3")
	for _, w := range strings.Fields(texts(b.say("hamleler"))) {
		if len(w) > 1 && strings.ContainsAny(w[:1], "NBRQ") {
			t.Errorf("a move in English letters after the restart: %q", w)
		}
	}
	rs := b.say("Kd1") // the rook and the king both can: the kale, as written before
	if strings.Contains(texts(rs), "Hangisi?") {
		t.Errorf("asked though the player writes Turkish letters: %q", texts(rs))
	}
	if s, err := b.mgr.Lobby().Get(1); err != nil || len(s.Moves) < 5 || strings.TrimSuffix(s.Moves[4], "+") != "Rd1" {
		t.Fatalf("moves %v (%v), want the rook's Rd1 fifth", s.Moves, err)
	}
	hint := texts(b.say("ipucu evet"))
	if _, move, ok := strings.Cut(hint, "İpucu: "); !ok || strings.ContainsAny(move[:1], "NBRQ") {
		t.Errorf("hint %q, want it in Turkish letters", hint)
	}
}
