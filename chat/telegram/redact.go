package telegram

import (
	"errors"
	"net/url"
	"strings"
)

// redacted stands for the token in errors and logs.
const redacted = "[REDACTED]"

// redactor removes the bot token from texts and errors. The Bot API carries
// the token in the path of every request URL, and net/http's *url.Error
// quotes that URL ("Post \"https://…/bot123:ABC/getUpdates\": EOF"), so
// every network error of the library would otherwise carry the token into
// our logs and into the errors Run and New return.
type redactor struct{ r *strings.Replacer }

func newRedactor(token string) redactor {
	if token == "" {
		return redactor{}
	}
	var pairs []string
	for _, form := range []string{token, url.PathEscape(token), url.QueryEscape(token)} {
		pairs = append(pairs, form, redacted)
	}
	return redactor{strings.NewReplacer(pairs...)}
}

// text returns s without the token.
func (rd redactor) text(s string) string {
	if rd.r == nil {
		return s
	}
	return rd.r.Replace(s)
}

// err returns err without the token in its message. A *url.Error is
// rebuilt around its cleaned URL and keeps its cause, so errors.Is (EOF,
// context.Canceled), net.Error's Timeout and classify still see through
// it; any other error that mentions the token becomes a plain error with
// the cleaned message (no chain left that still holds the token).
func (rd redactor) err(err error) error {
	if err == nil || rd.r == nil || rd.text(err.Error()) == err.Error() {
		return err
	}
	if ue, ok := err.(*url.Error); ok {
		return &url.Error{Op: ue.Op, URL: rd.text(ue.URL), Err: rd.err(ue.Err)}
	}
	return errors.New(rd.text(err.Error()))
}
