package router

// boards.go: a game's board brought to the bottom (board, tahta), the
// channel's board setting (board new|one) and the moves so far (history).

import (
	"oyunbot/chat"
	"oyunbot/chat/present"
	"oyunbot/sessions"
)

// boardMode reads a setting word of "board": a new picture after every
// turn, or one board per game changed in place.
func boardMode(folded string) (mode string, ok bool) {
	switch folded {
	case "new", "each", "every", "log", "yeni":
		return sessions.BoardsNew, true
	case "one", "single", "edit", "tek":
		return "", true
	}
	return "", false
}

// board brings a game's board to the bottom of the chat (a new message,
// whose buttons the old one loses), or sets how the channel's boards are
// shown ("board new", "tahta tek").
func (q *request) board() {
	if args := q.argsWithoutTag(); len(args) == 1 {
		if mode, ok := boardMode(chat.Fold(args[0])); ok {
			q.setBoards(mode)
			return
		}
	}
	if q.shareInline() {
		return
	}
	if len(q.r.games.Find(q.m.Platform, q.m.ChannelID, q.m.UserID)) == 0 && !q.hasTag() {
		// A spectator: show the channel's only game, or list them.
		all := q.r.games.ChannelGames(q.m.Platform, q.m.ChannelID)
		switch len(all) {
		case 0:
			if s, ok := q.r.games.LastFinished(q.ctx, q.m.Platform, q.m.ChannelID, q.m.UserID); ok {
				q.sayReply(freshBoard(q.show().GameReply(q.lang, s, q.r.show.GameTitle(q.lang, s), q.m.UserID)))
				return
			}
			q.say(q.t("error.no-game", "games", q.r.show.GameNames(q.lang, nil)))
		case 1:
			q.sayReply(freshBoard(q.show().GameReply(q.lang, all[0], q.r.show.GameTitle(q.lang, all[0]), "")))
		default:
			q.say(q.r.show.ChannelGames(q.lang, all))
		}
		return
	}
	s, ok := q.viewed()
	if !ok {
		return
	}
	q.sayReply(freshBoard(q.show().GameReply(q.lang, s, q.r.show.GameTitle(q.lang, s), q.m.UserID)))
}

// freshBoard marks a game's board to be posted as a new message.
func freshBoard(rep chat.Reply) chat.Reply {
	rep.Fresh = rep.Live
	return rep
}

// setBoards sets how the channel's boards are shown: mode is
// sessions.BoardsNew or "".
func (q *request) setBoards(mode string) {
	if !q.mayConfigure() {
		q.say(q.t("board.admin-only"))
		return
	}
	cs := q.r.chans.Get(q.ctx, q.m.Platform, q.m.ChannelID)
	cs.Boards = mode
	if err := q.r.chans.Set(q.ctx, cs); err != nil {
		q.sayError(err)
		return
	}
	if mode == sessions.BoardsNew {
		q.say(q.t("board.set-new"))
	} else {
		q.say(q.t("board.set-one"))
	}
}

func (q *request) history() {
	s, ok := q.viewed()
	if !ok {
		return
	}
	text := "#" + s.Tag() + " " + q.t("history.empty")
	if len(s.Moves) > 0 {
		text = "#" + s.Tag() + " " + present.FormatHistoryFrom(q.show().ShowMoves(q.lang, s), s.Sides, s.Solo(), present.FirstMoveNumber(s))
	}
	if s.Result.Over { // a finished game's history ends with its result
		text += "\n" + q.r.show.ResultLine(q.lang, s)
	}
	q.say(text)
}
