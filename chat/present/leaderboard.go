package present

// leaderboard.go: a game's best ratings, with the bot's measured levels in
// their place, as the chat's "leaderboard" and the web's pages show them.

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/sessions"
	"oyunbot/sessions/ratings"
	"oyunbot/tournament"
)

// WithLevelRatings puts the bot's measured levels (games.Host.LevelRatings)
// into a game's leaderboard in their place, instead of any rating the bot
// had at those levels before they were measured; the best size remain.
func (r *Presenter) WithLevelRatings(g games.Game, list []sessions.RatingRecord, size int) []sessions.RatingRecord {
	fixed := r.Host(g).LevelRatings
	if len(fixed) == 0 {
		return list
	}
	out := slices.DeleteFunc(slices.Clone(list), func(rec sessions.RatingRecord) bool {
		level, bot := ratings.IsBotID(rec.PlayerID)
		return bot && fixed[level] > 0
	})
	for _, l := range r.Host(g).LevelList() {
		if n := fixed[l.Name]; n > 0 {
			rating := tournament.NewRating()
			rating.Rating, rating.RD = float64(n), ratings.FixedRD
			out = append(out, sessions.RatingRecord{Game: g.Name(), PlayerID: ratings.BotID(l.Name), Name: r.cfg.BotName, Rating: rating})
		}
	}
	slices.SortStableFunc(out, func(a, b sessions.RatingRecord) int { return cmp.Compare(b.Rating.Rating, a.Rating.Rating) })
	if len(out) > size {
		out = out[:size]
	}
	return out
}

// FixedLevel reports whether rec is the bot at a measured level of g: its
// rating is fixed, not earned in games.
func (r *Presenter) FixedLevel(g games.Game, rec sessions.RatingRecord) bool {
	level, bot := ratings.IsBotID(rec.PlayerID)
	return bot && r.Host(g).LevelRatings[level] > 0
}

// LeaderboardTable shows game g's leaderboard list: the picture's title,
// header and rows (row i is list[i]), and the text, which say the same.
func (r *Presenter) LeaderboardTable(lang chat.Lang, g games.Game, list []sessions.RatingRecord) (title string, header []string, rows [][]string, text string) {
	t := func(id string, kv ...string) string { return r.cat.T(lang, id, kv...) }
	title = t("leaderboard.title", "game", r.GameName(lang, g))
	var b strings.Builder
	b.WriteString(title)
	for i, rec := range list {
		name := r.RatingName(lang, rec.PlayerID, rec.Name)
		rating := ratingNumber(rec.Rating) // "1338?" while provisional, as everywhere
		rd := "±" + strconv.Itoa(int(math.Round(rec.RD)))
		if r.FixedLevel(g, rec) {
			rating = strconv.Itoa(int(math.Round(rec.Rating.Rating)))
			fixed := t("leaderboard.fixed")
			fmt.Fprintf(&b, "\n%d. %s — %s (%s)", i+1, name, rating, fixed)
			rows = append(rows, []string{strconv.Itoa(i + 1), name, rating, "", fixed})
			continue
		}
		fmt.Fprintf(&b, "\n%d. %s — %s %s (%s)", i+1, name, rating, rd, r.cat.N(lang, "leaderboard.games", rec.Games))
		rows = append(rows, []string{strconv.Itoa(i + 1), name, rating, rd, strconv.Itoa(rec.Games)})
	}
	header = []string{"#", t("col.player"), t("col.rating"), t("col.rd"), t("col.games")}
	return title, header, rows, b.String()
}
