package router

// takeback.go: take-backs between people, offered by one player and
// answered by the other (accept / decline), like a draw offer.

import (
	"errors"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/sessions"
)

// offerTakeback offers the opponent in game s to take back the sender's
// last turn, or accepts the opponent's offer.
func (q *request) offerTakeback(s sessions.Snapshot) {
	out, after, err := q.r.acts.OfferTakeback(q.ctx, s.ID, q.m.UserID)
	if err != nil {
		q.sayError(err)
		return
	}
	me := q.r.show.PlayerName(after, after.SideOf(q.m.UserID))
	if out == sessions.TakebackAccepted {
		q.sayReply(q.show().GameReply(q.lang, after, q.t("takeback.accepted", "player", me), ""))
		return
	}
	opp := q.r.show.PlayerName(after, after.SideOf(q.m.UserID).Opponent())
	oppID := after.Players[after.SideOf(q.m.UserID).Opponent()].ID
	q.askAnswer(oppID, "#"+after.Tag())
	q.announce(after, chat.Reply{
		Text:    "#" + after.Tag() + " " + q.t("takeback.offered", "player", me, "opponent", opp),
		Buttons: q.r.show.AnswerButtons(q.lang, "#"+after.Tag(), oppID),
	})
}

// answerTakeback accepts or declines the opponent's offer in game s.
func (q *request) answerTakeback(s sessions.Snapshot, accept bool) {
	after, err := q.r.acts.AnswerTakeback(q.ctx, s.ID, q.m.UserID, accept)
	switch {
	case errors.Is(err, sessions.ErrNoTakebackOffer):
		q.say("#" + s.Tag() + " " + q.t("takeback.gone"))
	case err != nil:
		q.sayError(err)
	case accept:
		offerer := q.r.show.PlayerName(after, after.SideOf(q.m.UserID).Opponent())
		q.sayReply(q.show().GameReply(q.lang, after, q.t("takeback.accepted", "player", offerer), ""))
	default:
		q.announce(after, chat.Reply{Text: "#" + after.Tag() + " " + q.t("takeback.declined", "player", q.user().Name)})
	}
}

// offerTo finds the sender's game with a draw or take-back offer from the
// opponent.
func (q *request) offerTo() (sessions.Snapshot, bool) {
	for _, s := range q.r.games.Find(q.m.Platform, q.m.ChannelID, q.m.UserID) {
		if opp := s.SideOf(q.m.UserID).Opponent(); opp != ai.NoSide && (s.DrawOffer == opp || s.TakebackOffer == opp) {
			return s, true
		}
	}
	return sessions.Snapshot{}, false
}

// answerOffer answers the offer to the sender in game s (the tagged one,
// or the one offerTo found): a take-back, else a draw.
func (q *request) answerOffer(s sessions.Snapshot, accept bool) {
	side := s.SideOf(q.m.UserID)
	switch {
	case side == ai.NoSide:
		q.sayError(sessions.ErrNotPlayer)
	case s.TakebackOffer == side.Opponent():
		q.answerTakeback(s, accept)
	case !accept:
		q.cmd.Args = []string{"#" + s.Tag()}
		q.declineDraw()
	case s.DrawOffer != side.Opponent():
		q.say("#" + s.Tag() + " " + q.t("draw.gone"))
	default:
		q.cmd.Args = []string{"#" + s.Tag()}
		q.draw()
	}
}
