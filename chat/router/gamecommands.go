package router

// gamecommands.go runs the commands games add (games.Commander: chess's
// "pgn", a puzzle's "solve"): a word that is a command of the sender's game
// goes to that game, before the bot's general command of the same word.

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/chat/internal/command"
	"oyunbot/games"
	"oyunbot/render"
	"oyunbot/sessions"
)

// gameCommandTimeout bounds a game command (a puzzle's comparison of
// searches has its own limits well within it).
const gameCommandTimeout = time.Minute

// gameCommandWords maps each folded word of a registered game's commands
// to the games that have it.
func gameCommandWords(reg *games.Registry) map[string][]games.Game {
	out := map[string][]games.Game{}
	for _, g := range reg.Games() {
		for _, c := range games.CommandsOf(g) {
			for _, w := range c.Words {
				k := chat.Fold(w)
				if !slices.Contains(out[k], g) {
					out[k] = append(out[k], g)
				}
			}
		}
	}
	return out
}

// gameCommandLangs maps the folded words of the games' commands to the
// language they are written in, read from each command's help line
// ("cmd.<Key>"), which begins with the word in its language ("çöz — …",
// "solve — …"): a word that begins the line of one language alone is that
// language's ("pgn", the same in both, tells none).
func gameCommandLangs(reg *games.Registry) map[string]chat.Lang {
	out := map[string]chat.Lang{}
	both := map[string]bool{}
	for _, g := range reg.Games() {
		cat := games.HostOf(g).Catalog
		for _, c := range games.CommandsOf(g) {
			first := map[chat.Lang]string{}
			for _, l := range []chat.Lang{chat.Turkish, chat.English} {
				line := strings.TrimSpace(cat[string(l)]["cmd."+c.Key])
				if i := strings.IndexFunc(line, func(r rune) bool { return r == ' ' || r == ':' }); i > 0 {
					line = line[:i]
				}
				first[l] = chat.Fold(line)
			}
			for _, w := range c.Words {
				k := chat.Fold(w)
				for _, l := range []chat.Lang{chat.Turkish, chat.English} {
					other := chat.English
					if l == chat.English {
						other = chat.Turkish
					}
					if k == first[l] && k != first[other] {
						if cur, ok := out[k]; ok && cur != l {
							both[k] = true
						}
						out[k] = l
					}
				}
			}
		}
	}
	for k := range both {
		delete(out, k) // two games disagree: no language
	}
	return out
}

// gameCommandOf returns g's command that word (folded) names.
func gameCommandOf(g games.Game, word string) (games.Command, bool) {
	for _, c := range games.CommandsOf(g) {
		for _, w := range c.Words {
			if chat.Fold(w) == word {
				return c, true
			}
		}
	}
	return games.Command{}, false
}

// gameCommands routes a word that some game has as a command: to the
// sender's game (the tagged one, their game in the channel, or their last
// finished one) when it has the command; a word no general command has
// gets an answer that says which games have it.
func (r *Router) gameCommands(next handler) handler {
	return func(q *request) {
		word := chat.Fold(q.cmd.Word)
		owners := r.gameWords[word]
		if len(owners) == 0 || q.entry == &startTournament {
			next(q)
			return
		}
		if s, ok := q.quietViewed(); ok {
			if c, ok := gameCommandOf(s.Game, word); ok {
				q.entry = &entry{name: "game." + c.Key, run: func(q *request) { q.runGameCommand(s, c) }}
				next(q)
				return
			}
		}
		if q.entry == nil {
			names := make([]string, len(owners))
			for i, g := range owners {
				names[i] = r.gameName(q.lang, g)
			}
			q.entry = &entry{name: "game.none", run: func(q *request) {
				q.say(q.t("error.game-command", "word", shorten(q.cmd.Word, 30), "games", strings.Join(names, ", ")))
			}}
		}
		next(q)
	}
}

// quietViewed is the game viewed() would find, without answering when
// there is none.
func (q *request) quietViewed() (sessions.Snapshot, bool) {
	if id, ok := q.tag(); ok {
		if s, err := q.r.mgr.Get(id); err == nil && s.Platform == q.m.Platform && s.ChannelID == q.m.ChannelID {
			return s, true
		}
		if s, ok := q.r.mgr.Finished(q.ctx, id); ok && s.Platform == q.m.Platform &&
			(s.ChannelID == q.m.ChannelID || s.SideOf(q.m.UserID) != ai.NoSide) {
			return s, true
		}
		return sessions.Snapshot{}, false
	}
	if mine := q.r.mgr.Find(q.m.Platform, q.m.ChannelID, q.m.UserID); len(mine) > 0 {
		return mine[0], true
	}
	return q.r.mgr.LastFinished(q.ctx, q.m.Platform, q.m.ChannelID, q.m.UserID)
}

// runGameCommand runs c on a copy of game s and sends its answer. A game's
// command may search or draw for long (a puzzle's comparison): it runs off
// the chat's queue, on the copy made now (slow.go).
func (q *request) runGameCommand(s sessions.Snapshot, c games.Command) {
	req, err := q.commandRequest(s)
	if err != nil {
		q.r.log.Error("game command: replaying the game", "game", s.Game.Name(), "id", s.ID, "err", err)
		q.say(q.t("error.internal"))
		return
	}
	q.offQueue(func(q *request) {
		ans, err := q.gameCommandOnce(c, req)
		if rd, ok := s.Game.(games.Readier); ok && errors.Is(err, games.ErrNotReady) {
			// The game is still preparing (a puzzle's databases on a new
			// machine): said now, answered when it is ready.
			q.say("#" + s.Tag() + " " + localError(q.lang, err) + " " + q.t("command.when-ready"))
			select {
			case <-rd.Ready():
				ans, err = q.gameCommandOnce(c, req)
			case <-time.After(readyPatience):
			case <-q.ctx.Done():
				return
			}
		}
		if err != nil {
			q.say("#" + s.Tag() + " " + localError(q.lang, err))
			return
		}
		q.sayReply(q.r.answerReply(q.lang, s, ans))
	})
}

// readyPatience bounds the wait for a game's preparation before a command
// waiting for it answers with what it has (it is built in half a minute).
const readyPatience = 5 * time.Minute

// gameCommandOnce runs c on req within gameCommandTimeout.
func (q *request) gameCommandOnce(c games.Command, req games.CommandRequest) (games.CommandAnswer, error) {
	ctx, cancel := context.WithTimeout(q.ctx, gameCommandTimeout)
	defer cancel()
	return q.callGameCommand(ctx, c, req)
}

// callGameCommand runs a game's command; a panic in it is that game's bug,
// reported as an error so that the person gets an answer.
func (q *request) callGameCommand(ctx context.Context, c games.Command, req games.CommandRequest) (ans games.CommandAnswer, err error) {
	defer func() {
		if p := recover(); p != nil {
			q.r.log.Error("game command panicked", "command", c.Key, "game", req.Game.Name(), "panic", fmt.Sprint(p))
			ans, err = games.CommandAnswer{}, errors.New(q.t("error.internal"))
		}
	}()
	if c.Run == nil {
		return games.CommandAnswer{}, errors.New(q.t("error.internal"))
	}
	return c.Run(ctx, req)
}

// commandRequest is what a game command gets of game s.
func (q *request) commandRequest(s sessions.Snapshot) (games.CommandRequest, error) {
	start, moves, err := s.Replay()
	if err != nil {
		return games.CommandRequest{}, err
	}
	req := games.CommandRequest{
		Game: s.Game, Lang: string(q.lang), Args: argsWithoutTags(q.cmd.Args), ID: s.ID,
		Start: start, Moves: moves, Position: s.Position.Clone(),
		Over: s.Result.Over, Winner: ai.NoSide, Reason: s.Result.Reason,
		Started: s.Started, Platform: s.Platform, Channel: s.ChannelID,
		Tournament: s.Tournament, Round: s.TournamentRound,
	}
	for i, p := range s.Players {
		req.Players[i], req.Bot[i] = p.Name, p.Bot
	}
	if s.Result.Over {
		req.Winner = s.Result.Winner
	}
	q.recordInfo(s, &req)
	return req, nil
}

// argsWithoutTags drops "#g7" tags from a command's words.
func argsWithoutTags(args []string) []string {
	var out []string
	for _, a := range args {
		if _, ok := command.GameTag(a); !ok {
			out = append(out, a)
		}
	}
	return out
}

// answerReply turns a game command's answer into a reply: its text, its
// file, and its chart or picture drawn.
func (r *Router) answerReply(lang chat.Lang, s sessions.Snapshot, ans games.CommandAnswer) chat.Reply {
	rep := chat.Reply{Text: strings.TrimSpace(ans.Text)}
	if ans.Mono {
		rep.TextBoard = rep.Text
	}
	if ans.File != nil && len(ans.File.Data) > 0 {
		rep.File, rep.FileName, rep.FileType = ans.File.Data, ans.File.Name, ans.File.MIME
	}
	switch {
	case ans.Chart != nil && r.cfg.Chart != nil:
		png, err := r.cfg.Chart(*ans.Chart)
		if err != nil {
			r.log.Error("drawing a chart", "game", s.Game.Name(), "err", err)
			break
		}
		rep.Image, rep.ImageName, rep.Caption = png, fmt.Sprintf("%s-chart.png", s.Tag()), ans.Chart.Title
	case ans.Picture != nil:
		if d := r.cfg.Drawers[s.Game.Name()]; d != nil {
			png, err := d.Draw(render.Frame{
				Position: ans.Picture,
				Board:    ans.Picture.Board(),
				Path:     ans.Highlight,
				ToMove:   int(max(ans.Picture.Turn(), 0) % 2),
				Finished: true,
				Title:    r.gameName(lang, s.Game),
			})
			if err != nil {
				r.log.Error("drawing a game command's picture", "game", s.Game.Name(), "err", err)
				break
			}
			rep.Image, rep.ImageName = png, s.Game.Name()+"-example.png"
		}
		if rep.Image == nil {
			rep.Text += "\n" + TextBoard(ans.Picture.Board())
		}
	}
	if rep.Text == "" && rep.Image == nil && rep.File == nil {
		rep.Text = "#" + s.Tag()
	}
	return rep
}
