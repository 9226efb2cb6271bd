package telegram_test

import (
	"slices"
	"strings"
	"testing"

	"oyunbot/chat/telegram/telegramtest"
)

// inlineResults sends from's inline query and waits for the bot's results.
func (e *e2e) inlineResults(t *testing.T, from telegramtest.User, query string) (string, []telegramtest.InlineResult) {
	t.Helper()
	id, err := e.srv.InlineQuery(from, query)
	if err != nil {
		t.Fatal(err)
	}
	var results []telegramtest.InlineResult
	if err := e.srv.Wait(patience, func() bool {
		var ok bool
		results, ok = e.srv.InlineResults(id)
		return ok
	}); err != nil {
		t.Fatalf("inline query %q never answered", query)
	}
	return id, results
}

// waitInline waits until inline message imid satisfies ok, and returns it.
func (e *e2e) waitInline(t *testing.T, imid string, what string, ok func(telegramtest.InlineMessage) bool) telegramtest.InlineMessage {
	t.Helper()
	var m telegramtest.InlineMessage
	if err := e.srv.Wait(patience, func() bool {
		var found bool
		m, found = e.srv.Inline(imid)
		return found && ok(m)
	}); err != nil {
		t.Fatalf("inline message never showed %s: %q %v", what, m.Text, m.Data())
	}
	return m
}

func inlineCells(m telegramtest.InlineMessage) []string {
	var out []string
	for _, d := range m.Data() {
		if strings.HasPrefix(d, "move ") {
			out = append(out, d)
		}
	}
	return out
}

// TestE2EInlineOffers: "@bot dama" offers dama against the bot at each
// level and an open challenge; an empty query offers every game, within
// Telegram's 50 results; in the asker's language.
func TestE2EInlineOffers(t *testing.T) {
	e := newE2E(t)
	_, results := e.inlineResults(t, ayse, "dama")
	var ids []string
	for _, r := range results {
		ids = append(ids, r.ID)
	}
	for _, want := range []string{"challenge dama", "play dama easy", "play dama master"} {
		if !slices.Contains(ids, want) {
			t.Errorf("offers for «dama» %q lack %q", ids, want)
		}
	}
	if !strings.Contains(results[0].Title, "meydan oku") {
		t.Errorf("offer %q not in Ayşe's Turkish", results[0].Title)
	}
	_, all := e.inlineResults(t, bob, "")
	if len(all) < 4 || len(all) > 50 || !strings.Contains(all[0].Title, "anyone") {
		t.Errorf("offers for an empty query: %d, first %q", len(all), all[0].Title)
	}
}

// TestE2EInlineGameBetweenTwo: Ayşe, in a chat the bot is not in, sends
// an open challenge through inline mode; Bob accepts on that message, and
// the whole game is played by presses on it: every reply edits it, the
// bot posts nothing, a press out of turn is refused to the presser alone.
func TestE2EInlineGameBetweenTwo(t *testing.T) {
	e := newE2E(t)
	qid, _ := e.inlineResults(t, ayse, "tictactoe")
	imid, err := e.srv.ChooseInline(qid, "challenge tictactoe")
	if err != nil {
		t.Fatal(err)
	}
	invite := e.waitInline(t, imid, "the challenge", func(m telegramtest.InlineMessage) bool {
		return len(m.Data()) > 0 && strings.HasPrefix(m.Data()[0], "accept ")
	})
	if !strings.Contains(invite.Text, "Ayşe") {
		t.Errorf("challenge %q does not name Ayşe", invite.Text)
	}
	if _, err := e.srv.PressInline(bob, imid, invite.Data()[0]); err != nil {
		t.Fatal(err)
	}
	board := e.waitInline(t, imid, "the board", func(m telegramtest.InlineMessage) bool { return len(inlineCells(m)) > 0 })
	players := map[string]telegramtest.User{"Ayşe": ayse, "Bob": bob}
	refused := false
	for turn := 0; ; turn++ {
		cells := inlineCells(board)
		if len(cells) == 0 {
			break
		}
		if turn > 9 {
			t.Fatal("tic-tac-toe did not end")
		}
		var mover, other telegramtest.User
		for name, u := range players {
			if strings.Contains(board.Text, "To move: "+name) || strings.Contains(board.Text, "Sıra: "+name) {
				mover = u
			} else {
				other = u
			}
		}
		if mover.ID == 0 {
			t.Fatalf("whose turn? %q", board.Text)
		}
		if !refused {
			id, err := e.srv.PressInline(other, imid, cells[0])
			if err != nil {
				t.Fatal(err)
			}
			if err := e.srv.Wait(patience, func() bool { text, _, ok := e.srv.Answer(id); return ok && text != "" }); err != nil {
				t.Fatal("the press out of turn was not refused to the presser")
			}
			if now, _ := e.srv.Inline(imid); now.Text != board.Text {
				t.Fatalf("a press out of turn changed the message: %q", now.Text)
			}
			refused = true
		}
		edits := board.Edits
		if _, err := e.srv.PressInline(mover, imid, cells[0]); err != nil {
			t.Fatal(err)
		}
		board = e.waitInline(t, imid, "the next turn", func(m telegramtest.InlineMessage) bool { return m.Edits > edits })
	}
	if !strings.Contains(board.Text, "Oyun bitti") && !strings.Contains(board.Text, "Game over") {
		t.Errorf("last board %q has no result", board.Text)
	}
	for _, s := range e.srv.AllSent() {
		t.Errorf("the bot posted in a chat (%s %q): in inline mode it can only edit its message", s.Method, s.Text)
	}
}

// TestE2EInlineGameAgainstTheBot: a game against the bot chosen in inline
// mode starts on the message at once and is played to its end by presses.
func TestE2EInlineGameAgainstTheBot(t *testing.T) {
	e := newE2E(t)
	qid, _ := e.inlineResults(t, bob, "tictactoe")
	imid, err := e.srv.ChooseInline(qid, "play tictactoe easy")
	if err != nil {
		t.Fatal(err)
	}
	board := e.waitInline(t, imid, "the board", func(m telegramtest.InlineMessage) bool { return len(inlineCells(m)) > 0 })
	for turn := 0; len(inlineCells(board)) > 0; turn++ {
		if turn > 5 {
			t.Fatal("tic-tac-toe did not end")
		}
		if turn == 1 {
			// A question (resign?) shows under the board with its own
			// buttons; answered no, the board's buttons come back.
			if _, err := e.srv.PressInline(bob, imid, "resign #g1"); err != nil {
				t.Fatal(err)
			}
			ask := e.waitInline(t, imid, "the question", func(m telegramtest.InlineMessage) bool {
				return len(m.Data()) > 0 && strings.HasPrefix(m.Data()[0], "resign #g1 yes")
			})
			if !strings.Contains(ask.Text, "Are you sure?") || !strings.Contains(ask.Text, "<pre>") ||
				len(inlineCells(ask)) != len(inlineCells(board)) {
				t.Fatalf("the question %q (buttons %q): want it under the board, whose cells stay", ask.Text, ask.Data())
			}
			board = ask // a move answers it: no
		}
		edits := board.Edits
		if _, err := e.srv.PressInline(bob, imid, inlineCells(board)[0]); err != nil {
			t.Fatal(err)
		}
		board = e.waitInline(t, imid, "the bot's answer", func(m telegramtest.InlineMessage) bool { return m.Edits > edits })
	}
	if !strings.Contains(board.Text, "Game over") || !strings.Contains(board.Text, "<pre>") {
		t.Errorf("last board %q: want the result and the board as text", board.Text)
	}
}

// TestE2EInlineShareAGame: a player shares a game they play in a group
// into another chat through inline mode: the message there shows the
// board without its buttons and follows the game as it goes on.
func TestE2EInlineShareAGame(t *testing.T) {
	e := newE2E(t)
	group := telegramtest.Group(-300, "Kahvehane")
	e.srv.SendMessage(telegramtest.Message{From: &ayse, Chat: group, Text: "/play tictactoe easy x"})
	board := e.waitPhotos(t, group.ID, 1)
	qid, results := e.inlineResults(t, ayse, "")
	if len(results) == 0 || results[0].ID != "board #g1" || !strings.Contains(results[0].Title, "#g1") {
		t.Fatalf("first offer %+v: want Ayşe's game to share", results[0])
	}
	imid, err := e.srv.ChooseInline(qid, "board #g1")
	if err != nil {
		t.Fatal(err)
	}
	shared := e.waitInline(t, imid, "the shared board", func(m telegramtest.InlineMessage) bool {
		return strings.Contains(m.Text, "#g1") && strings.Contains(m.Text, "<pre>")
	})
	if len(shared.Data()) != 0 {
		t.Errorf("the shared board has buttons %q: it is to watch", shared.Data())
	}
	if _, err := e.srv.Press(ayse, group.ID, board.MessageID, cellMoves(board)[0]); err != nil {
		t.Fatal(err)
	}
	moved := e.waitInline(t, imid, "the move played in the group", func(m telegramtest.InlineMessage) bool { return m.Edits > shared.Edits })
	if !strings.Contains(moved.Text, ": a3") || len(moved.Data()) != 0 {
		t.Errorf("the shared board after the move: %q %q", moved.Text, moved.Data())
	}
}
