package chat_test

// players_test.go: the rough edges players met (issue 15), each through
// the router in both languages.

import (
	"testing"
)

// TestReplyInTheLanguageWritten: without a channel setting, a reply is in
// the language of the command word the player wrote, before the locale; a
// message with no word of its own (a bare move) follows the player's last
// word; the English names that buttons and command menus send in every
// language follow the locale when there is one; the channel's setting
// beats them all.
func TestReplyInTheLanguageWritten(t *testing.T) {
	b := newBot(t, nil)
	// No locale (the console): the word decides, and a bare move follows.
	b.expect(b.msg("c-en", "ayse", "help", true), "play <game>")
	b.expect(b.msg("c-en", "ayse", "play ttt easy", true), "#g1 New game: Tic-tac-toe — Ayse (X) – oyunbot (O, easy)", "To move: Ayse (X)")
	b.expect(b.msg("c-en", "ayse", "5", true), "#g1 Ayse: b2 · oyunbot: ", "To move: Ayse (X)")
	b.expect(b.msg("c-en", "ayse", "5", true), "#g1 Illegal move «5»")
	b.expect(b.msg("c-tr", "bora", "yardım", true), "oyna <oyun>")
	b.expect(b.msg("c-tr", "bora", "oyna xox kolay", true), "#g2 Yeni oyun: XOX — Bora (X) – oyunbot (O, kolay)", "Sıra: Bora (X)")
	b.expect(b.msg("c-tr", "bora", "5", true), "#g2 Bora: b2 · oyunbot: ", "Sıra: Bora (X)")
	b.expect(b.msg("c-tr", "bora", "5", true), "#g2 Geçersiz hamle «5»")
	// Each player in a channel is answered in their own language.
	b.expect(b.msg("grp", "ayse", "games", false), "Games:")
	b.expect(b.msg("grp", "bora", "oyunlar", false), "Oyunlar:")
	b.expect(b.msg("grp", "ayse", "hello?", true), "I don't know the command «hello?»")

	// A word of one language beats the locale of the other.
	b.locale = "tr"
	b.expect(b.msg("l-tr", "cem", "commands", true), "play <game>")
	b.locale = "en"
	b.expect(b.msg("l-en", "cem", "yardım", true), "oyna <oyun>")
	// The names buttons and menus send ("/play", "hint #g3") follow the
	// locale.
	b.locale = "tr"
	b.expect(b.msg("menu-tr", "dan", "play ttt", true), "#g3 Yeni oyun: XOX")
	b.expect(b.msg("menu-tr", "dan", "hint #g3", true), "#g3 İpucu: ")
	b.locale = "en"
	b.expect(b.msg("menu-en", "eda", "play ttt", true), "#g4 New game: Tic-tac-toe")
	b.expect(b.msg("menu-en", "eda", "hint #g4", true), "#g4 Hint: ")

	// The channel's setting beats the word, in both directions.
	b.locale = ""
	b.admin("set-en", "ayse", "lang en")
	b.expect(b.admin("set-en", "ayse", "yardım"), "play <game>")
	b.admin("set-tr", "ayse", "dil tr")
	b.expect(b.admin("set-tr", "ayse", "help"), "oyna <oyun>")
}
