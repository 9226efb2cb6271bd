package main

// redact.go keeps the configured secrets (platform tokens, the webhook
// secret, passwords in database and API URLs) out of everything the bot
// logs. The adapters already keep them out of their own errors; this is the
// net under them, for what a library or a server puts into an error or a
// log line that nobody thought of.

import (
	"cmp"
	"context"
	"encoding"
	"fmt"
	"log"
	"log/slog"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"

	tgbotapi "github.com/go-telegram-bot-api/telegram-bot-api/v5"
)

// redactedMark replaces a secret.
const redactedMark = "[REDACTED]"

// secrets returns what must never be logged, longest first (so that a whole
// token is replaced before a part of it).
func (c config) secrets() []string {
	var out []string
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	add(c.TelegramToken)
	if _, half, ok := strings.Cut(c.TelegramToken, ":"); ok {
		add(half) // the secret half, should anything print it alone
	}
	discord := strings.TrimSpace(c.DiscordToken)
	if rest, ok := strings.CutPrefix(discord, "Bot "); ok {
		discord = rest
	}
	add(discord)
	add(c.TelegramWebhookSecret)
	for _, s := range []string{c.DB, c.TelegramAPIEndpoint, c.DiscordAPIBase, c.TelegramWebhookURL} {
		for _, p := range passwords(s) {
			add(p)
		}
	}
	// How a secret looks inside a URL, too.
	for _, s := range slices.Clone(out) {
		add(url.PathEscape(s))
		add(url.QueryEscape(s))
	}
	slices.SortFunc(out, func(a, b string) int { return cmp.Or(cmp.Compare(len(b), len(a)), strings.Compare(a, b)) })
	return slices.Compact(out)
}

// passwordParam is a password given as a parameter: a URL's query or a
// key=value DSN ("host=db user=oyun password=…").
var passwordParam = regexp.MustCompile(`(?i)(?:^|[?&;\s])(?:password|passwd|pass|pwd)=([^&;\s]+)`)

// passwords returns the passwords in a URL or DSN: user:password@ (as
// written and decoded) and password parameters.
func passwords(s string) []string {
	var out []string
	if u, err := url.Parse(s); err == nil && u.User != nil {
		if p, ok := u.User.Password(); ok {
			out = append(out, p)
		}
	}
	// As written, and also when an unescaped '/' or '#' in the password
	// keeps url.Parse from seeing a user at all.
	if _, rest, ok := strings.Cut(s, "://"); ok {
		rest, _, _ = strings.Cut(rest, "?")
		if at := strings.LastIndex(rest, "@"); at >= 0 {
			if _, pw, ok := strings.Cut(rest[:at], ":"); ok {
				out = append(out, pw)
				if dec, err := url.PathUnescape(pw); err == nil {
					out = append(out, dec)
				}
			}
		}
	}
	for _, m := range passwordParam.FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
		if dec, err := url.QueryUnescape(m[1]); err == nil {
			out = append(out, dec)
		}
	}
	return out
}

// redactHandler is a slog.Handler that replaces every secret in a record's
// message, attribute keys and values (strings, groups, errors and any other
// value as the text it would print) before passing it on.
type redactHandler struct {
	next slog.Handler
	r    *strings.Replacer
}

// newRedactHandler wraps next; with no secrets it returns next itself.
func newRedactHandler(next slog.Handler, secrets []string) slog.Handler {
	if len(secrets) == 0 {
		return next
	}
	pairs := make([]string, 0, 2*len(secrets))
	for _, s := range secrets {
		pairs = append(pairs, s, redactedMark)
	}
	return &redactHandler{next: next, r: strings.NewReplacer(pairs...)}
}

func (h *redactHandler) Enabled(ctx context.Context, l slog.Level) bool {
	return h.next.Enabled(ctx, l)
}

func (h *redactHandler) Handle(ctx context.Context, rec slog.Record) error {
	out := slog.NewRecord(rec.Time, rec.Level, h.r.Replace(rec.Message), rec.PC)
	rec.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(h.attr(a))
		return true
	})
	return h.next.Handle(ctx, out)
}

func (h *redactHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return &redactHandler{next: h.next.WithAttrs(h.attrs(attrs)), r: h.r}
}

func (h *redactHandler) WithGroup(name string) slog.Handler {
	return &redactHandler{next: h.next.WithGroup(h.r.Replace(name)), r: h.r}
}

func (h *redactHandler) attrs(as []slog.Attr) []slog.Attr {
	out := make([]slog.Attr, len(as))
	for i, a := range as {
		out[i] = h.attr(a)
	}
	return out
}

func (h *redactHandler) attr(a slog.Attr) slog.Attr {
	a.Key = h.r.Replace(a.Key)
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		v = slog.StringValue(h.r.Replace(v.String()))
	case slog.KindGroup:
		v = slog.GroupValue(h.attrs(v.Group())...)
	case slog.KindAny:
		// An error above all (a URL in it, a server's answer quoted): it
		// becomes its redacted text only when that differs, so that other
		// values keep their type for the handler.
		if s := anyText(v.Any()); h.r.Replace(s) != s {
			v = slog.StringValue(h.r.Replace(s))
		}
	}
	a.Value = v
	return a
}

// anyText is the text slog's handlers print for a value of KindAny.
func anyText(x any) string {
	switch x := x.(type) {
	case error:
		return x.Error()
	case encoding.TextMarshaler:
		if b, err := x.MarshalText(); err == nil {
			return string(b)
		}
	case []byte:
		return string(x)
	}
	return fmt.Sprintf("%+v", x)
}

// dgLevel is the level discordgo writes at the start of its lines: [DG0]
// error, [DG1] warning, [DG2] informational, [DG3] debug.
var dgLevel = regexp.MustCompile(`^\[DG([0-3])\] `)

// stdLogWriter turns each line written to the standard logger into a record
// of h.
type stdLogWriter struct{ h slog.Handler }

func (w stdLogWriter) Write(p []byte) (int, error) {
	msg := strings.TrimRight(string(p), "\n")
	level := slog.LevelWarn // what libraries print unasked is mostly trouble
	if m := dgLevel.FindStringSubmatch(msg); m != nil {
		level = []slog.Level{slog.LevelError, slog.LevelWarn, slog.LevelInfo, slog.LevelDebug}[m[1][0]-'0']
	}
	ctx := context.Background()
	if !w.h.Enabled(ctx, level) {
		return len(p), nil
	}
	rec := slog.NewRecord(time.Now(), level, msg, 0)
	rec.AddAttrs(slog.String("from", "log"))
	return len(p), w.h.Handle(ctx, rec)
}

// captureLibraryLogs sends what libraries print through the standard log
// package into h, and so through the redaction, until the returned function
// is called. discordgo logs its errors with log.Printf, among them the
// gateway URL it could not reach; net/http's servers (the Telegram webhook)
// log with it as well; the Telegram library prints to its own logger, which
// is pointed at the standard one. These are process-wide settings, which is
// why only runBot, owning the process, changes them, here and nowhere else.
func captureLibraryLogs(h slog.Handler) (restore func()) {
	out, flags, prefix := log.Writer(), log.Flags(), log.Prefix()
	log.SetOutput(stdLogWriter{h})
	log.SetFlags(0) // the handler stamps the time
	log.SetPrefix("")
	_ = tgbotapi.SetLogger(log.Default()) // fails only for nil
	return func() {
		log.SetOutput(out)
		log.SetFlags(flags)
		log.SetPrefix(prefix)
	}
}
