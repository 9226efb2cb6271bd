package router

import (
	"fmt"
	"strings"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/chat/present"
	"oyunbot/games"
	"oyunbot/sessions"
)

// play.go is starting a game (against the bot, a match) and the bot's
// level; moves are in move.go, boards and history in boards.go.

// play: play <game> [level] [side] [match N].
func (q *request) play() {
	var (
		game   games.Game
		level  string
		side   = ai.NoSide
		target = -2 // no match asked for
	)
	args, start := startPosition(q.cmd.Args)
	for _, a := range q.r.words.classify(args, playArgs) {
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
	for _, a := range q.r.words.classify(args, playArgs) {
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
		q.r.openings.put(snap.ID, head+startLine)
		return
	}
	if t := q.show().TurnsText(q.lang, snap, 0); t != "" {
		head += "\n" + t // the opening roll
	}
	if p := q.r.show.Prompt(q.lang, snap); p != "" {
		head += "\n" + p // what the roll asks of the first player
	}
	q.sayReply(q.show().GameReply(q.lang, snap, head+startLine, q.m.UserID))
}

// moveDashes writes the dashes and times signs that phones and word
// processors put in place of '-' and 'x' ("c3–c4", "c3×c5") as typed.
var moveDashes = strings.NewReplacer("–", "-", "—", "-", "−", "-", "‐", "-", "‑", "-", "×", "x")

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
	lvl, ok := q.r.words.levelWord(g, chat.Fold(args[0]))
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
		q.r.openings.put(snap.ID, head)
		return
	}
	if t := q.show().TurnsText(q.lang, snap, 0); t != "" {
		head += "\n" + t
	}
	if p := q.r.show.Prompt(q.lang, snap); p != "" {
		head += "\n" + p
	}
	q.sayReply(q.show().GameReply(q.lang, snap, head, q.m.UserID))
}

// maxLegalList bounds the legal moves "legal" lists (a dama king's capture
// paths can run to hundreds).
const maxLegalList = 400
