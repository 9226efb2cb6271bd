package telegram_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/telegram"
	"oyunbot/chat/telegram/telegramtest"
)

// patience bounds every wait for the bot; it guards against hangs and says
// nothing about speed.
const patience = 20 * time.Second

// recorder is a chat.Handler that records messages and answers them with
// whatever reply returns.
type recorder struct {
	mu    sync.Mutex
	msgs  []chat.Message
	send  chat.Sender
	reply func(chat.Message) []chat.Reply
}

func (r *recorder) Handle(ctx context.Context, m chat.Message) {
	r.mu.Lock()
	r.msgs = append(r.msgs, m)
	send, reply := r.send, r.reply
	r.mu.Unlock()
	if reply == nil {
		return
	}
	for _, rep := range reply(m) {
		rep.Platform, rep.ChannelID, rep.Ref = m.Platform, m.ChannelID, m.Ref
		if err := send.Send(ctx, rep); err != nil {
			panic(err)
		}
	}
}

func (r *recorder) messages() []chat.Message {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]chat.Message(nil), r.msgs...)
}

// waitMessages waits until the handler has seen n messages.
func (r *recorder) waitMessages(t *testing.T, n int) []chat.Message {
	t.Helper()
	deadline := time.Now().Add(patience)
	for time.Now().Before(deadline) {
		if ms := r.messages(); len(ms) >= n {
			return ms
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("handler saw %d messages, want %d: %+v", len(r.messages()), n, r.messages())
	return nil
}

// waitText waits until the handler has seen a message reading text, and
// returns every message seen. Sent after the messages under test in the
// same chat, such a message is a barrier: the updates of a chat are
// handled in order, so a duplicate or a message that should have been
// ignored would be among those returned.
func (r *recorder) waitText(t *testing.T, text string) []chat.Message {
	t.Helper()
	deadline := time.Now().Add(patience)
	for time.Now().Before(deadline) {
		ms := r.messages()
		for _, m := range ms {
			if m.Text == text {
				return ms
			}
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatalf("handler never saw %q: %+v", text, r.messages())
	return nil
}

// fastConfig is a Config for tests: tiny paces and retry units so that the
// retry and pacing paths run without slowing the suite.
func fastConfig(srv *telegramtest.Server) telegram.Config {
	return telegram.Config{
		Token:          srv.Token(),
		APIEndpoint:    srv.Endpoint(),
		Logger:         slog.New(slog.NewTextHandler(io.Discard, nil)),
		PrivatePace:    telegram.Pace{Every: time.Millisecond, Burst: 1},
		GroupPace:      telegram.Pace{Every: 2 * time.Millisecond, Burst: 1},
		GlobalPace:     telegram.Pace{Every: time.Microsecond, Burst: 30},
		RetryAfterUnit: 20 * time.Millisecond,
		Backoff:        time.Millisecond,
		MaxBackoff:     10 * time.Millisecond,
		Commands:       telegram.DefaultCommands("tictactoe", "dama"),
	}
}

// startBot runs a bot against srv until the test ends.
func startBot(t *testing.T, srv *telegramtest.Server, cfg telegram.Config, h *recorder) *telegram.Bot {
	t.Helper()
	b, err := telegram.New(cfg, h)
	if err != nil {
		t.Fatal(err)
	}
	h.mu.Lock()
	h.send = b
	h.mu.Unlock()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("Run: %v", err)
			}
		case <-time.After(patience):
			t.Error("Run did not return after cancel")
		}
	})
	return b
}

func newServer(t *testing.T) *telegramtest.Server {
	srv := telegramtest.NewServer(telegramtest.Config{})
	t.Cleanup(srv.Close)
	return srv
}

// waitSent waits until the bot has sent n messages to a chat.
func waitSent(t *testing.T, srv *telegramtest.Server, chatID int64, n int) []telegramtest.Sent {
	t.Helper()
	if err := srv.Wait(patience, func() bool { return len(srv.Sent(chatID)) >= n }); err != nil {
		t.Fatalf("chat %d got %d messages, want %d: %+v", chatID, len(srv.Sent(chatID)), n, srv.Sent(chatID))
	}
	return srv.Sent(chatID)
}

// testPNG is a small real PNG.
func testPNG(t testing.TB, c color.Color) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 12, 8))
	for y := range 8 {
		for x := range 12 {
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

var (
	ayse = telegramtest.User{ID: 42, FirstName: "Ayşe", LastName: "Yılmaz", UserName: "ayse_y", LanguageCode: "tr"}
	bob  = telegramtest.User{ID: 77, FirstName: "Bob", UserName: "bob_the_user", LanguageCode: "en"}
	anon = telegramtest.User{ID: 88, FirstName: "Zeynep"} // no username
)
