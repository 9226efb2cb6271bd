package router

// record.go fills in what a game's record states beside its moves (the
// bot's level, the ratings, the clock) for a game's commands (chess's
// "pgn" writes them as tags).

import (
	"math"

	"oyunbot/games"
	"oyunbot/sessions"
)

// recordInfo sets req's Level, Ratings and Clock from game s: a finished
// rated game's ratings at its start, a rated game in play's current ones,
// and the bot's fixed rating at its level.
func (q *request) recordInfo(s sessions.Snapshot, req *games.CommandRequest) {
	req.Level = s.Level
	req.Clock = games.Clock{Base: s.TimeControl.Base, Increment: s.TimeControl.Increment, PerMove: s.TimeControl.PerMove}
	fixed := q.r.Host(s.Game).LevelRatings
	for i, p := range s.Players {
		switch {
		case i < len(s.Ratings) && s.Ratings[i].Before.Rating > 0:
			req.Ratings[i] = int(math.Round(s.Ratings[i].Before.Rating))
		case p.Bot:
			level := p.Level
			if level == "" {
				level = s.Level
			}
			req.Ratings[i] = fixed[level]
		case s.Rated && p.ID != "":
			if rec, ok := q.r.rate.Rating(q.ctx, s.Platform, s.Game.Name(), p.ID); ok {
				req.Ratings[i] = int(math.Round(rec.Rating.Rating))
			}
		}
	}
}
