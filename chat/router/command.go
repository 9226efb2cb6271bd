package router

// command.go is the command table: what handles each command of the
// command package's words, and what the middlewares need to know of it.

import (
	"unicode"
	"unicode/utf8"

	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/sessions"
)

// entry is what handles a command (command.Name) and what the middlewares
// need to know of it.
type entry struct {
	name string
	run  func(*request)
	// action: it changes a game or a tournament for good, so a message
	// that goes on with words it does not take (strayWords) is talk in a
	// group, and is never guessed at.
	action bool
	// stray, for an action, is the message refusing it with stray words
	// when it is addressed to the bot ("" lets it run).
	stray string
}

// entries lists the handlers, one per command of the command package.
func entries() []entry {
	tournament := (*request).tournament
	return []entry{
		{name: command.Play, run: (*request).play},
		{name: command.Move, run: (*request).moveCommand},
		{name: command.Tap, run: (*request).tap},
		{name: command.Board, run: (*request).board},
		{name: command.History, run: (*request).history},
		{name: command.Legal, run: (*request).legal},
		{name: command.Roll, run: (*request).roll},
		{name: command.GIF, run: (*request).gif},
		{name: command.Analyse, run: (*request).analyse},
		{name: command.Hint, run: (*request).hint},
		{name: command.Undo, run: (*request).undo, action: true},
		{name: command.Draw, run: (*request).draw, action: true},
		{name: command.Resign, run: (*request).resign, action: true, stray: "error.resign-words"},
		{name: command.Level, run: (*request).level},
		{name: command.Challenge, run: (*request).challenge},
		{name: command.Accept, run: (*request).accept, action: true, stray: "error.accept-words"},
		{name: command.Decline, run: (*request).decline, action: true},
		{name: command.Rematch, run: (*request).rematch, action: true},
		{name: command.Games, run: (*request).games},
		{name: command.Tournament, run: tournament},
		{name: command.Join, run: tournament, action: true},
		{name: command.Leave, run: tournament, action: true},
		{name: command.Standings, run: tournament},
		{name: command.Pairings, run: tournament},
		{name: command.Cancel, run: tournament, action: true},
		{name: command.Rating, run: (*request).rating},
		{name: command.Leaderboard, run: (*request).leaderboard},
		{name: command.Link, run: (*request).link},
		{name: command.Web, run: (*request).setWeb},
		{name: command.Lang, run: (*request).setLang},
		{name: command.Help, run: (*request).help},
	}
}

// entryByName indexes entries.
func entryByName() map[string]*entry {
	es := entries()
	out := make(map[string]*entry, len(es))
	for i := range es {
		out[es[i].name] = &es[i]
	}
	return out
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
	tc, err := sessions.ParseTimeControl(chat.Fold(w))
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
