package router

// ratings.go: "rating [game] [@someone]", "leaderboard <game>", and the
// rating changes announced after a rated game.

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"oyunbot/chat/present"
	"slices"
	"strconv"
	"strings"

	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/render"
	"oyunbot/sessions"
	"oyunbot/tournament"
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
	for _, a := range q.r.classify(q.cmd.Args, ratingArgs) {
		switch a.kind {
		case argGame:
			game = a.game.Name()
		case argMention:
		default:
			if q.chatInGroup() {
				return // "puan kaç?" between people
			}
			q.say(q.t("rating.usage", "games", q.r.GameNames(q.lang, q.r.Rated)))
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
			q.say(q.t("rating.unrated-game", "player", name, "game", q.r.GameName(q.lang, g)))
			return
		}
		q.say(q.t("rating.one", "player", name, "game", q.r.GameName(q.lang, g), "rating", q.r.RatingText(q.lang, r)))
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
			gname = q.r.GameName(q.lang, g)
		}
		parts = append(parts, gname+" "+q.r.RatingText(q.lang, r))
	}
	q.say(q.t("rating.all", "player", name, "ratings", strings.Join(parts, " · ")))
}

// leaderboard: the best ratings of a game on this platform, text and PNG.
func (q *request) leaderboard() {
	var game string
	for _, a := range q.r.classify(q.cmd.Args, ratingArgs) {
		if a.kind == argGame {
			game = a.game.Name()
		}
	}
	if game == "" {
		if q.chatInGroup() && len(q.cmd.Args) > 0 {
			return
		}
		q.say(q.t("leaderboard.usage", "games", q.r.GameNames(q.lang, q.r.Rated)))
		return
	}
	g, _ := q.r.cfg.Games.Lookup(game)
	list, err := q.r.rate.Leaderboard(q.ctx, q.m.Platform, game, leaderboardSize+len(q.r.Host(g).LevelRatings))
	if err != nil {
		q.sayError(err)
		return
	}
	list = q.r.withLevelRatings(g, list)
	if len(list) == 0 {
		q.say(q.t("leaderboard.empty", "game", q.r.GameName(q.lang, g)))
		return
	}
	title := q.t("leaderboard.title", "game", q.r.GameName(q.lang, g))
	var b strings.Builder
	b.WriteString(title)
	var rows [][]string
	for i, r := range list {
		name := q.r.RatingName(q.lang, r.PlayerID, r.Name)
		rating := strconv.Itoa(int(math.Round(r.Rating.Rating)))
		rd := "±" + strconv.Itoa(int(math.Round(r.RD)))
		if level, bot := sessions.IsBotRatingID(r.PlayerID); bot && q.r.Host(g).LevelRatings[level] > 0 {
			// A measured level: its rating is fixed, not earned in games.
			fixed := q.t("leaderboard.fixed")
			fmt.Fprintf(&b, "\n%d. %s — %s (%s)", i+1, name, rating, fixed)
			rows = append(rows, []string{strconv.Itoa(i + 1), name, rating, "", fixed})
			continue
		}
		fmt.Fprintf(&b, "\n%d. %s — %s %s (%s)", i+1, name, rating, rd, q.r.cat.N(q.lang, "leaderboard.games", r.Games))
		rows = append(rows, []string{strconv.Itoa(i + 1), name, rating, rd, strconv.Itoa(r.Games)})
	}
	rep := chat.Reply{Text: b.String()}
	header := []string{"#", q.t("col.player"), q.t("col.rating"), q.t("col.rd"), q.t("col.games")}
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

// withLevelRatings puts the bot's measured levels (games.Host.LevelRatings)
// into a game's leaderboard in their place, instead of any rating the bot
// had at those levels before they were measured; the best
// leaderboardSize remain.
func (r *Router) withLevelRatings(g games.Game, list []sessions.RatingRecord) []sessions.RatingRecord {
	fixed := r.Host(g).LevelRatings
	if len(fixed) == 0 {
		return list
	}
	out := slices.DeleteFunc(slices.Clone(list), func(rec sessions.RatingRecord) bool {
		level, bot := sessions.IsBotRatingID(rec.PlayerID)
		return bot && fixed[level] > 0
	})
	for _, l := range r.Host(g).LevelList() {
		if n := fixed[l.Name]; n > 0 {
			rating := tournament.NewRating()
			rating.Rating, rating.RD = float64(n), sessions.FixedRatingRD
			out = append(out, sessions.RatingRecord{Game: g.Name(), PlayerID: sessions.BotRatingID(l.Name), Name: r.cfg.BotName, Rating: rating})
		}
	}
	slices.SortStableFunc(out, func(a, b sessions.RatingRecord) int { return cmp.Compare(b.Rating.Rating, a.Rating.Rating) })
	if len(out) > leaderboardSize {
		out = out[:leaderboardSize]
	}
	return out
}

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
		for _, l := range r.Host(g).LevelList() {
			rec, ok := r.rate.Rating(ctx, platform, g.Name(), sessions.BotRatingID(l.Name))
			if !ok {
				continue
			}
			fixed = fixed || r.Host(g).LevelRatings[l.Name] > 0
			parts = append(parts, r.LevelName(lang, l.Name)+" "+strconv.Itoa(int(math.Round(rec.Rating.Rating))))
		}
		if len(parts) == 0 {
			continue
		}
		line := r.GameName(lang, g) + ": " + strings.Join(parts, " · ")
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
