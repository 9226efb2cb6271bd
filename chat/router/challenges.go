package router

import (
	"errors"
	"fmt"
	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/present"
	"oyunbot/games"
	"oyunbot/sessions"
	"strings"
)

// challenges.go is games between people: challenges, their answers.

// challenge: challenge @user <game> [side] [time control] [match N].
// Words it does not take are let be ("meydan @ali dama hadi").
func (q *request) challenge() {
	var (
		to         *chat.User
		game       games.Game
		side       = ai.NoSide
		tc         sessions.TimeControl
		unresolved string
		target     int
	)
	if len(q.m.Mentions) > 0 {
		u := q.m.Mentions[0]
		to = &u
	}
	for _, a := range q.r.words.classify(q.cmd.Args, challengeArgs) {
		switch a.kind {
		case argMention:
			// Only the adapter knows who a mention is: a name it could not
			// resolve is not a player id.
			if to == nil && unresolved == "" {
				unresolved = a.word
			}
		case argGame:
			if game == nil {
				game = a.game
			}
		case argSide:
			if a.side == ai.NoSide {
				q.sayBadSide(a.game, a.word)
				return
			}
			if side == ai.NoSide {
				side = a.side
			}
		case argTime:
			if a.err != nil {
				q.sayBadTime(a.word)
				return
			}
			tc = a.tc
		case argMatch:
			if a.err != nil {
				q.sayBadMatch(a.word)
				return
			}
			if target == 0 {
				target = a.n
				if target == 0 {
					target = sessions.DefaultMatchTarget
				}
			}
		}
	}
	if to == nil && unresolved != "" {
		// The example names the game asked for, else the first one.
		gname := q.r.show.ExampleName(q.lang)
		if game != nil {
			gname = q.r.show.TypedName(q.lang, game)
		}
		q.say(q.t("error.challenge-unresolved", "name", present.Shorten(unresolved, 30), "game", gname))
		return
	}
	if to == nil && game != nil {
		if q.m.Private && !q.m.Shared {
			// Nobody else is here to accept it: said, with where it works.
			gname := q.r.show.TypedName(q.lang, game)
			q.say(q.t("error.challenge-open-private", "game", gname))
			return
		}
		q.openChallenge(game, side, tc, target)
		return
	}
	if to == nil || game == nil {
		q.say(q.t("error.challenge-usage", "games", q.r.show.GameNames(q.lang, present.Duel)))
		return
	}
	if strings.EqualFold(strings.TrimPrefix(to.Name, "@"), q.r.cfg.BotName) || strings.EqualFold(to.ID, q.r.cfg.BotName) {
		q.say(q.t("error.challenge-bot", "game", q.r.show.TypedName(q.lang, game)))
		return
	}
	if to.Name == "" {
		to.Name = present.CleanName(to.ID)
	}
	err := q.r.chal.Issue(q.ctx, sessions.Challenge{
		Platform: q.m.Platform, ChannelID: q.m.ChannelID,
		From: q.user(), To: sessions.Player{ID: to.ID, Name: to.Name}, Game: game, Side: side,
		TimeControl: tc, Lang: string(q.lang), Target: target,
	})
	if err != nil {
		q.sayError(err)
		return
	}
	q.sayChallenge(q.t("challenge.sent", "from", q.user().Name, "to", to.Name, "game", q.r.show.GameName(q.lang, game)), to.ID, tc, target)
}

// sayBadSide refuses a side word of another game than g, with g's sides.
func (q *request) sayBadSide(g games.Game, word string) {
	var sides []string
	for side := range g.SideNames() {
		sides = append(sides, q.r.show.SideName(q.lang, g, ai.Side(side)))
	}
	q.say(q.t("error.bad-side", "word", present.Shorten(word, 20), "game", q.r.show.GameName(q.lang, g), "sides", strings.Join(sides, ", ")))
}

// sayBadTime refuses a word meant as a time control, with the accepted
// range: a time written well but below the minimum ("1s", "3sn") is said
// to be too short.
func (q *request) sayBadTime(word string) {
	key := "error.bad-time-control"
	if belowMinimum(chat.Fold(word)) {
		key = "error.time-too-short"
	}
	q.say(q.t(key, "word", present.Shorten(word, 20),
		"min", q.r.show.DurationText(q.lang, sessions.MinClock), "max", q.r.show.DurationText(q.lang, sessions.MaxClock),
		"incr", q.r.show.DurationText(q.lang, sessions.MaxIncr)))
}

// fromArg returns the challenger named in the arguments ("accept @ali"):
// the resolved mention, else the challenger to the sender whose display
// name is the @name typed ("" if none: the latest challenge).
func (q *request) fromArg() string {
	if len(q.m.Mentions) > 0 {
		return q.m.Mentions[0].ID
	}
	for _, a := range q.cmd.Args {
		if name, ok := strings.CutPrefix(a, "@"); ok {
			for _, c := range q.r.chal.Pending(q.m.Platform, q.m.ChannelID, q.m.UserID) {
				if c.To.ID == q.m.UserID && (strings.EqualFold(c.From.Name, name) || chat.Fold(c.From.Name) == chat.Fold(name)) {
					return c.From.ID
				}
			}
		}
	}
	return ""
}

// accept answers a challenge or a draw offer: the one its argument names
// (a button's "accept #g7" for the draw offer in game 7, "accept
// @<id>:<time>" for one challenge), else the latest challenge to the
// sender (from the @someone typed), else a draw offer to the sender.
func (q *request) accept() {
	if from, created, ok := q.challengeArg(); ok {
		q.answerChallenge(from, created, true)
		return
	}
	if q.hasTag() {
		if s, ok := q.current(); ok {
			q.answerOffer(s, true)
		}
		return
	}
	snap, c, err := q.r.chal.Accept(q.ctx, q.m.Platform, q.m.ChannelID, q.user(), q.fromArg())
	if errors.Is(err, sessions.ErrNoChallenge) {
		if s, ok := q.offerTo(); ok { // "accept" answers a draw or take-back offer too
			q.answerOffer(s, true)
			return
		}
		if q.mineToPlay("take") {
			// A double to answer (backgammon): "kabul" / "accept" takes it.
			q.move("take", true)
			return
		}
	}
	if err != nil {
		q.sayError(err)
		return
	}
	q.sayAccepted(snap, c)
}

// sayAccepted announces the game an accepted challenge started: a
// match's target, the opening roll of a dice game.
func (q *request) sayAccepted(snap sessions.Snapshot, c sessions.Challenge) {
	q.sayReply(q.acceptedReply(q.lang, snap, c))
}

// acceptedReply is sayAccepted's announcement, in lang.
func (q *request) acceptedReply(lang chat.Lang, snap sessions.Snapshot, c sessions.Challenge) chat.Reply {
	head := q.r.cat.T(lang, "game.started", "game", q.r.show.GameName(lang, snap.Game), "players", q.r.show.Players(lang, snap))
	if c.Target > 0 {
		head += "\n" + q.r.cat.T(lang, "match.started", "target", fmt.Sprint(c.Target))
	}
	if t := q.show().TurnsText(lang, snap, 0); t != "" {
		head += "\n" + t // the opening roll
	}
	if p := q.r.show.Prompt(lang, snap); p != "" {
		head += "\n" + p // what the roll asks of the first player
	}
	return q.show().GameReply(lang, snap, head, "")
}

// decline is accept's counterpart.
func (q *request) decline() {
	if from, created, ok := q.challengeArg(); ok {
		q.answerChallenge(from, created, false)
		return
	}
	if q.hasTag() {
		if s, ok := q.current(); ok {
			q.answerOffer(s, false)
		}
		return
	}
	c, err := q.r.chal.Decline(q.ctx, q.m.Platform, q.m.ChannelID, q.m.UserID, q.fromArg())
	if errors.Is(err, sessions.ErrNoChallenge) {
		if s, ok := q.offerTo(); ok {
			q.answerOffer(s, false)
			return
		}
	}
	if err != nil {
		q.sayError(err)
		return
	}
	q.say(q.t("challenge.declined", "player", q.user().Name, "from", present.CleanName(c.From.Name), "game", q.r.show.GameName(q.lang, c.Game)))
}

// challengeArg is the challenge named by a challengeID among the arguments.
func (q *request) challengeArg() (fromID string, createdMS int64, ok bool) {
	for _, a := range q.cmd.Args {
		if from, ms, ok := present.ParseChallengeID(a); ok {
			return from, ms, true
		}
	}
	return "", 0, false
}

// answerChallenge accepts or declines the one challenge from fromID made at
// createdMS (a button's): one that was answered, replaced or has expired,
// or that is someone else's to answer, is refused, never another taken
// in its place.
func (q *request) answerChallenge(fromID string, createdMS int64, accept bool) {
	var (
		c     sessions.Challenge
		found bool
	)
	for _, o := range q.r.chal.Pending(q.m.Platform, q.m.ChannelID, fromID) {
		if o.From.ID == fromID && o.Created.UnixMilli() == createdMS {
			c, found = o, true
		}
	}
	if !found && q.m.Private {
		// A challenge's link (chat.StartLinker) opened in the private
		// chat: the challenge is answered where it was made.
		c, found = q.r.chal.Named(q.m.Platform, fromID, createdMS)
	}
	elsewhere := found && c.ChannelID != q.m.ChannelID
	switch {
	case !found:
		q.refuse(q.t("challenge.gone"))
		return
	case elsewhere && c.Open():
		q.refuse(q.t("challenge.open-elsewhere"))
		return
	case c.From.ID == q.m.UserID && c.Open():
		q.refuse(q.t("challenge.open-own"))
		return
	case c.From.ID == q.m.UserID:
		q.refuse(q.t("challenge.own", "to", present.CleanName(c.To.Name)))
		return
	case c.Open() && !accept:
		q.refuse(q.t("challenge.open-own-decline"))
		return
	case c.To.ID != q.m.UserID && !c.Open():
		q.refuse(q.t("challenge.not-yours", "to", present.CleanName(c.To.Name)))
		return
	}
	if !accept {
		c, err := q.r.chal.Decline(q.ctx, c.Platform, c.ChannelID, q.m.UserID, fromID)
		if errors.Is(err, sessions.ErrNoChallenge) {
			q.refuse(q.t("challenge.gone"))
			return
		}
		if err != nil {
			q.sayError(err)
			return
		}
		if elsewhere {
			lang := q.challengeLang(c)
			q.r.send(q.ctx, chat.Reply{Platform: c.Platform, ChannelID: c.ChannelID,
				Text: q.r.cat.T(lang, "challenge.declined", "player", q.user().Name, "from", present.CleanName(c.From.Name), "game", q.r.show.GameName(lang, c.Game))})
			q.say(q.t("challenge.declined-elsewhere", "from", present.CleanName(c.From.Name), "game", q.r.show.GameName(q.lang, c.Game)))
			return
		}
		q.say(q.t("challenge.declined", "player", q.user().Name, "from", present.CleanName(c.From.Name), "game", q.r.show.GameName(q.lang, c.Game)))
		return
	}
	snap, acc, err := q.r.chal.Accept(q.ctx, c.Platform, c.ChannelID, q.user(), fromID)
	if errors.Is(err, sessions.ErrNoChallenge) {
		q.refuse(q.t("challenge.gone"))
		return
	}
	if err != nil {
		q.sayError(err)
		return
	}
	if elsewhere {
		// The game is where the challenge was made; the private chat is
		// told so.
		q.r.openings.take(snap.ID)
		rep := q.acceptedReply(q.challengeLang(acc), snap, acc)
		rep.Platform, rep.ChannelID = snap.Platform, snap.ChannelID
		q.r.send(q.ctx, rep)
		q.say(q.t("challenge.accepted-elsewhere", "from", present.CleanName(acc.From.Name),
			"game", q.r.show.GameName(q.lang, acc.Game), "tag", "#"+snap.Tag()))
		return
	}
	q.sayAccepted(snap, acc)
}

// challengeLang is the language of c's chat: the one its challenger used.
func (q *request) challengeLang(c sessions.Challenge) chat.Lang {
	if l, ok := chat.ParseLang(c.Lang); ok {
		return l
	}
	return q.lang
}
