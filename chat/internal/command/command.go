// Package command reads what people type into a Command, in Turkish or
// English, with or without a leading / or !, in any case. It is pure: the
// words of the commands and the parser, no handling (that is the router's)
// and nothing of a game or a platform.
package command

import (
	"slices"
	"strings"
	"unicode"

	"oyunbot/chat"
)

// Canonical command names (Command.Name).
const (
	Play      = "play"
	Move      = "move"
	Tap       = "tap"
	Board     = "board"
	Resign    = "resign"
	Draw      = "draw"
	Undo      = "undo"
	Hint      = "hint"
	Level     = "level"
	Games     = "games"
	Help      = "help"
	Challenge = "challenge"
	Accept    = "accept"
	Decline   = "decline"
	Rematch   = "rematch"
	History   = "history"
	Legal     = "legal"
	GIF       = "gif"
	Analyse   = "analyse"
	Roll      = "roll"
	Lang      = "lang"
	// Tournaments: "tournament <sub> ..." and the bare sub-commands.
	Tournament = "tournament"
	Join       = "join"
	Leave      = "leave"
	Standings  = "standings"
	Pairings   = "pairings"
	Cancel     = "cancel"
	// Ratings.
	Rating      = "rating"
	Leaderboard = "leaderboard"
	// The web pages: a game's link, a channel's listing.
	Link = "link"
	Web  = "web"
)

// Entry is one command's words: English, Turkish and those of neither
// language ("?", "elo"), folded (lower case, Turkish letters as ASCII). A
// word tells the language of the reply (WordLang).
type Entry struct {
	Name          string
	EN, TR, Other []string
	// Fillers are Turkish helper verbs with no meaning of their own that
	// may follow the word ("pes et", "geri al", "kabul et", "meydan oku").
	Fillers []string
}

// Words are the entry's words, English first.
func (e Entry) Words() []string { return slices.Concat(e.EN, e.TR, e.Other) }

// et are the helper verbs of "pes et", "kabul et", "iptal et".
var et = []string{"et", "ediyorum", "ettim"}

// table lists the commands in the order help shows them.
var table = []Entry{
	{Name: Play, EN: []string{"play", "new", "start"}, TR: []string{"oyna", "baslat", "yeni"}},
	{Name: Move, EN: []string{"move"}, TR: []string{"hamle"}},
	{Name: Tap, EN: []string{"tap"}, TR: []string{"dokun"}},
	{Name: Board, EN: []string{"board", "show"}, TR: []string{"tahta", "goster"}},
	{Name: History, EN: []string{"history", "moves"}, TR: []string{"hamleler", "gecmis"}},
	{Name: Legal, EN: []string{"legal"}, TR: []string{"yasal", "gecerli"}},
	{Name: Roll, EN: []string{"roll"}, TR: []string{"zar"}},
	{Name: GIF, EN: []string{"animation"}, TR: []string{"animasyon"}, Other: []string{"gif"}},
	{Name: Analyse, EN: []string{"analyse", "analyze", "analysis"}, TR: []string{"analiz", "incele"}},
	{Name: Hint, EN: []string{"hint"}, TR: []string{"ipucu"}},
	{Name: Undo, EN: []string{"undo", "takeback"}, TR: []string{"geri"}, Fillers: []string{"al"}},
	{Name: Draw, EN: []string{"draw"}, TR: []string{"berabere", "beraberlik"}},
	{Name: Resign, EN: []string{"resign"}, TR: []string{"pes", "teslim"}, Fillers: et},
	{Name: Level, EN: []string{"level"}, TR: []string{"seviye", "zorluk"}},
	{Name: Challenge, EN: []string{"challenge"}, TR: []string{"meydan", "davet"}, Fillers: []string{"oku"}},
	{Name: Accept, EN: []string{"accept"}, TR: []string{"kabul"}, Fillers: et},
	{Name: Decline, EN: []string{"decline"}, TR: []string{"ret", "red", "reddet"}, Fillers: et},
	{Name: Rematch, EN: []string{"rematch", "revenge"}, TR: []string{"rovans", "revans"}},
	{Name: Games, EN: []string{"games", "list"}, TR: []string{"oyunlar", "liste"}},
	{Name: Tournament, EN: []string{"tournament", "tourney"}, TR: []string{"turnuva"}},
	{Name: Join, EN: []string{"join"}, TR: []string{"katil"}},
	{Name: Leave, EN: []string{"leave", "withdraw"}, TR: []string{"ayril", "cekil"}},
	{Name: Standings, EN: []string{"standings"}, TR: []string{"siralama"}},
	{Name: Pairings, EN: []string{"pairings"}, TR: []string{"eslesmeler"}},
	{Name: Cancel, EN: []string{"cancel"}, TR: []string{"iptal"}, Fillers: et},
	{Name: Rating, EN: []string{"rating", "ratings"}, TR: []string{"puan", "puanim"}, Other: []string{"elo"}},
	{Name: Leaderboard, EN: []string{"leaderboard"}, TR: []string{"liderler", "liderlik"}},
	{Name: Link, EN: []string{"link"}, TR: []string{"baglanti"}},
	{Name: Web, Other: []string{"web"}},
	{Name: Lang, EN: []string{"lang", "language"}, TR: []string{"dil"}},
	{Name: Help, EN: []string{"help", "commands"}, TR: []string{"yardim", "komutlar"}, Other: []string{"?"}},
}

// turkishSpelling is how a reply writes a Turkish command word that the
// table keeps folded (chat.Fold: what people type, with or without the
// Turkish letters): "rövanş", not "rovans"; "katıl" (join), not "katil"
// (murderer).
var turkishSpelling = map[string]string{
	"baslat": "başlat", "goster": "göster", "gecmis": "geçmiş", "gecerli": "geçerli",
	"rovans": "rövanş", "katil": "katıl", "ayril": "ayrıl", "cekil": "çekil",
	"siralama": "sıralama", "eslesmeler": "eşleşmeler", "puanim": "puanım",
	"baglanti": "bağlantı", "yardim": "yardım",
}

// byName and byWord index the table.
var byName, byWord = func() (map[string]*Entry, map[string]*Entry) {
	n, w := map[string]*Entry{}, map[string]*Entry{}
	for i := range table {
		e := &table[i]
		n[e.Name] = e
		for _, word := range e.Words() {
			w[word] = e
		}
	}
	return n, w
}()

// Table lists the commands in the order help shows them.
func Table() []Entry { return slices.Clone(table) }

// ByName returns the command named name.
func ByName(name string) (Entry, bool) {
	e, ok := byName[name]
	if !ok {
		return Entry{}, false
	}
	return *e, true
}

// Lookup returns the command a folded word names.
func Lookup(folded string) (string, bool) {
	if e, ok := byWord[folded]; ok {
		return e.Name, true
	}
	return "", false
}

// WordLang is the language a command word (folded) is written in. menu is
// true for the English names that buttons, Discord's slash commands and
// Telegram's command menu send whatever the client's language (the
// canonical names, and Telegram's "start"): they tell English only when
// nothing else tells the language. ok is false for a word of neither
// language, or no command word.
func WordLang(folded string) (lang chat.Lang, menu, ok bool) {
	e, found := byWord[folded]
	switch {
	case !found:
		return "", false, false
	case slices.Contains(e.TR, folded):
		return chat.Turkish, false, true
	case slices.Contains(e.EN, folded):
		return chat.English, folded == e.Name || folded == "start", true
	}
	return "", false, false
}

// isFiller reports whether folded word w, following command name, is a
// helper verb with no meaning of its own.
func isFiller(name, w string) bool {
	e, ok := byName[name]
	return ok && slices.Contains(e.Fillers, w)
}

// Command is a parsed message text.
type Command struct {
	// Name is the canonical command (Play...), or "" when the text does
	// not start with a command word (chat, or a bare move).
	Name string
	// Word is the first word as typed, without prefix or @addressee.
	Word string
	// Args are the words after the command word, as typed.
	Args []string
	// Prefixed is true when the text started with / or !.
	Prefixed bool
	// Addressee is the bot name of Telegram's "/play@somebot" form, or "".
	Addressee string
	// Text is the whole trimmed text without the prefix (a bare move's text).
	Text string
}

// maxText bounds the text the parser looks at: commands are short, and a
// huge message must not cost much.
const maxText = 512

// Parse reads a message text. It never fails: text that is not a command
// has an empty Name.
func Parse(text string) Command {
	if len(text) > maxText {
		text = text[:maxText]
	}
	text = strings.ToValidUTF8(text, "")
	text = stripInvisible(text)
	text = strings.TrimSpace(text)
	var c Command
	if strings.HasPrefix(text, "/") || strings.HasPrefix(text, "!") {
		c.Prefixed = true
		text = strings.TrimSpace(text[1:])
	}
	c.Text = text
	fields := strings.Fields(text)
	if len(fields) == 0 {
		return c
	}
	word := fields[0]
	if i := strings.IndexByte(word, '@'); i > 0 && c.Prefixed {
		word, c.Addressee = word[:i], word[i+1:]
	}
	c.Word = word
	c.Args = fields[1:]
	name, ok := Lookup(chat.Fold(word))
	if !ok {
		return c
	}
	c.Name = name
	if len(c.Args) > 0 && isFiller(name, chat.Fold(c.Args[0])) {
		c.Args = c.Args[1:]
	}
	// Telegram's /start opens a chat with a bot: without arguments it is a
	// greeting, answered with help.
	if name == Play && chat.Fold(word) == "start" && len(c.Args) == 0 {
		c.Name = Help
	}
	return c
}

// stripInvisible removes the invisible format characters (Unicode's Cf:
// zero-width spaces and joiners, bidi marks and isolates, the byte order
// mark, soft hyphens) that a paste or a right-to-left keyboard leaves in a
// text: "c3\u200b-c4" looks like c3-c4 and must read as it.
func stripInvisible(text string) string {
	if !strings.ContainsFunc(text, isInvisible) {
		return text
	}
	return strings.Map(func(r rune) rune {
		if isInvisible(r) {
			return -1
		}
		return r
	}, text)
}

func isInvisible(r rune) bool { return unicode.Is(unicode.Cf, r) }

// GameTag reports whether w names a game by its short id ("#g7") and
// returns the id.
func GameTag(w string) (int64, bool) {
	if len(w) < 3 || w[0] != '#' || (w[1] != 'g' && w[1] != 'G') {
		return 0, false
	}
	var id int64
	for _, r := range w[2:] {
		if r < '0' || r > '9' || id > 1e15 {
			return 0, false
		}
		id = id*10 + int64(r-'0')
	}
	return id, true
}

// Word is command name's first word in lang: what a reply tells people to
// type ("zar", "roll").
func Word(lang chat.Lang, name string) string {
	e, _ := ByName(name)
	if lang == chat.Turkish && len(e.TR) > 0 {
		if w, ok := turkishSpelling[e.TR[0]]; ok {
			return w
		}
		return e.TR[0]
	}
	if len(e.EN) > 0 {
		return e.EN[0]
	}
	return name
}

// Suggest returns the command word that w, which is neither a command nor
// a move, is most likely a mistyped form of ("resing": "resign", "ipcu":
// "ipucu"), as a reply writes it, and whether there is one close enough:
// two letters swapped, or between words longer than three letters one
// letter wrong, missing or extra (two from a word of six letters on,
// keeping its first letter). extra are more words to consider (a game's own commands: "çöz"); on a
// tie the word of lang wins.
func Suggest(lang chat.Lang, w string, extra ...string) (string, bool) {
	typed := []rune(chat.Fold(w))
	best, bestD, bestLang := "", 3, false
	consider := func(word string, ofLang bool) {
		folded := []rune(chat.Fold(word))
		if len(folded) < 3 {
			return // "?", "al": too short to tell a typo
		}
		d, swap := typoDistance(typed, folded)
		switch {
		case d == 0:
			return
		case min(len(typed), len(folded)) <= 3 && !swap: // "yes" and "pass" are no "pes"
			return
		case d == 2 && (len(typed) < 6 || typed[0] != folded[0]):
			return
		case d > 2:
			return
		}
		if d < bestD || d == bestD && ofLang && !bestLang {
			best, bestD, bestLang = word, d, ofLang
		}
	}
	for _, e := range table {
		for _, word := range e.TR {
			if sp, ok := turkishSpelling[word]; ok {
				word = sp
			}
			consider(word, lang == chat.Turkish)
		}
		for _, word := range slices.Concat(e.EN, e.Other) {
			consider(word, lang != chat.Turkish)
		}
	}
	for _, word := range extra {
		consider(word, true)
	}
	return best, best != ""
}

// typoDistance is the optimal string alignment distance of a and b (each
// letter wrong, missing or extra, and each two neighbours swapped, counts
// one), and whether it is a single swap.
func typoDistance(a, b []rune) (int, bool) {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	n := d[len(a)][len(b)]
	swap := n == 1 && len(a) == len(b) && func() bool {
		for i := range a {
			if a[i] != b[i] {
				return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i]
			}
		}
		return false
	}()
	return n, swap
}
