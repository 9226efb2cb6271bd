package telegram_test

import (
	"strings"
	"testing"

	"oyunbot/chat/telegram/telegramtest"
)

// TestNamesArePlainText: the bot never asks Telegram to parse its texts
// (no parse_mode), so a name written as HTML and Markdown arrives exactly
// as written, not as bold text, italics or a disguised link.
func TestNamesArePlainText(t *testing.T) {
	t.Parallel()
	e := newE2E(t)
	const name = "<b>B</b> *x* _i_ [l](http://e.vil) `c`"
	first, last, _ := strings.Cut(name, " [")
	u := telegramtest.User{ID: 91, FirstName: first, LastName: "[" + last, LanguageCode: "en"}
	chat := telegramtest.Private(u)
	if _, err := e.srv.SendText(chat, u, "/play tictactoe easy"); err != nil {
		t.Fatal(err)
	}
	board := e.waitPhotos(t, chat.ID, 1)
	// Long names may be shortened: the first part shows verbatim.
	if !strings.Contains(board.Text, "<b>B</b> *x* _i_") {
		t.Errorf("the board's caption %q does not show the name as written", board.Text)
	}
	calls := append(e.srv.Calls("sendPhoto"), e.srv.Calls("sendMessage")...)
	if len(calls) == 0 {
		t.Fatal("no sendPhoto or sendMessage call recorded")
	}
	for _, c := range calls {
		if c.Params.Has("parse_mode") {
			t.Errorf("%s sent with parse_mode %q", c.Method, c.Params.Get("parse_mode"))
		}
	}
}
