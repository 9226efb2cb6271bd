package telegram_test

import (
	"strings"
	"testing"

	"oyunbot/chat/telegram/telegramtest"
)

// TestE2EOldBoardActsOnItsOwnGame: in a group, Ayşe plays #g1 against Bob
// and then #g2 against Zeynep. #g2's board does not take the buttons of
// #g1's, whose game goes on; #g1's resign button, pressed then, resigns
// #g1 and leaves #g2 alone; #g1's final board (a new message: a game's
// end is posted anew) retires its old board's keyboard, and #g2's next
// board, edited into #g2's message in place, keeps its own buttons.
func TestE2EOldBoardActsOnItsOwnGame(t *testing.T) {
	e := newE2E(t)
	group := telegramtest.Group(-7070, "Oyun Masası")
	keyboard := func(msgID int) []string {
		for _, s := range e.srv.Sent(group.ID) {
			if s.MessageID == msgID {
				return s.Data()
			}
		}
		t.Fatalf("no message %d", msgID)
		return nil
	}
	challenge := func(to telegramtest.User) {
		t.Helper()
		theirs, err := e.srv.SendText(group, to, "hadi oynayalım")
		if err != nil {
			t.Fatal(err)
		}
		seen := len(e.srv.History(group.ID))
		if _, err := e.srv.SendMessage(telegramtest.Message{From: &ayse, Chat: group, Text: "/challenge tictactoe", ReplyToMessage: &theirs}); err != nil {
			t.Fatal(err)
		}
		invite := e.waitText(t, group.ID, seen, func(s telegramtest.Sent) bool {
			return len(s.Data()) == 2 && strings.HasPrefix(s.Data()[0], "accept @42:")
		})
		if _, err := e.srv.Press(to, group.ID, invite.MessageID, invite.Data()[0]); err != nil {
			t.Fatal(err)
		}
	}
	challenge(bob)
	first := e.waitPhotos(t, group.ID, 1)
	challenge(anon)
	second := e.waitPhotos(t, group.ID, 2)
	if !strings.HasPrefix(first.Text, "#g1 ") || !strings.HasPrefix(second.Text, "#g2 ") {
		t.Fatalf("boards %q, %q", first.Text, second.Text)
	}
	// A text reply after #g2's board: the lane has done whatever it does
	// after a board by then.
	seen := len(e.srv.History(group.ID))
	if _, err := e.srv.SendText(group, ayse, "/games"); err != nil {
		t.Fatal(err)
	}
	e.waitText(t, group.ID, seen, func(s telegramtest.Sent) bool { return strings.Contains(s.Text, "#g2") })
	if n := len(e.srv.Calls("editMessageReplyMarkup")); n != 0 || len(keyboard(first.MessageID)) == 0 {
		t.Fatalf("#g2's board retired #g1's buttons (%d edits): %q", n, keyboard(first.MessageID))
	}

	if _, err := e.srv.Press(ayse, group.ID, first.MessageID, "resign #g1"); err != nil {
		t.Fatal(err)
	}
	over := e.waitPhotos(t, group.ID, 3)
	if d := over.Data(); !strings.HasPrefix(over.Text, "#g1 ") || len(d) != 1 || d[0] != "rematch #g1" { // the rematch alone (issue 20.8)
		t.Fatalf("after resigning under #g1's board: %q %q", over.Text, over.Data())
	}
	if err := e.srv.Wait(patience, func() bool { return len(keyboard(first.MessageID)) == 0 }); err != nil {
		t.Errorf("#g1's old board keeps its buttons: %q", keyboard(first.MessageID))
	}
	if len(keyboard(second.MessageID)) == 0 {
		t.Fatal("#g1's end retired #g2's buttons")
	}
	if s, err := e.mgr.Lobby().Get(2); err != nil || s.Result.Over {
		t.Fatalf("#g2 ended with #g1: %v %+v", err, s.Result)
	}

	if _, err := e.srv.Press(ayse, group.ID, second.MessageID, "move #g2 b2"); err != nil {
		t.Fatal(err)
	}
	third := e.waitPhotos(t, group.ID, 4)
	if !strings.HasPrefix(third.Text, "#g2 ") || len(third.Data()) == 0 || third.Method != "editMessageMedia" || third.MessageID != second.MessageID {
		t.Fatalf("#g2's next board: %s of message %d (want an edit of %d): %q %q", third.Method, third.MessageID, second.MessageID, third.Text, third.Data())
	}
	// A barrier: the lane is done with whatever follows the board.
	seen = len(e.srv.History(group.ID))
	e.srv.SendText(group, ayse, "/games")
	e.waitText(t, group.ID, seen, func(s telegramtest.Sent) bool { return strings.Contains(s.Text, "#g2") })
	if len(keyboard(second.MessageID)) == 0 || len(e.srv.Calls("editMessageReplyMarkup")) != 1 {
		t.Errorf("#g2's board edited in place lost its buttons: %q", keyboard(second.MessageID))
	}
}

// TestE2EGroupSettingsByAdmins: a member's "dil en" is refused; a group
// administrator's, typed without a "/" (privacy mode off), is looked up
// with getChatMember and taken.
func TestE2EGroupSettingsByAdmins(t *testing.T) {
	e := newE2E(t)
	group := telegramtest.Group(-8080, "Kulüp")
	e.srv.SetMember(group.ID, bob.ID, "administrator")
	say := func(from telegramtest.User, text, want string) {
		t.Helper()
		seen := len(e.srv.History(group.ID))
		if _, err := e.srv.SendText(group, from, text); err != nil {
			t.Fatal(err)
		}
		e.waitText(t, group.ID, seen, func(s telegramtest.Sent) bool { return strings.Contains(s.Text, want) })
	}
	say(ayse, "dil en", "Bu kanalın dilini yalnızca kanal yöneticileri değiştirebilir")
	say(ayse, "seviye usta", "Kanalın varsayılan seviyesini yalnızca kanal yöneticileri değiştirebilir")
	say(bob, "dil en", "OK, I speak English in this channel.")
	say(bob, "level master", "New games in this channel start at level master.")
}
