package router_test

import (
	"sync/atomic"
	"testing"
	"time"

	"oyunbot/chat/router"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/dama"
	"oyunbot/games/tictactoe"
	"oyunbot/sessions"
)

// TestBareMoveInSeveralGames: a bare move legal in more than one of the
// player's games goes to the one last played in when it is one of them,
// and the reply says which game; otherwise the bot asks, with a button per
// game (issue 20: with chess #g1 and tic-tac-toe #g2 open, "a3" went
// silently to tic-tac-toe and "c3" to chess).
func TestBareMoveInSeveralGames(t *testing.T) {
	for _, tc := range []struct {
		lang, chess, ttt, dama, tttName, chessName, which string
	}{
		{"en", "play chess easy", "play ttt", "play dama easy", "Tic-tac-toe · Ayse: a3", "Chess · Ayse: c3",
			"«b3» can be played in more than one of your games: #g1 Chess, #g2 Tic-tac-toe. Which one?"},
		{"tr", "oyna satranç kolay", "oyna xox", "oyna dama kolay", "XOX · Ayse: a3", "Satranç · Ayse: c3",
			"«b3» birden çok oyununda oynanabilir: #g1 Satranç, #g2 XOX. Hangisinde?"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			reg, err := games.NewRegistry(chessgame.Game{}, tictactoe.Game{}, dama.Game{})
			if err != nil {
				t.Fatal(err)
			}
			// A clock a second further at each look: which game was played
			// in last never ties.
			var tick atomic.Int64
			now := func() time.Time { return time.Unix(1_800_000_000+tick.Add(1), 0) }
			b := newBot(t, func(c *router.Config, s *sessions.Config) { c.Games, c.Now, s.Now = reg, now, now })
			b.say("lang " + tc.lang)
			b.expect(b.say(tc.chess), "#g1")
			b.expect(b.say(tc.ttt), "#g2")
			// Legal in both; tic-tac-toe was begun last.
			b.expect(b.say("a3"), "#g2 "+tc.tttName)
			if s, _ := b.mgr.Lobby().Get(1); len(s.Moves) != 0 {
				t.Fatalf("the chess game changed: %v", s.Moves)
			}
			// Chess is played in, then c3 is legal in both: chess.
			b.say("move #g1 e4")
			if s, _ := b.mgr.Lobby().Get(2); !contains(s.Legal, "c3") {
				t.Fatalf("c3 not legal in tic-tac-toe: %v", s.Legal)
			}
			b.expect(b.say("c3"), "#g1 "+tc.chessName)
			// A third game, begun last, where b3 is no move: the bot asks.
			b.expect(b.say(tc.dama), "#g3")
			before1, _ := b.mgr.Lobby().Get(1)
			before2, _ := b.mgr.Lobby().Get(2)
			if !contains(before1.Legal, "b3") || !contains(before2.Legal, "b3") {
				t.Fatalf("b3 not legal in both: %v / %v", before1.Legal, before2.Legal)
			}
			rs := b.say("b3")
			b.expect(rs, tc.which)
			if len(rs) != 1 || len(rs[0].Buttons) != 1 || len(rs[0].Buttons[0]) != 2 ||
				rs[0].Buttons[0][0].Data != "move #g1 b3" || rs[0].Buttons[0][1].Data != "move #g2 b3" {
				t.Fatalf("the question's buttons: %+v", rs)
			}
			if s, _ := b.mgr.Lobby().Get(1); len(s.Moves) != len(before1.Moves) {
				t.Fatal("the question played the move")
			}
			// The button plays it there.
			b.expect(b.say(rs[0].Buttons[0][0].Data), "#g1 ")
			if s, _ := b.mgr.Lobby().Get(1); len(s.Moves) <= len(before1.Moves) {
				t.Fatal("the button did not play the move")
			}
		})
	}
}

func contains(list []string, s string) bool {
	for _, l := range list {
		if l == s {
			return true
		}
	}
	return false
}
