package telegram_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image/color"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"oyunbot/chat"
	"oyunbot/chat/telegram"
	"oyunbot/chat/telegram/telegramtest"
)

// boardBot is a bot whose boards a test sends itself, in a group the fake
// knows (someone spoke in it).
func boardBot(t *testing.T) (*telegramtest.Server, *telegram.Bot, telegramtest.Chat) {
	t.Helper()
	srv := newServer(t)
	h := &recorder{}
	b := startBot(t, srv, fastConfig(srv), h)
	g := telegramtest.Group(500, "Kahve")
	if _, err := srv.SendText(g, ayse, "merhaba"); err != nil {
		t.Fatal(err)
	}
	h.waitText(t, "merhaba")
	return srv, b, g
}

// liveBoard is game 7's board: a picture of c, caption and two buttons.
func liveBoard(t *testing.T, g telegramtest.Chat, c color.Color, caption string) chat.Reply {
	return chat.Reply{
		Platform: telegram.Platform, ChannelID: itoa(g.ID), Live: true, GameID: 7,
		Text: caption, Caption: caption, Image: testPNG(t, c), ImageName: "g7.png",
		Buttons: [][]chat.Button{{{Label: "e4", Data: "move #g7 e4"}, {Label: "Resign", Data: "resign #g7"}}},
	}
}

func sendBoard(t *testing.T, b *telegram.Bot, r chat.Reply, at string) string {
	t.Helper()
	ref, err := b.SendBoard(context.Background(), r, at)
	if err != nil {
		t.Fatalf("SendBoard(at %q): %v", at, err)
	}
	if ref == "" {
		t.Fatalf("SendBoard(at %q) returned no reference", at)
	}
	return ref
}

// TestSendBoardEditsInPlace: a new board is a photo whose id is the
// reference; the next board edits that very message (picture, caption and
// buttons in one editMessageMedia, the picture uploaded beside it as
// attach://) and posts nothing; the same board again is no error.
func TestSendBoardEditsInPlace(t *testing.T) {
	srv, b, g := boardBot(t)
	ref := sendBoard(t, b, liveBoard(t, g, color.Black, "#g7 1. e4 · Black to move"), "")
	sent := srv.Sent(g.ID)
	if len(sent) != 1 || sent[0].Method != "sendPhoto" || itoa(int64(sent[0].MessageID)) != ref {
		t.Fatalf("new board: ref %q, chat %+v", ref, texts(sent))
	}
	next := liveBoard(t, g, color.White, "#g7 1. e4 e5 · White to move")
	next.Buttons[0][0] = chat.Button{Label: "Nf3", Data: "move #g7 nf3"}
	if got := sendBoard(t, b, next, ref); got != ref {
		t.Errorf("edit returned %q, want %q", got, ref)
	}
	vis := srv.Visible(g.ID)
	if len(vis) != 1 {
		t.Fatalf("%d messages in the chat after an edit, want 1: %q", len(vis), texts(vis))
	}
	m := vis[0]
	if m.Edits != 1 || m.Text != "#g7 1. e4 e5 · White to move" || !bytes.Equal(m.Photo, next.Image) ||
		!slices.Equal(m.Data(), []string{"move #g7 nf3", "resign #g7"}) {
		t.Errorf("edited board: edits %d caption %q buttons %q, new picture %v", m.Edits, m.Text, m.Data(), bytes.Equal(m.Photo, next.Image))
	}
	calls := srv.Calls("editMessageMedia")
	if len(calls) != 1 || len(srv.Calls("sendPhoto")) != 1 || len(srv.Calls("editMessageCaption")) != 0 {
		t.Fatalf("calls: %d editMessageMedia, %d sendPhoto", len(calls), len(srv.Calls("sendPhoto")))
	}
	var media struct{ Type, Media, Caption string }
	if err := json.Unmarshal([]byte(calls[0].Params.Get("media")), &media); err != nil ||
		media.Type != "photo" || !strings.HasPrefix(media.Media, "attach://") || media.Caption != next.Caption {
		t.Errorf("media %q (%v)", calls[0].Params.Get("media"), err)
	}
	// Shown again unchanged: Telegram says "not modified", a success.
	if got := sendBoard(t, b, next, ref); got != ref {
		t.Errorf("unchanged edit returned %q", got)
	}
	if c := srv.Calls("editMessageMedia"); len(c) != 2 || c[1].Status != http.StatusBadRequest {
		t.Errorf("the unchanged edit was not asked, or not refused as unchanged: %+v", c)
	}
	if n := len(srv.Visible(g.ID)); n != 1 {
		t.Errorf("%d messages after an unchanged edit", n)
	}
	// The edited board's buttons stay live: an edit is not a new board
	// retiring the old one's.
	if _, err := srv.Press(bob, g.ID, m.MessageID, "move #g7 nf3"); err != nil {
		t.Errorf("edited board cannot be pressed: %v", err)
	}
	if n := len(srv.Calls("editMessageReplyMarkup")); n != 0 {
		t.Errorf("%d editMessageReplyMarkup calls: an edit cleared buttons", n)
	}
}

// TestSendBoardNewRetiresOld: a board sent anew (at "") retires the
// buttons of its game's previous board, as boards always did; editing
// the new one keeps its own.
func TestSendBoardNewRetiresOld(t *testing.T) {
	srv, b, g := boardBot(t)
	first := sendBoard(t, b, liveBoard(t, g, color.Black, "one"), "")
	second := sendBoard(t, b, liveBoard(t, g, color.White, "two"), "")
	if first == second {
		t.Fatal("a new board reused the old message")
	}
	if err := srv.Wait(patience, func() bool { return srv.Sent(g.ID)[0].Keyboard == nil }); err != nil {
		t.Errorf("old board's buttons still live: %q", srv.Sent(g.ID)[0].Data())
	}
	sendBoard(t, b, liveBoard(t, g, color.Black, "three"), second)
	b.Drain(context.Background())
	if vis := srv.Visible(g.ID); len(vis) != 2 || vis[1].Keyboard == nil || vis[1].Text != "three" {
		t.Errorf("chat after editing the new board: %q", texts(vis))
	}
}

// TestSendBoardEditFails: an edit of a board that was deleted, that
// Telegram will not edit, or of a reference that is no message id fails
// with chat.ErrEditFailed, nothing sent.
func TestSendBoardEditFails(t *testing.T) {
	srv, b, g := boardBot(t)
	ref := sendBoard(t, b, liveBoard(t, g, color.Black, "one"), "")
	id := srv.Sent(g.ID)[0].MessageID
	for _, f := range []telegramtest.Fault{
		{Status: http.StatusBadRequest, Description: "Bad Request: message can't be edited"},
		{Status: http.StatusBadRequest, Description: "Bad Request: MESSAGE_ID_INVALID"},
	} {
		srv.Fail("editMessageMedia", f)
		if _, err := b.SendBoard(context.Background(), liveBoard(t, g, color.White, "two"), ref); !errors.Is(err, chat.ErrEditFailed) {
			t.Errorf("%s: err %v, want ErrEditFailed", f.Description, err)
		}
	}
	if err := srv.DeleteMessage(g.ID, id); err != nil {
		t.Fatal(err)
	}
	long := liveBoard(t, g, color.White, "two")
	long.Text = long.Caption + "\n" + strings.Repeat("more words ", 200) // beyond the caption: would follow
	_, err := b.SendBoard(context.Background(), long, ref)
	if !errors.Is(err, chat.ErrEditFailed) || errors.Is(err, chat.ErrUndeliverable) {
		t.Fatalf("edit of a deleted board: %v", err)
	}
	if _, err := b.SendBoard(context.Background(), long, "not-a-message"); !errors.Is(err, chat.ErrEditFailed) {
		t.Errorf("bad reference: %v", err)
	}
	if n := len(srv.Sent(g.ID)); n != 1 {
		t.Errorf("a failed edit sent something: %q", texts(srv.Sent(g.ID)))
	}
	if c := srv.Calls("editMessageMedia"); c[len(c)-1].Status != http.StatusBadRequest {
		t.Errorf("last edit %+v", c[len(c)-1])
	}
}

// TestSendBoardEditRetried: an edit meeting flood control or a server
// error is retried on the chat's lane until it goes through, once.
func TestSendBoardEditRetried(t *testing.T) {
	srv, b, g := boardBot(t)
	ref := sendBoard(t, b, liveBoard(t, g, color.Black, "one"), "")
	srv.Fail("editMessageMedia", telegramtest.TooManyRequests(1), telegramtest.BadGateway())
	if got := sendBoard(t, b, liveBoard(t, g, color.White, "two"), ref); got != ref {
		t.Errorf("ref %q", got)
	}
	calls := srv.Calls("editMessageMedia")
	if len(calls) != 3 || calls[0].Status != http.StatusTooManyRequests || calls[2].Status != http.StatusOK {
		t.Fatalf("calls %+v", calls)
	}
	if vis := srv.Visible(g.ID); len(vis) != 1 || vis[0].Edits != 1 || vis[0].Text != "two" {
		t.Errorf("chat %q", texts(vis))
	}
}

// TestSendBoardTextAndOverflow: a board without a picture is edited with
// editMessageText; a caption's overflow follows the edited board as a new
// message; a finished game's board (no buttons) loses its keyboard.
func TestSendBoardTextAndOverflow(t *testing.T) {
	srv, b, g := boardBot(t)
	text := func(s string) chat.Reply {
		return chat.Reply{ChannelID: itoa(g.ID), Live: true, GameID: 8, Text: s,
			Buttons: [][]chat.Button{{{Label: "1", Data: "move #g8 1"}}}}
	}
	ref := sendBoard(t, b, text("X . .\n. . .\n. . ."), "")
	sendBoard(t, b, text("X O .\n. . .\n. . ."), ref)
	vis := srv.Visible(g.ID)
	if len(vis) != 1 || vis[0].Text != "X O .\n. . .\n. . ." || vis[0].Keyboard == nil || len(srv.Calls("editMessageText")) != 1 {
		t.Fatalf("text board edit: %q", texts(vis))
	}

	pic := sendBoard(t, b, liveBoard(t, g, color.Black, "one"), "")
	long := liveBoard(t, g, color.White, "caption")
	long.Text = "caption\n" + strings.Repeat("analysis line\n", 150)
	long.Buttons = nil // the game is over
	if got := sendBoard(t, b, long, pic); got != pic {
		t.Errorf("ref %q, want %q", got, pic)
	}
	vis = srv.Visible(g.ID)
	if len(vis) != 3 {
		t.Fatalf("chat %q", texts(vis))
	}
	board, rest := vis[1], vis[2]
	if board.Keyboard != nil || board.Edits != 1 || !strings.HasPrefix(board.Text, "caption\nanalysis line") {
		t.Errorf("final board: buttons %q, caption %q", board.Data(), board.Text)
	}
	if rest.Method != "sendMessage" || !strings.Contains(rest.Text, "analysis line") ||
		len(board.Text)+len(rest.Text) < len(strings.TrimSpace(long.Text))-2 {
		t.Errorf("overflow: %q", rest.Text)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
