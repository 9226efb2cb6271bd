package present

import (
	"fmt"
	"math"
	"oyunbot/chat"
	"oyunbot/sessions"
	"oyunbot/sessions/ratings"
	"oyunbot/tournament"
	"strconv"
	"strings"
)

// RatingText is "1662? ±290 (3 games)": rating (marked "?" while
// provisional), deviation, games.
func (r *Presenter) RatingText(lang chat.Lang, rec sessions.RatingRecord) string {
	return fmt.Sprintf("%s ±%d (%s)", ratingNumber(rec.Rating), int(math.Round(rec.RD)),
		r.cat.N(lang, "leaderboard.games", rec.Games))
}

// RatingNumber is ratingNumber for the pages.
func RatingNumber(rt tournament.Rating) string { return ratingNumber(rt) }

// ratingNumber is a rating rounded, "1338?" while it is provisional: a
// new player's first games move it by hundreds, and the mark says why.
func ratingNumber(rt tournament.Rating) string {
	s := strconv.Itoa(int(math.Round(rt.Rating)))
	if rt.Provisional() {
		s += "?"
	}
	return s
}

// RatingName names a rating's holder: the bot with its level.
func (r *Presenter) RatingName(lang chat.Lang, id, name string) string {
	if level, ok := ratings.IsBotID(id); ok {
		return r.cfg.BotName + " (" + r.LevelName(lang, level) + ")"
	}
	if name == "" {
		return id
	}
	return CleanName(name)
}

// ChangeText is a rating change as the end of a game says it:
// "1500? → 1137? (-363)".
func ChangeText(c sessions.RatingChange) string {
	return fmt.Sprintf("%s → %s (%+d)", ratingNumber(c.Before), ratingNumber(c.After),
		int(math.Round(c.After.Rating))-int(math.Round(c.Before.Rating)))
}

// ratedText says how a Rated game changed its Players' ratings.
func (r *Presenter) ratedText(lang chat.Lang, s sessions.Snapshot) string {
	var parts []string
	for _, c := range s.Ratings {
		before := int(math.Round(c.Before.Rating))
		if c.Fixed {
			parts = append(parts, r.RatingName(lang, c.PlayerID, c.Name)+" "+r.cat.T(lang, "rating.fixed", "rating", strconv.Itoa(before)))
			continue
		}
		parts = append(parts, r.RatingName(lang, c.PlayerID, c.Name)+" "+ChangeText(c))
	}
	return r.cat.T(lang, "rating.changed", "changes", strings.Join(parts, " · "))
}
