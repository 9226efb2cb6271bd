package router

// readings.go asks which move a typed move meant when it reads as several
// legal moves by its letters (games.ReadingLister: a Turkish K is the rook,
// kale, and the king of the standard letters), unless the letters the
// player has written in the game tell. The question has a button per
// reading for the asker alone, and a bare word ("kale", "şah") answers it.

import (
	"strings"

	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/chat/present"
	"oyunbot/games"
	"oyunbot/sessions"
)

// readAsPrefix starts the word a reading's answer carries: "as=<letters>",
// the move before it written as the game writes it (FormatMove), read in
// those letters.
const readAsPrefix = "as="

// parseReadAs reads a readAsPrefix word: the letters "tr" or "en".
func parseReadAs(w string) (letters string, ok bool) {
	l, ok := strings.CutPrefix(w, readAsPrefix)
	if !ok || (l != "tr" && l != "en") {
		return "", false
	}
	return l, true
}

// moveCommand plays the move command's words; an answer to a reading
// question (an "as=" word) plays its move as the game writes it, and notes
// the letters it names for the game.
func (q *request) moveCommand() {
	var words []string
	for _, a := range q.argsWithoutTag() {
		if l, ok := parseReadAs(a); ok {
			q.canonical, q.readAs = true, l
			continue
		}
		words = append(words, a)
	}
	q.move(strings.Join(words, " "), true)
}

// readings are the legal moves text can mean in game s from the sender,
// when more than one (nil otherwise, and for a move the bot wrote), and
// the letters that choose among them ("" for none: ask). Read in the
// request's language, the letters the player has written in the game
// choose ("Af3" before: a Turkish K is the kale). Where those letters are
// another language's, the text is read in them too, and a move that reads
// as several there is asked about: the language says one thing, the
// letters another (a V for the queen in English, then K).
func (q *request) readings(s sessions.Snapshot, text string) ([]games.Reading, string) {
	rl := s.Can().ReadingLister
	if rl == nil || q.canonical {
		return nil, ""
	}
	letters := recall{langs: q.r.langs}.Letters(q.ctx, s)
	if rs := rl.Readings(text, string(q.lang)); len(rs) > 1 {
		return rs, letters
	}
	if letters != "" && letters != string(q.lang) {
		if rs := rl.Readings(text, letters); len(rs) > 1 {
			return rs, ""
		}
	}
	return nil, ""
}

// pickReading is the reading in the letters the player has written in the
// game (letters: "tr", "en", or "" when they have not told).
func pickReading(rs []games.Reading, letters string) (games.Reading, bool) {
	for _, r := range rs {
		if letters != "" && r.Letters == letters {
			return r, true
		}
	}
	return games.Reading{}, false
}

// askReading asks which of readings rs typed move text meant in game s:
// a button per reading for the sender alone, and the readings' words for a
// bare answer.
func (q *request) askReading(s sessions.Snapshot, text string, rs []games.Reading) {
	ln := s.Can().LocalNotation
	var labels, words []string
	var row []chat.Button
	choices := map[string]string{}
	for _, r := range rs {
		shown := r.Move
		if ln != nil {
			shown = ln.WriteMove(r.Move, string(q.lang), true)
		}
		label, ok := q.r.cat.Game(q.lang, s.Game, "reading."+r.Key, "move", shown)
		if !ok {
			label = shown
		}
		word, ok := q.r.cat.Game(q.lang, s.Game, "reading."+r.Key+".word")
		if !ok && len(r.Words) > 0 {
			word = r.Words[0]
		}
		labels, words = append(labels, label), append(words, word)
		cmd := command.Move + " #" + s.Tag() + " " + r.Move + " " + readAsPrefix + r.Letters
		for _, w := range r.Words {
			choices[chat.Fold(w)] = cmd
		}
		if data := present.WithAsked(cmd, q.m.UserID); data != "" {
			row = append(row, chat.Button{Label: label, Data: data})
		}
	}
	q.r.asked.put(asker{q.m.Platform, q.m.ChannelID, q.m.UserID}, question{choices: choices, game: s.ID, at: q.r.cfg.Now()})
	rep := chat.Reply{Text: "#" + s.Tag() + " " + q.t("move.which-reading", "move", present.Shorten(text, 30),
		"readings", strings.Join(labels, ", "), "words", strings.Join(words, " / "))}
	if len(row) > 0 {
		rep.Buttons = [][]chat.Button{row}
	}
	q.sayReply(rep)
}
