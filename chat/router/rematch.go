package router

// rematch.go: a finished game played again (same players, colours
// swapped, the same clock and level), and challenges open to anyone in a
// channel.

import (
	"errors"
	"fmt"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/chat/present"
	"oyunbot/games"
	"oyunbot/sessions"
)

// openChallenge invites anyone in the channel to game: the first to
// accept plays.
func (q *request) openChallenge(game games.Game, side ai.Side, tc sessions.TimeControl, target int) {
	err := q.r.chal.Issue(q.ctx, sessions.Challenge{
		Platform: q.m.Platform, ChannelID: q.m.ChannelID, From: q.user(), To: sessions.Player{ID: sessions.Anyone},
		Game: game, Side: side, TimeControl: tc, Lang: string(q.lang), Target: target,
	})
	if err != nil {
		q.sayError(err)
		return
	}
	text := q.t("challenge.open-sent", "from", q.user().Name, "game", q.r.show.GameName(q.lang, game))
	q.sayChallenge(text, sessions.Anyone, tc, target)
}

// sayChallenge announces the sender's challenge to toID just made, with
// its match and clock, and the buttons that answer it (Accept alone for
// an open one: it has no one to decline it).
func (q *request) sayChallenge(text, toID string, tc sessions.TimeControl, target int) {
	if target > 0 {
		text += "\n" + q.t("challenge.match", "target", fmt.Sprint(target))
	}
	if !tc.IsZero() {
		text += "\n" + q.t("challenge.clock", "clock", q.r.show.TimeControlText(q.lang, tc))
	}
	rep := chat.Reply{Text: text}
	for _, c := range q.r.chal.Pending(q.m.Platform, q.m.ChannelID, q.m.UserID) {
		if c.From.ID == q.m.UserID && c.To.ID == toID {
			if !c.Open() {
				q.askAnswer(toID, present.ChallengeID(c))
			}
			rep.Buttons = q.r.show.AnswerButtons(q.lang, present.ChallengeID(c), "")
			if c.Open() && len(rep.Buttons) == 1 {
				rep.Buttons[0] = rep.Buttons[0][:1]
			}
			if link, ok := q.challengeLink(c); ok {
				rep.Text += "\n" + q.t("challenge.link", "to", present.CleanName(c.To.Name), "link", link)
			}
		}
	}
	q.sayReply(rep)
}

// challengeLink is a link that answers c from anywhere it is forwarded to
// (chat.StartLinker): for a challenge to one person made in a group, who
// may read it elsewhere. An open challenge has none: it is for those who
// are in the chat where it was made.
func (q *request) challengeLink(c sessions.Challenge) (string, bool) {
	if c.Open() || q.m.Private {
		return "", false
	}
	l, ok := q.r.sender(q.m.Platform).(chat.StartLinker)
	if !ok {
		return "", false
	}
	return l.StartLink(command.Accept + " " + present.ChallengeID(c))
}

// rematch plays the sender's finished game again: the tagged one, else the
// last one they finished in this channel. Against the bot (or alone) the
// new game starts at once; a person is offered it as a challenge, and a
// rematch they offered already is accepted.
func (q *request) rematch() {
	s, ok := q.rematched()
	if !ok {
		return
	}
	tag := "#" + s.Tag() + " "
	side := s.SideOf(q.m.UserID)
	switch {
	case side == ai.NoSide:
		q.sayError(sessions.ErrNotPlayer)
		return
	case s.Tournament != 0:
		q.say(tag + q.t("rematch.tournament"))
		return
	}
	target := -2 // no match
	if s.Match != 0 {
		m, ok := q.r.matches.Get(q.ctx, s.Match)
		if ok && !m.Over {
			q.say(tag + q.t("rematch.going-on"))
			return
		}
		if ok {
			target = m.Target
		}
	}
	if s.Solo() || s.VsBot() {
		// The bot's level, the other side, the same start.
		level := present.BotLevel(s, side.Opponent())
		other := ai.NoSide
		if !s.Solo() {
			other = side.Opponent()
		}
		q.startGame(s.Game, level, other, target, s.Start)
		return
	}
	opp := s.Players[side.Opponent()]
	for _, c := range q.r.chal.Pending(q.m.Platform, q.m.ChannelID, q.m.UserID) {
		if c.From.ID == opp.ID && c.To.ID == q.m.UserID && c.Game.Name() == s.Game.Name() {
			// The opponent asked first: the rematch is on.
			snap, acc, err := q.r.chal.Accept(q.ctx, q.m.Platform, q.m.ChannelID, q.user(), opp.ID)
			if err == nil {
				q.sayAccepted(snap, acc)
				return
			}
			if !errors.Is(err, sessions.ErrNoChallenge) {
				q.sayError(err)
				return
			}
		}
	}
	t := max(target, 0)
	err := q.r.chal.Issue(q.ctx, sessions.Challenge{
		Platform: q.m.Platform, ChannelID: q.m.ChannelID, From: q.user(), To: opp, Game: s.Game,
		Side: side.Opponent(), TimeControl: s.TimeControl, Lang: string(q.lang), Target: t,
	})
	if err != nil {
		q.sayError(err)
		return
	}
	text := q.t("rematch.offered", "from", q.user().Name, "to", q.r.show.DisplayName(opp), "game", q.r.show.GameName(q.lang, s.Game))
	q.sayChallenge(text, opp.ID, s.TimeControl, t)
}

// rematched is the game a rematch plays again: the tagged game when it is
// over, else the sender's last finished game in the channel.
func (q *request) rematched() (sessions.Snapshot, bool) {
	if id, ok := q.tag(); ok {
		if s, err := q.r.games.Get(id); err == nil && s.Platform == q.m.Platform && s.ChannelID == q.m.ChannelID {
			q.say("#" + s.Tag() + " " + q.t("rematch.not-over"))
			return sessions.Snapshot{}, false
		}
		if f, ok := q.r.games.Finished(q.ctx, id); ok && f.Platform == q.m.Platform && f.ChannelID == q.m.ChannelID {
			return f, true
		}
		q.say(q.t("error.no-such-game", "game", fmt.Sprintf("#g%d", id)))
		return sessions.Snapshot{}, false
	}
	if s, ok := q.r.games.LastFinished(q.ctx, q.m.Platform, q.m.ChannelID, q.m.UserID); ok {
		return s, true
	}
	if going := q.r.games.Find(q.m.Platform, q.m.ChannelID, q.m.UserID); len(going) > 0 {
		// Not "no finished game" to someone in the middle of one: a
		// rematch is asked for once it ends.
		q.say("#" + going[0].Tag() + " " + q.t("rematch.not-over"))
		return sessions.Snapshot{}, false
	}
	q.say(q.t("rematch.none", "example", q.r.show.PlayExample(q.lang)))
	return sessions.Snapshot{}, false
}
