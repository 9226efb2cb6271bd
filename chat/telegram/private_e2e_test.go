package telegram_test

import (
	"strings"
	"testing"

	"oyunbot/chat/telegram/telegramtest"
)

// TestE2ERefusalsArePrivate: in a group, a press that is refused is
// answered to the presser alone, as the callback's answer (issue 36): the
// player whose turn it is not and a bystander on another's board; the group
// sees no message, and nothing changes. A press that is taken is answered
// in the group as before.
func TestE2ERefusalsArePrivate(t *testing.T) {
	e := newE2E(t)
	group := telegramtest.Group(2207, "Kahvehane")
	cem := telegramtest.User{ID: 93, FirstName: "Cem", UserName: "cem", LanguageCode: "tr"}
	board, mover, other := e.ticTacToe(t, group)
	cells := cellMoves(board)

	refused := func(u telegramtest.User, msg telegramtest.Sent, data string) string {
		t.Helper()
		return e.refusedPress(t, group, u, msg.MessageID, data)
	}
	for _, u := range []telegramtest.User{other, cem} {
		got := refused(u, board, cells[0])
		if !strings.Contains(got, "#g1") {
			t.Errorf("%s's press on the board: %q", u.FirstName, got)
		}
		if s, _ := e.mgr.Lobby().Get(1); len(s.Moves) != 0 {
			t.Fatalf("%s's refused press moved: %v", u.FirstName, s.Moves)
		}
	}
	// The mover's press is taken, and answered in the group.
	if _, err := e.srv.Press(mover, group.ID, board.MessageID, cells[0]); err != nil {
		t.Fatal(err)
	}
	e.waitPhotos(t, group.ID, 2)
	if s, _ := e.mgr.Lobby().Get(1); len(s.Moves) != 1 {
		t.Fatalf("the mover's press: moves %v", s.Moves)
	}
}

// refusedPress presses u's button data on message msgID in group and
// returns the refusal the presser alone saw, the callback's answer: it
// fails the test when the press goes unanswered, is answered without a
// word, or is answered in the group.
func (e *e2e) refusedPress(t *testing.T, group telegramtest.Chat, u telegramtest.User, msgID int, data string) string {
	t.Helper()
	seen := len(e.srv.History(group.ID))
	id, err := e.srv.Press(u, group.ID, msgID, data)
	if err != nil {
		t.Fatal(err)
	}
	var text string
	if err := e.srv.Wait(patience, func() bool {
		var ok bool
		text, _, ok = e.srv.Answer(id)
		return ok
	}); err != nil {
		t.Fatalf("%s's press was not answered", u.FirstName)
	}
	if text == "" {
		t.Errorf("%s's refused press was answered without a word", u.FirstName)
	}
	if n := len(e.srv.History(group.ID)); n != seen {
		t.Errorf("%s's refused press was answered in the group: %q", u.FirstName, e.srv.History(group.ID)[seen].Text)
	}
	return text
}

// TestE2EChallengeRefusalIsPrivate: a bystander's press on a challenge
// addressed to someone else is refused to the bystander alone, and the
// challenge stays for the one it names.
func TestE2EChallengeRefusalIsPrivate(t *testing.T) {
	e := newE2E(t)
	group := telegramtest.Group(2208, "Kahvehane")
	cem := telegramtest.User{ID: 94, FirstName: "Cem", UserName: "cem", LanguageCode: "en"}
	if _, err := e.srv.SendText(group, ayse, "selam"); err != nil { // the bot meets @ayse_y
		t.Fatal(err)
	}
	seen := len(e.srv.History(group.ID))
	if _, err := e.srv.SendText(group, bob, "/challenge @ayse_y tictactoe"); err != nil {
		t.Fatal(err)
	}
	invite := e.waitText(t, group.ID, seen, func(s telegramtest.Sent) bool {
		return len(s.Data()) > 0 && strings.HasPrefix(s.Data()[0], "accept @")
	})
	if text := e.refusedPress(t, group, cem, invite.MessageID, invite.Data()[0]); !strings.Contains(text, "Ayşe") {
		t.Errorf("the refusal: %q", text)
	}
	boards := len(e.photos(group.ID))
	if _, err := e.srv.Press(ayse, group.ID, invite.MessageID, invite.Data()[0]); err != nil {
		t.Fatal(err)
	}
	e.waitPhotos(t, group.ID, boards+1) // the challenge was still hers
}
