package discord

import (
	"strings"
	"testing"

	"oyunbot/chat/discord/fakediscord"
)

// moveOption is the first option of the message's menus that plays a move
// ("tap #g1 <guard> c3 d3"), else the first that chooses a piece ("tap
// #g1 <guard> c3"), with its menu's custom_id.
func moveOption(m fakediscord.Message, pick int) (menu, value string, ok bool) {
	for _, words := range []int{5, 4} {
		for _, c := range m.Menus() {
			var fit []string
			for _, o := range c.Options {
				if n := len(strings.Fields(o.Value)); n == words || (words == 5 && n == 6) {
					fit = append(fit, o.Value)
				}
			}
			if len(fit) > 0 {
				return c.CustomID, fit[pick%len(fit)], true
			}
		}
	}
	return "", "", false
}

// message is the current state of message id.
func (e *e2e) message(channelID, id string) fakediscord.Message {
	for _, m := range e.srv.Messages(channelID) {
		if m.ID == id {
			return m
		}
	}
	return fakediscord.Message{}
}

// TestE2EMenusWholeDamaGame plays whole dama games against the bot by
// select menus only, in Turkish and in English: a board offers its moves
// in menus (all of them in one, or grouped by piece, or a menu of pieces);
// choosing a piece edits that message to offer the piece's moves, choosing
// a move plays it and brings the next board, the last of which has no
// menus.
func TestE2EMenusWholeDamaGame(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ locale, play, over string }{
		{"tr", "!oyna dama kolay", "Oyun bitti"},
		{"en-US", "!play dama easy", "Game over"},
	} {
		t.Run(tc.locale, func(t *testing.T) {
			e := newE2E(t)
			e.srv.SendMessage(dm, ayse, tc.play)
			board := e.waitBoard(t, dm.ID, 1)
			edits := 0
			for n := 1; len(board.Menus()) > 0; n++ {
				if n > 300 {
					t.Fatal("no end after 300 boards")
				}
				if rows := len(board.Components); rows > 5 || !contains(buttonIDs(board), "resign #g1") {
					t.Fatalf("board %d: %d rows, buttons %v", n, rows, buttonIDs(board))
				}
				msg := board
				for range 3 {
					menu, value, ok := moveOption(msg, n)
					if !ok {
						t.Fatalf("board %d: nothing to choose in %+v", n, msg.Menus())
					}
					e.srv.Select(dm, ayse, tc.locale, msg.ID, menu, value)
					if len(strings.Fields(value)) != 4 {
						break // a move
					}
					// A piece: the same message comes back with its moves.
					e.srv.WaitT(t, wait, "the piece's moves", func(v *fakediscord.View) bool {
						for _, m := range v.Messages(dm.ID) {
							if m.ID == msg.ID {
								msg = m
							}
						}
						_, v5, ok := moveOption(msg, 0)
						return ok && strings.Fields(v5)[3] == strings.Fields(value)[3] && len(strings.Fields(v5)) >= 5
					})
					edits++
				}
				board = e.waitBoard(t, dm.ID, n+1)
			}
			if !strings.Contains(board.Content, tc.over) {
				t.Fatalf("last board %q", board.Content)
			}
			var edited int
			for _, c := range e.srv.Calls() {
				if c.Kind == fakediscord.EditOriginal {
					edited++
				}
			}
			if edited < edits {
				t.Fatalf("%d edits for %d pieces chosen", edited, edits)
			}
			var n int
			e.srv.Snapshot(func(v *fakediscord.View) { n = len(shownBoards(v, dm.ID)) })
			t.Logf("%d boards shown, %d pieces chosen first: %s", n, edits, board.Content)
			t.Logf("a whole dama game by menus: %s", e.callStats(dm.ID))
			// Issue 36: one message for the game, its result below.
			if m := len(boards(e.srv.Messages(dm.ID))); m > 2 {
				t.Errorf("%d board messages for a game of %d boards", m, n)
			}
		})
	}
}
