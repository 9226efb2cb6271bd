package present

import (
	"strings"
	"testing"

	"oyunbot/chat"
	"oyunbot/chat/internal/i18n"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/dama"
	"oyunbot/games/draughts"
	"oyunbot/sessions"
)

// TestTextBoardLetters: a Turkish text board writes its pieces with the
// Turkish sides' letters and says what they are (dama drew Black as `b`
// in Turkish, and chess wrote English letters beside Turkish notation
// where K is the rook; issue 35 item 7); the English one stays English.
func TestTextBoardLetters(t *testing.T) {
	r := New(Config{BotName: "oyunbot"}, testCatalog(t))
	snap := func(g games.Game) sessions.Snapshot {
		p := g.Start()
		return sessions.Snapshot{Game: g, Position: p, Board: p.Board()}
	}
	for _, c := range []struct {
		g          games.Game
		lang       chat.Lang
		rows, lose []string
		legend     string
	}{
		{dama.Game{}, chat.Turkish, []string{"7 s s s s s s s s", "2 b b b b b b b b"}, []string{"w"}, "b beyaz, s siyah; B, S dama"},
		{dama.Game{}, chat.English, []string{"7 b b b b b b b b", "2 w w w w w w w w"}, []string{"s"}, "w white, b black"},
		{chessgame.Game{}, chat.Turkish, []string{"8 k a f v ş f a k", "1 K A F V Ş F A K", "2 P P P P P P P P"}, []string{"N", "R", "Q"}, "Ş şah, V vezir, K kale"},
		{chessgame.Game{}, chat.English, []string{"8 r n b q k b n r", "1 R N B Q K B N R"}, []string{"Ş", "V"}, "K king, Q queen, R rook"},
	} {
		text := r.textBoard(c.lang, snap(c.g), false)
		board, legend, _ := strings.Cut(text, "  a b c d e f g h\n")
		for _, w := range c.rows {
			if !strings.Contains(board, w) {
				t.Errorf("%s %s: no row %q in\n%s", c.g.Name(), c.lang, w, text)
			}
		}
		for _, l := range c.lose {
			if strings.Contains(board, l) {
				t.Errorf("%s %s: letter %q on the board\n%s", c.g.Name(), c.lang, l, text)
			}
		}
		if !strings.HasPrefix(legend, c.legend) {
			t.Errorf("%s %s: legend %q, want %q…", c.g.Name(), c.lang, legend, c.legend)
		}
	}
	// The draughts games as dama.
	cat, err := i18n.New("", draughts.Italian, draughts.Checkers)
	if err != nil {
		t.Fatal(err)
	}
	rd := New(Config{BotName: "oyunbot"}, cat)
	for _, g := range []games.Game{draughts.Italian, draughts.Checkers} {
		text := rd.textBoard(chat.Turkish, snap(g), false)
		if strings.ContainsAny(text, "wW") || !strings.Contains(text, "s . s . s") || !strings.HasSuffix(text, "\nb beyaz, s siyah; B, S dama") {
			t.Errorf("%s:\n%s", g.Name(), text)
		}
	}
	// Seen from Black's side, the same letters.
	if text := r.textBoard(chat.Turkish, snap(dama.Game{}), true); !strings.Contains(text, "1 . . . . . . . .\n2 b b b b b b b b") || !strings.HasSuffix(text, "h g f e d c b a\nb beyaz, s siyah; B, S dama") {
		t.Errorf("flipped:\n%s", text)
	}
}
