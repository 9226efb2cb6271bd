package router

// errors.go says what went wrong, in the person's words: one table from
// the live games' errors to their messages.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"oyunbot/chat/present"
	"oyunbot/games"
	"oyunbot/sessions"
)

// errorText is how one kind of error is said: the first entry whose match
// takes the error says it. tagged: the text follows the game's tag when the
// request names a game; text "" says nothing.
type errorText struct {
	match  func(error) bool
	text   func(q *request, err error) string
	tagged bool
	// refusal: said to the presser alone when a button was pressed
	// (request.refuse).
	refusal bool
}

// is matches errors wrapping target.
func is(target error) func(error) bool { return func(err error) bool { return errors.Is(err, target) } }

// as matches errors of type T.
func as[T error]() func(error) bool {
	return func(err error) bool {
		var t T
		return errors.As(err, &t)
	}
}

// key says catalogue message k.
func key(k string) func(q *request, err error) string {
	return func(q *request, _ error) string { return q.t(k) }
}

// errorTexts is the table; an error none of them takes is internal.
var errorTexts = []errorText{
	{match: as[*sessions.PlayingError](), tagged: true, text: func(q *request, err error) string {
		var pe *sessions.PlayingError
		errors.As(err, &pe)
		return q.t("error.already-playing", "tag", "#"+pe.Game.Tag(), "game", q.r.show.GameName(q.lang, pe.Game.Game))
	}},
	{match: is(sessions.ErrNoGame), tagged: true, text: func(q *request, _ error) string {
		return q.t("error.no-game", "games", q.r.show.GameNames(q.lang, nil))
	}},
	{match: is(sessions.ErrNotPlayer), tagged: true, refusal: true, text: key("error.not-player")},
	{match: is(sessions.ErrNotYourTurn), tagged: true, refusal: true, text: key("error.wait-turn")},
	{match: is(sessions.ErrGameOver), tagged: true, refusal: true, text: key("error.game-over")},
	{match: is(sessions.ErrNoChallenge), tagged: true, refusal: true, text: key("error.no-challenge")},
	{match: is(sessions.ErrSelfChallenge), tagged: true, text: key("error.self-challenge")},
	{match: is(sessions.ErrNotVsBot), tagged: true, text: key("error.not-vs-bot")},
	{match: is(sessions.ErrNothingToUndo), tagged: true, text: key("error.nothing-to-undo")},
	// A re-sent update applied before: its answer was given then.
	{match: is(sessions.ErrDuplicate), text: func(q *request, _ error) string {
		q.r.log.Info("update applied before, ignored", "platform", q.m.Platform, "channel", q.m.ChannelID)
		return ""
	}},
	{match: is(sessions.ErrNoTakebackOffer), tagged: true, refusal: true, text: key("takeback.gone")},
	{match: is(sessions.ErrNoDrawOffer), tagged: true, refusal: true, text: key("error.no-draw-offer")},
	{match: is(sessions.ErrUnknownLevel), tagged: true, text: func(q *request, _ error) string {
		return q.t("error.unknown-level", "levels", q.r.show.LevelNames(q.lang, nil))
	}},
	{match: is(sessions.ErrOnePlayerGame), tagged: true, text: key("error.one-player")},
	{match: is(sessions.ErrRatedGame), tagged: true, text: key("error.no-hint-rated")},
	{match: is(sessions.ErrTournamentGame), tagged: true, text: key("error.tournament-game")},
	// Over or decided before it begins: how, in the game's words, naming
	// the side.
	{match: as[*sessions.OverAtStartError](), text: func(q *request, err error) string {
		var over *sessions.OverAtStartError
		errors.As(err, &over)
		return q.t("error.start-over", "reason", q.r.show.StartReason(q.lang, over.Game, over.Status, over.Turn))
	}},
	// The reason without the sentinel's own words, which the sentence
	// already says; in the person's language when the game can say it
	// (games.Localized).
	{match: is(sessions.ErrBadStart), text: func(q *request, err error) string {
		reason := strings.TrimPrefix(err.Error(), sessions.ErrBadStart.Error()+": ")
		var loc interface {
			error
			games.Localized
		}
		if errors.As(err, &loc) {
			reason = loc.Message(string(q.lang))
		}
		return q.t("error.bad-start", "reason", present.Shorten(reason, 600))
	}},
	{match: is(sessions.ErrNotAllowed), text: key("error.not-allowed")},
	{match: is(sessions.ErrMatchTarget), text: func(q *request, _ error) string {
		return q.t("error.match-target", "max", fmt.Sprint(sessions.MaxMatchTarget))
	}},
	{match: is(sessions.ErrNotSaved), tagged: true, text: func(q *request, err error) string {
		q.r.log.Error("command not saved", "cmd", q.cmd.Name, "err", err)
		return q.t("error.not-saved")
	}},
}

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

// sayTagged says err after tag where its entry is tagged.
func (q *request) sayTagged(tag string, err error) {
	for _, e := range errorTexts {
		if !e.match(err) {
			continue
		}
		text := e.text(q, err)
		if e.tagged {
			text = tag + text
		}
		switch {
		case text == "" || text == tag:
		case e.refusal:
			q.refuse(text)
		default:
			q.say(text)
		}
		return
	}
	q.r.log.Error("command failed", "cmd", q.cmd.Name, "err", err)
	q.say(tag + q.t("error.internal"))
}
