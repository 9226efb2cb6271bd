package router

import (
	"errors"
	"fmt"
	"oyunbot/chat/present"
	"oyunbot/games"
	"oyunbot/sessions"
	"strconv"
	"strings"
)

// errors.go says what went wrong, in the person's words.

// sayError answers a sessions error; about a game named by its tag, the
// answer starts with the tag (a stale button's press says which game it
// was about).
func (q *request) sayError(err error) {
	if id, ok := q.tag(); ok {
		q.sayTagged("#g"+strconv.FormatInt(id, 10)+" ", err)
		return
	}
	q.sayTagged("", err)
}

func (q *request) sayTagged(tag string, err error) {
	say := func(text string) { q.say(tag + text) }
	var pe *sessions.PlayingError
	switch {
	case errors.As(err, &pe):
		say(q.t("error.already-playing", "tag", "#"+pe.Game.Tag(), "game", q.r.GameName(q.lang, pe.Game.Game)))
	case errors.Is(err, sessions.ErrNoGame):
		say(q.t("error.no-game", "games", q.r.GameNames(q.lang, nil)))
	case errors.Is(err, sessions.ErrNotPlayer):
		say(q.t("error.not-player"))
	case errors.Is(err, sessions.ErrNotYourTurn):
		say(q.t("error.wait-turn"))
	case errors.Is(err, sessions.ErrGameOver):
		say(q.t("error.game-over"))
	case errors.Is(err, sessions.ErrNoChallenge):
		say(q.t("error.no-challenge"))
	case errors.Is(err, sessions.ErrSelfChallenge):
		say(q.t("error.self-challenge"))
	case errors.Is(err, sessions.ErrNotVsBot):
		say(q.t("error.not-vs-bot"))
	case errors.Is(err, sessions.ErrNothingToUndo):
		say(q.t("error.nothing-to-undo"))
	case errors.Is(err, sessions.ErrDuplicate):
		// A re-sent update applied before: its answer was given then.
		q.r.log.Info("update applied before, ignored", "platform", q.m.Platform, "channel", q.m.ChannelID)
	case errors.Is(err, sessions.ErrNoTakebackOffer):
		say(q.t("takeback.gone"))
	case errors.Is(err, sessions.ErrNoDrawOffer):
		say(q.t("error.no-draw-offer"))
	case errors.Is(err, sessions.ErrUnknownLevel):
		say(q.t("error.unknown-level", "levels", q.r.LevelNames(q.lang, nil)))
	case errors.Is(err, sessions.ErrOnePlayerGame):
		say(q.t("error.one-player"))
	case errors.Is(err, sessions.ErrRatedGame):
		say(q.t("error.no-hint-rated"))
	case errors.Is(err, sessions.ErrTournamentGame):
		say(q.t("error.tournament-game"))
	case errors.As(err, new(*sessions.OverAtStartError)):
		// Over before it begins: how, in the game's words.
		var over *sessions.OverAtStartError
		errors.As(err, &over)
		q.say(q.t("error.start-over", "reason", q.r.Reason(q.lang, over.Game, over.Status.Reason)))
	case errors.Is(err, sessions.ErrBadStart):
		// The reason without the sentinel's own words, which the
		// sentence already says; in the person's language when the game
		// can say it (games.Localized).
		reason := strings.TrimPrefix(err.Error(), sessions.ErrBadStart.Error()+": ")
		var loc interface {
			error
			games.Localized
		}
		if errors.As(err, &loc) {
			reason = loc.Message(string(q.lang))
		}
		q.say(q.t("error.bad-start", "reason", present.Shorten(reason, 600)))
	case errors.Is(err, sessions.ErrNotAllowed):
		q.say(q.t("error.not-allowed"))
	case errors.Is(err, sessions.ErrMatchTarget):
		q.say(q.t("error.match-target", "max", fmt.Sprint(sessions.MaxMatchTarget)))
	case errors.Is(err, sessions.ErrNotSaved):
		q.r.log.Error("command not saved", "cmd", q.cmd.Name, "err", err)
		say(q.t("error.not-saved"))
	default:
		q.r.log.Error("command failed", "cmd", q.cmd.Name, "err", err)
		say(q.t("error.internal"))
	}
}
