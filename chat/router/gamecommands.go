package router

// gamecommands.go runs the commands games add (games.Commander: chess's
// "pgn", a puzzle's "solve"): a word that is a command of the sender's game
// goes to that game, before the bot's general command of the same word.

import (
	"context"
	"errors"
	"fmt"
	"oyunbot/chat/present"
	"strings"
	"time"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/games"
	"oyunbot/sessions"
)

// gameCommandTimeout bounds a game command (a puzzle's comparison of
// searches has its own limits well within it).
const gameCommandTimeout = time.Minute

// gameCommands routes a word that some game has as a command: to the
// sender's game (the tagged one, their game in the channel, or their last
// finished one) when it has the command; a word no general command has
// gets an answer that says which games have it.
func (r *Router) gameCommands(next handler) handler {
	return func(q *request) {
		word := chat.Fold(q.cmd.Word)
		owners := r.gameWords[word]
		if len(owners) == 0 || q.entry == &startTournament {
			next(q)
			return
		}
		if s, ok := q.quietViewed(); ok {
			if c, ok := present.GameCommandOf(s.Game, word); ok {
				q.entry = &entry{name: "game." + c.Key, run: func(q *request) { q.runGameCommand(s, c) }}
				next(q)
				return
			}
		}
		if q.entry == nil {
			names := make([]string, len(owners))
			for i, g := range owners {
				names[i] = r.show.GameName(q.lang, g)
			}
			q.entry = &entry{name: "game.none", run: func(q *request) {
				q.say(q.t("error.game-command", "word", present.Shorten(q.cmd.Word, 30), "games", strings.Join(names, ", ")))
			}}
		}
		next(q)
	}
}

// quietViewed is the game viewed() would find, without answering when
// there is none.
func (q *request) quietViewed() (sessions.Snapshot, bool) {
	if id, ok := q.tag(); ok {
		if s, err := q.r.games.Get(id); err == nil && s.Platform == q.m.Platform && s.ChannelID == q.m.ChannelID {
			return s, true
		}
		if s, ok := q.r.games.Finished(q.ctx, id); ok && s.Platform == q.m.Platform &&
			(s.ChannelID == q.m.ChannelID || s.SideOf(q.m.UserID) != ai.NoSide) {
			return s, true
		}
		return sessions.Snapshot{}, false
	}
	if mine := q.r.games.Find(q.m.Platform, q.m.ChannelID, q.m.UserID); len(mine) > 0 {
		return mine[0], true
	}
	return q.r.games.LastFinished(q.ctx, q.m.Platform, q.m.ChannelID, q.m.UserID)
}

// runGameCommand runs c on a copy of game s and sends its answer. A game's
// command may search or draw for long (a puzzle's comparison): it runs off
// the chat's queue, on the copy made now (slow.go).
func (q *request) runGameCommand(s sessions.Snapshot, c games.Command) {
	req, err := q.commandRequest(s)
	if err != nil {
		q.r.log.Error("game command: replaying the game", "game", s.Game.Name(), "id", s.ID, "err", err)
		q.say(q.t("error.internal"))
		return
	}
	q.offQueue(func(q *request) {
		ans, err := q.gameCommandOnce(c, req)
		if rd := s.Can().Readier; rd != nil && errors.Is(err, games.ErrNotReady) {
			// The game is still preparing (a puzzle's databases on a new
			// machine): said now, answered when it is ready.
			q.say("#" + s.Tag() + " " + present.LocalError(q.lang, err) + " " + q.t("command.when-ready"))
			select {
			case <-rd.Ready():
				ans, err = q.gameCommandOnce(c, req)
			case <-time.After(readyPatience):
			case <-q.ctx.Done():
				return
			}
		}
		if err != nil {
			q.say("#" + s.Tag() + " " + present.LocalError(q.lang, err))
			return
		}
		q.sayReply(q.r.show.AnswerReply(q.lang, s, ans))
	})
}

// readyPatience bounds the wait for a game's preparation before a command
// waiting for it answers with what it has (it is built in half a minute).
const readyPatience = 5 * time.Minute

// gameCommandOnce runs c on req within gameCommandTimeout.
func (q *request) gameCommandOnce(c games.Command, req games.CommandRequest) (games.CommandAnswer, error) {
	ctx, cancel := context.WithTimeout(q.ctx, gameCommandTimeout)
	defer cancel()
	return q.callGameCommand(ctx, c, req)
}

// callGameCommand runs a game's command; a panic in it is that game's bug,
// reported as an error so that the person gets an answer.
func (q *request) callGameCommand(ctx context.Context, c games.Command, req games.CommandRequest) (ans games.CommandAnswer, err error) {
	defer func() {
		if p := recover(); p != nil {
			q.r.log.Error("game command panicked", "command", c.Key, "game", req.Game.Name(), "panic", fmt.Sprint(p))
			ans, err = games.CommandAnswer{}, errors.New(q.t("error.internal"))
		}
	}()
	if c.Run == nil {
		return games.CommandAnswer{}, errors.New(q.t("error.internal"))
	}
	return c.Run(ctx, req)
}

// commandRequest is what a game command gets of game s.
func (q *request) commandRequest(s sessions.Snapshot) (games.CommandRequest, error) {
	return q.r.show.CommandRequest(q.ctx, q.lang, s, argsWithoutTags(q.cmd.Args), q.r.rate)
}

// argsWithoutTags drops "#g7" tags from a command's words.
func argsWithoutTags(args []string) []string {
	var out []string
	for _, a := range args {
		if _, ok := command.GameTag(a); !ok {
			out = append(out, a)
		}
	}
	return out
}
