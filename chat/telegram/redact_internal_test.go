package telegram

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
	"testing"
	"time"
)

// TestRedactorKeepsCause: a cleaned *url.Error keeps its cause, so the retry
// policy still tells a dropped connection from a cancelled call; other
// errors that mention the token lose it, whatever form it takes in a URL.
func TestRedactorKeepsCause(t *testing.T) {
	const token = "123456:AA+bc/de"
	rd := newRedactor(token)
	secret := func(s string) bool { return strings.Contains(s, "AA+bc") || strings.Contains(s, "AA%2Bbc") }

	eof := &url.Error{Op: "Post", URL: "http://api/bot" + url.PathEscape(token) + "/getUpdates", Err: io.EOF}
	got := rd.err(eof)
	if secret(got.Error()) || !strings.Contains(got.Error(), redacted) {
		t.Errorf("cleaned: %q", got)
	}
	var ue *url.Error
	if !errors.Is(got, io.EOF) || !errors.As(got, &ue) || ue.Op != "Post" {
		t.Errorf("%q lost its cause or type", got)
	}
	if v := classify(got, time.Second); !v.retry {
		t.Errorf("a cleaned EOF is not retried: %+v", v)
	}
	cancelled := rd.err(&url.Error{Op: "Post", URL: "http://api/bot" + token + "/x", Err: context.Canceled})
	if !errors.Is(cancelled, context.Canceled) || classify(cancelled, time.Second).retry {
		t.Errorf("a cleaned cancellation %q is retried or lost its cause", cancelled)
	}

	wrapped := fmt.Errorf("telegram: getMe: %w", &url.Error{Op: "Post", URL: "http://api/bot" + url.QueryEscape(token), Err: io.EOF})
	if got := rd.err(wrapped); secret(got.Error()) {
		t.Errorf("wrapped: %q", got)
	}
	plain := errors.New("no token here")
	if got := rd.err(plain); got != plain {
		t.Errorf("an error without the token was replaced: %v", got)
	}
	if rd.err(nil) != nil || newRedactor("").err(plain) != plain {
		t.Error("nil error or empty token")
	}
	if got := rd.text("https://example.com/hook/" + token); secret(got) {
		t.Errorf("text: %q", got)
	}
}
