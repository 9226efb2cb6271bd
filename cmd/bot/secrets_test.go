package main

// secrets_test.go runs the built bot configured with secrets against fake
// servers that fail, and greps everything the process printed for them.

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"oyunbot/chat/discord/fakediscord"
	"oyunbot/chat/telegram/telegramtest"
)

// processOutput is everything a process printed, stdout and stderr
// together; a test can wait for lines in it.
type processOutput struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	changed chan struct{}
}

func newProcessOutput() *processOutput { return &processOutput{changed: make(chan struct{})} }

func (o *processOutput) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	close(o.changed)
	o.changed = make(chan struct{})
	return o.buf.Write(p)
}

func (o *processOutput) String() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.buf.String()
}

// line returns the first complete line that contains all of subs.
func (o *processOutput) line(subs ...string) (string, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	for l := range strings.Lines(o.buf.String()) {
		if !strings.HasSuffix(l, "\n") {
			break
		}
		all := true
		for _, s := range subs {
			all = all && strings.Contains(l, s)
		}
		if all {
			return l, true
		}
	}
	return "", false
}

// waitLine waits for a line that contains all of subs and returns it.
func (o *processOutput) waitLine(t *testing.T, subs ...string) string {
	t.Helper()
	deadline := time.NewTimer(platformPatience)
	defer deadline.Stop()
	for {
		o.mu.Lock()
		ch := o.changed
		o.mu.Unlock()
		if l, ok := o.line(subs...); ok {
			return l
		}
		select {
		case <-ch:
		case <-deadline.C:
			t.Fatalf("no line with %q in the output:\n%s", subs, o.String())
		}
	}
}

// TestFailingRunLeaksNoSecret runs the bot binary configured with both
// tokens, a webhook secret and a database URL with a password, against
// servers that fail in the ways that once printed secrets: a dropped
// connection (the library's error quotes the request URL, token included),
// proxies whose error answers echo the request (the token in the path, the
// webhook's secret_token in the form), a gateway URL with the token in it
// that discordgo prints through the standard log package when it cannot
// connect, and a database that cannot be opened. None of the secrets may
// appear in anything the process printed; each failure must have been
// logged, where the secret was, so that the test cannot pass by silence.
func TestFailingRunLeaksNoSecret(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the bot")
	}
	const (
		tgToken    = "7654321:AAE-tgSecret_abcdefghijklmnopq"
		dcToken    = "MTIzNDU2.dcSecret.abcdefghijklmnopq"
		hookSecret = "whSecret_0123456789"
		dbPassword = "dbSecret-0123"
	)
	leaked := func(out string) []string {
		var found []string
		for _, s := range []string{"tgSecret", "dcSecret", hookSecret, dbPassword} {
			if strings.Contains(out, s) {
				found = append(found, s)
			}
		}
		return found
	}
	bin := botBinary(t)
	// start runs the bot in its own folder with env added to the secrets.
	start := func(t *testing.T, env ...string) (*processOutput, chan error) {
		cmd := exec.Command(bin, "-env", "")
		cmd.Dir = t.TempDir()
		cmd.Env = append(os.Environ(), "OYUNBOT_LOG_LEVEL=debug", "OYUNBOT_LANG=en",
			"TELEGRAM_TOKEN="+tgToken, "TELEGRAM_WEBHOOK_SECRET="+hookSecret, "DISCORD_TOKEN="+dcToken)
		cmd.Env = append(cmd.Env, env...)
		out := newProcessOutput()
		cmd.Stdout, cmd.Stderr = out, out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		t.Cleanup(func() {
			cmd.Process.Kill()
			if t.Failed() {
				t.Logf("the bot printed:\n%s", out.String())
			}
		})
		return out, exited
	}
	// failed waits for the bot to exit on its own, with an error.
	failed := func(t *testing.T, exited chan error) {
		t.Helper()
		select {
		case err := <-exited:
			var ee *exec.ExitError
			if !errors.As(err, &ee) {
				t.Errorf("the bot exited with %v, want a failure", err)
			}
		case <-time.After(platformPatience):
			t.Fatal("the bot did not stop after its failures")
		}
	}
	// redacted checks that a line was logged with the secret taken out.
	redacted := func(t *testing.T, line string) {
		t.Helper()
		if !strings.Contains(line, "[REDACTED]") {
			t.Errorf("no redaction in %q", line)
		}
	}

	t.Run("platforms", func(t *testing.T) {
		// Cleanups run last in, first out: the bot is killed (start's
		// cleanup) before the fake servers close.
		tg := telegramtest.NewServer(telegramtest.Config{Token: tgToken})
		t.Cleanup(tg.Close)
		tg.Fail("setMyCommands", telegramtest.Fault{Status: http.StatusUnauthorized, Description: "Unauthorized", Echo: true})
		tg.Fail("setWebhook", telegramtest.Fault{Hangup: true})
		for range 7 {
			tg.Fail("setWebhook", telegramtest.Fault{Status: http.StatusInternalServerError, Description: "Internal Server Error", Echo: true})
		}

		// Discord's gateway discovery waits until Telegram's failures are
		// logged: the first platform to stop stops the other. The gateway
		// URL it then gets carries the token, as a misconfigured proxy's
		// might, and leads nowhere.
		release := make(chan struct{})
		var once sync.Once
		releaseDiscord := func() { once.Do(func() { close(release) }) }
		dc := fakediscord.New(t, fakediscord.Options{Token: dcToken,
			Intercept: func(w http.ResponseWriter, r *http.Request, path string) bool {
				if path != "gateway" && path != "gateway/bot" {
					return false
				}
				select {
				case <-release:
				case <-r.Context().Done():
					return true
				}
				// Nothing serves /nowhere: the websocket handshake fails.
				w.Header().Set("Content-Type", "application/json")
				json.NewEncoder(w).Encode(map[string]any{"url": "ws://" + r.Host + "/nowhere?token=" + dcToken})
				return true
			}})
		t.Cleanup(releaseDiscord) // before dc's own cleanup closes it

		out, exited := start(t,
			"OYUNBOT_DB="+filepath.Join(t.TempDir(), "bot.db"),
			"TELEGRAM_API_ENDPOINT="+tg.Endpoint(), "TELEGRAM_WEBHOOK_URL=https://bot.example.invalid/telegram",
			"TELEGRAM_LISTEN=127.0.0.1:0", "DISCORD_API_BASE="+dc.URL())
		redacted(t, out.waitLine(t, "could not set the command menu", "Unauthorized"))
		redacted(t, out.waitLine(t, "call=setWebhook", "attempt=1", "EOF"))
		redacted(t, out.waitLine(t, "call=setWebhook", "attempt=2", "secret_token="))
		releaseDiscord()
		redacted(t, out.waitLine(t, "error connecting to gateway"))
		out.waitLine(t, "platform stopped", "discord")
		failed(t, exited)
		if l := leaked(out.String()); len(l) > 0 {
			t.Errorf("the output shows %q", l)
		}
	})

	t.Run("database", func(t *testing.T) {
		// Nothing listens at the platforms' addresses, should the bot get
		// as far as them.
		out, exited := start(t, "OYUNBOT_DB=postgres://oyun:"+dbPassword+"@127.0.0.1:1/oyun",
			"TELEGRAM_API_ENDPOINT=http://127.0.0.1:1/bot%s/%s", "DISCORD_API_BASE=http://127.0.0.1:1/api/v9/")
		failed(t, exited)
		redacted(t, out.waitLine(t, "OYUNBOT_DB", "postgres://oyun:"))
		if l := leaked(out.String()); len(l) > 0 {
			t.Errorf("the output shows %q", l)
		}
	})
}
