package router

// move.go: a move typed or sent by a button, and what is said when it is
// not one (its error, the legal moves, a suggestion).

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"oyunbot/chat/internal/command"
	"oyunbot/chat/present"
	"oyunbot/games"
	"oyunbot/sessions"
)

// move plays text in the sender's game. explicit is false for a bare move,
// which is ignored in a group when it is plainly not a move.
func (q *request) move(text string, explicit bool) {
	text = strings.TrimSpace(moveDashes.Replace(text))
	if text == "" {
		q.say(q.t("error.move-what"))
		return
	}
	var target []sessions.Snapshot
	tagged := false
	for _, a := range q.cmd.Args {
		if _, ok := command.GameTag(a); ok && (explicit || q.tagFirst()) {
			s, ok := q.current()
			if !ok {
				return
			}
			target, tagged = []sessions.Snapshot{s}, true
			break
		}
	}
	if !tagged {
		target = q.r.games.Find(q.m.Platform, q.m.ChannelID, q.m.UserID)
	}
	if len(target) == 0 {
		if explicit || q.m.Private {
			q.say(q.t("error.no-game", "games", q.r.show.GameNames(q.lang, nil)))
		}
		return
	}
	// With several games, play in the one where the move is legal; else
	// explain it in the first game whose notation it is ("c3-c4" is no
	// tic-tac-toe move, but an illegal one in the dama beside it).
	chosen := target[0]
	followed := false // legal in several games: the one last played in
	if !tagged && len(target) > 1 {
		var legal []sessions.Snapshot
		notation := -1
		for i, s := range target {
			move, _ := q.readMove(s, text)
			err := q.r.moves.CheckMove(s.ID, q.m.UserID, move)
			if err == nil {
				legal = append(legal, s)
				continue
			}
			var me *games.MoveError
			if notation < 0 && (!errors.As(err, &me) || me.Kind != games.Malformed) {
				notation = i
			}
		}
		switch {
		case len(legal) == 1:
			chosen = legal[0]
		case len(legal) > 1:
			// Legal in several games: the one last played in (the bot's or
			// the opponent's answer came last there) if it is one of them,
			// else the player chooses.
			recent := slices.MaxFunc(target, func(a, b sessions.Snapshot) int { return a.LastMove.Compare(b.LastMove) })
			i := slices.IndexFunc(legal, func(s sessions.Snapshot) bool { return s.ID == recent.ID })
			if i < 0 {
				q.askWhichGame(text, legal)
				return
			}
			chosen, followed = legal[i], true
		case notation >= 0:
			chosen = target[notation]
		}
	}
	move, letters := q.readMove(chosen, text)
	if rs, by := q.readings(chosen, text); rs != nil {
		// Several legal moves by its letters (a Turkish K: the rook or the
		// king): the letters the player writes in this game tell, else ask.
		if r, ok := pickReading(rs, by); ok {
			move, letters = r.Move, r.Letters
		} else if q.r.moves.CheckMove(chosen.ID, q.m.UserID, rs[0].Move) == nil {
			q.askReading(chosen, text, rs)
			return
		}
	}
	if q.readAs != "" {
		letters = q.readAs
	}
	res, err := q.r.moves.Move(q.ctx, chosen.ID, q.m.UserID, move, q.m.Ref)
	if err == nil {
		q.r.noteLetters(q.ctx, chosen, letters)
	}
	if err != nil {
		var me *games.MoveError
		if !explicit && !q.m.Private && errors.As(err, &me) && me.Kind == games.Malformed {
			return // chat in a group, not a move
		}
		if !explicit && !q.m.Private && errors.Is(err, sessions.ErrNotYourTurn) && !looksLikeMove(chosen, text) {
			return
		}
		if !explicit && !q.m.Private && errors.Is(err, sessions.ErrNotPlayer) {
			return // "#g1 nice" in a group: talk about someone else's game
		}
		q.sayMoveError(chosen, text, err)
		return
	}
	if res.Flagged {
		head := q.t("game.flag", "player", q.r.show.PlayerName(res.Game, res.Game.SideOf(q.m.UserID)))
		if res.Game.Result.Void() {
			head = q.t("game.never-moved", "player", q.r.show.PlayerName(res.Game, res.Game.SideOf(q.m.UserID)))
		}
		q.sayReply(q.show().GameReply(q.lang, res.Game, head, q.m.UserID))
		return
	}
	if res.BotToMove {
		if followed {
			q.r.follows.put(chosen.ID, true) // the bot's reply says which game
		}
		return // the bot's reply shows both turns
	}
	// The plies of this message and what followed them (the dice, a pass
	// the rules made for the next player).
	from := res.From
	head := q.show().TurnsText(q.lang, res.Game, from)
	if followed {
		head = q.r.show.GameName(q.lang, res.Game.Game) + " · " + head
	}
	if e := q.r.show.Explanations(q.lang, res.Game, from); e != "" {
		head += "\n" + e
	}
	if p := q.r.show.Prompt(q.lang, res.Game); p != "" {
		head += "\n" + p
	}
	q.sayReply(q.show().GameReply(q.lang, res.Game, head, q.m.UserID))
}

// looksLikeMove reports whether text parses in the game's notation at all
// (out of turn, a group's "ok" is chat, "c3-c4" is a move).
func looksLikeMove(s sessions.Snapshot, text string) bool {
	for _, l := range s.Legal {
		if strings.EqualFold(l, text) {
			return true
		}
	}
	pos := s.Game.Start()
	_, err := pos.ParseMove(text)
	var me *games.MoveError
	return err == nil || !errors.As(err, &me) || me.Kind != games.Malformed
}

// sayMoveError explains a refused move in one line, with the legal moves.
func (q *request) sayMoveError(s sessions.Snapshot, text string, err error) {
	tag := "#" + s.Tag()
	var me *games.MoveError
	malformed := errors.As(err, &me) && me.Kind == games.Malformed
	if (malformed || errors.Is(err, sessions.ErrNotYourTurn) && !looksLikeMove(s, text)) && q.saySuggestion(s, text) {
		return
	}
	switch {
	case errors.Is(err, sessions.ErrNotYourTurn):
		if line := q.r.show.RollLine(q.lang, s); line != "" {
			q.say(tag + " " + line) // a roll by hand comes first
			return
		}
		p, _ := s.ToMove()
		q.refuse(tag + " " + q.t("error.not-your-turn", "player", q.r.show.DisplayName(p)))
	case errors.As(err, &me):
		reason := q.r.show.MoveReason(q.lang, s.Game, me)
		line := tag + " " + q.t("error.bad-move", "move", present.Shorten(text, 30), "reason", reason)
		if len(s.Legal) > 0 && me.Kind != games.GameOver {
			line += " " + q.t("error.legal-moves", "moves", present.Sample(q.show().ShowLegal(q.lang, s), present.MaxListedMoves))
			if len(s.Legal) > present.MaxListedMoves {
				line += " " + q.t("error.legal-all", "cmd", q.word(command.Legal)+" #"+s.Tag())
			}
		}
		q.say(line)
	default:
		q.sayError(err)
	}
}

// saySuggestion answers text, which is not notation of game s, with the
// command it is likely a typo of ("resing": did you mean «resign»?), and
// reports whether it did. The game is left as it was.
func (q *request) saySuggestion(s sessions.Snapshot, text string) bool {
	words := strings.Fields(text)
	if len(words) == 0 || len(words) > 3 {
		return false
	}
	var own []string
	for _, c := range games.CommandsOf(s.Game) {
		own = append(own, c.Words...)
	}
	cmd, ok := command.Suggest(q.lang, words[0], own...)
	if !ok {
		return false
	}
	q.say("#" + s.Tag() + " " + q.t("error.did-you-mean", "word", present.Shorten(words[0], 30), "command", cmd))
	return true
}

// cmdWords are the words of the message: its first word and its arguments.
func (q *request) cmdWords() []string {
	if q.cmd.Word == "" {
		return nil
	}
	return append([]string{q.cmd.Word}, q.cmd.Args...)
}

// looksLikeAnyMove reports whether text is in the notation of some game.
func (q *request) looksLikeAnyMove(text string) bool {
	for _, g := range q.r.cfg.Games.Games() {
		_, err := g.Start().ParseMove(text)
		var me *games.MoveError
		if err == nil || (errors.As(err, &me) && me.Kind != games.Malformed) {
			return true
		}
	}
	return false
}

// legal lists every legal move of the sender's game (an error lists ten).
func (q *request) legal() {
	s, ok := q.current()
	if !ok {
		return
	}
	if s.Result.Over || len(s.Legal) == 0 {
		q.say("#" + s.Tag() + " " + q.t("legal.none"))
		return
	}
	moves := q.r.show.GroupedLegal(q.lang, s)
	if moves == "" {
		moves = present.Sample(q.show().ShowLegal(q.lang, s), maxLegalList)
	}
	q.say("#" + s.Tag() + " " + q.t("legal.list", "n", fmt.Sprint(len(s.Legal)), "moves", moves))
}
