package chat

// lang.go: the languages the bot speaks, and how words are compared
// across them.

import (
	"errors"
	"strings"
	"unicode"
)

// Lang is a reply language.
type Lang string

// The languages the bot speaks.
const (
	Turkish Lang = "tr"
	English Lang = "en"
)

// ParseLang reads a language name or code ("tr", "türkçe", "en", "English").
func ParseLang(s string) (Lang, bool) {
	switch Fold(strings.TrimSpace(s)) {
	case "tr", "turkce", "turkish", "türkçe":
		return Turkish, true
	case "en", "english", "ingilizce", "eng":
		return English, true
	}
	return "", false
}

// LangFromLocale maps a platform locale to a language: Turkish for "tr*",
// English for any other; ok is false for an empty locale.
func LangFromLocale(locale string) (Lang, bool) {
	locale = strings.ToLower(strings.TrimSpace(locale))
	switch {
	case locale == "":
		return "", false
	case strings.HasPrefix(locale, "tr"):
		return Turkish, true
	}
	return English, true
}

// Fold lower-cases s and writes Turkish letters as their ASCII base letters
// (İ, I, ı → i; ş → s; ğ → g; ü → u; ö → o; ç → c), so that "YARDIM",
// "yardım" and "yardim" compare equal.
func Fold(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch r {
		case 'İ', 'I', 'ı', 'î', 'Î':
			r = 'i'
		case 'Ş', 'ş':
			r = 's'
		case 'Ğ', 'ğ':
			r = 'g'
		case 'Ü', 'ü', 'û', 'Û':
			r = 'u'
		case 'Ö', 'ö':
			r = 'o'
		case 'Ç', 'ç':
			r = 'c'
		case 'Â', 'â':
			r = 'a'
		case '\u0307': // combining dot above, left by lower-casing İ elsewhere
			continue
		default:
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// ErrUndeliverable marks a Sender's error that no retry can mend (a chat
// that does not exist, a bot that was blocked, a reply the platform refuses
// as it is): the outbox gives the reply up instead of retrying it.
var ErrUndeliverable = errors.New("chat: reply cannot be delivered")

// ErrEditFailed marks a BoardSender's error for a board message that
// cannot be edited any more (deleted, too old, refused): nothing was sent,
// and the board goes out as a new message.
var ErrEditFailed = errors.New("chat: board message cannot be edited")
