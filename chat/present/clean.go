package present

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// maxNameRunes bounds a display name in texts: names are set by users and
// a page-long one would bury the board's status line.
const maxNameRunes = 32

// unsafeRune reports whether r must not be echoed: a control character or
// a bidirectional embedding, override or isolate. Zero-width joiners and
// the like (also format characters) stay: emoji need them.
func unsafeRune(r rune) bool {
	switch {
	case unicode.IsControl(r), r == utf8.RuneError:
		return true
	case r >= '\u202a' && r <= '\u202e', r >= '\u2066' && r <= '\u2069', r == '\u200e', r == '\u200f', r == '\u061c':
		return true
	}
	return false
}

// cleanText drops the characters of s that are not to be echoed; with
// multiline, newlines stay (runs of other whitespace controls become one
// space either way).
func cleanText(s string, multiline bool) string {
	if !strings.ContainsFunc(s, unsafeRune) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		switch {
		case r == '\n' && multiline:
			b.WriteByte('\n')
			space = false
			continue
		case r == '\n', r == '\r', r == '\t', r == '\v', r == '\f':
			if !space {
				b.WriteByte(' ')
				space = true
			}
			continue
		case unsafeRune(r):
			continue
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// Shorten cleans s (one line) and cuts it to at most n runes, for echoing
// user input back.
func Shorten(s string, n int) string {
	s = cleanText(s, false)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return strings.TrimRight(string(r[:n]), " ") + "…"
}

// CleanName is a display name as put into texts: one clean line, at most
// maxNameRunes runes and "…".
func CleanName(s string) string {
	return Shorten(strings.TrimSpace(cleanText(s, false)), maxNameRunes)
}
