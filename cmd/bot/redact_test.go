package main

import (
	"bytes"
	"errors"
	"fmt"
	"log"
	"log/slog"
	"net/url"
	"slices"
	"strings"
	"testing"
)

// testSecrets are a configuration's secrets, each in a form that a URL or
// a quoting log handler would change.
var testSecrets = config{
	TelegramToken:         "123456:AA-tg/Secret+1",
	DiscordToken:          "Bot dc.Secret\"2",
	TelegramWebhookSecret: "hook_Secret-3",
	DB:                    "postgres://oyun:db%40Secret4@db.example:5432/oyun?sslmode=require",
	TelegramAPIEndpoint:   "http://proxy:px-Secret5@127.0.0.1:8081/bot%s/%s",
}

// leaks lists the secrets (in any form) that s shows.
func leaks(s string) []string {
	var out []string
	for _, sec := range []string{"tg/Secret+1", "tg%2FSecret", "dc.Secret", "hook_Secret-3", "db%40Secret4", "db@Secret4", "px-Secret5"} {
		if strings.Contains(s, sec) {
			out = append(out, sec)
		}
	}
	return out
}

func TestConfigSecrets(t *testing.T) {
	got := testSecrets.secrets()
	for _, want := range []string{"123456:AA-tg/Secret+1", "AA-tg/Secret+1", "123456:AA-tg%2FSecret+1", "123456%3AAA-tg%2FSecret%2B1",
		`dc.Secret"2`, "hook_Secret-3", "db%40Secret4", "db@Secret4", "px-Secret5"} {
		if !slices.Contains(got, want) {
			t.Errorf("secrets lack %q: %q", want, got)
		}
	}
	for i := 1; i < len(got); i++ {
		if len(got[i]) > len(got[i-1]) || got[i] == got[i-1] {
			t.Fatalf("secrets not longest first or repeated: %q", got)
		}
	}
	if s := (config{DB: "./oyunbot.db"}).secrets(); len(s) != 0 {
		t.Errorf("a file database has secrets: %q", s)
	}
	for dsn, want := range map[string]string{
		"host=db user=oyun password=kw-Secret dbname=oyun": "kw-Secret",
		"mysql://oyun@db/oyun?password=q%26Secret":         "q&Secret",
		"postgres://oyun:sl/ash#Secret@db/oyun":            "sl/ash#Secret",
	} {
		if got := passwords(dsn); !slices.Contains(got, want) {
			t.Errorf("passwords(%q) = %q, want %q among them", dsn, got, want)
		}
	}
}

// secretValuer is a LogValuer that reveals a secret only when resolved.
type secretValuer struct{}

func (secretValuer) LogValue() slog.Value { return slog.StringValue("valuer hook_Secret-3") }

// TestRedactHandler: messages, keys, strings, errors (a url.Error quoting
// the URL), groups, With attributes and groups, LogValuers and other values
// all come out without the secrets, in the text and JSON handlers alike;
// what holds no secret is left as it was.
func TestRedactHandler(t *testing.T) {
	for name, newInner := range map[string]func(*bytes.Buffer) slog.Handler{
		"text": func(b *bytes.Buffer) slog.Handler {
			return slog.NewTextHandler(b, &slog.HandlerOptions{Level: slog.LevelDebug})
		},
		"json": func(b *bytes.Buffer) slog.Handler {
			return slog.NewJSONHandler(b, &slog.HandlerOptions{Level: slog.LevelDebug})
		},
	} {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			l := slog.New(newRedactHandler(newInner(&buf), testSecrets.secrets()))
			urlErr := &url.Error{Op: "Post", URL: "http://api/bot" + url.PathEscape(testSecrets.TelegramToken) + "/getUpdates", Err: errors.New("EOF")}
			l.With("db", testSecrets.DB).WithGroup("g").Warn("getUpdates failed for hook_Secret-3",
				"err", fmt.Errorf("wrapped: %w", urlErr),
				"dc.Secret\"2", 1,
				slog.Group("inner", "token", testSecrets.TelegramToken, "raw", []byte("px-Secret5")),
				"valuer", secretValuer{},
				"list", []string{"a", "db@Secret4"},
				"count", 3, "plain", []string{"x", "y"})
			out := buf.String()
			if l := leaks(out); len(l) > 0 {
				t.Errorf("shows %q:\n%s", l, out)
			}
			if n := strings.Count(out, redactedMark); n < 8 {
				t.Errorf("%d redactions, want at least 8:\n%s", n, out)
			}
			for _, keep := range []string{"getUpdates failed for", "EOF", "count", "3", "plain", "/getUpdates", "db.example:5432"} {
				if !strings.Contains(out, keep) {
					t.Errorf("lost %q:\n%s", keep, out)
				}
			}
		})
	}

	var buf bytes.Buffer
	inner := slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelWarn})
	h := newRedactHandler(inner, []string{"s3cret"})
	if h.Enabled(t.Context(), slog.LevelInfo) || !h.Enabled(t.Context(), slog.LevelWarn) {
		t.Error("Enabled does not follow the wrapped handler")
	}
	if newRedactHandler(inner, nil) != inner {
		t.Error("without secrets the handler is wrapped anyway")
	}
}

// TestCaptureLibraryLogs: lines written with the standard logger (as
// discordgo writes them) come out of the handler redacted, at the level
// discordgo gave them; the standard logger is restored afterwards.
func TestCaptureLibraryLogs(t *testing.T) {
	var buf bytes.Buffer
	h := newRedactHandler(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelWarn}), testSecrets.secrets())
	before := log.Writer()
	restore := captureLibraryLogs(h)
	log.Printf("[DG0] wsapi.go:82:Open() error connecting to gateway wss://gw/?token=%s, EOF\n", "dc.Secret\"2")
	log.Printf("[DG2] wsapi.go:90:Open() connected, hook_Secret-3")
	log.Print("http: TLS handshake error from 1.2.3.4: hook_Secret-3")
	restore()
	if log.Writer() != before {
		t.Error("the standard logger's output was not restored")
	}
	out := buf.String()
	if l := leaks(out); len(l) > 0 {
		t.Errorf("shows %q:\n%s", l, out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], "level=ERROR") || !strings.Contains(lines[0], "error connecting to gateway") ||
		!strings.Contains(lines[1], "level=WARN") || !strings.Contains(lines[1], "TLS handshake") {
		t.Errorf("want the [DG0] line as an error and the plain line as a warning, the info line left out:\n%s", out)
	}
}
