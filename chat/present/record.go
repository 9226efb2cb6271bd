package present

// record.go is what a game's commands get of a game (games.CommandRequest):
// its start and moves, and what its record states beside them (the bot's
// level, the ratings, the clock), for chess's "pgn" tags; the chat's
// commands and the web's downloads ask the same.

import (
	"math"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/sessions"
)

// RatingOf finds a player's rating in a game (false: unrated).
type RatingOf func(platform, game, playerID string) (sessions.RatingRecord, bool)

// CommandRequest is what a game command with args gets of game s in lang;
// rating finds the current ratings of a rated game in play.
func (r *Presenter) CommandRequest(lang chat.Lang, s sessions.Snapshot, args []string, rating RatingOf) (games.CommandRequest, error) {
	start, moves, err := s.Replay()
	if err != nil {
		return games.CommandRequest{}, err
	}
	req := games.CommandRequest{
		Game: s.Game, Lang: string(lang), Args: args, ID: s.ID,
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
	r.recordInfo(s, &req, rating)
	return req, nil
}

// recordInfo sets req's Level, Ratings and Clock from game s: a finished
// rated game's ratings at its start, a rated game in play's current ones,
// and the bot's fixed rating at its level.
func (r *Presenter) recordInfo(s sessions.Snapshot, req *games.CommandRequest, rating RatingOf) {
	req.Level = s.Level
	req.Clock = games.Clock{Base: s.TimeControl.Base, Increment: s.TimeControl.Increment, PerMove: s.TimeControl.PerMove}
	fixed := r.Host(s.Game).LevelRatings
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
		case s.Rated && p.ID != "" && rating != nil:
			if rec, ok := rating(s.Platform, s.Game.Name(), p.ID); ok {
				req.Ratings[i] = int(math.Round(rec.Rating.Rating))
			}
		}
	}
}
