package router

import (
	"errors"
	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/chat/present"
	"oyunbot/sessions"
)

// actions.go is what players do to a game beyond moving: hints,
// take-backs, draw offers, resignations.

func (q *request) hint() {
	s, ok := q.current()
	if !ok || q.refused(s, q.r.show.Host(s.Game).Policy.NoHints, "error.no-hints") {
		return
	}
	if s.Rated && s.VsBot() && s.Tournament == 0 && !s.Result.Over && !q.confirmed() {
		// The engine's help makes the game unrated: asked first.
		q.askConfirm(s, "hint.confirm", command.Hint)
		return
	}
	if q.m.Answer != nil {
		// Asked from the page: answered there (OnEvent).
		q.r.pageHints.put(s.ID, pageHint{ref: q.m.Ref, answer: q.m.Answer})
	}
	if err := q.r.moves.Hint(q.ctx, s.ID, q.m.UserID, q.m.Ref); err != nil {
		q.r.pageHints.take(s.ID)
		q.sayError(err)
	}
}

func (q *request) undo() {
	s, ok := q.current()
	if !ok {
		return
	}
	if side := s.SideOf(q.m.UserID); side != ai.NoSide && s.Turn == side && len(s.Sides) > 0 && s.Sides[len(s.Sides)-1] == side {
		// A ply of a turn not complete (a die of two): taken back freely,
		// in every game, as nothing was answered yet.
		q.takeBackPly()
		return
	}
	if q.refused(s, q.r.show.Host(s.Game).Policy.NoUndo, "error.no-undo") {
		return
	}
	if !s.VsBot() && !s.Solo() {
		q.offerTakeback(s) // between people: the opponent agrees first
		return
	}
	if s.Rated && s.VsBot() && s.Tournament == 0 && !s.Result.Over && hasMoved(s, s.SideOf(q.m.UserID)) && !q.confirmed() {
		// A take-back makes the game unrated: asked first, as a hint is.
		q.askConfirm(s, "undo.confirm", command.Undo)
		return
	}
	after, err := q.r.moves.Undo(q.ctx, s.ID, q.m.UserID)
	if err != nil {
		q.sayError(err)
		return
	}
	head := q.t("game.undone")
	if s.Rated && !after.Rated {
		head += " " + q.t("game.unrated")
	}
	q.sayReply(q.show().GameReply(q.lang, after, head, q.m.UserID))
}

// takeBackPly takes back the sender's last ply of the turn they are in.
func (q *request) takeBackPly() {
	s, _ := q.current()
	after, ply, err := q.r.moves.TakeBackPly(q.ctx, s.ID, q.m.UserID)
	if err != nil {
		q.sayError(err)
		return
	}
	head := q.t("game.ply-undone", "move", ply)
	if p := q.r.show.Prompt(q.lang, after); p != "" {
		head += "\n" + p
	}
	q.sayReply(q.show().GameReply(q.lang, after, head, q.m.UserID))
}

func (q *request) draw() {
	s, ok := q.current()
	if !ok || q.refused(s, q.r.show.Host(s.Game).Policy.NoDraws, "error.no-draws") {
		return
	}
	out, after, err := q.r.acts.OfferDraw(q.ctx, s.ID, q.m.UserID)
	if err != nil {
		q.sayError(err)
		return
	}
	me := q.r.show.PlayerName(after, after.SideOf(q.m.UserID))
	switch out {
	case sessions.DrawAgreed:
		head := q.t("draw.agreed")
		if s.Rated && !after.Rated && !after.Result.Void() { // a tournament's draw at move 0
			head += " " + q.t("draw.early-unrated")
		}
		q.sayReply(q.show().GameReply(q.lang, after, head, q.m.UserID))
	case sessions.DrawDeclined:
		q.say("#" + after.Tag() + " " + q.t("draw.bot-declines", "bot", q.r.cfg.BotName))
	default:
		opp := q.r.show.PlayerName(after, after.SideOf(q.m.UserID).Opponent())
		oppID := after.Players[after.SideOf(q.m.UserID).Opponent()].ID
		q.askAnswer(oppID, "#"+after.Tag())
		q.announce(after, chat.Reply{
			Text:    "#" + after.Tag() + " " + q.t("draw.offered", "player", me, "opponent", opp),
			Buttons: q.r.show.AnswerButtons(q.lang, "#"+after.Tag(), oppID),
		})
	}
}

func (q *request) resign() {
	s, ok := q.current()
	if !ok {
		return
	}
	if side := s.SideOf(q.m.UserID); s.Rated && !s.Result.Over && (hasMoved(s, side) || s.Tournament != 0) && !q.confirmed() {
		// A rated resignation costs rating (a casual game resigned before
		// one's first move just ends): a second tap (or "resign yes")
		// makes sure it was meant.
		if c, ok := q.r.rate.IfLost(q.ctx, s, side); ok {
			q.askConfirm(s, "resign.confirm-rating", command.Resign, "change", present.ChangeText(c))
			return
		}
		q.askConfirm(s, "resign.confirm", command.Resign)
		return
	}
	after, err := q.r.acts.Resign(q.ctx, s.ID, q.m.UserID)
	if err != nil {
		q.sayError(err)
		return
	}
	head := q.t("game.resigned", "player", q.r.show.PlayerName(after, after.SideOf(q.m.UserID)))
	q.sayReply(q.show().GameReply(q.lang, after, head, q.m.UserID))
}

// declineDraw declines the draw offer to the sender in the tagged game.
func (q *request) declineDraw() {
	s, ok := q.current()
	if !ok {
		return
	}
	after, err := q.r.acts.DeclineDraw(q.ctx, s.ID, q.m.UserID)
	switch {
	case errors.Is(err, sessions.ErrNoDrawOffer):
		q.say("#" + s.Tag() + " " + q.t("draw.gone"))
	case err != nil:
		q.sayError(err)
	default:
		q.announce(after, chat.Reply{Text: "#" + after.Tag() + " " + q.t("draw.declined", "player", q.user().Name)})
	}
}
