package chat

// command.go reads what people type into a Command, in Turkish or English,
// with or without a leading / or !, in any case.

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"oyunbot/sessions"
)

// Canonical command names (Command.Name).
const (
	CmdPlay      = "play"
	CmdMove      = "move"
	CmdBoard     = "board"
	CmdResign    = "resign"
	CmdDraw      = "draw"
	CmdUndo      = "undo"
	CmdHint      = "hint"
	CmdLevel     = "level"
	CmdGames     = "games"
	CmdHelp      = "help"
	CmdChallenge = "challenge"
	CmdAccept    = "accept"
	CmdDecline   = "decline"
	CmdHistory   = "history"
	CmdLegal     = "legal"
	CmdGIF       = "gif"
	CmdRoll      = "roll"
	CmdLang      = "lang"
	CmdRematch   = "rematch"
	// Tournaments: "tournament <sub> ..." and the bare sub-commands.
	CmdTournament = "tournament"
	CmdJoin       = "join"
	CmdLeave      = "leave"
	CmdStandings  = "standings"
	CmdPairings   = "pairings"
	CmdCancel     = "cancel"
	// Ratings.
	CmdRating      = "rating"
	CmdLeaderboard = "leaderboard"
)

// command is one entry of the command table: the words that name it, what
// handles it, and what the middlewares need to know of it. Each command is
// here once; the parser, help and the router read this table.
type command struct {
	name string
	// en, tr and other are the command's words, folded (lower case,
	// Turkish letters as ASCII): English, Turkish, and those of neither
	// language ("?", "elo"). A word tells the language of the reply
	// (wordLang).
	en, tr, other []string
	// words are all of them, English first (set by init).
	words []string
	// fillers are Turkish helper verbs with no meaning of their own that
	// may follow the word ("pes et", "geri al", "kabul et", "meydan oku").
	fillers []string
	run     func(*request)
	// action: it changes a game or a tournament for good, so a message
	// that goes on with words it does not take (strayWords) is talk in a
	// group, and is never guessed at.
	action bool
	// stray, for an action, is the message refusing it with stray words
	// when it is addressed to the bot ("" lets it run).
	stray string
}

// et are the helper verbs of "pes et", "kabul et", "iptal et".
var et = []string{"et", "ediyorum", "ettim"}

// commandTable lists the commands in the order help shows them.
func commandTable() []command {
	tournament := (*request).tournament
	return []command{
		{name: CmdPlay, en: []string{"play", "new", "start"}, tr: []string{"oyna", "baslat", "yeni"}, run: (*request).play},
		{name: CmdMove, en: []string{"move"}, tr: []string{"hamle"}, run: func(q *request) { q.move(strings.Join(q.argsWithoutTag(), " "), true) }},
		{name: CmdTap, en: []string{"tap"}, tr: []string{"dokun"}, run: (*request).tap},
		{name: CmdBoard, en: []string{"board", "show"}, tr: []string{"tahta", "goster"}, run: (*request).board},
		{name: CmdHistory, en: []string{"history", "moves"}, tr: []string{"hamleler", "gecmis"}, run: (*request).history},
		{name: CmdLegal, en: []string{"legal"}, tr: []string{"yasal", "gecerli"}, run: (*request).legal},
		{name: CmdRoll, en: []string{"roll"}, tr: []string{"zar"}, run: (*request).roll},
		{name: CmdGIF, en: []string{"animation"}, tr: []string{"animasyon"}, other: []string{"gif"}, run: (*request).gif},
		{name: CmdHint, en: []string{"hint"}, tr: []string{"ipucu"}, run: (*request).hint},
		{name: CmdUndo, en: []string{"undo", "takeback"}, tr: []string{"geri"}, fillers: []string{"al"}, run: (*request).undo, action: true},
		{name: CmdDraw, en: []string{"draw"}, tr: []string{"berabere", "beraberlik"}, run: (*request).draw, action: true},
		{name: CmdResign, en: []string{"resign"}, tr: []string{"pes", "teslim"}, fillers: et, run: (*request).resign, action: true,
			stray: "error.resign-words"},
		{name: CmdLevel, en: []string{"level"}, tr: []string{"seviye", "zorluk"}, run: (*request).level},
		{name: CmdChallenge, en: []string{"challenge"}, tr: []string{"meydan", "davet"}, fillers: []string{"oku"}, run: (*request).challenge},
		{name: CmdAccept, en: []string{"accept"}, tr: []string{"kabul"}, fillers: et, run: (*request).accept, action: true,
			stray: "error.accept-words"},
		{name: CmdDecline, en: []string{"decline"}, tr: []string{"ret", "red", "reddet"}, fillers: et, run: (*request).decline, action: true},
		{name: CmdRematch, en: []string{"rematch", "revenge"}, tr: []string{"rovans", "revans"}, run: (*request).rematch, action: true},
		{name: CmdGames, en: []string{"games", "list"}, tr: []string{"oyunlar", "liste"}, run: (*request).games},
		{name: CmdTournament, en: []string{"tournament", "tourney"}, tr: []string{"turnuva"}, run: tournament},
		{name: CmdJoin, en: []string{"join"}, tr: []string{"katil"}, run: tournament, action: true},
		{name: CmdLeave, en: []string{"leave", "withdraw"}, tr: []string{"ayril", "cekil"}, run: tournament, action: true},
		{name: CmdStandings, en: []string{"standings"}, tr: []string{"siralama"}, run: tournament},
		{name: CmdPairings, en: []string{"pairings"}, tr: []string{"eslesmeler"}, run: tournament},
		{name: CmdCancel, en: []string{"cancel"}, tr: []string{"iptal"}, fillers: et, run: tournament, action: true},
		{name: CmdRating, en: []string{"rating", "ratings"}, tr: []string{"puan", "puanim"}, other: []string{"elo"}, run: (*request).rating},
		{name: CmdLeaderboard, en: []string{"leaderboard"}, tr: []string{"liderler", "liderlik"}, run: (*request).leaderboard},
		{name: CmdLang, en: []string{"lang", "language"}, tr: []string{"dil"}, run: (*request).setLang},
		{name: CmdHelp, en: []string{"help", "commands"}, tr: []string{"yardim", "komutlar"}, other: []string{"?"}, run: (*request).help},
	}
}

// The command table and its indexes, built once by init: the handlers
// refer to the lookups, so the table cannot be a variable's initializer.
var (
	commands      []command
	commandByName map[string]*command
	commandByWord map[string]*command
)

func init() {
	commands = commandTable()
	commandByName = map[string]*command{}
	commandByWord = map[string]*command{}
	for i := range commands {
		c := &commands[i]
		c.words = slices.Concat(c.en, c.tr, c.other)
		commandByName[c.name] = c
		for _, w := range c.words {
			commandByWord[w] = c
		}
	}
}

// wordLang is the language a command word (folded) is written in. menu is
// true for the English names that buttons, Discord's slash commands and
// Telegram's command menu send whatever the client's language (the
// canonical names, and Telegram's "start"): they tell English only when
// nothing else tells the language. ok is false for a word of neither
// language, or no command word.
func wordLang(folded string) (lang Lang, menu, ok bool) {
	c, found := commandByWord[folded]
	switch {
	case !found:
		return "", false, false
	case slices.Contains(c.tr, folded):
		return Turkish, false, true
	case slices.Contains(c.en, folded):
		return English, folded == c.name || folded == "start", true
	}
	return "", false, false
}

// commandWords lists the commands in the order help shows them.
func commandWords() []command { return commands }

// isFiller reports whether folded word w, following command name, is a
// helper verb with no meaning of its own.
func isFiller(name, w string) bool {
	c, ok := commandByName[name]
	return ok && slices.Contains(c.fillers, w)
}

// lookupCommand returns the command named by a folded word.
func lookupCommand(folded string) (string, bool) {
	if c, ok := commandByWord[folded]; ok {
		return c.name, true
	}
	return "", false
}

// Command is a parsed message text.
type Command struct {
	// Name is the canonical command (CmdPlay...), or "" when the text does
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

// maxCommandText bounds the text the parser looks at: commands are short, and
// a huge message must not cost much.
const maxCommandText = 512

// ParseCommand reads a message text. It never fails: text that is not a
// command has an empty Name.
func ParseCommand(text string) Command {
	if len(text) > maxCommandText {
		text = text[:maxCommandText]
	}
	text = strings.ToValidUTF8(text, "")
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
	name, ok := lookupCommand(Fold(word))
	if !ok {
		return c
	}
	c.Name = name
	if len(c.Args) > 0 && isFiller(name, Fold(c.Args[0])) {
		c.Args = c.Args[1:]
	}
	// Telegram's /start opens a chat with a bot: without arguments it is a
	// greeting, answered with help.
	if name == CmdPlay && Fold(word) == "start" && len(c.Args) == 0 {
		c.Name = CmdHelp
	}
	return c
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

// isGameTag reports whether w names a game by its short id ("#g7") and
// returns the id.
func isGameTag(w string) (int64, bool) {
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

// readTimeControl reads one word (joined by joinTimeWords) of a challenge
// or a tournament as a time control. It returns the zero control and no
// error for a word that is not meant as one, and ErrBadTimeControl for a
// word that is meant as one (it starts with a digit of any script, or with
// a sign and a digit: "-5m", "٥dk") but does not parse or is out of range:
// such a word is refused, never dropped (a game without the clock asked
// for would start).
func readTimeControl(w string) (sessions.TimeControl, error) {
	if !meantAsTime(w) {
		return sessions.TimeControl{}, nil
	}
	tc, err := sessions.ParseTimeControl(Fold(w))
	if err != nil || tc.IsZero() {
		return sessions.TimeControl{}, sessions.ErrBadTimeControl
	}
	return tc, nil
}

// belowMinimum reports whether w, a folded word ParseTimeControl refuses,
// is a time written well but below the minimum ("1s", "3sn", "5sn/hamle"):
// the parser reads units in a row ("1h30m"), so the same time after an
// hour is one it takes.
func belowMinimum(w string) bool {
	if w == "" || w[0] < '0' || w[0] > '9' { // "+3s" lacks its time, "-5m" is no time
		return false
	}
	if _, err := sessions.ParseTimeControl(w); err == nil {
		return false
	}
	_, err := sessions.ParseTimeControl("1h" + w)
	return err == nil
}

// meantAsTime reports whether w was meant as a time control: it starts with
// a digit, of any script, perhaps after a sign (a challenge or a
// tournament has no other word that does, but for a number of rounds,
// read first).
func meantAsTime(w string) bool {
	r, n := utf8.DecodeRuneInString(w)
	switch r {
	case '-', '+', '−', '±', '–':
		r, _ = utf8.DecodeRuneInString(w[n:])
	}
	return unicode.IsDigit(r)
}
