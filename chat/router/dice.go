package router

// dice.go is "roll" / "zar": a player's own roll where the channel rolls by
// hand, and the channel's setting ("zar elle", "roll auto").

import (
	"errors"
	"slices"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/sessions"
)

// diceMode reads a setting word of "roll": by hand, or by the bot.
func diceMode(folded string) (mode string, ok bool) {
	switch folded {
	case "hand", "manual", "elle", "kendim", "kendimiz":
		return sessions.DiceByHand, true
	case "auto", "bot", "otomatik", "oto":
		return "", true
	}
	return "", false
}

// roll rolls the sender's dice, or sets how the channel's dice are rolled.
func (q *request) roll() {
	if args := q.argsWithoutTag(); len(args) > 0 {
		mode, ok := diceMode(chat.Fold(args[0]))
		if !ok {
			q.say(q.t("roll.usage"))
			return
		}
		if !q.mayConfigure() {
			q.say(q.t("roll.admin-only"))
			return
		}
		cs := q.r.chans.Get(q.ctx, q.m.Platform, q.m.ChannelID)
		cs.Dice = mode
		if err := q.r.chans.Set(q.ctx, cs); err != nil {
			q.sayError(err)
			return
		}
		if mode == sessions.DiceByHand {
			q.say(q.t("roll.set-hand"))
		} else {
			q.say(q.t("roll.set-auto"))
		}
		return
	}
	s, ok := q.current()
	if !ok {
		return
	}
	after, err := q.r.moves.Roll(q.ctx, s.ID, q.m.UserID)
	if errors.Is(err, sessions.ErrNoRoll) && q.rollIsMove(s) {
		// A game whose turn begins with a choice before the roll
		// (backgammon's: roll or double) has "roll" as a move: the word
		// plays it, in the game where it is legal.
		q.move("roll", true)
		return
	}
	if errors.Is(err, sessions.ErrNoRoll) {
		q.say("#" + s.Tag() + " " + q.t("error.no-roll"))
		return
	}
	if err != nil {
		q.sayError(err)
		return
	}
	from := len(after.Moves)
	for from > 0 && after.Sides[from-1] == ai.Chance {
		from--
	}
	head := q.show().TurnsText(q.lang, after, from)
	if p := q.r.show.Prompt(q.lang, after); p != "" {
		head += "\n" + p
	}
	q.sayReply(q.show().GameReply(q.lang, after, head, q.m.UserID))
}

// rollIsMove reports whether "roll" is a legal move in s, or in another
// of the sender's games in the channel (untagged), for the sender to play:
// a turn that begins with a choice before its roll.
func (q *request) rollIsMove(s sessions.Snapshot) bool {
	if p, ok := s.ToMove(); ok && p.ID == q.m.UserID && slices.Contains(s.Legal, "roll") {
		return true
	}
	return !q.hasTag() && q.mineToPlay("roll")
}

// mineToPlay reports whether move is legal in one of the sender's games
// in the channel where the sender is to move.
func (q *request) mineToPlay(move string) bool {
	return slices.ContainsFunc(q.r.games.Find(q.m.Platform, q.m.ChannelID, q.m.UserID), func(g sessions.Snapshot) bool {
		p, ok := g.ToMove()
		return ok && p.ID == q.m.UserID && slices.Contains(g.Legal, move)
	})
}
