package router

// ratings.go: "rating [game] [@someone]", "leaderboard <game>", and the
// rating changes announced after a rated game.

import (
	"context"
	"math"
	"oyunbot/chat/present"
	"strconv"
	"strings"

	"oyunbot/chat"
	"oyunbot/render"
	"oyunbot/sessions/ratings"
)

// leaderboardSize is how many players a leaderboard shows.
const leaderboardSize = 20

// rating: the sender's (or a mentioned person's) ratings, in one game or
// in all.
func (q *request) rating() {
	id, name := q.m.UserID, q.user().Name
	if len(q.m.Mentions) > 0 {
		id, name = q.m.Mentions[0].ID, q.m.Mentions[0].Name
	}
	isBot := len(q.m.Mentions) > 0 && (strings.EqualFold(strings.TrimPrefix(name, "@"), q.r.cfg.BotName) || strings.EqualFold(id, q.r.cfg.BotName))
	var game string
	for _, a := range q.r.words.classify(q.cmd.Args, ratingArgs) {
		switch a.kind {
		case argGame:
			game = a.game.Name()
		case argMention:
		default:
			if q.chatInGroup() {
				return // "puan kaç?" between people
			}
			q.say(q.t("rating.usage", "games", q.r.show.GameNames(q.lang, q.r.show.Rated)))
			return
		}
	}
	if isBot {
		q.say(q.r.botRatings(q.ctx, q.lang, q.m.Platform, game))
		return
	}
	if game != "" {
		r, ok := q.r.rate.Rating(q.ctx, q.m.Platform, game, id)
		g, _ := q.r.cfg.Games.Lookup(game)
		if !ok {
			q.say(q.t("rating.unrated-game", "player", name, "game", q.r.show.GameName(q.lang, g)))
			return
		}
		q.sayReply(q.r.withPlayerLink(q.ctx, q.lang, q.m.Platform, id, chat.Reply{Text: q.t("rating.one", "player", name,
			"game", q.r.show.GameName(q.lang, g), "rating", q.r.show.RatingText(q.lang, r))}))
		return
	}
	list, err := q.r.rate.PlayerRatings(q.ctx, q.m.Platform, id)
	if err != nil {
		q.sayError(err)
		return
	}
	if len(list) == 0 {
		q.say(q.t("rating.none", "player", name))
		return
	}
	var parts []string
	for _, r := range list {
		gname := r.Game
		if g, ok := q.r.cfg.Games.Lookup(r.Game); ok {
			gname = q.r.show.GameName(q.lang, g)
		}
		parts = append(parts, gname+" "+q.r.show.RatingText(q.lang, r))
	}
	q.sayReply(q.r.withPlayerLink(q.ctx, q.lang, q.m.Platform, id, chat.Reply{Text: q.t("rating.all", "player", name,
		"ratings", strings.Join(parts, " · "))}))
}

// leaderboard: the best ratings of a game on this platform, text and PNG.
func (q *request) leaderboard() {
	var game string
	for _, a := range q.r.words.classify(q.cmd.Args, ratingArgs) {
		if a.kind == argGame {
			game = a.game.Name()
		}
	}
	if game == "" {
		if q.chatInGroup() && len(q.cmd.Args) > 0 {
			return
		}
		q.say(q.t("leaderboard.usage", "games", q.r.show.GameNames(q.lang, q.r.show.Rated)))
		return
	}
	g, _ := q.r.cfg.Games.Lookup(game)
	list, err := q.r.rate.Leaderboard(q.ctx, q.m.Platform, game, leaderboardSize+len(q.r.show.Host(g).LevelRatings))
	if err != nil {
		q.sayError(err)
		return
	}
	list = q.r.show.WithLevelRatings(g, list, leaderboardSize)
	if len(list) == 0 {
		q.say(q.t("leaderboard.empty", "game", q.r.show.GameName(q.lang, g)))
		return
	}
	title, header, rows, text := q.r.show.LeaderboardTable(q.lang, g, list)
	rep := chat.Reply{Text: text}
	if links := q.r.show.Links(); links != nil {
		if url := links.LeaderboardURL(q.ctx, q.m.Platform, game); url != "" {
			rep.Buttons = present.WithLink(rep.Buttons, chat.Button{Label: q.t("button.leaderboard-page"), URL: url})
		}
	}
	if png, err := render.Table(title, header, rows, present.TableWidth); err != nil {
		q.r.log.Error("drawing the leaderboard", "err", err)
	} else {
		rep.Image, rep.ImageName, rep.Caption = png, "leaderboard-"+game+".png", title
	}
	q.sayReply(rep)
}

// chatInGroup reports whether the message is an unprefixed one in a group:
// a command word with arguments that make no sense is then people talking.
func (q *request) chatInGroup() bool { return !q.cmd.Prefixed && !q.m.Private }

// botRatings is "rating @oyunbot": the bot's rating at each level of each
// game (or of one game): the measured ladder, fixed, or the rating a level
// without one has earned.
func (r *Router) botRatings(ctx context.Context, lang chat.Lang, platform, game string) string {
	var lines []string
	for _, g := range r.cfg.Games.Games() {
		if (game != "" && g.Name() != game) || g.Players() != 2 {
			continue
		}
		var parts []string
		fixed := false
		for _, l := range r.show.Host(g).LevelList() {
			rec, ok := r.rate.Rating(ctx, platform, g.Name(), ratings.BotID(l.Name))
			if !ok {
				continue
			}
			fixed = fixed || r.show.Host(g).LevelRatings[l.Name] > 0
			parts = append(parts, r.show.LevelName(lang, l.Name)+" "+strconv.Itoa(int(math.Round(rec.Rating.Rating))))
		}
		if len(parts) == 0 {
			continue
		}
		line := r.show.GameName(lang, g) + ": " + strings.Join(parts, " · ")
		if fixed {
			line += " " + r.cat.T(lang, "rating.ladder")
		}
		lines = append(lines, line)
	}
	if len(lines) == 0 {
		return r.cat.T(lang, "rating.bot-none", "bot", r.cfg.BotName)
	}
	return r.cat.T(lang, "rating.bot", "bot", r.cfg.BotName) + "\n" + strings.Join(lines, "\n")
}
