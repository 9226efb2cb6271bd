package router

import (
	"errors"
	"fmt"
	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/chat/present"
	"oyunbot/games"
	"oyunbot/sessions"
	"slices"
	"strings"
)

// play.go is the game family of commands: starting a game, moving,
// looking at the board, its history and its legal moves, the bot's level.

// play: play <game> [level] [side] [match N].
func (q *request) play() {
	var (
		game   games.Game
		level  string
		side   = ai.NoSide
		target = -2 // no match asked for
	)
	args, start := startPosition(q.cmd.Args)
	for _, a := range q.r.classify(args, playArgs) {
		switch {
		case a.kind == argGame && game == nil:
			game = a.game
		case a.kind == argLevel && level == "":
			level = a.level
		case a.kind == argSide && a.side != ai.NoSide && side == ai.NoSide:
			side = a.side
		case a.kind == argMention || len(q.m.Mentions) > 0:
			q.challenge() // "play @ali dama" is a challenge
			return
		case a.kind == argSide && a.side == ai.NoSide:
			q.sayBadSide(a.game, a.word)
			return
		case a.kind == argMatch && a.err != nil:
			q.sayBadMatch(a.word)
			return
		case a.kind == argMatch && target == -2:
			target = a.n
		default:
			q.sayUnknownPlayWord(args, a.word)
			return
		}
	}
	if game == nil {
		q.say(q.t("error.play-which-game", "games", q.r.show.GameNames(q.lang, nil), "game", q.r.show.ExampleName(q.lang)))
		return
	}
	q.startGame(game, level, side, target, start)
}

// sayUnknownPlayWord explains a word of "play" that is none of its
// arguments: with the levels and an example of the game named (before or
// after the word), else with every game.
func (q *request) sayUnknownPlayWord(args []string, word string) {
	for _, a := range q.r.classify(args, playArgs) {
		if a.kind == argGame {
			q.say(q.t("error.play-unknown-word-game", "word", present.Shorten(word, 30), "game", q.r.show.GameName(q.lang, a.game),
				"levels", q.r.show.LevelNames(q.lang, a.game), "example", q.r.show.PlayExampleOf(q.lang, a.game)))
			return
		}
	}
	q.say(q.t("error.play-unknown-word", "word", present.Shorten(word, 30), "games", q.r.show.GameNames(q.lang, nil),
		"example", q.r.show.PlayExample(q.lang)))
}

// startGame starts game against the bot (a match to target points unless
// target is -2; side is the person's, NoSide for the default) or, for a
// one-player game, a puzzle, from start ("" for the game's own), and
// announces it.
func (q *request) startGame(game games.Game, level string, side ai.Side, target int, start string) {
	var (
		snap sessions.Snapshot
		err  error
	)
	if target != -2 {
		q.playMatch(game, level, side, target, start)
		return
	}
	if game.Players() == 1 {
		snap, err = q.r.starts.StartSolo(q.ctx, sessions.SoloGame{
			Platform: q.m.Platform, ChannelID: q.m.ChannelID, Player: q.user(),
			Game: game, Start: start, Level: level, Lang: string(q.lang),
		})
	} else {
		snap, err = q.r.starts.StartVsBot(q.ctx, sessions.BotGame{
			Platform: q.m.Platform, ChannelID: q.m.ChannelID, Player: q.user(),
			Game: game, Level: level, Side: side, Ref: q.m.Ref, Lang: string(q.lang), Start: start,
		})
	}
	if err != nil {
		q.sayError(err)
		return
	}
	head := q.t("game.started", "game", q.r.show.GameName(q.lang, snap.Game), "players", q.r.show.Players(q.lang, snap))
	if snap.Solo() {
		head = q.t("game.started-solo", "game", q.r.show.GameName(q.lang, snap.Game), "player", q.r.show.DisplayName(snap.Players[0]))
	}
	startLine := ""
	if start != "" {
		startLine = "\n" + q.t("game.custom-start", "start", present.Shorten(start, 80))
	}
	if p, ok := snap.ToMove(); ok && p.Bot && !snap.Result.Over {
		// The bot opens: the reply with its first move (or with what kept
		// it from moving) announces the game; it answers this message.
		q.r.mu.Lock()
		q.r.openings[snap.ID] = head + startLine
		q.r.mu.Unlock()
		return
	}
	if t := q.r.show.TurnsText(q.lang, snap, 0); t != "" {
		head += "\n" + t // the opening roll
	}
	if p := q.r.show.Prompt(q.lang, snap); p != "" {
		head += "\n" + p // what the roll asks of the first player
	}
	q.sayReply(q.r.show.GameReply(q.lang, snap, head+startLine, q.m.UserID))
}

// opening takes the announcement of game id if the game was just started
// with the bot to move first and its first reply is still to come ("").
func (r *Router) opening(id int64) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	head, ok := r.openings[id]
	if ok {
		delete(r.openings, id)
	}
	return head
}

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
		q.sayReply(q.r.show.GameReply(q.lang, res.Game, head, q.m.UserID))
		return
	}
	if res.BotToMove {
		if followed {
			q.r.noteFollowed(chosen.ID) // the bot's reply says which game
		}
		return // the bot's reply shows both turns
	}
	// The plies of this message and what followed them (the dice, a pass
	// the rules made for the next player).
	from := res.From
	head := q.r.show.TurnsText(q.lang, res.Game, from)
	if followed {
		head = q.r.show.GameName(q.lang, res.Game.Game) + " · " + head
	}
	if e := q.r.show.Explanations(q.lang, res.Game, from); e != "" {
		head += "\n" + e
	}
	if p := q.r.show.Prompt(q.lang, res.Game); p != "" {
		head += "\n" + p
	}
	q.sayReply(q.r.show.GameReply(q.lang, res.Game, head, q.m.UserID))
}

// moveDashes writes the dashes and times signs that phones and word
// processors put in place of '-' and 'x' ("c3–c4", "c3×c5") as typed.
var moveDashes = strings.NewReplacer("–", "-", "—", "-", "−", "-", "‐", "-", "‑", "-", "×", "x")

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
			line += " " + q.t("error.legal-moves", "moves", present.Sample(q.r.show.ShowLegal(q.lang, s), present.MaxListedMoves))
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
				q.sayReply(freshBoard(q.r.show.GameReply(q.lang, s, q.r.show.GameTitle(q.lang, s), q.m.UserID)))
				return
			}
			q.say(q.t("error.no-game", "games", q.r.show.GameNames(q.lang, nil)))
		case 1:
			q.sayReply(freshBoard(q.r.show.GameReply(q.lang, all[0], q.r.show.GameTitle(q.lang, all[0]), "")))
		default:
			q.say(q.r.show.ChannelGames(q.lang, all))
		}
		return
	}
	s, ok := q.viewed()
	if !ok {
		return
	}
	q.sayReply(freshBoard(q.r.show.GameReply(q.lang, s, q.r.show.GameTitle(q.lang, s), q.m.UserID)))
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
		text = "#" + s.Tag() + " " + present.FormatHistoryFrom(q.r.show.ShowMoves(q.lang, s), s.Sides, s.Solo(), present.FirstMoveNumber(s))
	}
	if s.Result.Over { // a finished game's history ends with its result
		text += "\n" + q.r.show.ResultLine(q.lang, s)
	}
	q.say(text)
}

// level shows or sets the bot's level: in the game tagged ("seviye zor
// #g1", its players only), else in the sender's casual game against the
// bot, else the channel's default for new games (its admins only, or
// anyone in a private chat).
func (q *request) level() {
	args := q.argsWithoutTag()
	var game *sessions.Snapshot
	if q.hasTag() {
		s, ok := q.current()
		if !ok {
			return
		}
		if len(args) > 0 && s.SideOf(q.m.UserID) == ai.NoSide {
			q.sayError(sessions.ErrNotPlayer)
			return
		}
		game = &s
	} else {
		mine := q.r.games.Find(q.m.Platform, q.m.ChannelID, q.m.UserID)
		for i := range mine {
			if mine[i].VsBot() && mine[i].Tournament == 0 {
				game = &mine[i]
				break
			}
		}
	}
	if len(args) == 0 {
		cur := q.r.chans.Get(q.ctx, q.m.Platform, q.m.ChannelID).Level
		if game != nil {
			cur = game.Level
		}
		if cur == "" {
			cur = sessions.DefaultLevel
		}
		q.say(q.t("level.show", "level", q.r.show.LevelName(q.lang, cur), "levels", q.r.show.LevelNames(q.lang, nil)))
		return
	}
	var g games.Game
	if game != nil {
		g = game.Game
	}
	lvl, ok := q.r.levelWord(g, chat.Fold(args[0]))
	if !ok {
		q.say(q.t("error.unknown-level", "levels", q.r.show.LevelNames(q.lang, g)))
		return
	}
	if game != nil {
		if game.Rated && len(game.Moves) > 0 && lvl.Name != game.Level && !q.confirmed() {
			// Like a hint or a take-back, a new level makes a rated game
			// unrated: asked first.
			q.askConfirmArg(*game, "level.confirm", command.Level, q.r.show.LevelName(q.lang, lvl.Name),
				"level", q.r.show.LevelName(q.lang, lvl.Name))
			return
		}
		s, err := q.r.moves.SetLevel(q.ctx, game.ID, q.m.UserID, lvl.Name)
		if err != nil {
			q.sayError(err)
			return
		}
		text := "#" + s.Tag() + " " + q.t("level.set-game", "level", q.r.show.LevelName(q.lang, lvl.Name))
		if game.Rated && !s.Rated {
			text += " " + q.t("game.unrated")
		}
		q.sayAbout(s, chat.Reply{Text: text})
		return
	}
	if !q.mayConfigure() {
		q.say(q.t("level.admin-only"))
		return
	}
	cs := q.r.chans.Get(q.ctx, q.m.Platform, q.m.ChannelID)
	cs.Level = lvl.Name
	if err := q.r.chans.Set(q.ctx, cs); err != nil {
		q.sayError(err)
		return
	}
	q.say(q.t("level.set-channel", "level", q.r.show.LevelName(q.lang, lvl.Name)))
}

// other handles text that is not a command word: a bare move (perhaps
// after its game's tag), an unknown command, or chat (ignored in groups).
func (q *request) other() {
	if q.cmd.Text == "" {
		return
	}
	if q.tagFirst() && (q.m.Private || len(q.r.games.Find(q.m.Platform, q.m.ChannelID, q.m.UserID)) > 0) {
		// The move in the tagged game: its tag becomes an argument, as in
		// "move #g1 a1".
		move := strings.Join(q.cmd.Args, " ")
		q.cmd.Args = append([]string{q.cmd.Word}, q.cmd.Args...)
		q.move(move, false)
		return
	}
	if words := q.cmdWords(); len(words) > 1 && q.cmd.Name == "" && (q.m.Private || len(q.r.games.Find(q.m.Platform, q.m.ChannelID, q.m.UserID)) > 0) {
		if _, ok := command.GameTag(words[len(words)-1]); ok {
			// The tag after the move ("c3-c4 #g1"), as "move c3-c4 #g1".
			q.cmd.Args = words
			q.move(strings.Join(words[:len(words)-1], " "), true)
			return
		}
	}
	if !q.cmd.Prefixed {
		if len(q.r.games.Find(q.m.Platform, q.m.ChannelID, q.m.UserID)) > 0 {
			q.move(q.cmd.Text, false)
			return
		}
		if !q.m.Private {
			return // chat between people
		}
		if q.looksLikeAnyMove(q.cmd.Text) {
			q.say(q.t("error.no-game", "games", q.r.show.GameNames(q.lang, nil)))
			return
		}
	}
	q.say(q.t("error.unknown-command", "word", present.Shorten(q.cmd.Word, 30)))
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

// playMatch starts a match against the bot to target points (0: the
// default); start must be empty (a match's games start from the game's own
// position).
func (q *request) playMatch(game games.Game, level string, side ai.Side, target int, start string) {
	if game.Players() == 1 {
		q.sayError(sessions.ErrOnePlayerGame)
		return
	}
	if start != "" {
		q.say(q.t("error.match-start"))
		return
	}
	var players [2]sessions.Player
	if side == ai.Second {
		players[0], players[1] = sessions.Player{Bot: true}, q.user()
	} else {
		players[0], players[1] = q.user(), sessions.Player{Bot: true}
	}
	if target < 0 {
		target = 99 // refused by the range check, with the range
	}
	if level == "" {
		level = q.r.chans.Get(q.ctx, q.m.Platform, q.m.ChannelID).Level
	}
	snap, m, err := q.r.matches.Start(q.ctx, sessions.MatchGame{
		Platform: q.m.Platform, ChannelID: q.m.ChannelID, Players: players, Game: game,
		Target: target, Level: level, Lang: string(q.lang), Ref: q.m.Ref,
	})
	if err != nil {
		q.sayError(err)
		return
	}
	head := q.t("game.started", "game", q.r.show.GameName(q.lang, snap.Game), "players", q.r.show.Players(q.lang, snap)) +
		"\n" + q.t("match.started", "target", fmt.Sprint(m.Target))
	if p, ok := snap.ToMove(); ok && p.Bot && !snap.Result.Over {
		q.r.mu.Lock()
		q.r.openings[snap.ID] = head
		q.r.mu.Unlock()
		return
	}
	if t := q.r.show.TurnsText(q.lang, snap, 0); t != "" {
		head += "\n" + t
	}
	if p := q.r.show.Prompt(q.lang, snap); p != "" {
		head += "\n" + p
	}
	q.sayReply(q.r.show.GameReply(q.lang, snap, head, q.m.UserID))
}

// maxLegalList bounds the legal moves "legal" lists (a dama king's capture
// paths can run to hundreds).
const maxLegalList = 400

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
		moves = present.Sample(q.r.show.ShowLegal(q.lang, s), maxLegalList)
	}
	q.say("#" + s.Tag() + " " + q.t("legal.list", "n", fmt.Sprint(len(s.Legal)), "moves", moves))
}
