package router

// middleware.go is the way a message goes through the router: a chain of
// middlewares around the command's handler (the command table's run). Each
// middleware does one thing to every message, in the order of Router.chain.

import (
	"fmt"
	"oyunbot/chat/present"
	"slices"
	"strings"

	"oyunbot/chat/internal/command"
	"oyunbot/sessions"
)

// handler handles a request; a middleware wraps one.
type (
	handler    func(*request)
	middleware func(next handler) handler
)

// chain is how a message is handled: the middlewares, outermost first,
// around the command's handler.
func (r *Router) chain() handler {
	mws := []middleware{
		r.addressed,     // "/play@otherbot" is not for this bot
		cleanUsers,      // names enter texts and the store cleaned
		r.locale,        // the reply language
		r.askedOnly,     // a question's button answers for the person asked alone (confirm.go)
		r.answers,       // a bare yes or no answers the question asked last (asked.go)
		r.deferEvents,   // what the message causes follows its answer
		r.recoverPanic,  // a bug is logged and apologised for
		r.route,         // the command's entry (a bare "start" may be the tournament's)
		r.rateLimit,     // a user's flood is dropped (after route: a refusal depends on the command)
		r.gameCommands,  // a word of the sender's game's own commands is the game's
		actionWithWords, // an action that goes on with words it does not take
	}
	h := dispatch
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

// dispatch runs the command's handler; text that is no command is a bare
// move, an unknown command or chat (other).
func dispatch(q *request) {
	if q.entry == nil {
		q.other()
		return
	}
	q.entry.run(q)
}

// addressed drops Telegram's "/play@otherbot": a command for another bot.
func (r *Router) addressed(next handler) handler {
	return func(q *request) {
		if a := q.cmd.Addressee; a != "" && !strings.EqualFold(a, r.cfg.BotName) {
			return
		}
		next(q)
	}
}

// cleanUsers cleans and bounds the names people set (their own, those of
// the people they mention): they enter the games, the store and texts.
func cleanUsers(next handler) handler {
	return func(q *request) {
		q.m.UserName = present.CleanName(q.m.UserName)
		if len(q.m.Mentions) > 0 {
			q.m.Mentions = slices.Clone(q.m.Mentions)
			for i := range q.m.Mentions {
				q.m.Mentions[i].Name = present.CleanName(q.m.Mentions[i].Name)
			}
		}
		next(q)
	}
}

// locale notes the language of the message's locale for its channel and
// sets the request's language (langOf: the channel's setting, the
// language the sender writes in, the locale, the default).
func (r *Router) locale(next handler) handler {
	return func(q *request) {
		r.noteLocale(q.ctx, q.m)
		q.lang = r.langOf(q.ctx, q.m, q.cmd)
		next(q)
	}
}

// deferEvents holds back what the message causes besides its answer (a
// rating change, the next round of a tournament, the bot's opening move)
// until the answer is sent: an opening move never precedes the game's
// announcement.
func (r *Router) deferEvents(next handler) handler {
	return func(q *request) {
		ctx, deferred := sessions.Defer(q.ctx)
		q.ctx = ctx
		defer deferred.Flush(r.OnEvent)
		next(q)
	}
}

// recoverPanic logs a bug met handling the message and apologises.
func (r *Router) recoverPanic(next handler) handler {
	return func(q *request) {
		defer func() {
			if p := recover(); p != nil {
				r.log.Error("panic handling message", "panic", fmt.Sprint(p), "text", present.Shorten(q.m.Text, 80))
				q.say(q.t("error.internal"))
			}
		}()
		next(q)
	}
}

// route finds the command's entry. A bare "start" / "başlat" starts the
// channel's tournament while one is open for registration.
func (r *Router) route(next handler) handler {
	return func(q *request) {
		if q.startsTournament() {
			q.entry = &startTournament
		} else {
			q.entry = q.r.entries[q.cmd.Name]
		}
		next(q)
	}
}

// startTournament is the entry of a bare "start" that starts the channel's
// tournament.
var startTournament = entry{name: command.Tournament, run: func(q *request) { q.tournamentSub(subStart, nil) }}

// actionWithWords: an action followed by words it does not take is talk
// in a group ("pes doğrusu", "berabere kaldık", "kabul etmem") and is
// ignored; addressed to the bot, a resignation or an acceptance is refused
// with what to write, never guessed.
func actionWithWords(next handler) handler {
	return func(q *request) {
		if e := q.entry; e != nil && e.action && len(q.strayWords()) > 0 {
			if !q.cmd.Prefixed && !q.m.Private {
				return
			}
			if e.stray != "" {
				q.say(q.t(e.stray, "cmd", present.Shorten(q.cmd.Word, 20)))
				return
			}
		}
		next(q)
	}
}
