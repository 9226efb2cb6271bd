package router

// args.go is the one reader of the words that describe a game or a
// tournament to start (play, challenge, tournament create, and the game
// named by rating and leaderboard): each word is a game, a level, a side,
// a pairing system, a count, a time control, a mention, or unknown. A
// command says which kinds it takes; what it does with them (and with
// repeats and unknown words) is its own.

import (
	"errors"
	"oyunbot/chat/present"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/sessions"
	"oyunbot/tournament"
)

// argKind is what a word is. A word is the first kind, in this order, that
// the command takes and the word can be: "3" is a level to play, a number
// of rounds to a tournament and three minutes to a challenge.
type argKind uint8

const (
	argUnknown   argKind = iota
	argMention           // "@ali", "<@123>": who it is, only the adapter knows
	argGame              // a registered game's name or alias
	argLevel             // one of the bot's levels
	argSide              // a side: of the game named, else of any game
	argSystem            // a tournament's pairing system
	argCount             // a whole number: a Swiss tournament's rounds
	argCountUnit         // what a count counts: "5 tur", "5 rounds"
	argTime              // a time control, or a word meant as one
	argMatch             // "match 5", "maç 3": a match to that many points (n; 0 for the default, -1 out of range; err: no number)
)

// argKinds is a set of kinds: what a command takes.
type argKinds uint16

func kinds(ks ...argKind) argKinds {
	var s argKinds
	for _, k := range ks {
		s |= 1 << k
	}
	return s
}

func (s argKinds) has(k argKind) bool { return s&(1<<k) != 0 }

// What each command takes.
var (
	playArgs       = kinds(argMention, argGame, argLevel, argSide, argMatch)
	challengeArgs  = kinds(argMention, argGame, argSide, argTime, argMatch)
	tournamentArgs = kinds(argGame, argSystem, argCount, argCountUnit, argTime)
	ratingArgs     = kinds(argMention, argGame)
)

// arg is one classified word.
type arg struct {
	kind argKind
	// word is as typed; a time typed with spaces is one word ("5dk+3sn").
	word  string
	game  games.Game
	level string // canonical level name
	// side is the side chosen; NoSide for a side word of another game
	// than the one named ("black" in tic-tac-toe).
	side   ai.Side
	system tournament.System
	n      int
	tc     sessions.TimeControl
	// err is set for a word meant as a time control that is none
	// (sessions.ErrBadTimeControl), or as a match's length that is none
	// (errMatchLength): it is refused, never dropped.
	err error
}

// classify reads the words of a command that takes the kinds in take. The
// first game named decides what side words mean (its games.Host), wherever
// it stands ("oyna beyaz dama"); before any is named they are read in any
// game's words. Words of a time typed with spaces are joined first when
// take has argTime.
func (v vocabulary) classify(words []string, take argKinds) []arg {
	if take.has(argTime) {
		words = joinTimeWords(words)
	}
	var game games.Game
	for _, w := range words {
		if g, ok := v.games.Lookup(chat.Fold(w)); ok && take.has(argGame) {
			game = g
			break
		}
	}
	out := make([]arg, 0, len(words))
	for i := 0; i < len(words); i++ {
		w := words[i]
		if take.has(argMatch) && isMatchWord(chat.Fold(w)) {
			a := arg{kind: argMatch, word: w, side: ai.NoSide}
			if i+1 < len(words) && v.matchLength(&a, words[i+1], game, take) {
				i++
			}
			out = append(out, a)
			continue
		}
		out = append(out, v.classifyWord(w, game, take))
	}
	return out
}

// matchLength reads next, the word after "maç" / "match", into a as the
// match's points, and reports whether it took it: a whole number is the
// points ("maç 5"; out of range is n = -1, refused, never the default); a
// word the command would take as something else (a level, a side, a clock
// that reads as one) is left to be that, and the match has the default
// length; any other word was meant as the length and is refused with
// a.err ("maç ü", "match 1e3", "match 99999999999999999999": never a clock
// nor a default match).
func (v vocabulary) matchLength(a *arg, next string, game games.Game, take argKinds) bool {
	n, err := strconv.Atoi(next)
	switch {
	case err == nil:
		a.n = n
		if n < 1 {
			a.n = -1
		}
	case errors.Is(err, strconv.ErrRange) && isDigits(strings.TrimLeft(next, "+-")):
		a.n = -1 // a whole number, too long for an int
	default:
		other := v.classifyWord(next, game, take)
		if other.kind != argUnknown && other.err == nil {
			return false
		}
		a.err = errMatchLength
	}
	a.word += " " + next
	return true
}

// sayBadMatch refuses the word after "maç" / "match" (word is both) that
// is no number of points, with the range.
func (q *request) sayBadMatch(word string) {
	f := strings.Fields(word)
	cmd := "match"
	if q.lang == chat.Turkish {
		cmd = "maç"
	}
	q.say(q.t("error.match-length", "word", present.Shorten(f[len(f)-1], 20), "max", strconv.Itoa(sessions.MaxMatchTarget), "cmd", cmd))
}

// errMatchLength marks a word after "match" that is no number of points.
var errMatchLength = errors.New("chat: not a match length")

// isDigits reports whether s is one or more ASCII digits.
func isDigits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// isMatchWord reports whether folded w asks for a match.
func isMatchWord(w string) bool { return w == "match" || w == "mac" }

func (v vocabulary) classifyWord(w string, game games.Game, take argKinds) arg {
	a := arg{kind: argUnknown, word: w, side: ai.NoSide}
	f := chat.Fold(w)
	if take.has(argMention) && (strings.HasPrefix(w, "@") || strings.HasPrefix(w, "<@")) {
		a.kind = argMention
		return a
	}
	if g, ok := v.games.Lookup(f); ok && take.has(argGame) {
		a.kind, a.game = argGame, g
		return a
	}
	if l, ok := v.levelWord(game, f); ok && take.has(argLevel) {
		a.kind, a.level = argLevel, l.Name
		return a
	}
	if take.has(argSide) {
		if s, ok := v.sideWord(game, w); ok {
			// The game named anywhere in the command: a side word of
			// another game is refused in its words, even before it.
			a.kind, a.side, a.game = argSide, s, game
			return a
		}
	}
	if sys, ok := parseSystem(f); ok && take.has(argSystem) {
		a.kind, a.system = argSystem, sys
		return a
	}
	if n, err := strconv.Atoi(f); err == nil && take.has(argCount) {
		a.kind, a.n = argCount, n
		return a
	}
	if isCountUnit(f) && take.has(argCountUnit) {
		a.kind = argCountUnit
		return a
	}
	if take.has(argTime) && meantAsTime(w) {
		a.kind = argTime
		a.tc, a.err = readTimeControl(w)
	}
	return a
}

// isCountUnit reports whether folded w says what a number counts.
func isCountUnit(w string) bool {
	return w == "tur" || w == "turlu" || w == "round" || w == "rounds"
}

// parseSystem reads a pairing system in either language.
func parseSystem(folded string) (tournament.System, bool) {
	switch folded {
	case "swiss", "isvicre", "isvec":
		return tournament.Swiss, true
	case "roundrobin", "round-robin", "rr", "lig", "herkesle", "league":
		return tournament.RoundRobin, true
	case "double", "doubleroundrobin", "drr", "cift", "ciftlig", "rovansli":
		return tournament.DoubleRoundRobin, true
	}
	return "", false
}

// looksLikeTimeControl reports whether a word was meant as a time control
// (it starts with a digit: a challenge has no other number), to explain it
// rather than ignore it.
func looksLikeTimeControl(w string) bool {
	return w != "" && w[0] >= '0' && w[0] <= '9'
}

// joinTimeWords joins a time typed with spaces into one word: "10 dk" →
// "10dk", "5 dk + 3 sn" → "5dk+3sn", "1 g/hamle" → "1g/hamle" (a bare "10"
// would otherwise be read as a number of rounds, and "dk" as a stray word).
func joinTimeWords(args []string) []string {
	out := make([]string, 0, len(args))
	for _, a := range args {
		if n := len(out); n > 0 {
			prev := out[n-1]
			f := chat.Fold(a)
			unit := isTimeUnit(strings.SplitN(f, "/", 2)[0])
			digitsEnd := prev[len(prev)-1] >= '0' && prev[len(prev)-1] <= '9'
			switch {
			case digitsEnd && looksLikeTimeControl(prev) && unit,
				strings.HasSuffix(prev, "+") && looksLikeTimeControl(prev) && looksLikeTimeControl(a),
				a == "+" && looksLikeTimeControl(prev),
				strings.HasPrefix(a, "+") && len(a) > 1 && looksLikeTimeControl(prev):
				out[n-1] = prev + a
				continue
			}
		}
		out = append(out, a)
	}
	return out
}

// isTimeUnit reports whether folded w is a unit of time as typed alone.
func isTimeUnit(w string) bool {
	switch w {
	case "s", "sec", "secs", "second", "seconds", "sn", "saniye",
		"m", "min", "mins", "minute", "minutes", "dk", "dakika",
		"h", "hr", "hour", "hours", "sa", "saat",
		"d", "day", "days", "g", "gun":
		return true
	}
	return false
}
