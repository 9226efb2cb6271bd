package router

import (
	"context"
	"fmt"
	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/chat/present"
	"oyunbot/sessions"
	"strings"
	"time"
)

// events.go turns the live games' events (the bot's moves, clocks,
// rounds) into replies in their channel's language.

// OnEvent turns a sessions event into replies (called on worker goroutines,
// and after a message's own answer for the events it caused).
func (r *Router) OnEvent(ev sessions.Event) {
	ctx := r.base
	s := ev.Game
	if ev.Tournament != nil {
		v := ev.Tournament
		lang := r.eventLang(ctx, v.Platform, v.ChannelID, v.Lang)
		var rep chat.Reply
		switch ev.Kind {
		case sessions.EventRoundStarted:
			rep = r.show.RoundStarted(lang, ev)
		case sessions.EventTournamentOver:
			rep = r.show.StandingsReply(lang, *v, true)
			rep.Text = r.cat.T(lang, "tournament.over", "game", r.show.GameName(lang, v.Game)) + "\n" + r.show.TournamentWinner(lang, *v) + "\n" + rep.Text
		default:
			return
		}
		rep = r.withTournamentLink(ctx, lang, *v, rep)
		rep.Platform, rep.ChannelID, rep.Ref = v.Platform, v.ChannelID, ev.Ref
		r.send(ctx, rep)
		if ev.Kind == sessions.EventRoundStarted {
			r.roundBoards(ctx, lang, ev)
		}
		return
	}
	lang := r.eventLang(ctx, s.Platform, s.ChannelID, s.Lang)
	if m := ev.Match; m != nil && s.Game == nil {
		// The end of a match names no game: its channel's language.
		lang = r.eventLang(ctx, m.Platform, m.ChannelID, m.Lang)
	}
	rep := chat.Reply{Platform: s.Platform, ChannelID: s.ChannelID, Ref: ev.Ref}
	human := ""
	for _, p := range s.Players {
		if !p.Bot {
			human = p.ID
		}
	}
	botsOnly := s.Players[0].Bot && s.Players[1].Bot
	e := &eventReply{r: r, show: r.show.In(ctx), ev: ev, s: s, lang: lang, rep: rep, human: human, botsOnly: botsOnly}
	say, ok := eventReplies[ev.Kind]
	if !ok {
		return
	}
	rep, ok = say(e)
	if !ok {
		return
	}
	if ev.Kind == sessions.EventHint && ev.Ref != "" {
		if h, ok := r.pageHints.take(s.ID); ok {
			if h.ref == ev.Ref {
				// Asked from the page: its answer goes there (the page shows
				// the game's change by itself: no version to announce).
				rep.GameID, rep.GameVersion = 0, 0
				h.answer(rep)
				return
			}
			r.pageHints.put(s.ID, h) // another's, still to come
		}
	}
	r.send(ctx, rep)
}

// roundBoards posts the opening board of each game a round started that a
// person opens, after the pairings: those the bot opens are shown with its
// first move, and a game between bots when it ends (issue 35.4).
func (r *Router) roundBoards(ctx context.Context, lang chat.Lang, ev sessions.Event) {
	for _, s := range ev.Games {
		if p, ok := s.ToMove(); (ok && p.Bot) || s.Result.Over || (s.Players[0].Bot && s.Players[1].Bot) {
			continue
		}
		head := r.cat.T(lang, "game.started", "game", r.show.GameName(lang, s.Game), "players", r.show.Players(lang, s))
		if t := r.show.In(ctx).TurnsText(lang, s, 0); t != "" {
			head += "\n" + t // the opening roll
		}
		if p := r.show.Prompt(lang, s); p != "" {
			head += "\n" + p // what the roll asks of the first player
		}
		viewer := "" // between people: the board as the first player sees it
		if s.VsBot() {
			for _, p := range s.Players {
				if !p.Bot {
					viewer = p.ID
				}
			}
		}
		rep := r.show.In(ctx).GameReply(lang, s, head, viewer)
		rep.Platform, rep.ChannelID, rep.Ref = s.Platform, s.ChannelID, ev.Ref
		r.send(ctx, rep)
	}
}

// openingFailed announces a game the bot opens whose first move failed
// (why), so that the game is shown all the same.
func (e *eventReply) openingFailed(lang chat.Lang, s sessions.Snapshot, head, why, ref string) chat.Reply {
	rep := e.show.GameReply(lang, s, head+"\n"+why, "")
	rep.Platform, rep.ChannelID, rep.Ref = s.Platform, s.ChannelID, ref
	return rep
}

// lastSide is the side that played the last move.
func lastSide(s sessions.Snapshot) ai.Side {
	if n := len(s.Sides); n > 0 {
		return s.Sides[n-1]
	}
	return ai.NoSide
}

// eventReply is what an event's reply is made from: the event, its game,
// the channel's language, the reply addressed to the game's channel, and
// the game's person (for the board's side) when the bot plays in it.
type eventReply struct {
	r        *Router
	show     *present.Presenter // r's, In the event's context
	ev       sessions.Event
	s        sessions.Snapshot
	lang     chat.Lang
	rep      chat.Reply
	human    string
	botsOnly bool
}

// t is message id in the event's language.
func (e *eventReply) t(id string, kv ...string) string { return e.r.cat.T(e.lang, id, kv...) }

// eventReplies makes each kind of event's reply; false sends none (a
// stale notice, a game between two bots still going).
var eventReplies = map[sessions.EventKind]func(*eventReply) (chat.Reply, bool){
	sessions.EventBotMoved:     (*eventReply).saidBotMoved,
	sessions.EventThinking:     (*eventReply).saidThinking,
	sessions.EventHint:         (*eventReply).saidHint,
	sessions.EventForfeit:      (*eventReply).saidForfeit,
	sessions.EventReminder:     (*eventReply).saidReminder,
	sessions.EventBotFailed:    (*eventReply).saidBotFailed,
	sessions.EventOptimal:      (*eventReply).saidOptimal,
	sessions.EventEnded:        (*eventReply).saidEnded,
	sessions.EventMatchGame:    (*eventReply).saidMatchGame,
	sessions.EventMatchOver:    (*eventReply).saidMatchOver,
	sessions.EventNotSaved:     (*eventReply).saidNotSaved,
	sessions.EventClockResumed: (*eventReply).saidClockResumed,
}

// saidBotMoved is the reply to a sessions.EventBotMoved.
func (e *eventReply) saidBotMoved() (chat.Reply, bool) {
	r, ev, s, lang, human, botsOnly, rep := e.r, e.ev, e.s, e.lang, e.human, e.botsOnly, e.rep
	if botsOnly && !s.Result.Over {
		return rep, false // a game between two bots is shown when it ends
	}
	// The person's turn just before (if they moved), every turn the
	// bot's job played (with a pass the rules made between them), and
	// the dice rolled for the next.
	from := present.PersonTurnBefore(s, ev.From)
	head := e.show.TurnsText(lang, s, from)
	if followed, _ := r.follows.take(s.ID); followed {
		head = r.show.GameName(lang, s.Game) + " · " + head
	}
	if e := r.show.Explanations(lang, s, from); e != "" {
		head += "\n" + e
	}
	if o, _ := r.openings.take(s.ID); o != "" {
		head = o + "\n" + head // the game the bot opens, with its first move
	}
	if p := r.show.Prompt(lang, s); p != "" {
		head += "\n" + p
	}
	game := e.show.GameReply(lang, s, head, human)
	game.Platform, game.ChannelID, game.Ref = rep.Platform, rep.ChannelID, rep.Ref
	rep = game
	return rep, true
}

// saidThinking is the reply to a sessions.EventThinking.
func (e *eventReply) saidThinking() (chat.Reply, bool) {
	r, ev, s, botsOnly, t, rep := e.r, e.ev, e.s, e.botsOnly, e.t, e.rep
	if botsOnly {
		return rep, false
	}
	if cur, err := r.games.Get(s.ID); err != nil || cur.Version != s.Version {
		return rep, false // the game changed (a resignation, its end) since the notice was due: stale
	}
	rep.Notice = true
	if ev.Queued {
		rep.Text = "#" + s.Tag() + " " + t("bot.queued", "bot", r.cfg.BotName)
	} else {
		rep.Text = "#" + s.Tag() + " " + t("bot.thinking", "bot", r.cfg.BotName)
	}
	return rep, true
}

// saidHint is the reply to a sessions.EventHint.
func (e *eventReply) saidHint() (chat.Reply, bool) {
	ev, s, lang, t, rep := e.ev, e.s, e.lang, e.t, e.rep
	shown := e.show.ShowMove(lang, s, ev.Move)
	rep.Text = "#" + s.Tag() + " " + t("hint", "move", shown)
	if ev.Unrated {
		rep.Text += "\n" + t("game.unrated") // a sentence of its own after the move
		// The hint announces the version that made the game unrated: the
		// next start has no board to show again (issue 35.5).
		rep.GameID, rep.GameVersion = s.ID, s.Version
	}
	rep.Buttons = [][]chat.Button{{{Label: shown, Data: present.TruncData(command.Move + " #" + s.Tag() + " " + shown)}}}
	return rep, true
}

// saidForfeit is the reply to a sessions.EventForfeit.
func (e *eventReply) saidForfeit() (chat.Reply, bool) {
	r, s, lang, t, rep := e.r, e.s, e.lang, e.t, e.rep
	var head string
	switch {
	case s.Result.Void() && (s.Turn == ai.First || s.Turn == ai.Second):
		head = t("game.never-moved", "player", r.show.DisplayName(s.Players[s.Turn]))
	case s.Result.Winner != ai.First && s.Result.Winner != ai.Second:
		return rep, false // no loser to name (not an outcome CheckIdle gives)
	case s.Result.Reason == sessions.ReasonTime:
		head = t("game.flag", "player", r.show.DisplayName(s.Players[s.Result.Winner.Opponent()]))
	default:
		head = t("game.forfeit", "player", r.show.DisplayName(s.Players[s.Result.Winner.Opponent()]))
	}
	game := e.show.GameReply(lang, s, head, "")
	game.Platform, game.ChannelID = rep.Platform, rep.ChannelID
	rep = game
	return rep, true
}

// saidReminder is the reply to a sessions.EventReminder.
func (e *eventReply) saidReminder() (chat.Reply, bool) {
	r, ev, s, lang, t, rep := e.r, e.ev, e.s, e.lang, e.t, e.rep
	p, _ := s.ToMove()
	key := "game.reminder"
	if ev.Void {
		key = "game.reminder-void" // what the forfeit then does
	}
	rep.Text = "#" + s.Tag() + " " + t(key, "player", r.show.DisplayName(p), "left", r.show.FormatDuration(lang, ev.Left))
	return rep, true
}

// saidBotFailed is the reply to a sessions.EventBotFailed.
func (e *eventReply) saidBotFailed() (chat.Reply, bool) {
	r, ev, s, lang, t, rep := e.r, e.ev, e.s, e.lang, e.t, e.rep
	rep.Text = "#" + s.Tag() + " " + t("error.internal")
	if o, _ := r.openings.take(s.ID); o != "" {
		rep = e.openingFailed(lang, s, o, t("error.internal"), ev.Ref)
	}
	return rep, true
}

// saidOptimal is the reply to a sessions.EventOptimal.
func (e *eventReply) saidOptimal() (chat.Reply, bool) {
	r, s, lang, rep := e.r, e.s, e.lang, e.rep
	rep.Text = "#" + s.Tag() + " " + r.cat.N(lang, "solo.optimal", s.Optimal)
	rep.GameID, rep.GameVersion = s.ID, s.Version // the version that stored it: no board to show again
	return rep, true
}

// saidEnded is the reply to a sessions.EventEnded.
func (e *eventReply) saidEnded() (chat.Reply, bool) {
	r, s, lang, t, rep := e.r, e.s, e.lang, e.t, e.rep
	head := t("game.ended-aborted")
	if s.Result.Reason == sessions.ReasonWithdrew && s.Result.Winner != ai.NoSide {
		head = t("game.ended-withdrew", "player", r.show.DisplayName(s.Players[s.Result.Winner.Opponent()]))
	}
	game := e.show.GameReply(lang, s, head, "")
	game.Platform, game.ChannelID = rep.Platform, rep.ChannelID
	rep = game
	return rep, true
}

// saidMatchGame is the reply to a sessions.EventMatchGame.
func (e *eventReply) saidMatchGame() (chat.Reply, bool) {
	r, ev, s, lang, human, t, rep := e.r, e.ev, e.s, e.lang, e.human, e.t, e.rep
	m := ev.Match
	head := t("match.next", "score", r.show.MatchScoreText(m), "target", fmt.Sprint(m.Target)) + "\n" +
		t("game.started", "game", r.show.GameName(lang, s.Game), "players", r.show.Players(lang, s))
	if tt := e.show.TurnsText(lang, s, 0); tt != "" {
		head += "\n" + tt
	}
	if p := r.show.Prompt(lang, s); p != "" {
		head += "\n" + p
	}
	game := e.show.GameReply(lang, s, head, human)
	game.Platform, game.ChannelID, game.Ref = rep.Platform, rep.ChannelID, rep.Ref
	rep = game
	return rep, true
}

// saidMatchOver is the reply to a sessions.EventMatchOver.
func (e *eventReply) saidMatchOver() (chat.Reply, bool) {
	r, ev, t, rep := e.r, e.ev, e.t, e.rep
	m := ev.Match
	rep.Platform, rep.ChannelID = m.Platform, m.ChannelID
	if m.Winner < 0 {
		rep.Text = t("match.over-void", "score", r.show.MatchScoreText(m))
	} else {
		rep.Text = t("match.over", "score", r.show.MatchScoreText(m), "player", r.show.DisplayName(m.Players[m.Winner]))
	}
	return rep, true
}

// saidNotSaved is the reply to a sessions.EventNotSaved.
func (e *eventReply) saidNotSaved() (chat.Reply, bool) {
	r, ev, s, lang, t, rep := e.r, e.ev, e.s, e.lang, e.t, e.rep
	rep.Text = "#" + s.Tag() + " " + t("bot.not-saved", "bot", r.cfg.BotName)
	if ev.Ref != "" {
		// The answer to a person's move, which was saved: it is shown
		// before the bot's failure, as the bot's move would have been.
		if i := present.LastTurnStart(s, 0, ai.NoSide); i > 0 {
			if sd := s.Sides[i-1]; (sd == ai.First || sd == ai.Second) && !s.Players[sd].Bot {
				if turn := e.show.TurnsText(lang, s, present.LastTurnStart(s, 0, sd)); turn != "" {
					rep.Text = "#" + s.Tag() + " " + turn + " · " + t("bot.not-saved", "bot", r.cfg.BotName)
				}
			}
		}
	}
	if o, _ := r.openings.take(s.ID); o != "" {
		rep = e.openingFailed(lang, s, o, t("bot.not-saved", "bot", r.cfg.BotName), ev.Ref)
	}
	return rep, true
}

// saidClockResumed is the reply to a sessions.EventClockResumed.
func (e *eventReply) saidClockResumed() (chat.Reply, bool) {
	r, ev, s, lang, t, rep := e.r, e.ev, e.s, e.lang, e.t, e.rep
	// The stop in every unit ("1 dk 5 sn"): rounded to the minute as
	// in reminders, a short stop would be misstated.
	var parts []string
	d := max(ev.Down.Round(time.Second), time.Second)
	for _, u := range []struct {
		d   time.Duration
		key string
	}{{24 * time.Hour, "unit.day"}, {time.Hour, "unit.hour"}, {time.Minute, "unit.min"}, {time.Second, "unit.sec"}} {
		if n := d / u.d; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, t(u.key)))
			d -= n * u.d
		}
	}
	p, _ := s.ToMove()
	key := "clock.resumed"
	if ev.Outage {
		key = "clock.resumed-outage"
	}
	rep.Text = "#" + s.Tag() + " " + t(key, "down", strings.Join(parts, " "), "player", r.show.DisplayName(p))
	if c := r.show.ClockLine(lang, s); c != "" {
		rep.Text += "\n" + c
	}
	return rep, true
}
