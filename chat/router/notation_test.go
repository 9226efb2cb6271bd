package router_test

import (
	"fmt"
	"strings"
	"testing"

	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/dama"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
)

// chessBot is a bot that plays chess (and the test games).
func chessBot(t *testing.T) *bot {
	return newBot(t, func(c *router.Config, _ *sessions.Config) {
		reg, err := games.NewRegistry(dama.Game{}, tictactoe.Game{}, chessgame.Game{})
		if err != nil {
			t.Fatal(err)
		}
		c.Games = reg
	})
}

// TestChessTurkishLetters: a Turkish player's Af3 is the knight and their
// game is then shown in Turkish letters (the history too); an English
// player's Nf3 is shown as written; K is the rook in Turkish, the king in
// English (issue 20).
func TestChessTurkishLetters(t *testing.T) {
	const fen = "4k3/8/8/8/8/8/P7/R3K1N1 w - - 0 1"
	t.Run("tr", func(t *testing.T) {
		b := chessBot(t)
		b.say("dil tr")
		b.say("oyna satranç kolay konum " + fen)
		b.expect(b.say("Af3"), "Ayse: Af3")
		b.expect(b.say("Kb1"), "Ayse: Kb1") // the rook (Kale)
		h := texts(b.say("hamleler"))
		if !strings.Contains(h, "1. Af3") || !strings.Contains(h, "2. Kb1") {
			t.Errorf("history not in Turkish letters: %q", h)
		}
		if pos := b.mgr.Lobby().Find("test", "dm", "ayse"); len(pos) != 1 || !strings.Contains(strings.Join(pos[0].Moves, " "), "Rb1") {
			t.Errorf("Kb1 was not the rook: %+v", pos)
		}
	})
	t.Run("tr with English letters", func(t *testing.T) {
		// English letters typed: shown as typed, but the king as Ş, since
		// a K shown in Turkish would read back as the rook.
		b := chessBot(t)
		b.say("dil tr")
		b.say("oyna satranç kolay konum " + fen)
		b.expect(b.say("Nf3"), "Ayse: Nf3")
		b.expect(b.say("Ke2"), "Ayse: Şe2") // no rook can: the king
		b.expect(b.say("hamleler"), "1. Nf3", "2. Şe2")
	})
	t.Run("en", func(t *testing.T) {
		b := chessBot(t)
		b.say("lang en")
		b.say("play chess easy from " + fen)
		b.expect(b.say("Nf3"), "Ayse: Nf3")
		b.expect(b.say("Kd2"), "Ayse: Kd2") // the king
		b.expect(b.say("history"), "1. Nf3", "2. Kd2")
	})
}

// TestChessFalseCapture: an x onto an empty square is refused, not played
// as a quiet move, in both languages.
func TestChessFalseCapture(t *testing.T) {
	for _, c := range []struct{ lang, play, want string }{
		{"tr", "oyna satranç kolay", "x taş almak demek, ama varış karesi boş"},
		{"en", "play chess easy", "x means a capture, but the target square is empty"},
	} {
		t.Run(c.lang, func(t *testing.T) {
			b := chessBot(t)
			b.say("lang " + c.lang)
			b.say(c.play)
			b.say("e4")
			rs := b.say("Qxg4")
			b.expect(rs, c.want)
			if s := b.mgr.Lobby().Find("test", "dm", "ayse"); len(s) != 1 || len(s[0].Moves) != 2 {
				t.Fatalf("the game changed: %+v", s)
			}
		})
	}
}

// TestChessTapKingInTurkish: a tapped king move is the king's even where a
// rook could go to the same square (a typed K would be the rook in
// Turkish).
func TestChessTapKingInTurkish(t *testing.T) {
	b := chessBot(t)
	b.say("dil tr")
	g, over := boardOf(t, b.say("oyna satranç kolay konum 4k3/8/8/8/8/8/3R4/4K3 w - - 0 1"))
	if over {
		t.Fatal("no tap board")
	}
	king := g.Board[7][4] // e1
	if f := tapFields(king.Data); len(f) != 4 || f[3] != "e1" {
		t.Fatalf("e1 is %+v", king)
	}
	rs := b.say(king.Data)
	rs = b.say(rs[0].Board[7][3].Data) // d1
	b.expect(rs, "Ayse: Şd1")          // the king, as Turkish reads it back
	if s := b.mgr.Lobby().Find("test", "dm", "ayse"); len(s) != 1 || s[0].Moves[0] != "Kd1" {
		t.Fatalf("not the king: %+v", s)
	}
}

// TestChessHistoryFromFEN: a game from a FEN with Black to move on move 40
// numbers its history from there, as its PGN does; the PGN carries the
// bot's level and fixed rating and the time control (issue 20).
func TestChessHistoryFromFEN(t *testing.T) {
	for _, lang := range []string{"tr", "en"} {
		t.Run(lang, func(t *testing.T) {
			b := chessBot(t)
			b.say("lang " + lang)
			b.say("play chess easy white from 4k3/8/8/8/8/8/4P3/4K3 w - - 0 40")
			b.say("e4")
			h := texts(b.say("history"))
			if !strings.Contains(h, "40. e4") || strings.Contains(h, "1. e4") {
				t.Errorf("history %q, want it numbered from 40", h)
			}
			rs := b.say("pgn")
			var pgn string
			for _, r := range rs {
				pgn += string(r.File)
			}
			elo := fmt.Sprintf(`[BlackElo "%d"]`, chessgame.Game{}.Host().LevelRatings["easy"])
			for _, tag := range []string{elo, `[BlackType "program"]`, `[BlackLevel "easy"]`, `[TimeControl "-"]`, "40. e4"} {
				if !strings.Contains(pgn, tag) {
					t.Errorf("PGN %q lacks %s", pgn, tag)
				}
			}
		})
	}
}

// TestStartAlreadyOver: a custom start where the game is over already is
// refused with how it ended there, in the game's words and the player's
// language: a dama start with one piece each is drawn (issue 20).
func TestStartAlreadyOver(t *testing.T) {
	const lone = "......../......../......../...w..../......../......../...b..../........ w"
	for _, tc := range []struct{ lang, play, want string }{
		{"en", "play dama easy from ", "That position is already decided: one piece left on each side."},
		{"tr", "oyna dama kolay konum ", "Bu konumda oyunun sonucu zaten belli: iki tarafta da birer taş kaldı."},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := chessBot(t)
			b.say("lang " + tc.lang)
			rs := b.say(tc.play + lone)
			b.expect(rs, tc.want)
			if strings.Contains(texts(rs), "over there") {
				t.Errorf("English left in: %q", texts(rs))
			}
		})
	}
}

// TestBadFENInTheirLanguage: a FEN a game refuses is explained in the
// player's language, the sides named in it (issue 21: "chess: white has 0
// kings, want exactly 1" reached Turkish players).
func TestBadFENInTheirLanguage(t *testing.T) {
	for _, tc := range []struct{ lang, play, want string }{
		{"tr", "oyna satranç konum ", "Bu oyunun bir başlangıç konumu değil: siyah tarafın 0 şahı var; tam bir şah olmalı"},
		{"en", "play chess from ", "That is not a start position of this game: black has 0 kings; want exactly one"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			b := chessBot(t)
			b.say("lang " + tc.lang)
			rs := b.say(tc.play + "8/8/8/8/8/8/8/K7 w - -")
			b.expect(rs, tc.want)
			if strings.Contains(texts(rs), "chess:") {
				t.Errorf("the log text reached the player: %q", texts(rs))
			}
		})
	}
}
