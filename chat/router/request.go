package router

import (
	"context"
	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/chat/present"
	"oyunbot/sessions"
	"oyunbot/tournament"
	"slices"
	"strconv"
	"strings"
)

// request.go is one message being handled: what it says, who sent it,
// where, in which language, and the helpers every handler uses.

// request is one message being handled.
type request struct {
	r    *Router
	ctx  context.Context
	m    chat.Message
	cmd  command.Command
	lang chat.Lang
	// entry is the command's entry in the table (nil for text that is no
	// command: a bare move, chat); set by route.
	entry *entry
	// canonical: the move is the game's own text (a tapped move), read as
	// it is, not in the person's letters (notation.go).
	canonical bool
	// readAs: the letters a reading's answer was read in (readings.go),
	// noted for the game once its move is played.
	readAs string
}

// strayWords are the arguments an action does not take: anything but a
// game tag, a mention, or the bot of "leave bot <level>".
func (q *request) strayWords() []string {
	args := q.cmd.Args
	if q.cmd.Name == command.Leave && len(args) > 0 && (chat.Fold(args[0]) == "bot" || strings.EqualFold(args[0], q.r.cfg.BotName)) {
		return nil
	}
	var out []string
	for _, a := range args {
		if _, ok := command.GameTag(a); ok || strings.HasPrefix(a, "@") || strings.HasPrefix(a, "<@") || isConfirmWord(chat.Fold(a)) {
			continue
		}
		out = append(out, a)
	}
	return out
}

// startsTournament reports whether a bare "start" / "başlat" means the
// channel's tournament: one is open for registration.
func (q *request) startsTournament() bool {
	w := chat.Fold(q.cmd.Word)
	if (q.cmd.Name != command.Play && q.cmd.Name != command.Help) || len(q.cmd.Args) > 0 || (w != "start" && w != "baslat") {
		return false
	}
	v, ok := q.r.tour.Get(q.ctx, q.m.Platform, q.m.ChannelID)
	return ok && v.T.State == tournament.Registering
}

func (q *request) t(id string, kv ...string) string { return q.r.cat.T(q.lang, id, kv...) }

// say answers the message with text.
func (q *request) say(text string) { q.sayReply(chat.Reply{Text: text}) }

// refuse says a refusal of a button press (not your turn, not your
// question, a stale button) to the presser alone where the platform can,
// so that a group sees no answer meant for one person; in the chat
// otherwise.
func (q *request) refuse(text string) {
	if q.m.Privately != nil && !q.m.Private && q.m.Privately(text) {
		return
	}
	q.say(text)
}

// sayReply answers the message.
func (q *request) sayReply(rep chat.Reply) {
	if rep.GameID != 0 {
		q.r.openings.take(rep.GameID) // shown now (resigned before the bot's first move)
	}
	q.answer(rep)
}

// sayAbout answers with rep, the text about game s after a change that
// left its position as it was (the bot's level, an offer, a hint's loss
// of rating): it announces s's version, as a board would, so that the
// next start does not show the board again as if the change had gone
// unsaid (issue 35.5). A later version's board is not undone by it. It
// shows no board: a game the bot opens is still announced with its first
// move.
func (q *request) sayAbout(s sessions.Snapshot, rep chat.Reply) {
	rep.GameID, rep.GameVersion = s.ID, s.Version
	q.answer(rep)
}

// announce is sayAbout for news of game s that both its players must
// read (an offer between them, its refusal): in the game's chat always,
// and, when the message came from a page, on that page too (without the
// buttons, which are the other player's). The other player may be
// following the game in the chat or on their own page.
func (q *request) announce(s sessions.Snapshot, rep chat.Reply) {
	rep.GameID, rep.GameVersion = s.ID, s.Version
	rep.Platform, rep.ChannelID, rep.Ref = q.m.Platform, q.m.ChannelID, q.m.Ref
	if q.m.Answer != nil {
		page := rep
		page.Buttons = nil
		q.m.Answer(page)
	}
	q.r.send(q.ctx, rep)
}

// answer sends rep as the answer to the message: to the asker's page
// rather than the chat when it came from one (chat.Message.Answer), but
// for a game's board.
func (q *request) answer(rep chat.Reply) {
	rep.Platform, rep.ChannelID, rep.Ref = q.m.Platform, q.m.ChannelID, q.m.Ref
	if q.m.Answer != nil && !rep.Live {
		q.m.Answer(rep)
		return
	}
	q.r.send(q.ctx, rep)
}

func (q *request) user() sessions.Player {
	name := q.m.UserName
	if name == "" {
		name = present.CleanName(q.m.UserID)
	}
	return sessions.Player{ID: q.m.UserID, Name: name}
}

// argsWithoutTag returns the arguments without a "#g7" game tag.
func (q *request) argsWithoutTag() []string {
	var out []string
	for _, a := range q.cmd.Args {
		if _, ok := command.GameTag(a); !ok {
			out = append(out, a)
		}
	}
	return out
}

// current finds the game a command is about: the one tagged "#g7" in the
// arguments, else the sender's most relevant game in the channel. It answers
// the message itself when there is none, and when the tagged game is over
// (a button under an old board: it says so rather than act elsewhere).
func (q *request) current() (sessions.Snapshot, bool) {
	if id, ok := q.tag(); ok {
		s, err := q.r.games.Get(id)
		if err == nil && q.actsHere(s) {
			return s, true
		}
		if f, ok := q.r.games.Finished(q.ctx, id); ok && q.actsHere(f) {
			// Typed or a button under an old board alike: the game is over.
			q.refuse("#" + f.Tag() + " " + q.t("error.game-ended", "result", q.r.show.ResultLine(q.lang, f),
				"rematch", q.word(command.Rematch)+" #"+f.Tag()))
			return f, false
		}
		q.say(q.t("error.no-such-game", "game", "#g"+strconv.FormatInt(id, 10)))
		return sessions.Snapshot{}, false
	}
	mine := q.r.games.Find(q.m.Platform, q.m.ChannelID, q.m.UserID)
	if len(mine) == 0 {
		q.say(q.t("error.no-game", "games", q.r.show.GameNames(q.lang, nil)))
		return sessions.Snapshot{}, false
	}
	return mine[0], true
}

// actsHere reports whether the sender may act on game s from this chat:
// its own chat, or, for one of its players, their private chat with the
// bot (a game's link, or "board #g7", resumes it there: its board
// messages are mirrored between the two, Router.mirror) unless its own
// chat keeps a new picture of every turn, with no board message to
// mirror to.
func (q *request) actsHere(s sessions.Snapshot) bool {
	switch {
	case s.Platform != q.m.Platform:
		return false
	case s.ChannelID == q.m.ChannelID:
		return true
	}
	return q.m.Private && !q.m.Shared && s.SideOf(q.m.UserID) != ai.NoSide &&
		q.r.chans.Get(q.ctx, s.Platform, s.ChannelID).Boards != sessions.BoardsNew
}

// currentOrLast is current, falling back to the sender's last finished game
// (to look at its board or moves after the end).
func (q *request) currentOrLast() (sessions.Snapshot, bool) {
	if !q.hasTag() && len(q.r.games.Find(q.m.Platform, q.m.ChannelID, q.m.UserID)) == 0 {
		if s, ok := q.r.games.LastFinished(q.ctx, q.m.Platform, q.m.ChannelID, q.m.UserID); ok {
			return s, true
		}
	}
	return q.current()
}

// viewed finds the game "board" and "history" show: currentOrLast, and
// for a "#g7" tag naming a finished game, that game (kept in the store)
// when the sender played it or it was played in this channel.
func (q *request) viewed() (sessions.Snapshot, bool) {
	for _, a := range q.cmd.Args {
		id, ok := command.GameTag(a)
		if !ok {
			continue
		}
		if _, err := q.r.games.Get(id); err != nil {
			s, ok := q.r.games.Finished(q.ctx, id)
			if ok && s.Platform == q.m.Platform && (s.ChannelID == q.m.ChannelID || s.SideOf(q.m.UserID) != ai.NoSide) {
				return s, true
			}
		}
		break
	}
	return q.currentOrLast()
}

func (q *request) hasTag() bool {
	_, ok := q.tag()
	return ok
}

// tag is the game named by the first "#g7" among the arguments.
func (q *request) tag() (int64, bool) {
	for _, a := range q.cmd.Args {
		if id, ok := command.GameTag(a); ok {
			return id, true
		}
	}
	return 0, false
}

// refused answers an action s's game does not allow (games.Policy), with
// message id, when no is true.
func (q *request) refused(s sessions.Snapshot, no bool, id string) bool {
	if no {
		q.say("#" + s.Tag() + " " + q.t(id, "game", q.r.show.GameName(q.lang, s.Game)))
	}
	return no
}

// tagFirst reports whether the text is a game's tag followed by more
// words ("#g1 a1": the tag as every reply shows it, then a move).
func (q *request) tagFirst() bool {
	_, ok := command.GameTag(q.cmd.Word)
	return ok && q.cmd.Name == "" && len(q.cmd.Args) > 0
}

// isConfirmWord reports whether folded w says yes to a question the bot
// asked ("resign yes", "pes evet").
func isConfirmWord(w string) bool {
	switch w {
	case "yes", "y", "confirm", "sure", "evet", "e", "onay", "onayla", "eminim":
		return true
	}
	return false
}

// confirmed reports whether the command says yes to its own question.
func (q *request) confirmed() bool {
	for _, a := range q.cmd.Args {
		if isConfirmWord(chat.Fold(a)) {
			return true
		}
	}
	return false
}

// askConfirm asks whether a costly action on game s was meant: the
// question (catalogue key) and a button that does it.
func (q *request) askConfirm(s sessions.Snapshot, key, cmd string, kv ...string) {
	q.askConfirmArg(s, key, cmd, "", kv...)
}

// askConfirmArg is askConfirm for a command with an argument ("level
// hard"), which the answer repeats.
func (q *request) askConfirmArg(s sessions.Snapshot, key, cmd, arg string, kv ...string) {
	word, data := q.confirmWord(cmd), cmd+" #"+s.Tag()+" yes"
	if arg != "" {
		word = q.word(cmd) + " " + arg + " " + strings.Fields(word)[len(strings.Fields(word))-1]
		data = cmd + " #" + s.Tag() + " " + arg + " yes"
	}
	rep := chat.Reply{Text: "#" + s.Tag() + " " + q.t(key, append(kv, "yes", word)...)}
	q.r.asked.put(asker{q.m.Platform, q.m.ChannelID, q.m.UserID}, question{yes: data, game: s.ID, at: q.r.cfg.Now()})
	if yes := present.WithAsked(data, q.m.UserID); yes != "" {
		rep.Buttons = [][]chat.Button{{{Label: q.t("button.confirm-" + cmd), Data: yes}}}
	}
	q.sayReply(rep)
}

// confirmWord is how the person types the confirmed command in the
// request's language ("pes evet", "resign yes").
func (q *request) confirmWord(cmd string) string {
	if q.lang == chat.Turkish {
		return q.word(cmd) + " evet"
	}
	return q.word(cmd) + " yes"
}

// hasMoved reports whether side has made a move in game s.
func hasMoved(s sessions.Snapshot, side ai.Side) bool {
	return side != ai.NoSide && slices.Contains(s.Sides, side)
}

// word is a command's first word in the request's language.
func (q *request) word(cmd string) string { return command.Word(q.lang, cmd) }
