package present

// record.go is what a game's commands get of a game (games.CommandRequest):
// its start and moves, and what its record states beside them (the bot's
// level, the ratings, the clock), for chess's "pgn" tags; the chat's
// commands and the web's downloads ask the same.

import (
	"context"
	"math"

	"oyunbot/ai"
	"oyunbot/chat"
	"oyunbot/games"
	"oyunbot/sessions"
)

// Ratings finds the players' ratings a record states (ratings.Book).
type Ratings interface {
	// Rating is a player's current rating in a game (false: unrated).
	Rating(ctx context.Context, platform, game, playerID string) (sessions.RatingRecord, bool)
	// Before is the rating a player had when the settled game id began
	// (false: the game moved none of theirs).
	Before(ctx context.Context, id int64, playerID string) (float64, bool)
}

// CommandRequest is what a game command with args gets of game s in lang;
// ratings (nil: only the bot's fixed ones are stated) finds the ratings of
// a rated game: those it began with once it is over, the current ones in
// play.
func (r *Presenter) CommandRequest(ctx context.Context, lang chat.Lang, s sessions.Snapshot, args []string, ratings Ratings) (games.CommandRequest, error) {
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
	r.recordInfo(ctx, s, &req, ratings)
	return req, nil
}

// recordInfo sets req's Level, Ratings and Clock from game s: a finished
// rated game's ratings at its start, a rated game in play's current ones,
// and the bot's fixed rating at its level.
func (r *Presenter) recordInfo(ctx context.Context, s sessions.Snapshot, req *games.CommandRequest, ratings Ratings) {
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
		case s.Rated && p.ID != "" && ratings == nil:
		case s.Rated && s.Result.Over && p.ID != "":
			// Asked after its end, the game's own change tells the rating
			// it began with; none means it moved nothing, and the current
			// rating is still the one from before.
			if before, ok := ratings.Before(ctx, s.ID, p.ID); ok {
				req.Ratings[i] = int(math.Round(before))
			} else if rec, ok := ratings.Rating(ctx, s.Platform, s.Game.Name(), p.ID); ok {
				req.Ratings[i] = int(math.Round(rec.Rating.Rating))
			}
		case s.Rated && p.ID != "":
			if rec, ok := ratings.Rating(ctx, s.Platform, s.Game.Name(), p.ID); ok {
				req.Ratings[i] = int(math.Round(rec.Rating.Rating))
			}
		}
	}
}
