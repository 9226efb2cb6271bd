package telegram_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/telegram"
	"oyunbot/chat/telegram/telegramtest"
)

// secretToken is a token in Telegram's form; its secret half is what must
// never show.
const secretToken = "987654321:AAF-secret_Part0123456789abcdef"

// logSink collects log output and lets a test wait for a line.
type logSink struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	changed chan struct{}
}

func newLogSink() *logSink { return &logSink{changed: make(chan struct{})} }

func (l *logSink) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	close(l.changed)
	l.changed = make(chan struct{})
	return l.buf.Write(p)
}

func (l *logSink) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// waitFor waits until the output holds n lines containing each of subs.
func (l *logSink) waitFor(t *testing.T, n int, subs ...string) {
	t.Helper()
	deadline := time.NewTimer(patience)
	defer deadline.Stop()
	for {
		l.mu.Lock()
		count := 0
		for line := range strings.Lines(l.buf.String()) {
			all := true
			for _, s := range subs {
				all = all && strings.Contains(line, s)
			}
			if all {
				count++
			}
		}
		ch := l.changed
		l.mu.Unlock()
		if count >= n {
			return
		}
		select {
		case <-ch:
		case <-deadline.C:
			t.Fatalf("waited for %d log lines with %q; the log:\n%s", n, subs, l.String())
		}
	}
}

// assertNoToken fails when s holds the token or its secret half.
func assertNoToken(t *testing.T, what, s string) {
	t.Helper()
	_, secret, _ := strings.Cut(secretToken, ":")
	if strings.Contains(s, secret) {
		t.Errorf("%s shows the token:\n%s", what, s)
	}
}

// TestTokenNotInErrorsOrLogs: the Bot API puts the token in every request
// URL and net/http quotes the URL in its errors, so a server that hangs up
// (EOF) or cannot be reached once leaked the token into logs
// ("getUpdates failed err=\"Post \\\".../bot123:SECRET/getUpdates\\\": EOF\"")
// and into the errors New and Run return. Neither may show it now.
func TestTokenNotInErrorsOrLogs(t *testing.T) {
	t.Parallel()
	newSrv := func(t *testing.T) *telegramtest.Server {
		srv := telegramtest.NewServer(telegramtest.Config{Token: secretToken})
		t.Cleanup(srv.Close)
		return srv
	}
	config := func(srv *telegramtest.Server, sink *logSink) telegram.Config {
		cfg := fastConfig(srv)
		cfg.Logger = slog.New(slog.NewTextHandler(sink, &slog.HandlerOptions{Level: slog.LevelDebug}))
		cfg.MaxAttempts = 2
		return cfg
	}
	hangup := func(n int) []telegramtest.Fault {
		fs := make([]telegramtest.Fault, n)
		for i := range fs {
			fs[i].Hangup = true
		}
		return fs
	}

	t.Run("New", func(t *testing.T) {
		t.Parallel()
		srv := newSrv(t)
		cfg := config(srv, newLogSink())
		srv.Close() // getMe cannot connect
		_, err := telegram.New(cfg, &recorder{})
		if err == nil {
			t.Fatal("New succeeded without a server")
		}
		assertNoToken(t, "New's error", err.Error())
		if !strings.Contains(err.Error(), "[REDACTED]") {
			t.Errorf("New's error %q does not show where the token was", err)
		}
	})

	t.Run("Run", func(t *testing.T) {
		t.Parallel()
		srv := newSrv(t)
		srv.Fail("deleteWebhook", hangup(2)...)
		b, err := telegram.New(config(srv, newLogSink()), &recorder{})
		if err != nil {
			t.Fatal(err)
		}
		err = b.Run(context.Background())
		if err == nil {
			t.Fatal("Run succeeded although deleteWebhook always failed")
		}
		assertNoToken(t, "Run's error", err.Error())
		if !strings.Contains(err.Error(), "EOF") {
			t.Errorf("Run's error %q lost its cause", err)
		}
	})

	t.Run("logs", func(t *testing.T) {
		t.Parallel()
		srv := newSrv(t)
		sink := newLogSink()
		srv.Fail("setMyCommands", hangup(2)...)
		srv.Fail("getUpdates", hangup(3)...)
		srv.Fail("sendMessage", hangup(2)...)
		b := startBot(t, srv, config(srv, sink), &recorder{})
		sink.waitFor(t, 1, "could not set the command menu", "EOF")
		sink.waitFor(t, 3, "getUpdates failed", "EOF")
		// Whether Send waits for delivery or only queues the reply, its
		// error and the log must not show the token either.
		if err := b.Send(context.Background(), chat.Reply{ChannelID: "42", Text: "hello"}); err != nil {
			assertNoToken(t, "Send's error", err.Error())
		}
		sink.waitFor(t, 1, "reply not delivered", "EOF")
		assertNoToken(t, "the log", sink.String())
		if !strings.Contains(sink.String(), "[REDACTED]") {
			t.Errorf("the log does not show where the token was:\n%s", sink.String())
		}
	})
}
