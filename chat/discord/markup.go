// markup.go keeps Discord from reading markup into the bot's messages. The
// texts of the catalogue use no Discord markdown, and everything else in a
// reply (display names, moves, whatever a user typed and is quoted back)
// comes from users: a nickname like "<@555> **B** [x](http://e.vil) ||s||"
// must show as written, not ping user 555, bolden, hide a link or a
// spoiler. So the whole content is escaped, as plain text.

package discord

import (
	"strings"
	"unicode/utf8"
)

// inlineMarkup are the characters that start markup anywhere in a line:
// bold, italics, underline (*, _), strikethrough (~), code (`), spoilers
// (|), masked links ([) and mentions, channels, slash commands, custom
// emoji and timestamps (<). The backslash is escaped first so that a
// user's own backslash cannot undo ours.
const inlineMarkup = "\\*_~`|[<"

// escapeMarkdown returns s as Discord shows it literally: a backslash before
// every inline markup character and before what makes a line a heading
// ("# ", "-# "), a block quote (">") or a list ("- "), and a zero-width
// space in "@everyone" and "@here" (allowed_mentions already keeps them
// from pinging; this keeps them from looking like a ping).
func escapeMarkdown(s string) string {
	var b strings.Builder
	b.Grow(len(s) + len(s)/8)
	lineStart := true // only spaces so far on this line
	for i, r := range s {
		rest := s[i:]
		switch {
		case strings.ContainsRune(inlineMarkup, r):
			b.WriteByte('\\')
		case lineStart && lineMarkup(rest):
			b.WriteByte('\\')
		case r == '@' && massMention(rest[1:]):
			b.WriteString("@\u200b")
			lineStart = false
			continue
		}
		b.WriteRune(r)
		lineStart = r == '\n' || (lineStart && (r == ' ' || r == '\t'))
	}
	return b.String()
}

// lineMarkup reports whether a line that starts with s is a heading, a
// subtext, a block quote or a list item.
func lineMarkup(s string) bool {
	switch {
	case strings.HasPrefix(s, ">"):
		return true
	case strings.HasPrefix(s, "#"):
		s = strings.TrimLeft(s, "#")
	case strings.HasPrefix(s, "-#"):
		s = s[2:]
	case strings.HasPrefix(s, "-"):
		s = s[1:]
	default:
		return false
	}
	return strings.HasPrefix(s, " ") || strings.HasPrefix(s, "\t")
}

// massMention reports whether s (what follows an @) is everyone or here.
func massMention(s string) bool {
	for _, w := range []string{"everyone", "here"} {
		if len(s) >= len(w) && strings.EqualFold(s[:len(w)], w) {
			return true
		}
	}
	return false
}

// contentChunks splits a reply's text into messages of at most max
// characters, each escaped. Splitting comes first, so that each message is
// escaped as a whole (a cut could otherwise part a backslash from what it
// escapes, or begin a message, a new line for Discord, with "# "). A piece
// that escaping makes too long is split again at half the length, which
// always fits: escaping at most doubles a text.
func contentChunks(s string, max int) []string {
	var out []string
	for _, c := range splitText(s, max) {
		if e := escapeMarkdown(c); utf8.RuneCountInString(e) <= max {
			out = append(out, e)
			continue
		}
		for _, cc := range splitText(c, max/2) {
			out = append(out, escapeMarkdown(cc))
		}
	}
	return out
}
