package discord

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/discord/fakediscord"
	"oyunbot/chat/internal/retry"
)

// wait is the longest any single expected event may take in these tests;
// it only bounds a failure, it asserts no speed.
const wait = 10 * time.Second

// Fixed people and places.
var (
	guild   = fakediscord.Guild{ID: "500000000000000000", Name: "Kahvehane", OwnerID: "7", PreferredLocale: "tr", Channels: []string{"600"}}
	general = fakediscord.Channel{ID: "600", GuildID: guild.ID}
	dm      = fakediscord.Channel{ID: "700"}
	ayse    = fakediscord.User{ID: "7", Name: "ayse", GlobalName: "Ayşe"}
	mehmet  = fakediscord.User{ID: "8", Name: "mehmet", Nick: "Memo"}
)

// testLog is a slog handler writing to t.Log until the test ends (the
// library's goroutines may outlive a test by a moment).
type testLog struct {
	mu   sync.Mutex
	t    testing.TB
	done bool
}

func (l *testLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.done {
		l.t.Log(strings.TrimRight(string(p), "\n"))
	}
	return len(p), nil
}

func newTestLogger(t testing.TB) *slog.Logger {
	l := &testLog{t: t}
	t.Cleanup(func() {
		l.mu.Lock()
		l.done = true
		l.mu.Unlock()
	})
	return slog.New(slog.NewTextHandler(l, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// recorder is a chat.Handler that records messages; each message is also
// offered to react, if set, before Handle returns.
type recorder struct {
	mu    sync.Mutex
	msgs  []chat.Message
	ch    chan chat.Message
	react func(ctx context.Context, m chat.Message)
}

func newRecorder() *recorder { return &recorder{ch: make(chan chat.Message, 100)} }

func (r *recorder) Handle(ctx context.Context, m chat.Message) {
	if r.react != nil {
		r.react(ctx, m)
	}
	r.mu.Lock()
	r.msgs = append(r.msgs, m)
	r.mu.Unlock()
	r.ch <- m
}

// next returns the next handled message.
func (r *recorder) next(t testing.TB) chat.Message {
	t.Helper()
	select {
	case m := <-r.ch:
		return m
	case <-time.After(wait):
		t.Fatal("no message handled")
		return chat.Message{}
	}
}

// none checks that nothing more is handled from the channels: a barrier
// message (prefix + "barrier") is sent in each, and the next messages
// handled must be the barriers. Events reach the bot in order
// (SyncEvents) and each channel is handled in order, so a message still
// to come from a channel would be handled before its barrier.
func (r *recorder) none(t testing.TB, srv *fakediscord.Server, prefix string, channels ...fakediscord.Channel) {
	t.Helper()
	for _, ch := range channels {
		srv.SendMessage(ch, ayse, prefix+"barrier")
	}
	for range channels {
		if m := r.next(t); m.Text != "barrier" {
			t.Fatalf("unexpected message handled: %+v", m)
		}
	}
}

// fastRetry keeps retry tests quick.
func fastRetry() retryPolicy {
	return retryPolicy{retry.Policy{Attempts: 4, Base: 5 * time.Millisecond, Max: 20 * time.Millisecond}}
}

// testGames and testSides are the slash commands' choices of games and
// sides, as the program builds them from its registry.
func testGames() []Choice {
	return []Choice{{"tictactoe", "Tic-tac-toe", "XOX"}, {"dama", "Dama", "Dama"}}
}

func testSides() []Choice {
	return []Choice{{"white", "white", "beyaz"}, {"black", "black", "siyah"}, {"x", "X", ""}, {"o", "O", ""}}
}

// testOffers are the choices of a bot made with testGames and testSides.
func testOffers() offers {
	return offers{games: choices(testGames()), duel: choices(testGames()), sides: choices(testSides())}
}

// startBot runs a bot against srv until the test ends and waits until it is
// connected and its commands are registered (shard 0). Each option is a
// func(*Config), applied before New, or a func(*Bot), applied before Run.
func startBot(t *testing.T, srv *fakediscord.Server, h chat.Handler, opts ...any) *Bot {
	t.Helper()
	cfg := Config{Token: srv.Token(), APIBase: srv.URL(), Logger: newTestLogger(t), Games: testGames(), Sides: testSides()}
	for _, o := range opts {
		if f, ok := o.(func(*Config)); ok {
			f(&cfg)
		}
	}
	b, err := New(cfg, h)
	if err != nil {
		t.Fatal(err)
	}
	b.retry = fastRetry()
	for _, o := range opts {
		if f, ok := o.(func(*Bot)); ok {
			f(b)
		}
	}
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
		case <-time.After(wait):
			t.Errorf("Run did not return after cancel")
		}
	})
	srv.WaitT(t, wait, "READY", func(v *fakediscord.View) bool {
		return v.Ready() >= 1 && (cfg.ShardID != 0 || v.CommandPuts() >= 1)
	})
	return b
}

// newServer is a fake Discord with our guild.
func newServer(t *testing.T) *fakediscord.Server {
	return fakediscord.New(t, fakediscord.Options{Guilds: []fakediscord.Guild{guild}})
}

// testPNG is a small board-like PNG.
func testPNG(t testing.TB, c color.Color) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 24, 24))
	for y := 0; y < 24; y++ {
		for x := 0; x < 24; x++ {
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// decodePNG decodes an attachment as a user's client would.
func decodePNG(t testing.TB, f fakediscord.File) image.Image {
	t.Helper()
	if f.ContentType != "image/png" {
		t.Errorf("attachment %s has content type %q", f.Name, f.ContentType)
	}
	img, err := png.Decode(bytes.NewReader(f.Data))
	if err != nil {
		t.Fatalf("attachment %s is not a PNG: %v", f.Name, err)
	}
	return img
}
