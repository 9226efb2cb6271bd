package telegram_test

import (
	"context"
	"errors"
	"image/color"
	"net"
	"strings"
	"testing"

	"oyunbot/chat"
	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/games"
	"oyunbot/games/tictactoe"
)

// TestForumTopics: in a forum, a message in a topic arrives on the channel
// "<chat>:<thread>" and every reply to it (texts, boards, typing, board
// edits) goes to that topic; a press on a board in the topic arrives on
// the same channel. The General topic, a forum's and a supergroup's
// threads of replies (message_thread_id without is_topic_message) are the
// chat itself. Over long polling and over the webhook alike.
func TestForumTopics(t *testing.T) {
	for _, webhook := range []bool{false, true} {
		name := "polling"
		if webhook {
			name = "webhook"
		}
		t.Run(name, func(t *testing.T) { testForumTopics(t, webhook) })
	}
}

func testForumTopics(t *testing.T, webhook bool) {
	srv := newServer(t)
	cfg := fastConfig(srv)
	if webhook {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		cfg.WebhookURL, cfg.WebhookSecret, cfg.Listener = "http://"+ln.Addr().String()+"/hook", "topic_secret", ln
	}
	board := testPNG(t, color.Black)
	h := &recorder{reply: func(m chat.Message) []chat.Reply {
		if m.Text == "board" {
			return []chat.Reply{
				{Text: "thinking…", Notice: true},
				{Caption: "#g1 X to move", Image: board, GameID: 1, Buttons: [][]chat.Button{{{Label: "b2", Data: "move #g1 b2"}}}},
			}
		}
		return []chat.Reply{{Text: "echo " + m.Text}}
	}}
	b := startBot(t, srv, cfg, h)
	if webhook {
		if err := srv.Wait(patience, func() bool { u, _ := srv.Webhook(); return u != "" }); err != nil {
			t.Fatal("webhook not set")
		}
	}
	forum := telegramtest.Forum(600, "Oyun Forumu")
	topic, err := srv.OpenTopic(forum, ayse, "Satranç")
	if err != nil {
		t.Fatal(err)
	}
	other, _ := srv.OpenTopic(forum, ayse, "Dama")
	inTopic := "-600:" + itoa(int64(topic))

	srv.SendTopicText(forum, topic, ayse, "board")
	srv.SendText(forum, ayse, "in general")
	srv.SendTopicText(forum, other, bob, "elsewhere")
	// A supergroup that is no forum: a reply's message_thread_id is the
	// thread of replies, not a topic.
	plain := telegramtest.Group(700, "Kahve")
	first, _ := srv.SendText(plain, bob, "hello")
	reply := telegramtest.Message{From: &bob, Chat: plain, Text: "answer", MessageThreadID: first.MessageID,
		ReplyToMessage: &first}
	srv.SendMessage(reply)
	ms := h.waitText(t, "answer")
	want := map[string]string{"board": inTopic, "in general": "-600", "elsewhere": "-600:" + itoa(int64(other)), "hello": "-700", "answer": "-700"}
	for _, m := range ms {
		if want[m.Text] != m.ChannelID {
			t.Errorf("%q arrived on %q, want %q", m.Text, m.ChannelID, want[m.Text])
		}
	}
	b.Drain(context.Background())
	threads := map[string]int{}
	for _, s := range srv.Sent(forum.ID) {
		threads[s.Text] = s.Thread
	}
	if threads["#g1 X to move"] != topic || threads["echo in general"] != 0 || threads["echo elsewhere"] != other {
		t.Errorf("replies' topics %v, want board in %d, general 0, elsewhere %d", threads, topic, other)
	}
	for _, c := range srv.Calls("sendChatAction") {
		if c.Params.Get("message_thread_id") != itoa(int64(topic)) {
			t.Errorf("typing shown outside the topic: %v", c.Params)
		}
	}
	var boardMsg telegramtest.Sent
	for _, s := range srv.Sent(forum.ID) {
		if s.Method == "sendPhoto" {
			boardMsg = s
		}
	}
	if _, err := srv.Press(bob, forum.ID, boardMsg.MessageID, "move #g1 b2"); err != nil {
		t.Fatal(err)
	}
	ms = h.waitText(t, "move #g1 b2")
	if m := ms[len(ms)-1]; m.ChannelID != inTopic {
		t.Errorf("press on %q, want %q", m.ChannelID, inTopic)
	}
	// The board edited in place stays in its topic; a topic that does not
	// exist is refused for good.
	ref, err := b.SendBoard(context.Background(), chat.Reply{ChannelID: inTopic, Caption: "#g1 O to move", Image: testPNG(t, color.White), GameID: 1}, itoa(int64(boardMsg.MessageID)))
	if err != nil || ref != itoa(int64(boardMsg.MessageID)) {
		t.Fatalf("edit in a topic: %q %v", ref, err)
	}
	for _, s := range srv.Visible(forum.ID) {
		if s.MessageID == boardMsg.MessageID && (s.Thread != topic || s.Edits != 1 || s.Text != "#g1 O to move") {
			t.Errorf("edited board: topic %d, %d edits, caption %q", s.Thread, s.Edits, s.Text)
		}
	}
	if err := b.Send(context.Background(), chat.Reply{ChannelID: "-600:99999", Text: "lost"}); !errors.Is(err, chat.ErrUndeliverable) {
		t.Errorf("send to a missing topic: %v", err)
	}
}

// TestE2ETopicGame: two games in two topics of a forum, played through the
// router: every message of a game stays in its topic, and a move typed in
// one topic plays in that topic's game only.
func TestE2ETopicGame(t *testing.T) {
	reg, err := games.NewRegistry(tictactoe.Game{})
	if err != nil {
		t.Fatal(err)
	}
	e := newE2EWith(t, reg, nil)
	forum := telegramtest.Forum(800, "Turnuva")
	ta, _ := e.srv.OpenTopic(forum, bob, "Bob")
	tb, _ := e.srv.OpenTopic(forum, ayse, "Ayşe")
	inTopic := func(thread int) []telegramtest.Sent {
		var out []telegramtest.Sent
		for _, s := range e.srv.Sent(forum.ID) {
			if s.Thread == thread {
				out = append(out, s)
			}
		}
		return out
	}
	photosIn := func(thread int) []telegramtest.Sent { // the boards shown, new or edited
		var out []telegramtest.Sent
		for _, s := range e.srv.History(forum.ID) {
			if s.Thread == thread && isBoard(s) {
				out = append(out, s)
			}
		}
		return out
	}
	waitPhoto := func(thread, n int) telegramtest.Sent {
		t.Helper()
		if err := e.srv.Wait(patience, func() bool { return len(photosIn(thread)) >= n }); err != nil {
			t.Fatalf("topic %d: board %d never came: %q", thread, n, texts(e.srv.Sent(forum.ID)))
		}
		return photosIn(thread)[n-1]
	}
	e.srv.SendTopicText(forum, ta, bob, "/play tictactoe easy x")
	boardA := waitPhoto(ta, 1)
	e.srv.SendTopicText(forum, tb, ayse, "/play tictactoe easy x")
	waitPhoto(tb, 1)
	// Ayşe types a cell in her topic: her game moves, Bob's does not.
	e.srv.SendTopicText(forum, tb, ayse, "a1")
	waitPhoto(tb, 2)
	for turn := 0; ; turn++ {
		cells := cellMoves(boardA)
		if len(cells) == 0 {
			break
		}
		if turn > 5 {
			t.Fatal("the game in topic A did not end")
		}
		if _, err := e.srv.Press(bob, forum.ID, boardA.MessageID, cells[0]); err != nil {
			t.Fatal(err)
		}
		boardA = waitPhoto(ta, turn+2)
	}
	if !strings.Contains(boardA.Text, "Game over") && !strings.Contains(boardA.Text, "Oyun bitti") {
		t.Errorf("topic A's last board %q", boardA.Text)
	}
	if n := len(photosIn(tb)); n != 2 {
		t.Errorf("topic B has shown %d boards, want its own 2: %q", n, texts(inTopic(tb)))
	}
	if n := len(e.srv.Calls("editMessageMedia")); n == 0 {
		t.Error("no board was edited in its topic")
	}
	if general := inTopic(0); len(general) != 0 {
		t.Errorf("messages outside the topics: %q", texts(general))
	}
}
