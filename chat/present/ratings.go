package present

import (
	"fmt"
	"math"
	"oyunbot/chat"
	"oyunbot/sessions"
	"strconv"
	"strings"
)

// RatingText is "1662 ±290 (3 games)": rating, deviation, games.
func (r *Presenter) RatingText(lang chat.Lang, rec sessions.RatingRecord) string {
	return fmt.Sprintf("%d ±%d (%s)", int(math.Round(rec.Rating.Rating)), int(math.Round(rec.RD)),
		r.cat.N(lang, "leaderboard.games", rec.Games))
}

// RatingName names a rating's holder: the bot with its level.
func (r *Presenter) RatingName(lang chat.Lang, id, name string) string {
	if level, ok := sessions.IsBotRatingID(id); ok {
		return r.cfg.BotName + " (" + r.LevelName(lang, level) + ")"
	}
	if name == "" {
		return id
	}
	return CleanName(name)
}

// ratedText says how a Rated game changed its Players' ratings.
func (r *Presenter) ratedText(lang chat.Lang, s sessions.Snapshot) string {
	var parts []string
	for _, c := range s.Ratings {
		before, after := int(math.Round(c.Before.Rating)), int(math.Round(c.After.Rating))
		if c.Fixed {
			parts = append(parts, r.RatingName(lang, c.PlayerID, c.Name)+" "+r.cat.T(lang, "rating.fixed", "rating", strconv.Itoa(before)))
			continue
		}
		parts = append(parts, fmt.Sprintf("%s %d → %d (%+d)", r.RatingName(lang, c.PlayerID, c.Name), before, after, after-before))
	}
	return r.cat.T(lang, "rating.changed", "changes", strings.Join(parts, " · "))
}
