package router

import (
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"strings"
	"testing"
)

// TestHelpForEveryCommandWord: "help <word>" / "yardım <word>" gives the
// right help for every command word in both languages, as people type it
// (Turkish letters, capitals, a leading slash). The table is written out by
// hand so that a word moved to another command is caught, and every word
// of commandWords must be in it.
func TestHelpForEveryCommandWord(t *testing.T) {
	want := map[string]string{
		// play; "start" / "başlat" can also start the channel's tournament.
		"play": "help.play", "oyna": "help.play", "new": "help.play", "yeni": "help.play",
		"start": "help.start", "başlat": "help.start", "BAŞLAT": "help.start", "/start": "help.start", "başla": "help.start",
		"move": "help.move", "hamle": "help.move",
		"board": "help.board", "tahta": "help.board", "show": "help.board", "göster": "help.board",
		"history": "help.history", "hamleler": "help.history", "geçmiş": "help.history", "moves": "help.history",
		"hint": "help.hint", "ipucu": "help.hint",
		"undo": "help.undo", "geri": "help.undo", "takeback": "help.undo",
		"draw": "help.draw", "berabere": "help.draw", "beraberlik": "help.draw",
		"resign": "help.resign", "pes": "help.resign", "teslim": "help.resign",
		"level": "help.level", "seviye": "help.level", "zorluk": "help.level",
		"challenge": "help.challenge", "meydan": "help.challenge", "davet": "help.challenge",
		"accept": "help.accept", "kabul": "help.accept",
		"decline": "help.decline", "ret": "help.decline", "red": "help.decline", "reddet": "help.decline",
		"games": "help.games", "oyunlar": "help.games", "list": "help.games", "liste": "help.games",
		"tournament": "help.tournament", "turnuva": "help.tournament", "tourney": "help.tournament",
		"join": "help.join", "katıl": "help.join",
		"leave": "help.leave", "ayrıl": "help.leave", "withdraw": "help.leave", "çekil": "help.leave",
		"standings": "help.standings", "sıralama": "help.standings",
		"pairings": "help.pairings", "eşleşmeler": "help.pairings",
		"cancel": "help.cancel", "iptal": "help.cancel",
		"rating": "help.rating", "ratings": "help.rating", "puan": "help.rating", "puanım": "help.rating", "elo": "help.rating",
		"leaderboard": "help.leaderboard", "liderler": "help.leaderboard", "liderlik": "help.leaderboard",
		"lang": "help.lang", "language": "help.lang", "dil": "help.lang",
		"tap": "help.tap", "dokun": "help.tap",
		"help": "help.help", "yardım": "help.help", "komutlar": "help.help", "commands": "help.help", "?": "help.help",
		"legal": "help.legal", "yasal": "help.legal", "geçerli": "help.legal",
		"gif": "help.gif", "animation": "help.gif", "animasyon": "help.gif",
		"roll": "help.roll", "zar": "help.roll",
		"rematch": "help.rematch", "revenge": "help.rematch", "rövanş": "help.rematch", "revans": "help.rematch",
		"link": "help.link", "bağlantı": "help.link", "web": "help.web",
		// The tournament's sub-command words that are no command of their own.
		"create": "help.tournament", "oluştur": "help.tournament", "addbot": "help.tournament", "tablo": "help.tournament",
	}
	c := testCatalog(t)
	for typed, key := range want {
		got, ok := helpKey(chat.Fold(strings.TrimLeft(typed, "/!")))
		if !ok || got != key {
			t.Errorf("help %q = %q, %v; want %q", typed, got, ok, key)
		}
		for _, lang := range c.Langs() {
			if !c.Has(lang, key) {
				t.Errorf("help %q: %q is missing in %s", typed, key, lang)
			}
		}
	}
	folded := map[string]bool{}
	for typed := range want {
		folded[chat.Fold(strings.TrimLeft(typed, "/!"))] = true
	}
	for _, cw := range command.Table() {
		for _, w := range cw.Words() {
			if !folded[w] {
				t.Errorf("command word %q (%s) is not in the table", w, cw.Name)
			}
		}
	}
	for _, w := range []string{"uçmak", "", "hamlex"} {
		if key, ok := helpKey(chat.Fold(w)); ok {
			t.Errorf("help %q = %q", w, key)
		}
	}
}
