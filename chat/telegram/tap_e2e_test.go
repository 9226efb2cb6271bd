package telegram_test

import (
	"strings"
	"testing"

	"oyunbot/chat/telegram/telegramtest"
)

// message is the current state of message id in a chat (edits included).
func (e *e2e) message(t *testing.T, chatID int64, id int) telegramtest.Sent {
	t.Helper()
	for _, s := range e.srv.Sent(chatID) {
		if s.MessageID == id {
			return s
		}
	}
	t.Fatalf("no message %d", id)
	return telegramtest.Sent{}
}

// tapData finds the first button of a keyboard whose data ("tap #g1 <guard>
// c3 …") has n words or more, with its label.
func tapData(kb [][]telegramtest.Button, n int) (label, data string, ok bool) {
	for _, row := range kb {
		for _, b := range row {
			if b.CallbackData != nil && strings.HasPrefix(*b.CallbackData, "tap ") && len(strings.Fields(*b.CallbackData)) >= n {
				return b.Text, *b.CallbackData, true
			}
		}
	}
	return "", "", false
}

// TestE2ETapWholeDamaGame plays whole dama games against the bot on the
// fake Bot API by tapping only, in Turkish and in English: each board is a
// photo with an 8×8 inline keyboard under it; tapping a piece edits that
// keyboard in place (editMessageReplyMarkup: the piece marked, its targets
// playable) and tapping a target plays the move, which brings the next
// board; the last board has no keyboard.
func TestE2ETapWholeDamaGame(t *testing.T) {
	for _, tc := range []struct {
		user       telegramtest.User
		play, over string
	}{
		{ayse, "/play dama kolay", "Oyun bitti"},
		{bob, "/play dama easy", "Game over"},
	} {
		t.Run(tc.user.FirstName, func(t *testing.T) {
			e := newE2E(t)
			dm := telegramtest.Private(tc.user)
			if _, err := e.srv.SendText(dm, tc.user, tc.play); err != nil {
				t.Fatal(err)
			}
			board := e.waitPhotos(t, dm.ID, 1)
			if len(board.Keyboard) != 9 || len(board.Keyboard[0]) != 8 {
				t.Fatalf("keyboard of %d rows: %+v", len(board.Keyboard), board.Keyboard)
			}
			edits := 0
			// A board in play has its 64 squares; the last has the rematch
			// button alone (issue 20.8).
			for n := 1; len(board.Keyboard) > 1; n++ {
				if n > 300 {
					t.Fatal("no end after 300 boards")
				}
				label, piece, ok := tapData(board.Keyboard, 4)
				if !ok {
					t.Fatalf("board %d: no piece to tap: %+v", n, board.Keyboard)
				}
				if _, err := e.srv.Press(tc.user, dm.ID, board.MessageID, piece); err != nil {
					t.Fatal(err)
				}
				var target string
				err := e.srv.Wait(patience, func() bool {
					_, target, ok = tapData(e.message(t, dm.ID, board.MessageID).Keyboard, 5)
					return ok
				})
				if err != nil {
					t.Fatalf("board %d: tapping %q edited nothing", n, piece)
				}
				edits++
				if sel := e.message(t, dm.ID, board.MessageID); !strings.Contains(flat(sel.Keyboard), "["+label+"]") {
					t.Fatalf("the selected piece is not marked: %s", flat(sel.Keyboard))
				}
				if _, err := e.srv.Press(tc.user, dm.ID, board.MessageID, target); err != nil {
					t.Fatal(err)
				}
				if err := e.srv.Wait(patience, func() bool {
					return len(e.photos(dm.ID)) > n || len(e.message(t, dm.ID, board.MessageID).Keyboard) > 9
				}); err != nil {
					t.Fatalf("board %d: tapping %q played nothing; chat %q", n, target, texts(e.srv.History(dm.ID)))
				}
				if len(e.photos(dm.ID)) == n { // several moves between the squares: the first
					kb := e.message(t, dm.ID, board.MessageID).Keyboard
					_, choice, _ := tapData(kb[8:], 5)
					if _, err := e.srv.Press(tc.user, dm.ID, board.MessageID, choice); err != nil {
						t.Fatal(err)
					}
				}
				board = e.waitPhotos(t, dm.ID, n+1)
			}
			if !strings.Contains(board.Text, tc.over) || len(board.Keyboard) != 1 || len(board.Keyboard[0]) != 2 { // the rematch and the analysis
				t.Fatalf("last board %q, keyboard %+v", board.Text, board.Keyboard)
			}
			if got := len(e.srv.Calls("editMessageReplyMarkup")); got < edits {
				t.Fatalf("%d keyboard edits for %d selections", got, edits)
			}
			t.Logf("%d boards, %d selections: %s", len(e.photos(dm.ID)), edits, board.Text)
		})
	}
}

// flat is a keyboard's labels in one line.
func flat(kb [][]telegramtest.Button) string {
	var b strings.Builder
	for _, row := range kb {
		for _, bt := range row {
			b.WriteString(bt.Text + " ")
		}
	}
	return b.String()
}

// TestE2ETapStaleBoard: a board whose keyboard survived a newer board
// (its removal failed, as after a restart, when the bot no longer knows
// it) and a move is pressed: its keyboard is removed and the current
// board comes, saying that the pressed one was out of date; the game does
// not change.
func TestE2ETapStaleBoard(t *testing.T) {
	e := newE2E(t)
	dm := telegramtest.Private(bob)
	if _, err := e.srv.SendText(dm, bob, "/play dama easy"); err != nil {
		t.Fatal(err)
	}
	old := e.waitPhotos(t, dm.ID, 1)
	e.srv.Fail("editMessageReplyMarkup", telegramtest.Fault{Status: 400, Description: "Bad Request: message can't be edited"})
	// "board" brings a new board message (the old one's buttons stay, their
	// removal refused); the move is shown on the new one.
	if _, err := e.srv.SendText(dm, bob, "board"); err != nil {
		t.Fatal(err)
	}
	if fresh := e.waitPhotos(t, dm.ID, 2); fresh.MessageID == old.MessageID {
		t.Fatal("board did not bring a new message")
	}
	if _, err := e.srv.SendText(dm, bob, "c3-c4"); err != nil {
		t.Fatal(err)
	}
	e.waitPhotos(t, dm.ID, 3)
	_, piece, ok := tapData(e.message(t, dm.ID, old.MessageID).Keyboard, 4)
	if !ok {
		t.Fatal("the old board lost its keyboard: nothing stale to press")
	}
	before, _ := e.mgr.Lobby().Get(1)
	if _, err := e.srv.Press(bob, dm.ID, old.MessageID, piece); err != nil {
		t.Fatal(err)
	}
	current := e.waitPhotos(t, dm.ID, 4)
	if !strings.Contains(current.Text, "That board is out of date") || len(current.Keyboard) != 9 {
		t.Fatalf("current board %q with %d rows", current.Text, len(current.Keyboard))
	}
	if err := e.srv.Wait(patience, func() bool { return len(e.message(t, dm.ID, old.MessageID).Keyboard) == 0 }); err != nil {
		t.Fatalf("the stale board keeps its keyboard: %s", flat(e.message(t, dm.ID, old.MessageID).Keyboard))
	}
	if after, _ := e.mgr.Lobby().Get(1); len(after.Moves) != len(before.Moves) {
		t.Fatalf("a stale press changed the game: %v → %v", before.Moves, after.Moves)
	}
}
