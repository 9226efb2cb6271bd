package chat

// command.go reads what people type into a Command, in Turkish or English,
// with or without a leading / or !, in any case.

import (
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
	CmdLang      = "lang"
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

// commandWord lists a command's accepted words (folded: lower case, Turkish
// letters as ASCII), English first, then Turkish.
type commandWord struct {
	name  string
	words []string
}

// commandWords lists the commands in the order help shows them.
func commandWords() []commandWord {
	return []commandWord{
		{CmdPlay, []string{"play", "oyna", "baslat", "new", "yeni", "start"}},
		{CmdMove, []string{"move", "hamle"}},
		{CmdBoard, []string{"board", "tahta", "show", "goster"}},
		{CmdHistory, []string{"history", "hamleler", "gecmis", "moves"}},
		{CmdHint, []string{"hint", "ipucu"}},
		{CmdUndo, []string{"undo", "geri", "takeback"}},
		{CmdDraw, []string{"draw", "berabere", "beraberlik"}},
		{CmdResign, []string{"resign", "pes", "teslim"}},
		{CmdLevel, []string{"level", "seviye", "zorluk"}},
		{CmdChallenge, []string{"challenge", "meydan", "davet"}},
		{CmdAccept, []string{"accept", "kabul"}},
		{CmdDecline, []string{"decline", "ret", "red", "reddet"}},
		{CmdGames, []string{"games", "oyunlar", "list", "liste"}},
		{CmdTournament, []string{"tournament", "turnuva", "tourney"}},
		{CmdJoin, []string{"join", "katil"}},
		{CmdLeave, []string{"leave", "ayril", "withdraw", "cekil"}},
		{CmdStandings, []string{"standings", "siralama"}},
		{CmdPairings, []string{"pairings", "eslesmeler"}},
		{CmdCancel, []string{"cancel", "iptal"}},
		{CmdRating, []string{"rating", "ratings", "puan", "puanim", "elo"}},
		{CmdLeaderboard, []string{"leaderboard", "liderler", "liderlik"}},
		{CmdLang, []string{"lang", "language", "dil"}},
		{CmdHelp, []string{"help", "yardim", "komutlar", "commands", "?"}},
	}
}

// isFiller reports whether folded word w, following command name, is a
// Turkish helper verb with no meaning of its own ("pes et", "geri al",
// "kabul et", "meydan oku").
func isFiller(name, w string) bool {
	switch name {
	case CmdResign, CmdAccept, CmdDecline, CmdCancel:
		return w == "et" || w == "ediyorum" || w == "ettim"
	case CmdUndo:
		return w == "al"
	case CmdChallenge:
		return w == "oku"
	}
	return false
}

// lookupCommand returns the command named by a folded word.
func lookupCommand(folded string) (string, bool) {
	for _, c := range commandWords() {
		for _, w := range c.words {
			if w == folded {
				return c.name, true
			}
		}
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
