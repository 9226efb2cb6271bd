package router

// tap.go makes boards people tap: for a board game of at most 8×8 squares
// whose moves have paths (games.Highlighter), a grid of square buttons
// (Reply.Board: tap a piece, then its target) and menus of the legal moves
// grouped by piece (Reply.Menus). Nothing is kept in memory: every button
// says all there is to know, "tap #g7 <guard> c3 e5", where the guard names
// the position the buttons were made for, so a press after a restart still
// works, and one on an old board says that it is old. Games are never named:
// the squares come from Position.Board and MoveSquares, the moves' texts
// from FormatMove; promotions and captures by several routes (one start and
// one end, several moves) are offered as a choice. A move on one square
// alone (a stone placed, a capture named by its square) goes from that
// square to itself: tapping the square plays it, or offers the moves there.

import (
	"oyunbot/chat/present"
	"strconv"
	"strings"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/sessions"
)

// tap: a tap board's button, "tap #g7 <guard> [from [to [n]]]": select a
// piece (or none), play the move from one square to another, or offer
// the moves between them when there are several. The board pressed is
// edited; a move is played as if typed.
func (q *request) tap() {
	args := q.argsWithoutTag()
	if !q.hasTag() || len(args) == 0 || len(args) > 4 {
		q.say(q.t("help." + command.Tap))
		return
	}
	s, ok := q.current()
	if !ok {
		return
	}
	if len(args) == 2 && strings.HasPrefix(args[1], present.MovePrefix) {
		q.tapMove(s, args[0], strings.ReplaceAll(strings.TrimPrefix(args[1], present.MovePrefix), present.MoveSpace, " "))
		return
	}
	t, ok := present.NewTapBoard(s)
	if !ok || args[0] != t.Guard() {
		q.tapStale(s)
		return
	}
	if !q.tapsOwnTurn(s) {
		return
	}
	squares := args[1:]
	for _, sq := range squares[:min(len(squares), 2)] {
		if !t.OnBoard(sq) {
			q.tapEdit(s, t, "", nil)
			return
		}
	}
	switch len(squares) {
	case 0:
		q.tapEdit(s, t, "", nil)
	case 1:
		if !t.HasMoves(squares[0]) {
			q.tapEdit(s, t, "", nil)
			return
		}
		q.tapEdit(s, t, squares[0], nil)
	default:
		same := t.Between(squares[0], squares[1])
		switch k, err := strconv.Atoi(strings.Join(squares[2:], "")); {
		case len(same) == 0:
			q.tapEdit(s, t, "", nil)
		case len(same) == 1:
			q.canonical = true
			q.move(same[0].Move(), true)
		case err == nil && k >= 1 && k <= len(same):
			q.canonical = true
			q.move(same[k-1].Move(), true)
		default:
			q.tapEdit(s, t, squares[0], same)
		}
	}
}

// tapMove plays a legal move pressed among a list of them
// (present.moveList): if the position is still the one the button was
// made for.
func (q *request) tapMove(s sessions.Snapshot, guard, mv string) {
	if s.Position == nil || guard != present.PositionGuard(s.Position) {
		q.tapStale(s)
		return
	}
	if !q.tapsOwnTurn(s) {
		return
	}
	q.canonical = true
	q.move(mv, true)
}

// tapsOwnTurn reports whether the presser is the player to move in s,
// answering them when not.
func (q *request) tapsOwnTurn(s sessions.Snapshot) bool {
	if side := s.SideOf(q.m.UserID); side == ai.NoSide {
		q.sayError(sessions.ErrNotPlayer)
		return false
	}
	if p, _ := s.ToMove(); p.Bot || p.ID != q.m.UserID {
		q.sayMoveError(s, "", sessions.ErrNotYourTurn)
		return false
	}
	return true
}

// tapEdit edits the pressed board: sel selected, and the moves of same
// (several between two squares) to choose from.
func (q *request) tapEdit(s sessions.Snapshot, t *present.TapBoard, sel string, same []present.TapMove) {
	q.sayReply(q.r.show.TapEdit(q.lang, s, t, q.m.UserID, sel, same))
}

// tapStale answers a press on a board whose position is gone: its buttons
// are removed and the current board is shown.
func (q *request) tapStale(s sessions.Snapshot) {
	note := "#" + s.Tag() + " " + q.t("tap.stale")
	q.sayReply(chat.Reply{Edit: true, Text: note})
	q.sayReply(q.show().GameReply(q.lang, s, q.t("tap.stale"), q.m.UserID))
}
