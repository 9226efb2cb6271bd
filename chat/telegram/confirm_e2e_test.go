package telegram_test

import (
	"strings"
	"testing"

	"oyunbot/chat/telegram/telegramtest"
)

// TestE2EConfirmOnlyForTheAsker: in a group, Ayşe and Bob play; the one who
// has moved types /resign and gets "are you sure?" with a button; the
// other player's press (and a bystander's) is refused with "this question
// was not for you" and the game goes on; the asker's press resigns. A draw
// offer's buttons are the opponent's alone in the same way (issue 21).
func TestE2EConfirmOnlyForTheAsker(t *testing.T) {
	e := newE2E(t)
	group := telegramtest.Group(2105, "Kahvehane")
	cem := telegramtest.User{ID: 91, FirstName: "Cem", UserName: "cem", LanguageCode: "tr"}
	board, mover, other := e.ticTacToe(t, group)
	if _, err := e.srv.Press(mover, group.ID, board.MessageID, cellMoves(board)[0]); err != nil {
		t.Fatal(err)
	}
	e.waitPhotos(t, group.ID, 2)

	// press sends a button's press by u and returns the next message.
	press := func(u telegramtest.User, msg telegramtest.Sent, data string) telegramtest.Sent {
		t.Helper()
		seen := len(e.srv.History(group.ID))
		if _, err := e.srv.Press(u, group.ID, msg.MessageID, data); err != nil {
			t.Fatal(err)
		}
		if err := e.srv.Wait(patience, func() bool { return len(e.srv.History(group.ID)) > seen }); err != nil {
			t.Fatalf("no answer to %s's press", u.FirstName)
		}
		return e.srv.History(group.ID)[seen]
	}
	// refused: a press refused to u alone (issue 36).
	refused := func(u telegramtest.User, msg telegramtest.Sent, data string) string {
		t.Helper()
		return e.refusedPress(t, group, u, msg.MessageID, data)
	}
	seen := len(e.srv.History(group.ID))
	if _, err := e.srv.SendText(group, mover, "/resign"); err != nil {
		t.Fatal(err)
	}
	ask := e.waitText(t, group.ID, seen, func(s telegramtest.Sent) bool { return len(s.Data()) == 1 })
	if !strings.HasPrefix(ask.Data()[0], "resign #g1 yes") {
		t.Fatalf("the question's button: %v (%q)", ask.Data(), ask.Text)
	}
	for _, u := range []telegramtest.User{other, cem} {
		got := refused(u, ask, ask.Data()[0])
		if !strings.Contains(got, "#g1 This question was not for you") && !strings.Contains(got, "#g1 Bu soru sana sorulmadı") {
			t.Errorf("%s's press: %q", u.FirstName, got)
		}
		if s, err := e.mgr.Lobby().Get(1); err != nil || s.Result.Over {
			t.Fatalf("%s's press ended the game: %v %+v", u.FirstName, err, s.Result)
		}
	}

	// A draw offer: only the opponent answers it.
	seen = len(e.srv.History(group.ID))
	if _, err := e.srv.SendText(group, mover, "/draw"); err != nil {
		t.Fatal(err)
	}
	offer := e.waitText(t, group.ID, seen, func(s telegramtest.Sent) bool { return len(s.Data()) == 2 })
	for _, u := range []telegramtest.User{mover, cem} {
		got := refused(u, offer, offer.Data()[0])
		if !strings.Contains(got, "This question was not for you") && !strings.Contains(got, "Bu soru sana sorulmadı") {
			t.Errorf("%s's acceptance of %s's draw offer: %q", u.FirstName, mover.FirstName, got)
		}
		if s, err := e.mgr.Lobby().Get(1); err != nil || s.Result.Over {
			t.Fatalf("%s's press ended the game: %v %+v", u.FirstName, err, s.Result)
		}
	}
	if got := press(other, offer, offer.Data()[1]); !strings.Contains(got.Text, "#g1") || strings.Contains(got.Text, "not for you") {
		t.Errorf("%s's decline: %q", other.FirstName, got.Text)
	}

	before := len(e.photos(group.ID))
	if _, err := e.srv.Press(mover, group.ID, ask.MessageID, ask.Data()[0]); err != nil {
		t.Fatal(err)
	}
	over := e.waitPhotos(t, group.ID, before+1)
	if !strings.Contains(over.Text, mover.FirstName) || (!strings.Contains(over.Text, "resigned") && !strings.Contains(over.Text, "pes etti")) {
		t.Errorf("the asker's press: %q", over.Text)
	}
	if _, err := e.mgr.Lobby().Get(1); err == nil {
		t.Error("the game goes on after the asker's resignation")
	}
}

// ticTacToe starts a game of tic-tac-toe between Bob and Ayşe in group
// (Bob challenges, Ayşe accepts with the button) and returns its first
// board and who moves first.
func (e *e2e) ticTacToe(t *testing.T, group telegramtest.Chat) (board telegramtest.Sent, mover, other telegramtest.User) {
	t.Helper()
	if _, err := e.srv.SendText(group, ayse, "selam"); err != nil { // the bot meets @ayse_y
		t.Fatal(err)
	}
	seen := len(e.srv.History(group.ID))
	if _, err := e.srv.SendText(group, bob, "/challenge @ayse_y tictactoe"); err != nil {
		t.Fatal(err)
	}
	invite := e.waitText(t, group.ID, seen, func(s telegramtest.Sent) bool { return len(s.Data()) > 0 && strings.HasPrefix(s.Data()[0], "accept @") })
	boards := len(e.photos(group.ID))
	if _, err := e.srv.Press(ayse, group.ID, invite.MessageID, invite.Data()[0]); err != nil {
		t.Fatal(err)
	}
	board = e.waitPhotos(t, group.ID, boards+1)
	if strings.Contains(board.Text, "Bob (X)") {
		return board, bob, ayse
	}
	return board, ayse, bob
}
