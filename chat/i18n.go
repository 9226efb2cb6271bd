package chat

// i18n.go is the catalogue of everything the bot says, in Turkish and
// English. Placeholders are {name}; both languages must have the same keys
// and the same placeholders per key (TestCatalogComplete).

import (
	"sort"
	"strings"
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

// Catalog holds the messages by language and id. It is read-only after
// NewCatalog and safe to share.
type Catalog struct {
	msgs map[Lang]map[string]string
}

// NewCatalog returns the bot's catalogue.
func NewCatalog() *Catalog {
	return &Catalog{msgs: map[Lang]map[string]string{Turkish: turkish(), English: english()}}
}

// Has reports whether id exists in lang.
func (c *Catalog) Has(lang Lang, id string) bool {
	_, ok := c.msgs[lang][id]
	return ok
}

// T returns message id in lang with its {placeholders} replaced by the
// key/value pairs kv. A missing message falls back to English, then to id.
func (c *Catalog) T(lang Lang, id string, kv ...string) string {
	msg, ok := c.msgs[lang][id]
	if !ok {
		if msg, ok = c.msgs[English][id]; !ok {
			return id
		}
	}
	if len(kv) < 2 {
		return msg
	}
	pairs := make([]string, 0, len(kv))
	for i := 0; i+1 < len(kv); i += 2 {
		pairs = append(pairs, "{"+kv[i]+"}", kv[i+1])
	}
	// One pass: a value containing "{x}" is not expanded again.
	return strings.NewReplacer(pairs...).Replace(msg)
}

// Keys lists the ids of lang, sorted.
func (c *Catalog) Keys(lang Lang) []string {
	keys := make([]string, 0, len(c.msgs[lang]))
	for k := range c.msgs[lang] {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// Langs lists the catalogue's languages.
func (c *Catalog) Langs() []Lang { return []Lang{Turkish, English} }

func turkish() map[string]string {
	return map[string]string{
		"help": "{bot} dama ve XOX oynar. Komutlar (başına / ya da ! koyabilirsin):\n" +
			"oyna <oyun> [seviye] [beyaz|siyah] — bota karşı yeni oyun ({games})\n" +
			"hamle <hamle>, ya da yalnızca hamleyi yaz: c3-c4, b2 — hamle yap\n" +
			"tahta · hamleler · ipucu · geri · berabere · pes\n" +
			"seviye [kolay|orta|zor|usta] · oyunlar · dil tr|en\n" +
			"meydan @kişi <oyun> · kabul · ret — iki kişi arasında oyun\n" +
			"yardım <komut> — bir komutun ayrıntısı. İngilizce komutlar da çalışır (help).",
		"help.play": "oyna <oyun> [seviye] [beyaz|siyah|x|o] — bota karşı yeni oyun. Oyunlar: {games}. " +
			"Seviyeler: {levels}. Oyunu başlatan önce oynar (beyaz / x); siyah ya da o dersen bot başlar.",
		"help.move": "hamle <hamle> ya da yalnızca hamleyi yaz. Dama: c3-c4, alma c3xc5xe5 (c3:c5 de olur). " +
			"XOX: a1…c3 ya da telefon tuşları 1…9 (1 sol üst, 9 sağ alt).",
		"help.board":     "tahta — oyunun tahtasını gösterir (birden çok oyunun varsa: tahta #g7).",
		"help.history":   "hamleler — oyunun şimdiye kadarki hamleleri: 1. c3-c4 f6-f5 2. …",
		"help.hint":      "ipucu — motorun önerdiği hamle.",
		"help.undo":      "geri — bota karşı son hamleni ve botun cevabını geri alır.",
		"help.draw":      "berabere — beraberlik teklif eder; rakip teklif ettiyse kabul eder. Bot, önde değilse kabul eder.",
		"help.resign":    "pes — oyunu bırakırsın, rakip kazanır.",
		"help.level":     "seviye [seviye] — botun seviyesini gösterir ya da değiştirir: {levels}. Oyun yoksa kanalın varsayılanı olur.",
		"help.challenge": "meydan @kişi <oyun> [beyaz|siyah] — birini oyuna çağırır; o kabul ya da ret yazar. Oyunlar: {games}.",
		"help.accept":    "kabul — sana gelen meydan okumayı ya da beraberlik teklifini kabul eder.",
		"help.decline":   "ret — sana gelen meydan okumayı ya da beraberlik teklifini reddeder.",
		"help.games":     "oyunlar — oynanabilen oyunlar ve bu kanalda süren oyunlar.",
		"help.lang":      "dil tr|en — bu kanalın dilini değiştirir.",
		"help.help":      "yardım [komut] — komutların listesi ya da bir komutun ayrıntısı.",

		"error.internal":          "Bir şeyler ters gitti; tekrar dener misin?",
		"error.no-game":           "Bu kanalda süren bir oyunun yok. Başlamak için: oyna dama (ya da oyna xox).",
		"error.no-such-game":      "Bu kanalda {game} diye süren bir oyun yok.",
		"error.play-which-game":   "Hangi oyun? Oyunlar: {games}. Örnek: oyna dama",
		"error.play-unknown-word": "«{word}» ne demek anlamadım. Örnek: oyna dama orta siyah. Oyunlar: {games}.",
		"error.move-what":         "Hangi hamle? Örnek: hamle c3-c4",
		"error.not-your-turn":     "Sıra sende değil, {player} oynayacak.",
		"error.bad-move":          "Geçersiz hamle «{move}»: {reason}.",
		"error.legal-moves":       "Oynanabilir hamleler: {moves}",
		"error.already-playing":   "Zaten süren bir oyun var: {tag} ({game}). Bitirmek için: pes",
		"error.not-player":        "Bu oyunda oynamıyorsun.",
		"error.wait-turn":         "Sıranı bekle.",
		"error.game-over":         "Bu oyun bitti.",
		"error.no-challenge":      "Sana gelen bir meydan okuma ya da teklif yok.",
		"error.self-challenge":    "Kendine meydan okuyamazsın; bota karşı oynamak için: oyna dama",
		"error.not-vs-bot":        "Bu yalnızca bota karşı oyunlarda olur.",
		"error.nothing-to-undo":   "Geri alınacak hamlen yok.",
		"error.no-draw-offer":     "Bekleyen bir beraberlik teklifi yok.",
		"error.unknown-level":     "Böyle bir seviye yok. Seviyeler: {levels}",
		"error.one-player":        "Bu oyun tek kişilik.",
		"error.challenge-usage":   "Kullanım: meydan @kişi <oyun>. Oyunlar: {games}",
		"error.challenge-bot":     "Bota karşı oynamak için: oyna {game}",
		"error.unknown-command":   "«{word}» diye bir komut bilmiyorum. Komutlar için: yardım",

		"game.started":   "Yeni oyun: {game} — {players}",
		"game.bot-opens": "{bot} başlıyor…",
		"game.moved":     "{player}: {move}",
		"game.turn":      "Sıra: {player} ({side})",
		"game.undone":    "Son hamlen geri alındı.",
		"game.resigned":  "{player} pes etti.",
		"game.forfeit":   "{player} uzun süre oynamadı, oyunu kaybetti.",
		"game.reminder":  "{player}, sıra sende: {left} içinde oynamazsan oyunu kaybedersin.",
		"game.title":     "{game} — {players} · {n} hamle",

		"footer.turn": "Sıra: {player}",
		"footer.win":  "{player} kazandı",
		"footer.draw": "Berabere",
		"result.win":  "Oyun bitti: {player} ({side}) kazandı — {reason}.",
		"result.draw": "Oyun bitti: berabere — {reason}.",

		"reason.three-in-row": "üç taş bir sırada",
		"reason.board-full":   "tahta doldu",
		"reason.no-moves":     "rakibin oynayacak hamlesi kalmadı",
		"reason.lone-pieces":  "iki tarafta da birer taş kaldı",
		"reason.repetition":   "aynı konum üç kez tekrarlandı",
		"reason.fifty-moves":  "50 hamledir alma ya da taş ilerlemesi yok",
		"reason.resigned":     "rakip pes etti",
		"reason.agreement":    "anlaşmayla",
		"reason.idle":         "rakip zamanında oynamadı",
		"reason.other":        "{reason}",

		"moveerr.malformed":          "bu bir hamle gibi görünmüyor ({notation})",
		"moveerr.illegal":            "bu konumda oynanamaz",
		"moveerr.ambiguous":          "birden çok almaya uyuyor, yolu tam yaz (ör. c3xc5xe5)",
		"moveerr.game-over":          "oyun bitti",
		"moveerr.occupied":           "o kare dolu",
		"moveerr.no-piece":           "başlangıç karesinde taş yok",
		"moveerr.not-your-piece":     "o taş senin değil",
		"moveerr.same-square":        "taş yerinden oynamıyor",
		"moveerr.bad-direction":      "taş o yöne gidemez (taşlar ileri ya da yana, düz çizgide gider; geri gitmez)",
		"moveerr.too-far":            "taş bir kare ilerler ya da tek bir taşın üstünden atlar",
		"moveerr.blocked":            "yol kapalı",
		"moveerr.turn-back":          "dama, iki alma arasında geri dönemez",
		"moveerr.no-capture":         "atlanan karede alınacak taş yok",
		"moveerr.capture-compulsory": "almak zorunlu",
		"moveerr.not-maximum":        "en çok taşı alan yol oynanmalı",

		"notation.dama":      "örnek: c3-c4 ya da c3xc5xe5",
		"notation.tictactoe": "a1…c3 ya da 1…9",
		"notation.other":     "yardım hamle",

		"game.dama":      "Dama",
		"game.tictactoe": "XOX",
		"side.white":     "beyaz",
		"side.black":     "siyah",
		"side.x":         "X",
		"side.o":         "O",
		"level.easy":     "kolay",
		"level.medium":   "orta",
		"level.hard":     "zor",
		"level.master":   "usta",

		"history.empty": "Henüz hamle yok.",
		"hint":          "İpucu: {move}",
		"bot.thinking":  "{bot} düşünüyor…",
		"bot.queued":    "{bot} başka oyunlarda düşünüyor, sıraya alındın…",

		"draw.offered":      "{player} beraberlik teklif ediyor. {opponent}: kabul ya da ret",
		"draw.agreed":       "Beraberlik kabul edildi.",
		"draw.declined":     "{player} beraberliği reddetti; oyun sürüyor.",
		"draw.bot-declines": "{bot} beraberliği kabul etmiyor; oyun sürüyor.",
		"draw.pending":      "{player} beraberlik teklif etti (kabul / ret).",

		"challenge.sent":     "{to}, {from} seni {game} oynamaya çağırıyor! Yaz: kabul ya da ret",
		"challenge.declined": "{player}, {from} kişisinin {game} davetini reddetti.",

		"level.show":        "Seviye: {level}. Seviyeler: {levels}",
		"level.set-game":    "Botun seviyesi artık {level}.",
		"level.set-channel": "Bu kanaldaki yeni oyunlar {level} seviyesinde başlayacak.",

		"games.header":     "Oyunlar:",
		"games.start-hint": "Başlat: oyna <oyun> [{levels}] [beyaz|siyah]",
		"games.running":    "Bu kanalda süren oyunlar:",

		"lang.show":    "Bu kanalın dili: {lang}. Değiştirmek için: dil tr ya da dil en",
		"lang.set":     "Tamam, bu kanalda Türkçe konuşuyorum.",
		"lang.unknown": "«{word}» dilini bilmiyorum: tr ya da en",

		"button.hint":    "💡 İpucu",
		"button.board":   "Tahta",
		"button.resign":  "🏳 Pes",
		"button.accept":  "Kabul",
		"button.decline": "Ret",
	}
}

func english() map[string]string {
	return map[string]string{
		"help": "{bot} plays dama (Turkish draughts) and tic-tac-toe. Commands (a leading / or ! is fine):\n" +
			"play <game> [level] [white|black] — a new game against the bot ({games})\n" +
			"move <move>, or just type the move: c3-c4, b2 — make a move\n" +
			"board · history · hint · undo · draw · resign\n" +
			"level [easy|medium|hard|master] · games · lang tr|en\n" +
			"challenge @someone <game> · accept · decline — a game between two people\n" +
			"help <command> — details of a command. Turkish commands work too (yardım).",
		"help.play": "play <game> [level] [white|black|x|o] — a new game against the bot. Games: {games}. " +
			"Levels: {levels}. Whoever starts moves first (white / x); say black or o and the bot opens.",
		"help.move": "move <move>, or just type the move. Dama: c3-c4, captures c3xc5xe5 (or c3:c5). " +
			"Tic-tac-toe: a1…c3 or phone keys 1…9 (1 top left, 9 bottom right).",
		"help.board":     "board — shows the game's board (with several games: board #g7).",
		"help.history":   "history — the game's moves so far: 1. c3-c4 f6-f5 2. …",
		"help.hint":      "hint — the move the engine suggests.",
		"help.undo":      "undo — takes back your last move and the bot's reply (against the bot).",
		"help.draw":      "draw — offers a draw, or accepts your opponent's offer. The bot accepts when it is not ahead.",
		"help.resign":    "resign — you give up, your opponent wins.",
		"help.level":     "level [level] — shows or changes the bot's level: {levels}. Without a game it sets the channel's default.",
		"help.challenge": "challenge @someone <game> [white|black] — invites someone to a game; they answer accept or decline. Games: {games}.",
		"help.accept":    "accept — accepts a challenge or a draw offer made to you.",
		"help.decline":   "decline — declines a challenge or a draw offer made to you.",
		"help.games":     "games — the games you can play and the games going on in this channel.",
		"help.lang":      "lang tr|en — changes this channel's language.",
		"help.help":      "help [command] — the list of commands, or details of one.",

		"error.internal":          "Something went wrong; could you try again?",
		"error.no-game":           "You have no game going on in this channel. To start one: play dama (or play ttt).",
		"error.no-such-game":      "There is no game {game} going on in this channel.",
		"error.play-which-game":   "Which game? Games: {games}. For example: play dama",
		"error.play-unknown-word": "I don't understand «{word}». For example: play dama medium black. Games: {games}.",
		"error.move-what":         "Which move? For example: move c3-c4",
		"error.not-your-turn":     "It is not your turn; {player} is to move.",
		"error.bad-move":          "Illegal move «{move}»: {reason}.",
		"error.legal-moves":       "Legal moves: {moves}",
		"error.already-playing":   "You already have a game going on: {tag} ({game}). To end it: resign",
		"error.not-player":        "You are not playing in this game.",
		"error.wait-turn":         "Wait for your turn.",
		"error.game-over":         "This game is over.",
		"error.no-challenge":      "There is no challenge or offer for you.",
		"error.self-challenge":    "You cannot challenge yourself; to play the bot: play dama",
		"error.not-vs-bot":        "That only works in games against the bot.",
		"error.nothing-to-undo":   "You have no move to take back.",
		"error.no-draw-offer":     "There is no draw offer pending.",
		"error.unknown-level":     "No such level. Levels: {levels}",
		"error.one-player":        "That is a one-player game.",
		"error.challenge-usage":   "Usage: challenge @someone <game>. Games: {games}",
		"error.challenge-bot":     "To play against the bot: play {game}",
		"error.unknown-command":   "I don't know the command «{word}». For the list: help",

		"game.started":   "New game: {game} — {players}",
		"game.bot-opens": "{bot} opens…",
		"game.moved":     "{player}: {move}",
		"game.turn":      "To move: {player} ({side})",
		"game.undone":    "Your last move was taken back.",
		"game.resigned":  "{player} resigned.",
		"game.forfeit":   "{player} did not move for too long and lost the game.",
		"game.reminder":  "{player}, it is your move: play within {left} or you lose the game.",
		"game.title":     "{game} — {players} · {n} moves",

		"footer.turn": "{player} to move",
		"footer.win":  "{player} wins",
		"footer.draw": "Draw",
		"result.win":  "Game over: {player} ({side}) wins — {reason}.",
		"result.draw": "Game over: a draw — {reason}.",

		"reason.three-in-row": "three in a row",
		"reason.board-full":   "the board is full",
		"reason.no-moves":     "the opponent has no move left",
		"reason.lone-pieces":  "one piece left on each side",
		"reason.repetition":   "the same position for the third time",
		"reason.fifty-moves":  "50 moves without a capture or a man's move",
		"reason.resigned":     "the opponent resigned",
		"reason.agreement":    "by agreement",
		"reason.idle":         "the opponent did not move in time",
		"reason.other":        "{reason}",

		"moveerr.malformed":          "that does not look like a move ({notation})",
		"moveerr.illegal":            "it is not legal in this position",
		"moveerr.ambiguous":          "it matches several captures; spell out the path (e.g. c3xc5xe5)",
		"moveerr.game-over":          "the game is over",
		"moveerr.occupied":           "that square is taken",
		"moveerr.no-piece":           "there is no piece on the start square",
		"moveerr.not-your-piece":     "that piece is not yours",
		"moveerr.same-square":        "the piece does not move",
		"moveerr.bad-direction":      "the piece cannot go that way (men go forward or sideways in a straight line, never back)",
		"moveerr.too-far":            "a man steps one square or jumps over a single piece",
		"moveerr.blocked":            "the way is blocked",
		"moveerr.turn-back":          "a king may not turn back between two captures",
		"moveerr.no-capture":         "there is nothing to capture there",
		"moveerr.capture-compulsory": "capturing is compulsory",
		"moveerr.not-maximum":        "you must take the path that captures the most pieces",

		"notation.dama":      "e.g. c3-c4 or c3xc5xe5",
		"notation.tictactoe": "a1…c3 or 1…9",
		"notation.other":     "help move",

		"game.dama":      "Dama",
		"game.tictactoe": "Tic-tac-toe",
		"side.white":     "white",
		"side.black":     "black",
		"side.x":         "X",
		"side.o":         "O",
		"level.easy":     "easy",
		"level.medium":   "medium",
		"level.hard":     "hard",
		"level.master":   "master",

		"history.empty": "No moves yet.",
		"hint":          "Hint: {move}",
		"bot.thinking":  "{bot} is thinking…",
		"bot.queued":    "{bot} is busy with other games; you are in the queue…",

		"draw.offered":      "{player} offers a draw. {opponent}: accept or decline",
		"draw.agreed":       "Draw agreed.",
		"draw.declined":     "{player} declined the draw; play on.",
		"draw.bot-declines": "{bot} declines the draw; play on.",
		"draw.pending":      "{player} offered a draw (accept / decline).",

		"challenge.sent":     "{to}, {from} challenges you to {game}! Answer: accept or decline",
		"challenge.declined": "{player} declined {from}'s invitation to {game}.",

		"level.show":        "Level: {level}. Levels: {levels}",
		"level.set-game":    "The bot now plays at level {level}.",
		"level.set-channel": "New games in this channel start at level {level}.",

		"games.header":     "Games:",
		"games.start-hint": "Start one: play <game> [{levels}] [white|black]",
		"games.running":    "Games going on in this channel:",

		"lang.show":    "This channel's language: {lang}. To change it: lang tr or lang en",
		"lang.set":     "OK, I speak English in this channel.",
		"lang.unknown": "I don't know the language «{word}»: tr or en",

		"button.hint":    "💡 Hint",
		"button.board":   "Board",
		"button.resign":  "🏳 Resign",
		"button.accept":  "Accept",
		"button.decline": "Decline",
	}
}
