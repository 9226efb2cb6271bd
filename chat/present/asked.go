package present

import (
	"net/url"
	"oyunbot/chat"
	"strings"
)

// askedPrefix starts the word that names the person a button's question is
// for: "for=<user id>", the id path-escaped (a console name may hold
// spaces).
const askedPrefix = "for="

// askedMark is the word a button's data ends with when its question is
// for userID alone.
func askedMark(userID string) string { return askedPrefix + url.PathEscape(userID) }

// ParseAskedMark reads an askedMark.
func ParseAskedMark(w string) (userID string, ok bool) {
	rest, ok := strings.CutPrefix(w, askedPrefix)
	if !ok || rest == "" {
		return "", false
	}
	id, err := url.PathUnescape(rest)
	return id, err == nil
}

// WithAsked returns button data that answers a question asked of userID:
// data and the mark, or "" when that would not fit a platform's limit (cut,
// it would act for anyone; the typed answer still works).
func WithAsked(data, userID string) string {
	d := data + " " + askedMark(userID)
	if len(d) > chat.MaxButtonData {
		return ""
	}
	return d
}
