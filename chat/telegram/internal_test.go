package telegram

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"

	"oyunbot/chat"
	"oyunbot/chat/internal/lanes"
)

func TestGroupPaceIsAboutTwentyAMinute(t *testing.T) {
	b := lanes.NewBucket(lanes.Pace(Pace{groupEvery, chatBurst}))
	t0 := time.Unix(0, 0)
	n := 0
	for b.Reserve(t0) < time.Minute { // a flood of replies arriving at once
		n++
	}
	if n < 20 || n > 23 {
		t.Errorf("%d group messages in the first minute, want about 20", n)
	}
}

func TestAddressed(t *testing.T) {
	tests := []struct {
		in   string
		want string
		ok   bool
	}{
		{"/play tictactoe", "/play tictactoe", true},
		{"/play@oyun_bot tictactoe", "/play tictactoe", true},
		{"/play@Oyun_Bot", "/play", true},
		{"/play@other_bot tictactoe", "", false},
		{"/play@ x", "", false},
		{"  /move   b2 ", "/move   b2", true},
		{"/start", "/start", true},
		{"/start@oyun_bot dama", "/start dama", true},
		{"/", "", false},
		{"@oyun_bot play dama", "play dama", true},
		{"@oyun_bot, hint", "hint", true},
		{"@oyun_bot", "", false},
		{"@oyun_botx play", "@oyun_botx play", true},
		{"@someone hi", "@someone hi", true},
		{"b2", "b2", true},
		{"   ", "", false},
		{"/challenge @ali dama", "/challenge @ali dama", true},
		{"/move\nb2", "/move\nb2", true},
	}
	for _, tc := range tests {
		got, ok := addressed(tc.in, "oyun_bot")
		if got != tc.want || ok != tc.ok {
			t.Errorf("addressed(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func FuzzAddressed(f *testing.F) {
	for _, s := range []string{"/play@oyun_bot x", "/play@other y", "@oyun_bot hint", "b2", "/", "@", "/start"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out, ok := addressed(in, "oyun_bot")
		if !ok {
			if out != "" {
				t.Fatalf("ignored %q but returned %q", in, out)
			}
			return
		}
		if strings.TrimSpace(out) == "" {
			t.Fatalf("routed an empty text for %q", in)
		}
		if first, _, _ := strings.Cut(out, " "); strings.HasPrefix(out, "/") && strings.Contains(first, "@") && !strings.ContainsAny(first, "\t\n\r\v\f") {
			t.Fatalf("command still addressed: %q → %q", in, out)
		}
	})
}

func TestCut(t *testing.T) {
	tests := []struct {
		in, head, tail string
		limit          int
	}{
		{"short", "short", "", 10},
		{"hello world again", "hello world", "again", 12},
		{"line one\nline two", "line one", "line two", 12},
		{"abcdefghij", "abcde", "fghij", 5},
		{"çğüşöı and more", "çğüşöı", "and more", 8},
		{"😀😀😀", "😀", "😀😀", 3}, // an emoji is two UTF-16 units
	}
	for _, tc := range tests {
		head, tail := cut(tc.in, tc.limit)
		if head != tc.head || tail != tc.tail {
			t.Errorf("cut(%q, %d) = %q, %q; want %q, %q", tc.in, tc.limit, head, tail, tc.head, tc.tail)
		}
	}
}

func FuzzCut(f *testing.F) {
	f.Add("hello world", 5)
	f.Add("a\nb\nc", 2)
	f.Add("😀x😀", 3)
	f.Fuzz(func(t *testing.T, s string, limit int) {
		if limit < 2 || limit > 5000 || !utf8.ValidString(s) {
			return
		}
		rest := s
		var chunks []string
		for i := 0; rest != ""; i++ {
			var head string
			before := len(rest)
			head, rest = cut(rest, limit)
			if utf16Len(head) > limit {
				t.Fatalf("chunk of %d units over the limit %d", utf16Len(head), limit)
			}
			if len(rest) >= before {
				t.Fatalf("no progress on %q", rest)
			}
			if i > len(s)+1 {
				t.Fatal("does not terminate")
			}
			chunks = append(chunks, head)
		}
		strip := func(s string) string { return strings.Join(strings.Fields(s), "") }
		if strip(strings.Join(chunks, "")) != strip(s) {
			t.Fatalf("text changed by splitting: %q → %q", s, chunks)
		}
	})
}

func TestPlan(t *testing.T) {
	png := []byte("png")
	long := strings.Repeat("word ", 1200) // 6000 bytes
	btn := [][]chat.Button{{{Label: "b2", Data: "move b2"}}}
	tests := []struct {
		name  string
		r     chat.Reply
		quote bool
		kinds []opKind
		kbAt  int // index of the op carrying the keyboard, -1 none
		check func(t *testing.T, ops []op)
		errIs error
	}{
		{name: "text", r: chat.Reply{Text: "hi", Ref: "7"}, kinds: []opKind{opText}, kbAt: -1,
			check: func(t *testing.T, ops []op) {
				if ops[0].replyTo != 0 {
					t.Error("private replies should not quote")
				}
			}},
		{name: "group text quotes", r: chat.Reply{Text: "hi", Ref: "7"}, quote: true, kinds: []opKind{opText}, kbAt: -1,
			check: func(t *testing.T, ops []op) {
				if ops[0].replyTo != 7 {
					t.Errorf("replyTo %d, want 7", ops[0].replyTo)
				}
			}},
		{name: "caption extended by text", r: chat.Reply{Text: "#g1 X to move\nDraw offered", Caption: "#g1 X to move", Image: png},
			kinds: []opKind{opPhoto}, kbAt: -1,
			check: func(t *testing.T, ops []op) {
				if ops[0].text != "#g1 X to move\nDraw offered" {
					t.Errorf("caption %q", ops[0].text)
				}
			}},
		{name: "text around the caption", r: chat.Reply{Text: "Round 1 has begun\nRound 1 of 3\n1. A – B\nPlay with move #g1 b2", Caption: "Round 1 of 3", Image: png},
			kinds: []opKind{opPhoto}, kbAt: -1,
			check: func(t *testing.T, ops []op) {
				if !strings.HasPrefix(ops[0].text, "Round 1 has begun") || !strings.HasSuffix(ops[0].text, "move #g1 b2") {
					t.Errorf("caption %q, want the whole text", ops[0].text)
				}
			}},
		{name: "photo with caption", r: chat.Reply{Text: "long text", Caption: "X to move", Image: png, Buttons: btn},
			kinds: []opKind{opPhoto}, kbAt: 0,
			check: func(t *testing.T, ops []op) {
				if ops[0].text != "X to move" || ops[0].name != "board.png" {
					t.Errorf("caption %q name %q", ops[0].text, ops[0].name)
				}
			}},
		{name: "photo takes text as caption", r: chat.Reply{Text: "Your move", Image: png}, kinds: []opKind{opPhoto}, kbAt: -1,
			check: func(t *testing.T, ops []op) {
				if ops[0].text != "Your move" {
					t.Errorf("caption %q", ops[0].text)
				}
			}},
		{name: "long text under a photo follows", r: chat.Reply{Text: long, Image: png, Buttons: btn},
			kinds: []opKind{opPhoto, opText, opText}, kbAt: 0},
		{name: "long text split, keyboard last", r: chat.Reply{Text: long, Buttons: btn}, quote: true, kinds: []opKind{opText, opText}, kbAt: 1,
			check: func(t *testing.T, ops []op) {
				if ops[1].replyTo != 0 {
					t.Error("only the first part should quote")
				}
			}},
		{name: "long caption truncated", r: chat.Reply{Caption: long, Image: png}, kinds: []opKind{opPhoto}, kbAt: -1,
			check: func(t *testing.T, ops []op) {
				if n := utf16Len(ops[0].text); n > maxCaption || !strings.HasSuffix(ops[0].text, "…") {
					t.Errorf("caption of %d units", n)
				}
			}},
		{name: "notice", r: chat.Reply{Text: "thinking…", Notice: true}, kinds: []opKind{opTyping}, kbAt: -1},
		{name: "empty", r: chat.Reply{Text: "  "}, errIs: ErrEmptyReply},
		{name: "button data too long", r: chat.Reply{Text: "x", Buttons: [][]chat.Button{{{Label: "a", Data: strings.Repeat("d", 65)}}}}, errIs: ErrButtonData},
		{name: "button data empty", r: chat.Reply{Text: "x", Buttons: [][]chat.Button{{{Label: "a"}}}}, errIs: ErrButtonData},
		{name: "button label empty", r: chat.Reply{Text: "x", Buttons: [][]chat.Button{{{Data: "a"}}}}, errIs: ErrKeyboard},
		{name: "row too wide", r: chat.Reply{Text: "x", Buttons: [][]chat.Button{make([]chat.Button, 9)}}, errIs: ErrKeyboard},
		{name: "64-byte data fits", r: chat.Reply{Text: "x", Buttons: [][]chat.Button{{{Label: "a", Data: strings.Repeat("d", 64)}}}},
			kinds: []opKind{opText}, kbAt: 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ops, err := plan(tc.r, tc.quote)
			if tc.errIs != nil {
				if !errors.Is(err, tc.errIs) {
					t.Fatalf("err %v, want %v", err, tc.errIs)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(ops) != len(tc.kinds) {
				t.Fatalf("%d ops, want %d", len(ops), len(tc.kinds))
			}
			for i, o := range ops {
				if o.kind != tc.kinds[i] {
					t.Errorf("op %d kind %v, want %v", i, o.kind, tc.kinds[i])
				}
				if (o.keyboard != nil) != (i == tc.kbAt) {
					t.Errorf("op %d keyboard %v", i, o.keyboard != nil)
				}
				limit := maxText
				if o.kind == opPhoto {
					limit = maxCaption
				}
				if utf16Len(o.text) > limit {
					t.Errorf("op %d text of %d units", i, utf16Len(o.text))
				}
			}
			if tc.check != nil {
				tc.check(t, ops)
			}
		})
	}
}

func TestClassify(t *testing.T) {
	unit := 100 * time.Millisecond
	tests := []struct {
		name  string
		err   error
		retry bool
		wait  time.Duration
		mig   int64
	}{
		{"429 with retry_after", &tgbotapi.Error{Code: 429, Message: "Too Many Requests: retry after 3", ResponseParameters: tgbotapi.ResponseParameters{RetryAfter: 3}}, true, 3 * unit, 0},
		{"upload 429 leaves Code 0", &tgbotapi.Error{Message: "Too Many Requests: retry after 1", ResponseParameters: tgbotapi.ResponseParameters{RetryAfter: 1}}, true, unit, 0},
		{"upload 429 without parameters", &tgbotapi.Error{Message: "Too Many Requests: retry after 1"}, true, 0, 0},
		{"500", &tgbotapi.Error{Code: 500, Message: "Internal Server Error"}, true, 0, 0},
		{"upload 502", &tgbotapi.Error{Message: "Bad Gateway"}, true, 0, 0},
		{"400", &tgbotapi.Error{Code: 400, Message: "Bad Request: chat not found"}, false, 0, 0},
		{"upload 400", &tgbotapi.Error{Message: "Bad Request: IMAGE_PROCESS_FAILED"}, false, 0, 0},
		{"403 blocked", &tgbotapi.Error{Code: 403, Message: "Forbidden: bot was blocked by the user"}, false, 0, 0},
		{"migrated", &tgbotapi.Error{Code: 400, Message: "Bad Request: group chat was upgraded to a supergroup chat", ResponseParameters: tgbotapi.ResponseParameters{MigrateToChatID: -1001}}, true, 0, -1001},
		{"network", &url.Error{Op: "Post", URL: "x", Err: errors.New("connection refused")}, true, 0, 0},
		{"html body", errors.New("invalid character '<' looking for beginning of value"), true, 0, 0},
	}
	for _, tc := range tests {
		v := classify(tc.err, unit)
		if v.retry != tc.retry || v.wait != tc.wait || v.migrateTo != tc.mig {
			t.Errorf("%s: %+v, want retry %v wait %v migrate %d", tc.name, v, tc.retry, tc.wait, tc.mig)
		}
	}
}

func TestMentions(t *testing.T) {
	known := map[string]chat.User{"bob_the_user": {ID: "7", Name: "Bob"}}
	lookup := func(n string) (chat.User, bool) { u, ok := known[strings.ToLower(n)]; return u, ok }
	text := "/challenge 😀 @Bob_The_User @nobody_here dama"
	ents := []tgbotapi.MessageEntity{
		{Type: "bot_command", Offset: 0, Length: 10},
		{Type: "mention", Offset: 14, Length: 13}, // after a 2-unit emoji
		{Type: "mention", Offset: 28, Length: 12},
		{Type: "text_mention", Offset: 41, Length: 4, User: &tgbotapi.User{ID: 9, FirstName: "Zeynep"}},
		{Type: "mention", Offset: 14, Length: 13}, // duplicate
		{Type: "mention", Offset: 100, Length: 5}, // out of range
	}
	got := mentions(text, ents, lookup)
	want := []chat.User{{ID: "7", Name: "Bob"}, {ID: "9", Name: "Zeynep"}}
	if len(got) != len(want) {
		t.Fatalf("mentions %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("mention %d = %v, want %v", i, got[i], want[i])
		}
	}
}

// FuzzUpdate feeds arbitrary update JSON (as a webhook may receive) through
// the conversion: it never panics, and what it routes is well formed.
func FuzzUpdate(f *testing.F) {
	f.Add(`{"update_id":1,"message":{"message_id":1,"date":1,"chat":{"id":42,"type":"private"},"from":{"id":42,"is_bot":false,"first_name":"A","language_code":"tr"},"text":"/play@oyun_bot dama"}}`)
	f.Add(`{"update_id":2,"message":{"message_id":3,"date":1,"chat":{"id":-5,"type":"supergroup"},"from":{"id":7,"is_bot":false,"first_name":"B"},"text":"/challenge @bob dama","entities":[{"type":"mention","offset":11,"length":4}],"reply_to_message":{"message_id":2,"date":1,"chat":{"id":-5,"type":"supergroup"},"from":{"id":8,"is_bot":false,"first_name":"C"}}}}`)
	f.Add(`{"update_id":3,"callback_query":{"id":"q","from":{"id":7,"is_bot":false,"first_name":"B"},"message":{"message_id":9,"date":1,"chat":{"id":-5,"type":"group"}},"chat_instance":"x","data":"move b2"}}`)
	f.Add(`{"update_id":4,"message":{"message_id":1,"date":1,"chat":{"id":1,"type":"private"},"text":"x","entities":[{"type":"text_mention","offset":0,"length":1}]}}`)
	self := tgbotapi.User{ID: 1000, IsBot: true, FirstName: "Oyun", UserName: "oyun_bot"}
	lookup := func(n string) (chat.User, bool) { return chat.User{ID: "7", Name: n}, n == "bob" }
	f.Fuzz(func(t *testing.T, body string) {
		var u tgbotapi.Update
		if json.Unmarshal([]byte(body), &u) != nil {
			return
		}
		check := func(m chat.Message) {
			if m.Platform != Platform || strings.TrimSpace(m.Text) == "" || m.UserID == "" {
				t.Fatalf("malformed message %+v", m)
			}
			if _, err := strconv.ParseInt(m.ChannelID, 10, 64); err != nil {
				t.Fatalf("channel %q", m.ChannelID)
			}
			for _, u := range m.Mentions {
				if u.ID == "" {
					t.Fatalf("unresolved mention %+v", u)
				}
			}
		}
		if u.Message != nil {
			if m, ok := textMessage(self, u.Message, lookup); ok {
				check(m)
			}
		}
		if u.CallbackQuery != nil {
			if m, ok := callbackMessage(u.CallbackQuery); ok {
				check(m)
			}
		}
	})
}

// TestKeyboardLink: a link to a public address is Telegram's URL button;
// one Telegram would refuse (localhost) goes into the text instead.
func TestKeyboardLink(t *testing.T) {
	kb, err := keyboard([][]chat.Button{{{Label: "Hint", Data: "hint"}, {Label: "👁 İzle", URL: "https://oyun.example.org/g/x"}}})
	if err != nil {
		t.Fatal(err)
	}
	link := kb.InlineKeyboard[0][1]
	if link.URL == nil || *link.URL != "https://oyun.example.org/g/x" || link.CallbackData != nil {
		t.Errorf("the link: %+v", link)
	}
	ops, err := plan(chat.Reply{Text: "Sıra sende.", Buttons: [][]chat.Button{{{Label: "👁 İzle", URL: "http://localhost:8080/g/x"}}}}, false)
	if err != nil || len(ops) == 0 {
		t.Fatalf("plan: %v %v", ops, err)
	}
	if s := fmt.Sprintf("%+v", ops); !strings.Contains(s, "👁 İzle: http://localhost:8080/g/x") {
		t.Errorf("the local link is not in the text: %s", s)
	}
}
