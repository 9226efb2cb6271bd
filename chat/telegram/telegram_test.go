package telegram_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image/color"
	"image/png"
	"net"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/telegram"
	"oyunbot/chat/telegram/telegramtest"
)

func TestPrivateMessage(t *testing.T) {
	srv := newServer(t)
	h := &recorder{}
	startBot(t, srv, fastConfig(srv), h)

	if _, err := srv.SendText(telegramtest.Private(ayse), ayse, "/play tictactoe"); err != nil {
		t.Fatal(err)
	}
	got := h.waitMessages(t, 1)[0]
	want := chat.Message{
		Platform: "telegram", ChannelID: "42", UserID: "42", UserName: "Ayşe Yılmaz",
		Text: "/play tictactoe", Locale: "tr", Ref: "1", Private: true, Admin: true,
		Update: fmt.Sprintf("%d:%d", srv.Bot().ID, srv.LastUpdateID()), // the bot's update, applied once (issue 21.1)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
}

func TestGroupMessages(t *testing.T) {
	srv := newServer(t)
	h := &recorder{}
	startBot(t, srv, fastConfig(srv), h)
	group := telegramtest.Group(500, "Oyun Kulübü")
	srv.SetMember(group.ID, bob.ID, "administrator")

	tests := []struct {
		from  telegramtest.User
		text  string
		want  string // "" when the bot must ignore it
		admin bool
	}{
		{ayse, "/play@oyun_test_bot dama", "/play dama", false},
		{ayse, "/play@other_bot dama", "", false},
		{bob, "/level@OYUN_TEST_BOT 3", "/level 3", true},
		{ayse, "@oyun_test_bot hint", "hint", false},
		{ayse, "b2", "b2", false},
		{bob, "/start", "/start", true},
		{ayse, "/resign@someone_else", "", false},
		{bob, "/board", "/board", false}, // needs no admin: not looked up (issue 41)
	}
	var want []string
	for _, tc := range tests {
		if _, err := srv.SendText(group, tc.from, tc.text); err != nil {
			t.Fatal(err)
		}
		if tc.want != "" {
			want = append(want, tc.want)
		}
	}
	// A message from a bot and a forwarded one are ignored too.
	other := telegramtest.User{ID: 999, IsBot: true, FirstName: "Other", UserName: "other_bot"}
	if _, err := srv.SendText(group, other, "/play tictactoe"); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.SendMessage(telegramtest.Message{From: &ayse, Chat: group, Text: "/resign", ForwardFrom: &bob, ForwardDate: 1}); err != nil {
		t.Fatal(err)
	}
	if _, err := srv.SendText(group, ayse, "last"); err != nil {
		t.Fatal(err)
	}
	want = append(want, "last")

	got := h.waitText(t, "last") // the chat's last update: everything before it was handled or ignored
	var texts []string
	for _, m := range got {
		texts = append(texts, m.Text)
		if m.ChannelID != "-500" || m.Private {
			t.Errorf("%q: channel %s private %v", m.Text, m.ChannelID, m.Private)
		}
	}
	if !slices.Equal(texts, want) {
		t.Fatalf("routed %q\nwant   %q", texts, want)
	}
	i := 0
	for _, tc := range tests {
		if tc.want == "" {
			continue
		}
		// Admin is looked up for the commands that need it only.
		if strings.HasPrefix(tc.want, "/") && got[i].Admin != tc.admin {
			t.Errorf("%q from %s: admin %v, want %v", tc.text, tc.from.FirstName, got[i].Admin, tc.admin)
		}
		i++
	}
	if n := len(srv.Calls("getChatMember")); n != 1 {
		t.Errorf("%d getChatMember calls, want 1 (Bob's /level; cached for /start)", n)
	}
}

func TestMentions(t *testing.T) {
	srv := newServer(t)
	h := &recorder{}
	startBot(t, srv, fastConfig(srv), h)
	group := telegramtest.Group(501, "g")

	// Bob speaks first, so that his @username is known.
	srv.SendText(group, bob, "hello")
	srv.SendText(group, ayse, "/challenge @bob_the_user dama")
	srv.SendText(group, ayse, "/challenge @stranger_user dama")
	text := "/challenge Zeynep dama"
	srv.SendMessage(telegramtest.Message{From: &ayse, Chat: group, Text: text, Entities: []telegramtest.Entity{
		{Type: "bot_command", Offset: 0, Length: 10},
		{Type: "text_mention", Offset: 11, Length: 6, User: &anon},
	}})
	// A command answering someone's message mentions them; the bot's own
	// messages and @name are no one to mention.
	hello := telegramtest.Message{MessageID: 1, From: &bob, Chat: group, Text: "hello"}
	srv.SendMessage(telegramtest.Message{From: &ayse, Chat: group, Text: "/challenge dama", ReplyToMessage: &hello})
	srv.SendText(group, ayse, "/challenge @oyun_test_bot dama")
	got := h.waitMessages(t, 6)
	wantMentions := [][]chat.User{
		nil,
		{{ID: "77", Name: "Bob"}},
		nil,
		{{ID: "88", Name: "Zeynep"}},
		{{ID: "77", Name: "Bob"}},
		nil,
	}
	for i, w := range wantMentions {
		if !reflect.DeepEqual(got[i].Mentions, w) {
			t.Errorf("%q: mentions %+v, want %+v", got[i].Text, got[i].Mentions, w)
		}
	}
}

func TestSendTextAndPhoto(t *testing.T) {
	srv := newServer(t)
	board := testPNG(t, color.RGBA{200, 30, 30, 255})
	h := &recorder{reply: func(m chat.Message) []chat.Reply {
		switch m.Text {
		case "/board":
			return []chat.Reply{{
				Text: "full text", Caption: "X to move", Image: board, ImageName: "g1.png",
				Buttons: [][]chat.Button{{{Label: "a1", Data: "move a1"}, {Label: "b1", Data: "move b1"}}, {{Label: "Resign", Data: "resign"}}},
			}}
		case "/help":
			return []chat.Reply{{Text: "Commands: /play", Buttons: [][]chat.Button{{{Label: "Play", Data: "play tictactoe"}}}}}
		}
		return nil
	}}
	startBot(t, srv, fastConfig(srv), h)
	pc := telegramtest.Private(ayse)
	srv.SendText(pc, ayse, "/board")
	srv.SendText(pc, ayse, "/help")
	sent := waitSent(t, srv, pc.ID, 2)

	photo := sent[0]
	if photo.Method != "sendPhoto" || photo.Text != "X to move" || photo.PhotoName != "g1.png" {
		t.Errorf("photo: %s caption %q name %q", photo.Method, photo.Text, photo.PhotoName)
	}
	img, err := png.Decode(bytes.NewReader(photo.Photo))
	if err != nil {
		t.Fatalf("photo does not decode: %v", err)
	}
	if r, _, _, _ := img.At(3, 3).RGBA(); r>>8 != 200 {
		t.Errorf("photo pixel red %d, want 200", r>>8)
	}
	if got := photo.Data(); !slices.Equal(got, []string{"move a1", "move b1", "resign"}) {
		t.Errorf("photo buttons %q", got)
	}
	if len(photo.Keyboard) != 2 || len(photo.Keyboard[0]) != 2 {
		t.Errorf("keyboard rows %v", photo.Keyboard)
	}
	text := sent[1]
	if text.Method != "sendMessage" || text.Text != "Commands: /play" || !slices.Equal(text.Data(), []string{"play tictactoe"}) {
		t.Errorf("text message %+v", text)
	}
	// A newer board retires the buttons of the older one, so that only the
	// live board can be pressed; text keyboards are left alone.
	srv.SendText(pc, ayse, "/board")
	sent = waitSent(t, srv, pc.ID, 3)
	if err := srv.Wait(patience, func() bool { return srv.Sent(pc.ID)[0].Keyboard == nil }); err != nil {
		t.Errorf("old board's buttons still live: %v", srv.Sent(pc.ID)[0].Keyboard)
	}
	if _, err := srv.Press(ayse, pc.ID, photo.MessageID, "move a1"); err == nil {
		t.Error("pressed a retired button")
	}
	if _, err := srv.Press(ayse, pc.ID, sent[2].MessageID, "move a1"); err != nil {
		t.Errorf("live board: %v", err)
	}
	if got := srv.Sent(pc.ID)[1].Data(); len(got) != 1 {
		t.Errorf("text keyboard retired: %q", got)
	}
}

func TestLongTextIsSplit(t *testing.T) {
	srv := newServer(t)
	var lines []string
	for i := range 400 {
		lines = append(lines, fmt.Sprintf("line %03d: %s", i, strings.Repeat("ğ", 20)))
	}
	long := strings.Join(lines, "\n")
	h := &recorder{reply: func(chat.Message) []chat.Reply { return []chat.Reply{{Text: long}} }}
	startBot(t, srv, fastConfig(srv), h)
	pc := telegramtest.Private(bob)
	srv.SendText(pc, bob, "/history")
	if err := srv.Wait(patience, func() bool {
		sent := srv.Sent(pc.ID)
		return len(sent) > 0 && strings.HasSuffix(sent[len(sent)-1].Text, lines[len(lines)-1])
	}); err != nil {
		t.Fatal(err)
	}
	sent := srv.Sent(pc.ID)
	var parts []string
	for _, s := range sent {
		if len([]rune(s.Text)) > 4096 {
			t.Errorf("part of %d characters", len([]rune(s.Text)))
		}
		parts = append(parts, s.Text)
	}
	if got := strings.Join(parts, "\n"); got != long {
		t.Errorf("parts do not join back to the text (%d parts)", len(parts))
	}
}

func TestCallbackRouted(t *testing.T) {
	srv := newServer(t)
	group := telegramtest.Group(600, "g")
	h := &recorder{reply: func(m chat.Message) []chat.Reply {
		return []chat.Reply{{Text: "Your move", Image: testPNG(t, color.White),
			Buttons: [][]chat.Button{{{Label: "b2", Data: "move b2"}}}}}
	}}
	startBot(t, srv, fastConfig(srv), h)
	srv.SendText(group, ayse, "/play tictactoe")
	board := waitSent(t, srv, group.ID, 1)[0]
	if board.ReplyTo != 1 {
		t.Errorf("group reply quotes message %d, want 1", board.ReplyTo)
	}
	id, err := srv.Press(bob, group.ID, board.MessageID, "move b2")
	if err != nil {
		t.Fatal(err)
	}
	got := h.waitMessages(t, 2)[1]
	if got.Privately == nil {
		t.Error("a press carries no way to answer it privately")
	}
	got.Privately = nil
	want := chat.Message{Platform: "telegram", ChannelID: "-600", UserID: "77", UserName: "Bob",
		Text: "move b2", Locale: "en", Ref: fmt.Sprint(board.MessageID),
		Update: fmt.Sprintf("%d:%d", srv.Bot().ID, srv.LastUpdateID())} // the press's update, applied once (issue 21.1)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	if err := srv.Wait(patience, func() bool { return srv.Answered(id) }); err != nil {
		t.Error("callback query not answered")
	}
	// The answer to a press does not quote the bot's own board.
	if next := waitSent(t, srv, group.ID, 2)[1]; next.ReplyTo != 0 {
		t.Errorf("reply to a press quotes message %d", next.ReplyTo)
	}
}

func TestSendRefusesBadReplies(t *testing.T) {
	srv := newServer(t)
	b := startBot(t, srv, fastConfig(srv), &recorder{})
	srv.SendText(telegramtest.Private(ayse), ayse, "hi") // make the chat known
	ctx := context.Background()
	tests := []struct {
		name string
		r    chat.Reply
		is   error
	}{
		{"button data over 64 bytes", chat.Reply{ChannelID: "42", Text: "x", Buttons: [][]chat.Button{{{Label: "a", Data: strings.Repeat("é", 33)}}}}, telegram.ErrButtonData},
		{"empty", chat.Reply{ChannelID: "42"}, telegram.ErrEmptyReply},
		{"not a chat id", chat.Reply{ChannelID: "general", Text: "x"}, nil},
		{"other platform", chat.Reply{Platform: "discord", ChannelID: "42", Text: "x"}, nil},
	}
	for _, tc := range tests {
		err := b.Send(ctx, tc.r)
		if err == nil || (tc.is != nil && !errors.Is(err, tc.is)) {
			t.Errorf("%s: err %v, want %v", tc.name, err, tc.is)
		}
	}
	if err := b.Drain(ctx); err != nil {
		t.Fatal(err)
	}
	if n := len(srv.AllSent()); n != 0 {
		t.Errorf("%d messages sent for refused replies", n)
	}
}

func TestNoticeIsTyping(t *testing.T) {
	srv := newServer(t)
	h := &recorder{reply: func(chat.Message) []chat.Reply {
		return []chat.Reply{{Text: "thinking…", Notice: true}, {Text: "done"}}
	}}
	startBot(t, srv, fastConfig(srv), h)
	pc := telegramtest.Private(ayse)
	srv.SendText(pc, ayse, "/hint")
	sent := waitSent(t, srv, pc.ID, 1)
	if len(sent) != 1 || sent[0].Text != "done" {
		t.Errorf("sent %+v", sent)
	}
	if c := srv.Calls("sendChatAction"); len(c) != 1 || c[0].Params.Get("action") != "typing" {
		t.Errorf("chat actions %+v", c)
	}
}

func TestCommandMenus(t *testing.T) {
	srv := newServer(t)
	startBot(t, srv, fastConfig(srv), &recorder{})
	if err := srv.Wait(patience, func() bool { return len(srv.Commands("tr")) > 0 }); err != nil {
		t.Fatal("no Turkish menu")
	}
	want := []string{"play", "move", "board", "hint", "resign", "draw", "undo", "challenge", "accept", "decline", "rematch", "history", "level", "games",
		"tournament", "rating", "leaderboard", "lang", "help"}
	en, tr := srv.Commands(""), srv.Commands("tr")
	var names []string
	for i, c := range en {
		names = append(names, c.Command)
		if tr[i].Command != c.Command || tr[i].Description == c.Description {
			t.Errorf("%s: tr %+v en %+v", c.Command, tr[i], c)
		}
		// The tournament entry tells the sub-commands, in the words the
		// router reads in each language.
		if c.Command == "tournament" {
			for _, sub := range []string{"create", "join", "leave", "addbot", "start", "standings", "pairings", "cancel"} {
				if !strings.Contains(c.Description, sub) {
					t.Errorf("English tournament menu entry %q lacks %q", c.Description, sub)
				}
			}
			for _, sub := range []string{"oluştur", "katıl", "ayrıl", "bot", "başlat", "sıralama", "eşleşmeler", "iptal"} {
				if !strings.Contains(tr[i].Description, sub) {
					t.Errorf("Turkish tournament menu entry %q lacks %q", tr[i].Description, sub)
				}
			}
		}
	}
	if !slices.Equal(names, want) {
		t.Errorf("menu %q, want %q", names, want)
	}
}

// TestRateLimitedRepliesArriveOnceInOrder injects 429s (with retry_after)
// and a 5xx on both sendMessage and sendPhoto: every reply still arrives,
// once, in order, after a retry that waited at least retry_after.
func TestRateLimitedRepliesArriveOnceInOrder(t *testing.T) {
	srv := newServer(t)
	cfg := fastConfig(srv)
	board := testPNG(t, color.Black)
	h := &recorder{reply: func(m chat.Message) []chat.Reply {
		return []chat.Reply{
			{Text: "1 " + m.Text},
			{Caption: "2 " + m.Text, Image: board},
			{Text: "3 " + m.Text},
		}
	}}
	startBot(t, srv, cfg, h)
	srv.Fail("sendMessage", telegramtest.TooManyRequests(1))
	srv.Fail("sendPhoto", telegramtest.TooManyRequests(2), telegramtest.BadGateway())
	pc := telegramtest.Private(ayse)
	srv.SendText(pc, ayse, "a")
	srv.SendText(pc, ayse, "b")
	waitSent(t, srv, pc.ID, 6)
	// A barrier: the chat's replies go out in order, so once c's last
	// reply is sent, any resent reply of a or b is in the record.
	srv.SendText(pc, ayse, "c")
	if err := srv.Wait(patience, func() bool {
		s := srv.Sent(pc.ID)
		return len(s) > 0 && s[len(s)-1].Text == "3 c"
	}); err != nil {
		t.Fatalf("the barrier's replies never came: %+v", srv.Sent(pc.ID))
	}
	sent := srv.Sent(pc.ID)
	sent = sent[:len(sent)-3] // c's three replies
	var texts []string
	for _, s := range sent {
		texts = append(texts, s.Text)
	}
	want := []string{"1 a", "2 a", "3 a", "1 b", "2 b", "3 b"}
	if !slices.Equal(texts, want) {
		t.Fatalf("delivered %q, want %q", texts, want)
	}
	// The retries happened and honoured retry_after.
	checkRetry := func(method string, failures int, minWait time.Duration) {
		calls := srv.Calls(method)
		if len(calls) < failures+1 || calls[failures].Status != http.StatusOK {
			t.Fatalf("%s calls %+v", method, calls)
		}
		for i := range failures {
			if calls[i].Status == http.StatusOK {
				t.Errorf("%s call %d should have failed", method, i)
			}
		}
		if gap := calls[1].At.Sub(calls[0].At); gap < minWait {
			t.Errorf("%s retried after %v, before retry_after (%v)", method, gap, minWait)
		}
	}
	checkRetry("sendMessage", 1, cfg.RetryAfterUnit)
	checkRetry("sendPhoto", 2, 2*cfg.RetryAfterUnit)
}

// TestChatsDoNotBlockEachOther: while one chat waits out a long retry_after,
// another chat's replies go out.
func TestChatsDoNotBlockEachOther(t *testing.T) {
	srv := newServer(t)
	cfg := fastConfig(srv)
	cfg.RetryAfterUnit = 200 * time.Millisecond
	h := &recorder{reply: func(m chat.Message) []chat.Reply { return []chat.Reply{{Text: "re " + m.Text}} }}
	startBot(t, srv, cfg, h)
	slow, fast := telegramtest.Private(ayse), telegramtest.Private(bob)
	srv.Fail("sendMessage", telegramtest.TooManyRequests(5)) // hits the first reply: the slow chat's
	srv.SendText(slow, ayse, "first")
	if err := srv.Wait(patience, func() bool { return len(srv.Calls("sendMessage")) == 1 }); err != nil {
		t.Fatal(err)
	}
	srv.SendText(fast, bob, "second")
	waitSent(t, srv, slow.ID, 1)
	a, b := srv.Sent(slow.ID)[0], srv.Sent(fast.ID)[0]
	if b.Seq > a.Seq {
		t.Errorf("the fast chat waited for the rate-limited one")
	}
}

// TestConcurrentSendsKeepPerChatOrder sends from many goroutines to several
// chats with failures injected: each chat gets its replies exactly once, in
// the order they were sent.
func TestConcurrentSendsKeepPerChatOrder(t *testing.T) {
	srv := newServer(t)
	b := startBot(t, srv, fastConfig(srv), &recorder{})
	users := []telegramtest.User{ayse, bob, anon, {ID: 99, FirstName: "Can"}}
	groups := []telegramtest.Chat{telegramtest.Group(700, "a"), telegramtest.Group(701, "b")}
	var chats []telegramtest.Chat
	for _, u := range users {
		chats = append(chats, telegramtest.Private(u))
		srv.SendText(telegramtest.Private(u), u, "hi")
	}
	for _, g := range groups {
		chats = append(chats, g)
		srv.SendText(g, ayse, "hi")
	}
	for range 3 {
		srv.Fail("sendMessage", telegramtest.TooManyRequests(1), telegramtest.Fault{Status: 500, Description: "Internal Server Error"})
	}
	const perChat = 15
	var wg sync.WaitGroup
	for _, c := range chats {
		wg.Go(func() {
			for i := range perChat {
				if err := b.Send(context.Background(), chat.Reply{ChannelID: fmt.Sprint(c.ID), Text: fmt.Sprintf("%d/%d", c.ID, i)}); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	if err := b.Drain(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, c := range chats {
		sent := srv.Sent(c.ID)
		if len(sent) != perChat {
			t.Errorf("chat %d: %d replies, want %d", c.ID, len(sent), perChat)
			continue
		}
		for i, s := range sent {
			if want := fmt.Sprintf("%d/%d", c.ID, i); s.Text != want {
				t.Errorf("chat %d reply %d = %q, want %q", c.ID, i, s.Text, want)
			}
		}
	}
	failed := 0
	for _, c := range srv.Calls("sendMessage") {
		if c.Status != http.StatusOK {
			failed++
		}
	}
	if failed != 6 {
		t.Errorf("%d failed sendMessage calls, want the 6 injected", failed)
	}
}

func TestWebhook(t *testing.T) {
	srv := newServer(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hook := "http://" + ln.Addr().String() + "/tg/hook"
	cfg := fastConfig(srv)
	cfg.WebhookURL, cfg.WebhookSecret, cfg.Listener = hook, "s3cret_Token-1", ln
	h := &recorder{reply: func(m chat.Message) []chat.Reply { return []chat.Reply{{Text: "pong"}} }}
	startBot(t, srv, cfg, h)
	if err := srv.Wait(patience, func() bool { u, _ := srv.Webhook(); return u != "" }); err != nil {
		t.Fatal("webhook not set")
	}
	if u, secret := srv.Webhook(); u != hook || secret != cfg.WebhookSecret {
		t.Fatalf("webhook %q secret %q", u, secret)
	}

	update := `{"update_id":900,"message":{"message_id":5,"date":1,"chat":{"id":42,"type":"private"},"from":{"id":42,"is_bot":false,"first_name":"Mallory"},"text":"/resign"}}`
	for _, tc := range []struct {
		name, secret string
		method       string
		status       int
	}{
		{"no secret", "", http.MethodPost, http.StatusUnauthorized},
		{"wrong secret", "guess", http.MethodPost, http.StatusUnauthorized},
		{"GET", cfg.WebhookSecret, http.MethodGet, http.StatusMethodNotAllowed},
		{"not an update", cfg.WebhookSecret, http.MethodPost, http.StatusBadRequest},
	} {
		body := update
		if tc.name == "not an update" {
			body = "{"
		}
		req, _ := http.NewRequest(tc.method, hook, strings.NewReader(body))
		if tc.secret != "" {
			req.Header.Set("X-Telegram-Bot-Api-Secret-Token", tc.secret)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != tc.status {
			t.Errorf("%s: status %d, want %d", tc.name, resp.StatusCode, tc.status)
		}
	}
	// Telegram's delivery, with the secret, is routed and answered.
	pc := telegramtest.Private(ayse)
	if _, err := srv.SendText(pc, ayse, "/board"); err != nil {
		t.Fatal(err)
	}
	got := h.waitMessages(t, 1)
	if len(got) != 1 || got[0].Text != "/board" || got[0].UserID != "42" {
		t.Errorf("handled %+v", got)
	}
	if sent := waitSent(t, srv, pc.ID, 1); sent[0].Text != "pong" {
		t.Errorf("reply %+v", sent)
	}
	if n := len(srv.Calls("getUpdates")); n != 0 {
		t.Errorf("%d getUpdates calls in webhook mode", n)
	}
}

func TestPollingConfirmsOffset(t *testing.T) {
	srv := newServer(t)
	h := &recorder{}
	cfg := fastConfig(srv)
	b, err := telegram.New(cfg, h)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- b.Run(ctx) }()
	pc := telegramtest.Private(ayse)
	srv.SendText(pc, ayse, "one")
	srv.SendText(pc, ayse, "two")
	h.waitMessages(t, 2)
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	// A second process starting now sees nothing old.
	h2 := &recorder{}
	startBot(t, srv, cfg, h2)
	srv.SendText(pc, ayse, "three")
	srv.SendText(pc, ayse, "four") // a barrier: an old update would be handled before it
	if got := h2.waitText(t, "four"); len(got) != 2 || got[0].Text != "three" {
		t.Errorf("restarted bot saw %+v", got)
	}
}

func TestNewChecksToken(t *testing.T) {
	srv := newServer(t)
	cfg := fastConfig(srv)
	cfg.Token = "wrong"
	if _, err := telegram.New(cfg, &recorder{}); err == nil {
		t.Error("New accepted a bad token")
	}
	cfg = fastConfig(srv)
	cfg.WebhookURL, cfg.WebhookSecret = "https://example.org/hook", "has space"
	if _, err := telegram.New(cfg, &recorder{}); err == nil {
		t.Error("New accepted a bad webhook secret")
	}
}

func TestGroupMigratedToSupergroup(t *testing.T) {
	srv := newServer(t)
	b := startBot(t, srv, fastConfig(srv), &recorder{})
	old := telegramtest.Chat{ID: -300, Type: "group", Title: "old"}
	super := telegramtest.Chat{ID: -1000000000300, Type: "supergroup", Title: "old"}
	srv.SendText(old, ayse, "hi")
	srv.SendText(super, ayse, "hi")
	srv.Fail("sendMessage", telegramtest.Migrated(super.ID))
	if err := b.Send(context.Background(), chat.Reply{ChannelID: "-300", Text: "still here"}); err != nil {
		t.Fatal(err)
	}
	if sent := waitSent(t, srv, super.ID, 1); sent[0].Text != "still here" {
		t.Errorf("sent %+v", sent)
	}
}

func TestAnonymousAdmin(t *testing.T) {
	srv := newServer(t)
	h := &recorder{}
	startBot(t, srv, fastConfig(srv), h)
	group := telegramtest.Group(800, "Kulüp")
	anonBot := telegramtest.User{ID: 1087968824, IsBot: true, FirstName: "Group", UserName: "GroupAnonymousBot"}
	srv.SendMessage(telegramtest.Message{From: &anonBot, SenderChat: &group, Chat: group, Text: "/level 2"})
	got := h.waitMessages(t, 1)[0]
	if !got.Admin || got.UserName != "Kulüp" || got.Text != "/level 2" {
		t.Errorf("anonymous admin: %+v", got)
	}
}

// TestShutdownDeliversQueuedReplies: replies queued when Run's context ends
// still go out before Run returns.
func TestShutdownDeliversQueuedReplies(t *testing.T) {
	srv := newServer(t)
	cfg := fastConfig(srv)
	cfg.PrivatePace = telegram.Pace{Every: 10 * time.Millisecond, Burst: 1}
	b, err := telegram.New(cfg, &recorder{})
	if err != nil {
		t.Fatal(err)
	}
	srv.SendText(telegramtest.Private(ayse), ayse, "hi")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- b.Run(ctx) }()
	for i := range 10 {
		if err := b.Send(ctx, chat.Reply{ChannelID: "42", Text: fmt.Sprint(i)}); err != nil {
			t.Fatal(err)
		}
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := len(srv.Sent(42)); n != 10 {
		t.Errorf("%d of 10 replies delivered at shutdown", n)
	}
	if err := b.Send(context.Background(), chat.Reply{ChannelID: "42", Text: "late"}); err == nil {
		t.Error("Send after shutdown succeeded")
	}
}

func TestWebhookRedeliveryHandledOnce(t *testing.T) {
	srv := newServer(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hook := "http://" + ln.Addr().String() + "/"
	cfg := fastConfig(srv)
	cfg.WebhookURL, cfg.Listener = hook, ln // random secret
	h := &recorder{}
	startBot(t, srv, cfg, h)
	if err := srv.Wait(patience, func() bool { u, _ := srv.Webhook(); return u != "" }); err != nil {
		t.Fatal("webhook not set")
	}
	_, secret := srv.Webhook()
	if len(secret) < 32 {
		t.Errorf("generated secret %q too weak", secret)
	}
	update := `{"update_id":7,"message":{"message_id":5,"date":1,"chat":{"id":42,"type":"private"},"from":{"id":42,"is_bot":false,"first_name":"A"},"text":"/undo"}}`
	for range 2 {
		req, _ := http.NewRequest(http.MethodPost, hook, strings.NewReader(update))
		req.Header.Set("X-Telegram-Bot-Api-Secret-Token", secret)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("status %d", resp.StatusCode)
		}
	}
	// Both deliveries were answered, and the webhook answers once an
	// update is handled (or known): the redelivery is settled by now.
	srv.SendText(telegramtest.Private(ayse), ayse, "next")
	if got := h.waitText(t, "next"); len(got) != 2 || got[0].Text != "/undo" || got[1].Text != "next" {
		t.Errorf("handled %+v", got)
	}
}

// TestRefusedPhotoFallsBackToText: when Telegram refuses the picture (a
// 400, for which the library leaves Code 0 on uploads), the caption and
// buttons still arrive as a text message.
func TestRefusedPhotoFallsBackToText(t *testing.T) {
	srv := newServer(t)
	b := startBot(t, srv, fastConfig(srv), &recorder{})
	pc := telegramtest.Private(bob)
	srv.SendText(pc, bob, "hi")
	srv.Fail("sendPhoto", telegramtest.Fault{Status: 400, Description: "Bad Request: IMAGE_PROCESS_FAILED"})
	err := b.Send(context.Background(), chat.Reply{ChannelID: "77", Caption: "#g1 To move: Bob", Image: testPNG(t, color.White),
		Buttons: [][]chat.Button{{{Label: "Hint", Data: "hint"}}}})
	if err != nil {
		t.Fatal(err)
	}
	sent := waitSent(t, srv, pc.ID, 1)
	if sent[0].Method != "sendMessage" || sent[0].Text != "#g1 To move: Bob" || !slices.Equal(sent[0].Data(), []string{"hint"}) {
		t.Errorf("fallback %+v", sent[0])
	}
	if n := len(srv.Calls("sendPhoto")); n != 1 {
		t.Errorf("a refused photo was retried (%d calls)", n)
	}
}

// TestPacing: a chat's replies go out no faster than its pace allows (a
// lower bound, which pacing guarantees whatever the machine's speed), in
// order, and a group gets the slower group pace.
func TestPacing(t *testing.T) {
	srv := newServer(t)
	cfg := fastConfig(srv)
	cfg.PrivatePace = telegram.Pace{Every: 20 * time.Millisecond, Burst: 2}
	cfg.GroupPace = telegram.Pace{Every: 40 * time.Millisecond, Burst: 2}
	b := startBot(t, srv, cfg, &recorder{})
	pc, group := telegramtest.Private(ayse), telegramtest.Group(900, "g")
	srv.SendText(pc, ayse, "hi")
	srv.SendText(group, ayse, "hi")
	const n = 6
	start := time.Now()
	for i := range n {
		for _, id := range []string{"42", "-900"} {
			if err := b.Send(context.Background(), chat.Reply{ChannelID: id, Text: fmt.Sprint(i)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := b.Drain(context.Background()); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		id   int64
		pace telegram.Pace
	}{{pc.ID, cfg.PrivatePace}, {group.ID, cfg.GroupPace}} {
		sent := srv.Sent(c.id)
		if len(sent) != n {
			t.Fatalf("chat %d: %d messages", c.id, len(sent))
		}
		for i, s := range sent {
			if s.Text != fmt.Sprint(i) {
				t.Errorf("chat %d: message %d is %q", c.id, i, s.Text)
			}
		}
		if min := time.Duration(n-c.pace.Burst) * c.pace.Every; sent[n-1].At.Sub(start) < min {
			t.Errorf("chat %d: %d messages in %v, pace allows no less than %v", c.id, n, sent[n-1].At.Sub(start), min)
		}
	}
}

// TestPollingSurvivesFailures: getUpdates failing with 429, 502 and a
// network-level garbage body is retried; the updates still arrive, once.
func TestPollingSurvivesFailures(t *testing.T) {
	srv := newServer(t)
	srv.Fail("getUpdates", telegramtest.TooManyRequests(1), telegramtest.BadGateway(), telegramtest.Fault{Status: 500, Raw: "not json"})
	h := &recorder{}
	startBot(t, srv, fastConfig(srv), h)
	pc := telegramtest.Private(ayse)
	srv.SendText(pc, ayse, "one")
	srv.SendText(pc, ayse, "two")
	h.waitMessages(t, 2)
	srv.SendText(pc, ayse, "three") // a barrier: a redelivered update would be handled before it
	if got := h.waitText(t, "three"); len(got) != 3 || got[0].Text != "one" || got[1].Text != "two" {
		t.Errorf("handled %+v", got)
	}
}

// TestHandlerPanicIsContained: a panicking handler loses that message only.
func TestHandlerPanicIsContained(t *testing.T) {
	srv := newServer(t)
	h := &recorder{reply: func(m chat.Message) []chat.Reply {
		if m.Text == "boom" {
			panic("handler bug")
		}
		return []chat.Reply{{Text: "ok " + m.Text}}
	}}
	startBot(t, srv, fastConfig(srv), h)
	pc := telegramtest.Private(ayse)
	srv.SendText(pc, ayse, "boom")
	srv.SendText(pc, ayse, "after")
	if sent := waitSent(t, srv, pc.ID, 1); sent[0].Text != "ok after" {
		t.Errorf("sent %+v", sent)
	}
}

func TestRevokedTokenStopsPolling(t *testing.T) {
	srv := newServer(t)
	b, err := telegram.New(fastConfig(srv), &recorder{})
	if err != nil {
		t.Fatal(err)
	}
	srv.Fail("getUpdates", telegramtest.Fault{Status: 401, Description: "Unauthorized"})
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	defer cancel()
	if err := b.Run(ctx); err == nil || ctx.Err() != nil {
		t.Errorf("Run = %v, want an error at once for a revoked token", err)
	}
}

// TestTournamentAdmin: tournament commands that only the organiser or an
// admin may give carry Admin as getChatMember says (creator and
// administrator are admins), with or without the "/" and from buttons;
// other group texts cost no lookup.
func TestTournamentAdmin(t *testing.T) {
	srv := newServer(t)
	h := &recorder{reply: func(m chat.Message) []chat.Reply {
		if m.Text == "/help" {
			return []chat.Reply{{Text: "Tournament", Buttons: [][]chat.Button{{{Label: "Cancel", Data: "tournament cancel"}}}}}
		}
		return nil
	}}
	startBot(t, srv, fastConfig(srv), h)
	group := telegramtest.Group(510, "Turnuva")
	cem := telegramtest.User{ID: 91, FirstName: "Cem"}
	dan := telegramtest.User{ID: 92, FirstName: "Dan"}
	eve := telegramtest.User{ID: 93, FirstName: "Eve"}
	fay := telegramtest.User{ID: 94, FirstName: "Fay"}
	srv.SetMember(group.ID, bob.ID, "administrator")
	srv.SetMember(group.ID, ayse.ID, "creator")
	srv.SetMember(group.ID, fay.ID, "restricted")

	tests := []struct {
		from  telegramtest.User
		text  string
		want  string
		admin bool
	}{
		{cem, "/tournament start", "/tournament start", false},
		{ayse, "/turnuva başlat", "/turnuva başlat", true},
		{bob, "@oyun_test_bot turnuva iptal", "turnuva iptal", true},
		{dan, "tournament cancel", "tournament cancel", false},
		{eve, "b2", "b2", false},
		{eve, "turnuvaya kim geliyor?", "turnuvaya kim geliyor?", false},
		{ayse, "/tournament addbot easy", "/tournament addbot easy", true},
		{cem, "/leave bot easy", "/leave bot easy", false},
		{cem, "/help", "/help", false},
	}
	for _, tc := range tests {
		if _, err := srv.SendText(group, tc.from, tc.text); err != nil {
			t.Fatal(err)
		}
	}
	got := h.waitMessages(t, len(tests))
	for i, tc := range tests {
		if got[i].Text != tc.want || got[i].Admin != tc.admin {
			t.Errorf("%q from %s: routed %q admin %v, want %q admin %v", tc.text, tc.from.FirstName, got[i].Text, got[i].Admin, tc.want, tc.admin)
		}
	}
	// Buttons: the administrator's press is an admin's, the restricted
	// member's is not.
	sent := waitSent(t, srv, group.ID, 1)
	for _, u := range []telegramtest.User{bob, fay} {
		if _, err := srv.Press(u, group.ID, sent[0].MessageID, "tournament cancel"); err != nil {
			t.Fatal(err)
		}
	}
	got = h.waitMessages(t, len(tests)+2)
	if m := got[len(tests)]; m.Text != "tournament cancel" || !m.Admin {
		t.Errorf("administrator's press: %+v", m)
	}
	if m := got[len(tests)+1]; m.Text != "tournament cancel" || m.Admin {
		t.Errorf("restricted member's press: %+v", m)
	}
	// One lookup per user (cached), none for Eve, whose texts are no
	// tournament commands.
	var asked []string
	for _, c := range srv.Calls("getChatMember") {
		asked = append(asked, c.Params.Get("user_id"))
	}
	slices.Sort(asked)
	if want := []string{"42", "77", "91", "92", "94"}; !slices.Equal(asked, want) {
		t.Errorf("getChatMember for users %v, want %v", asked, want)
	}
}

// TestAdminLookupFailing (issue 41): while getChatMember fails, the
// group's moves and commands that need no admin rights ask nothing; the
// first command that needs them asks twice at most, and its failure is
// kept (as "not an admin"), so the next one asks nothing. Before, every
// "/" command asked, retrying each failure up to MaxAttempts.
func TestAdminLookupFailing(t *testing.T) {
	srv := newServer(t)
	h := &recorder{}
	startBot(t, srv, fastConfig(srv), h)
	group := telegramtest.Group(520, "Failing")
	srv.SetMember(group.ID, ayse.ID, "creator")
	for range 100 {
		srv.Fail("getChatMember", telegramtest.Fault{Status: 500, Description: "Internal Server Error"})
	}
	texts := []struct {
		from telegramtest.User
		text string
	}{
		{bob, "/board"},
		{bob, "b2"},
		{bob, "/move e4"},
		{ayse, "/tournament start"},
		{ayse, "/tournament cancel"},
		{bob, "/history"},
	}
	for _, tc := range texts {
		if _, err := srv.SendText(group, tc.from, tc.text); err != nil {
			t.Fatal(err)
		}
	}
	got := h.waitText(t, "/history")
	if len(got) != len(texts) {
		t.Fatalf("routed %d messages, want %d", len(got), len(texts))
	}
	for _, m := range got {
		if m.Admin {
			t.Errorf("%q: admin with a failing lookup", m.Text)
		}
	}
	calls := srv.Calls("getChatMember")
	for _, c := range calls {
		if c.Params.Get("user_id") != strconv.FormatInt(ayse.ID, 10) {
			t.Errorf("getChatMember asked for user %s, whose texts need no admin rights", c.Params.Get("user_id"))
		}
	}
	if len(calls) < 1 || len(calls) > 2 {
		t.Errorf("%d getChatMember calls, want 1 or 2 (one lookup, its failure kept)", len(calls))
	}
}

// TestAdminLookupStalled (issue 41): a getChatMember that never answers
// holds the group for AdminTimeout at most: the admin command behind it
// is handled as a non-admin's, and the move and the next member's command
// after it are handled. Before, the lookup waited for the HTTP client's
// own timeout (a minute), then retried.
func TestAdminLookupStalled(t *testing.T) {
	srv := newServer(t)
	h := &recorder{}
	cfg := fastConfig(srv)
	cfg.AdminTimeout = 200 * time.Millisecond
	startBot(t, srv, cfg, h)
	stall := make(chan struct{})
	t.Cleanup(func() { close(stall) })
	group := telegramtest.Group(521, "Stalled")
	srv.SetMember(group.ID, ayse.ID, "creator")
	srv.Fail("getChatMember", telegramtest.Fault{Stall: stall, Status: 500, Description: "Internal Server Error"},
		telegramtest.Fault{Stall: stall, Status: 500, Description: "Internal Server Error"})
	for _, tc := range []struct {
		from telegramtest.User
		text string
	}{{ayse, "/tournament start"}, {bob, "b2"}, {anon, "/board"}} {
		if _, err := srv.SendText(group, tc.from, tc.text); err != nil {
			t.Fatal(err)
		}
	}
	got := h.waitText(t, "/board")
	if len(got) != 3 || got[0].Text != "/tournament start" || got[0].Admin || got[1].Text != "b2" {
		t.Fatalf("routed %+v", got)
	}
}

// TestSendFile: a reply's file goes as a document with the text as its
// caption; with a picture, the document follows the photo.
func TestSendFile(t *testing.T) {
	srv := newServer(t)
	board := testPNG(t, color.RGBA{20, 30, 200, 255})
	pgn := []byte("[Event \"oyunbot\"]\n\n1. e4 e5 *\n")
	h := &recorder{reply: func(m chat.Message) []chat.Reply {
		switch m.Text {
		case "/pgn":
			return []chat.Reply{{Text: "PGN of #g3", File: pgn, FileName: "oyunbot-g3.pgn", FileType: "application/x-chess-pgn"}}
		case "/both":
			return []chat.Reply{{Text: "chart and record", Caption: "chart", Image: board, ImageName: "c.png", File: pgn, FileName: "r.pgn"}}
		}
		return nil
	}}
	startBot(t, srv, fastConfig(srv), h)
	pc := telegramtest.Private(ayse)
	srv.SendText(pc, ayse, "/pgn")
	srv.SendText(pc, ayse, "/both")
	sent := waitSent(t, srv, pc.ID, 3)
	doc := sent[0]
	if doc.Method != "sendDocument" || doc.Text != "PGN of #g3" || doc.DocName != "oyunbot-g3.pgn" || !bytes.Equal(doc.Document, pgn) {
		t.Errorf("document: %s caption %q name %q data %q", doc.Method, doc.Text, doc.DocName, doc.Document)
	}
	if sent[1].Method != "sendPhoto" || sent[2].Method != "sendDocument" || sent[2].DocName != "r.pgn" || !bytes.Equal(sent[2].Document, pgn) {
		t.Errorf("photo and document: %s %s %q", sent[1].Method, sent[2].Method, sent[2].DocName)
	}
}

// TestWebhookAnsweredOnceHandled: a webhook update is answered 200 only
// once the handler is done with it, so that a process killed meanwhile
// leaves it for Telegram to deliver again.
func TestWebhookAnsweredOnceHandled(t *testing.T) {
	srv := newServer(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hook := "http://" + ln.Addr().String() + "/tg/hook"
	cfg := fastConfig(srv)
	cfg.WebhookURL, cfg.WebhookSecret, cfg.Listener = hook, "s3cret_Token-2", ln
	entered, release := make(chan struct{}), make(chan struct{})
	h := &recorder{reply: func(m chat.Message) []chat.Reply {
		close(entered)
		<-release
		return nil
	}}
	startBot(t, srv, cfg, h)
	if err := srv.Wait(patience, func() bool { u, _ := srv.Webhook(); return u != "" }); err != nil {
		t.Fatal("webhook not set")
	}
	update := `{"update_id":901,"message":{"message_id":6,"date":1,"chat":{"id":43,"type":"private"},"from":{"id":43,"is_bot":false,"first_name":"Ayse"},"text":"c3-c4"}}`
	req, _ := http.NewRequest(http.MethodPost, hook, strings.NewReader(update))
	req.Header.Set("X-Telegram-Bot-Api-Secret-Token", cfg.WebhookSecret)
	answered := make(chan int, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			answered <- 0
			return
		}
		resp.Body.Close()
		answered <- resp.StatusCode
	}()
	<-entered
	select {
	case code := <-answered:
		t.Fatalf("answered %d while the update was still being handled", code)
	default:
	}
	close(release)
	if code := <-answered; code != http.StatusOK {
		t.Fatalf("answered %d once handled", code)
	}
}
