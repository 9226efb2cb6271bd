package router_test

// plugin_test.go proves the plug-in model end to end: two test-only games,
// each registered by one line, played through the router, the store and a
// restart: a dice game (rolls drawn and recorded by sessions, a whole turn
// in one message or die by die, one reply per turn, points) and a puzzle
// (a custom start, solved, its statistics, no rating).

import (
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"oyunbot/chat"
	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/dama"
	"oyunbot/games/gamestest"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
)

func withTestGames(t *testing.T) func(*router.Config, *sessions.Config) {
	reg, err := games.NewRegistry(dama.Game{}, tictactoe.Game{},
		gamestest.Race{},  // dice, two-move turns, prompts, points
		gamestest.Steps{}) // a one-player puzzle
	if err != nil {
		t.Fatal(err)
	}
	return func(c *router.Config, s *sessions.Config) {
		c.Games = reg
		s.Dice = rand.New(rand.NewPCG(3, 4))
	}
}

var rollRE = regexp.MustCompile(`roll (\d)-(\d)`)

// lastRollIn returns the dice of the last roll a reply shows.
func lastRollIn(t *testing.T, text string) (string, string) {
	t.Helper()
	m := rollRE.FindAllStringSubmatch(text, -1)
	if m == nil {
		t.Fatalf("no roll in %q", text)
	}
	return m[len(m)-1][1], m[len(m)-1][2]
}

func TestDiceGameThroughRouter(t *testing.T) {
	for _, tc := range []struct {
		lang, play, newGame, prompt, history, board string
	}{
		{"en", "play race easy", "#g1 New game: Race", "play your other die: ", "history", "board"},
		{"tr", "oyna yarış kolay", "#g1 Yeni oyun: Yarış", "öbür zarını oyna: ", "hamleler", "tahta"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bot.db")
			b := openRouter(t, path, withTestGames(t))
			say := func(text string) []chat.Reply { return b.msg("dm", "ayse", text, true) }
			say("lang " + tc.lang)

			rs := say(tc.play)
			if len(rs) != 1 || !strings.Contains(rs[0].Text, tc.newGame) || !strings.Contains(rs[0].Text, "Ayse: roll ") {
				t.Fatalf("new game: %q", texts(rs))
			}
			d1, d2 := lastRollIn(t, rs[0].Text)

			// Die by die: the first asks for the second.
			rs = say("a" + d1)
			if len(rs) != 1 || !strings.Contains(rs[0].Text, "Ayse: a"+d1) || !strings.Contains(rs[0].Text, tc.prompt+d2) {
				t.Fatalf("half a turn: %q", texts(rs))
			}
			// The turn's end: one reply with the bot's whole turn and the dice.
			rs = say("b" + d2)
			if len(rs) != 1 || !strings.Contains(rs[0].Text, "oyunbot: roll ") || !strings.Contains(rs[0].Text, "Ayse: roll ") {
				t.Fatalf("after a turn, one reply with the bot's: %q", texts(rs))
			}
			d1, d2 = lastRollIn(t, rs[0].Text)
			// A whole turn in one message.
			rs = say("a" + d1 + " b" + d2)
			if len(rs) != 1 || !strings.Contains(rs[0].Text, "Ayse: a"+d1+" b"+d2) {
				t.Fatalf("a turn in one message: %q", texts(rs))
			}
			before, err := b.mgr.Lobby().Get(1)
			if err != nil {
				t.Fatal(err)
			}
			b.stop()

			b = openRouter(t, path, withTestGames(t))
			defer b.stop()
			say = func(text string) []chat.Reply { return b.msg("dm", "ayse", text, true) }
			after, err := b.mgr.Lobby().Get(1)
			if err != nil || !slices.Equal(after.Moves, before.Moves) || !slices.Equal(after.Board, before.Board) {
				t.Fatalf("after a restart: %v, want %v (%v)", after.Moves, before.Moves, err)
			}
			say(tc.board)
			// Play on to the end, a turn per message.
			for range 200 {
				s, err := b.mgr.Lobby().Get(1)
				if err != nil {
					break
				}
				var turn []string
				pos := s.Position
				for pos.Turn() == s.Turn && !pos.Status().Over {
					mv, err := pos.ParseMove(s.Legal[0])
					if err != nil {
						t.Fatal(err)
					}
					turn = append(turn, s.Legal[0])
					pos.Make(mv)
					break // one ply is enough to check; the rest die by die
				}
				rs = say(strings.Join(turn, " "))
			}
			if _, err := b.mgr.Lobby().Get(1); err == nil {
				t.Fatal("the race did not end")
			}
			end := texts(rs)
			if !strings.Contains(end, "#g1") || (!strings.Contains(end, "Game over") && !strings.Contains(end, "Oyun bitti")) {
				t.Fatalf("the end: %q", end)
			}
			rec, _ := b.store.Game(t.Context(), 1)
			if rec.Result.Points == 2 && !strings.Contains(end, "(2 ") {
				t.Fatalf("a two-point win does not say so: %q", end)
			}
			// The finished game can be audited roll by roll.
			hist := texts(say(tc.history + " #g1"))
			if n := len(rollRE.FindAllString(hist, -1)); n < 3 {
				t.Fatalf("history shows %d rolls: %q", n, hist)
			}
		})
	}
}

// TestGameLevels: a game's own level (a named engine variant) is played at
// in that game and unknown in another.
func TestGameLevels(t *testing.T) {
	b := openRouter(t, filepath.Join(t.TempDir(), "bot.db"), withTestGames(t))
	defer b.stop()
	say := func(text string) []chat.Reply { return b.msg("dm", "ayse", text, true) }
	say("lang en")
	b.expect(say("play race seed"), "#g1 New game: Race")
	if s, err := b.mgr.Lobby().Get(1); err != nil || s.Level != "seed" {
		t.Fatalf("level %q %v", s.Level, err)
	}
	b.expect(say("level hard #g1 yes"), "#g1") // yes: the game is rated and begun
	if s, _ := b.mgr.Lobby().Get(1); s.Level != "hard" {
		t.Fatalf("level after 'level hard': %q", s.Level)
	}
	rs := say("play ttt seed")
	if len(rs) != 1 || strings.Contains(rs[0].Text, "New game") {
		t.Fatalf("tic-tac-toe has no seed level: %q", texts(rs))
	}
}

func TestPuzzleThroughRouter(t *testing.T) {
	for _, tc := range []struct {
		lang, play, newGame, start, notMult3, noDraw, draw, solved string
	}{
		{"en", "play steps from 10", "#g1 New game: Steps — Ayse", "Start: 10 (not rated)", "the number is not a multiple of 3",
			"no draw offers", "draw", "Solved in 4 moves. That is the shortest solution!"},
		{"tr", "oyna adim konum 10", "#g1 Yeni oyun: Adımlar — Ayse", "Başlangıç: 10 (puanlanmaz)", "sayı üçün katı değil",
			"beraberlik teklif edilmez", "berabere", "Çözüldü: 4 hamle. Bu en kısa çözüm!"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bot.db")
			b := openRouter(t, path, withTestGames(t))
			say := func(text string) []chat.Reply { return b.msg("dm", "ayse", text, true) }
			say("lang " + tc.lang)
			b.expect(say(tc.play), tc.newGame, tc.start)
			b.expect(say("third"), tc.notMult3)
			if s, _ := b.mgr.Lobby().Get(1); len(s.Moves) != 0 {
				t.Fatalf("a refused move changed the puzzle: %v", s.Moves)
			}
			rs := say(tc.draw)
			if len(rs) != 1 || !strings.Contains(strings.ToLower(rs[0].Text), tc.noDraw) {
				t.Fatalf("a draw offer in a puzzle: %q", texts(rs))
			}
			b.expect(say("dec"), "Ayse: dec")
			b.stop()

			b = openRouter(t, path, withTestGames(t))
			defer b.stop()
			say = func(text string) []chat.Reply { return b.msg("dm", "ayse", text, true) }
			say("third")
			say("third")
			rs = say("dec")
			b.expect(rs, tc.solved)
			if strings.Contains(texts(rs), "→") {
				t.Fatalf("a puzzle was rated: %q", texts(rs))
			}
		})
	}
}
