// Package ratings keeps the players' ratings (Glicko-2, per platform and
// game): it reads them for the chat (a player's, a leaderboard, what a
// resignation would cost, a record's rating at its start) and rates a
// game at its end. It plays no game: the live games are package
// sessions', which calls Settle, through sessions.Rater, when a game ends.
//
// A rated game's end updates both players' ratings and marks the game
// settled in one store transaction (sessions' settle.go says which games
// are rated). At a level with a measured rating (games.Host.LevelRatings)
// the bot's rating is that, fixed, and a game against it rates only the
// person; at another level the bot has a rating of its own (BotID) that
// moves like anyone's.
package ratings

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/sessions"
	"oyunbot/tournament"
)

// BotID is the rating id of the bot at a level (its rating is kept per
// level, since each level is a different opponent).
func BotID(level string) string { return tournament.BotID(level) }

// IsBotID reports whether a rating id is the bot's, and its level.
func IsBotID(id string) (level string, ok bool) {
	const prefix = "bot:"
	if len(id) > len(prefix) && id[:len(prefix)] == prefix {
		return id[len(prefix):], true
	}
	return "", false
}

// Book reads and updates the ratings of one Manager's games. Make it with
// New, hand it to sessions.New (Config.Ratings), which attaches it, and read
// it once the Manager is made. Safe for concurrent use.
type Book struct {
	// Set once by Attach, inside sessions.New, before any other use: a
	// copy of the Manager's configuration (its defaults filled in).
	cfg sessions.Config
	log *slog.Logger

	hosts sync.Map // game name → games.Host, read once per game

	// mu serialises the updates (read, compute, write); it is taken with
	// no other lock held, and none is taken under it.
	mu sync.Mutex
}

// New returns a Book to hand to sessions.New.
func New() *Book { return &Book{} }

// Attach implements sessions.Rater: sessions.New calls it once, with its
// configuration.
func (rs *Book) Attach(cfg sessions.Config) { rs.cfg, rs.log = cfg, cfg.Logger }

// host is how game g is hosted (games.Host), read once per game.
func (rs *Book) host(g games.Game) games.Host {
	if h, ok := rs.hosts.Load(g.Name()); ok {
		return h.(games.Host)
	}
	h := games.HostOf(g)
	rs.hosts.Store(g.Name(), h)
	return h
}

// parseLevel reads a level name of game g (its own levels, or the
// standard ones).
func (rs *Book) parseLevel(g games.Game, name string) (ai.Level, bool) {
	return rs.host(g).Level(name)
}

// ratingPlayer is the rating id and name of a game's player.
func (rs *Book) ratingPlayer(rec sessions.GameRecord, side ai.Side) (id, name string) {
	p := rec.Players[side]
	if !p.Bot {
		return p.ID, p.Name
	}
	level := p.Level
	if level == "" {
		level = rec.Level
	}
	if g, ok := rs.cfg.Games.Lookup(rec.Game); ok {
		if lvl, ok := rs.parseLevel(g, level); ok {
			level = lvl.Name
		}
	}
	return BotID(level), p.Name
}

// FixedRD is the deviation of a bot level's measured rating: it is known
// well (hundreds of games), so a result against it counts fully.
const FixedRD = 50

// LevelRating returns the bot's fixed rating at level in game g
// (games.Host.LevelRatings), or false.
func (rs *Book) LevelRating(g games.Game, level string) (sessions.RatingRecord, bool) {
	if lvl, ok := rs.parseLevel(g, level); ok {
		level = lvl.Name
	}
	r := rs.host(g).LevelRatings[level]
	if r <= 0 {
		return sessions.RatingRecord{}, false
	}
	rating := tournament.NewRating()
	rating.Rating, rating.RD = float64(r), FixedRD
	return sessions.RatingRecord{Game: g.Name(), PlayerID: BotID(level), Name: rs.cfg.BotName, Rating: rating}, true
}

// fixedRating is the bot's fixed rating when side is the bot at a level
// with one.
func (rs *Book) fixedRating(rec sessions.GameRecord, side ai.Side) (sessions.RatingRecord, bool) {
	p := rec.Players[side]
	if !p.Bot {
		return sessions.RatingRecord{}, false
	}
	g, ok := rs.cfg.Games.Lookup(rec.Game)
	if !ok {
		return sessions.RatingRecord{}, false
	}
	level := p.Level
	if level == "" {
		level = rec.Level
	}
	r, ok := rs.LevelRating(g, level)
	r.Platform = rec.Platform
	return r, ok
}

// sides loads the ratings both sides of rec play at: the bot's fixed one
// at its level, a person's stored one (a new player's when none is).
func (rs *Book) sides(ctx context.Context, rec sessions.GameRecord) ([2]sessions.RatingRecord, error) {
	var recs [2]sessions.RatingRecord
	for side := ai.First; side <= ai.Second; side++ {
		if fixed, ok := rs.fixedRating(rec, side); ok {
			recs[side] = fixed
			continue
		}
		id, name := rs.ratingPlayer(rec, side)
		r, err := rs.cfg.Store.Rating(ctx, rec.Platform, rec.Game, id)
		switch {
		case errors.Is(err, sessions.ErrNotFound):
			r = sessions.RatingRecord{Platform: rec.Platform, Game: rec.Game, PlayerID: id, Rating: tournament.NewRating()}
		case err != nil:
			return recs, fmt.Errorf("player %s: %w", id, err)
		}
		r.Name = name
		recs[side] = r
	}
	return recs, nil
}

// Settle implements sessions.Rater: it updates the ratings of a rated
// game's players and marks the game settled, in one store transaction
// (Store.SettleGame), so that a game is rated once. It returns the changes
// by side (nil for an unrated game, or when the store failed: the game is
// left unsettled then, and settled again at the next start).
func (rs *Book) Settle(ctx context.Context, rec sessions.GameRecord) []sessions.RatingChange {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	var (
		records []sessions.RatingRecord
		changes []sessions.RatingChange
	)
	if rec.Rated && !rec.Result.Void() {
		now := time.UnixMilli(rs.cfg.Now().UnixMilli()) // as the store keeps it
		recs, err := rs.sides(ctx, rec)
		if err != nil {
			rs.log.Error("loading a rating", "game", rec.ID, "err", err)
			return nil // left unsettled: retried at the next start
		}
		score := 0.5
		switch rec.Result.Winner {
		case ai.First:
			score = 1
		case ai.Second:
			score = 0
		}
		a, b, err := tournament.Glicko2{}.UpdatePair(recs[0].Rating, recs[1].Rating, score)
		switch {
		case recs[0].PlayerID == recs[1].PlayerID: // the bot against itself at one level
		case err != nil:
			rs.log.Error("rating a game", "id", rec.ID, "err", err)
		default:
			for side, after := range [2]tournament.Rating{a, b} {
				if _, fixed := rs.fixedRating(rec, ai.Side(side)); fixed {
					// The bot's measured rating does not move.
					changes = append(changes, sessions.RatingChange{PlayerID: recs[side].PlayerID, Name: recs[side].Name,
						Before: recs[side].Rating, After: recs[side].Rating, Fixed: true})
					continue
				}
				changes = append(changes, sessions.RatingChange{PlayerID: recs[side].PlayerID, Name: recs[side].Name,
					Before: recs[side].Rating, After: after})
				recs[side].Rating = after
				recs[side].Games++
				recs[side].Updated = now
				records = append(records, recs[side])
			}
		}
	}
	if err := rs.cfg.Store.SettleGame(ctx, rec.ID, records); err != nil {
		rs.log.Error("settling a game", "id", rec.ID, "err", err)
		return nil
	}
	return changes
}

// Rating returns a player's rating in a game (a new player's if unrated;
// ok false then); the bot at a level with a measured rating has that.
func (rs *Book) Rating(ctx context.Context, platform, game, playerID string) (sessions.RatingRecord, bool) {
	if level, ok := IsBotID(playerID); ok {
		if g, ok := rs.cfg.Games.Lookup(game); ok {
			if r, ok := rs.LevelRating(g, level); ok {
				r.Platform = platform
				return r, true
			}
		}
	}
	r, err := rs.cfg.Store.Rating(ctx, platform, game, playerID)
	if err != nil {
		if !errors.Is(err, sessions.ErrNotFound) {
			rs.log.Error("loading a rating", "err", err)
		}
		return sessions.RatingRecord{Platform: platform, Game: game, PlayerID: playerID, Rating: tournament.NewRating()}, false
	}
	return r, true
}

// PlayerRatings returns a player's ratings in every game they played.
func (rs *Book) PlayerRatings(ctx context.Context, platform, playerID string) ([]sessions.RatingRecord, error) {
	return rs.cfg.Store.PlayerRatings(ctx, platform, playerID)
}

// Leaderboard returns a game's best limit ratings on a platform.
func (rs *Book) Leaderboard(ctx context.Context, platform, game string, limit int) ([]sessions.RatingRecord, error) {
	return rs.cfg.Store.Leaderboard(ctx, platform, game, limit)
}

// gameRatings is the store's history of the ratings each settled game left
// its players with (store.SQLStore.GameRatings).
type gameRatings interface {
	GameRatings(ctx context.Context, id int64) ([]sessions.RatingPoint, error)
}

// Before returns the rating playerID had when the settled game id began,
// for a record asked after its end (chess's PGN tags); false when the game
// moved none of their ratings (not settled yet, unrated, or a store without
// a history), so that their current rating is still the one from before.
func (rs *Book) Before(ctx context.Context, id int64, playerID string) (float64, bool) {
	h, ok := rs.cfg.Store.(gameRatings)
	if !ok {
		return 0, false
	}
	points, err := h.GameRatings(ctx, id)
	if err != nil {
		rs.log.Warn("loading a game's ratings", "id", id, "err", err)
		return 0, false
	}
	return RatingBefore(points, playerID)
}

// RatingBefore is playerID's rating before the game whose points (the
// ratings it left its players with, GameRatings) are given; false when the
// game moved none of theirs.
func RatingBefore(points []sessions.RatingPoint, playerID string) (float64, bool) {
	for _, p := range points {
		if p.PlayerID != playerID {
			continue
		}
		if p.HasBefore {
			return p.Before, true
		}
		return tournament.NewRating().Rating, true // their first rated game
	}
	return 0, false
}

// IfLost is what losing game s, in play, would do to side's rating: the
// change its end would make, computed as it will be (a resignation's
// question says how much it costs). False when the game is not rated or
// side's rating does not move (the bot's fixed one).
func (rs *Book) IfLost(ctx context.Context, s sessions.Snapshot, side ai.Side) (sessions.RatingChange, bool) {
	if !s.Rated || s.Game == nil || side != ai.First && side != ai.Second {
		return sessions.RatingChange{}, false
	}
	rec := sessions.GameRecord{Game: s.Game.Name(), Platform: s.Platform, Players: s.Players, Level: s.Level}
	if _, fixed := rs.fixedRating(rec, side); fixed {
		return sessions.RatingChange{}, false
	}
	recs, err := rs.sides(ctx, rec)
	if err != nil || recs[0].PlayerID == recs[1].PlayerID {
		return sessions.RatingChange{}, false
	}
	score := 1.0 // the first side's: side loses
	if side == ai.First {
		score = 0
	}
	a, b, err := tournament.Glicko2{}.UpdatePair(recs[0].Rating, recs[1].Rating, score)
	if err != nil {
		return sessions.RatingChange{}, false
	}
	after := [2]tournament.Rating{a, b}[side]
	return sessions.RatingChange{PlayerID: recs[side].PlayerID, Name: recs[side].Name, Before: recs[side].Rating, After: after}, true
}
