// Package matches plays matches: several games between the same two
// players to a number of points (tavla's matches to 5), with one standing
// score. A match is a record of its own (sessions.MatchRecord); its games
// link to it (GameRecord.Match), and when one ends its points go to the
// match's score and the next game starts, until a player reaches the
// target.
//
// A Runner is handed to sessions.New as Config.Matches: the Manager
// attaches itself (sessions.MatchRunner's Attach) and tells it each match
// game's end (Result); the Runner checks and starts its games through the
// Manager's sessions.MatchGames. Its lock serialises a match's updates
// (read, count, write); a match's next game is started under it, so it
// comes before a game's lock in the lock order. It is never held with the
// tournaments'.
package matches

import (
	"context"
	"log/slog"
	"slices"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/sessions"
)

// Runner plays the matches of one Manager. Make it with New, hand it to
// sessions.New (Config.Matches), and use it once the Manager is made; one
// Runner serves one Manager. Safe for concurrent use.
type Runner struct {
	// Set once by Attach, inside sessions.New, before any other use. cfg
	// is a copy of the Manager's (its defaults filled in).
	m     *sessions.Manager
	games *sessions.MatchGames
	cfg   sessions.Config
	log   *slog.Logger

	mu sync.Mutex
}

// New makes a Runner, to be handed to sessions.New as Config.Matches.
func New() *Runner { return &Runner{} }

// Attach implements sessions.MatchRunner: sessions.New calls it once.
func (r *Runner) Attach(m *sessions.Manager) {
	r.m, r.games, r.cfg = m, m.MatchGames(), m.Config()
	r.log = r.cfg.Logger
}

// storedTime is t as the store keeps it (to the millisecond), so that a
// record read back equals the one written.
func storedTime(t time.Time) time.Time { return time.UnixMilli(t.UnixMilli()) }

// Start creates a match and starts its first game.
func (r *Runner) Start(ctx context.Context, req sessions.MatchGame) (sessions.Snapshot, sessions.MatchRecord, error) {
	if req.Target == 0 {
		req.Target = sessions.DefaultMatchTarget
	}
	if req.Target < 1 || req.Target > sessions.MaxMatchTarget {
		return sessions.Snapshot{}, sessions.MatchRecord{}, sessions.ErrMatchTarget
	}
	if req.Game.Players() < 2 {
		return sessions.Snapshot{}, sessions.MatchRecord{}, sessions.ErrOnePlayerGame
	}
	for i, p := range req.Players {
		if p.Bot {
			req.Players[i] = sessions.Player{ID: sessions.BotID, Name: r.cfg.BotName, Bot: true}
		}
	}
	level := ""
	if req.Players[0].Bot || req.Players[1].Bot {
		level = req.Level
		if level == "" {
			level = sessions.DefaultLevel
		}
		lvl, ok := games.HostOf(req.Game).Level(level)
		if !ok {
			return sessions.Snapshot{}, sessions.MatchRecord{}, sessions.ErrUnknownLevel
		}
		level = lvl.Name
	}
	if err := r.games.Playing(req.Platform, req.ChannelID, req.Players[0], req.Players[1], req.Game); err != nil {
		return sessions.Snapshot{}, sessions.MatchRecord{}, err
	}
	now := storedTime(r.cfg.Now())
	rec := sessions.MatchRecord{Platform: req.Platform, ChannelID: req.ChannelID, Game: req.Game.Name(), Players: req.Players,
		Level: level, Target: req.Target, Winner: -1, TimeControl: req.TimeControl, Lang: req.Lang, Created: now, Updated: now}
	id, err := r.cfg.Store.CreateMatch(ctx, rec)
	if err != nil {
		return sessions.Snapshot{}, sessions.MatchRecord{}, err
	}
	rec.ID = id
	snap, err := r.next(ctx, &rec, req.Ref, false)
	return snap, rec, err
}

// next starts the match's next game (the first move alternates) and
// saves the match; crawford says it is the Crawford game (the first
// after a player came within one point of the target), for a game whose
// start depends on the standing (games.MatchStarter). A game of the match
// already going on (created just before the bot stopped, the match not
// saved) is taken instead of a second.
func (r *Runner) next(ctx context.Context, rec *sessions.MatchRecord, ref string, crawford bool) (sessions.Snapshot, error) {
	g, ok := r.cfg.Games.Lookup(rec.Game)
	if !ok {
		return sessions.Snapshot{}, sessions.ErrUnknownGameName
	}
	if snap, ok := r.inPlay(rec.Platform, rec.ID); ok {
		if !slices.Contains(rec.Games, snap.ID) {
			rec.Games = append(rec.Games, snap.ID)
			rec.Updated = storedTime(r.cfg.Now())
			if err := r.cfg.Store.SaveMatch(ctx, *rec); err != nil {
				r.log.Error("saving match", "id", rec.ID, "err", err)
			}
		}
		return snap, nil
	}
	players := rec.Players
	swapped := len(rec.Games)%2 == 1
	if swapped {
		players[0], players[1] = players[1], players[0]
	}
	start := ""
	if ms := games.CanOf(g, nil).MatchStarter; ms != nil {
		// The points each side of the new game still needs.
		var away [2]int
		for side := range away {
			i := side
			if swapped {
				i = 1 - side
			}
			away[side] = rec.Target - rec.Score[i]
		}
		start = ms.MatchStart(away, crawford)
	}
	snap, err := r.games.Start(ctx, sessions.GameRecord{Platform: rec.Platform, ChannelID: rec.ChannelID, Players: players,
		Level: rec.Level, TimeControl: rec.TimeControl, Lang: rec.Lang, Rated: false, Match: rec.ID, Start: start}, g, ref)
	if err != nil {
		return sessions.Snapshot{}, err
	}
	rec.Games = append(rec.Games, snap.ID)
	rec.Updated = storedTime(r.cfg.Now())
	if err := r.cfg.Store.SaveMatch(ctx, *rec); err != nil {
		r.log.Error("saving match", "id", rec.ID, "err", err)
	}
	return snap, nil
}

// inPlay returns the match's unfinished game, if one is going on (held
// here: the first by id of the match's platform).
func (r *Runner) inPlay(platform string, match int64) (sessions.Snapshot, bool) {
	var (
		snap  sessions.Snapshot
		found bool
	)
	r.m.Hold(platform, func(h sessions.Held) {
		if found || h.Over() {
			return
		}
		if s := h.Snapshot(); s.Match == match {
			snap, found = s, true
		}
	})
	return snap, found
}

// Get returns a match as stored.
func (r *Runner) Get(ctx context.Context, id int64) (sessions.MatchRecord, bool) {
	rec, err := r.cfg.Store.Match(ctx, id)
	return rec, err == nil
}

// Result implements sessions.MatchRunner: it counts a finished game of a
// match, its points to its winner, then the match's end or its next game
// (EventMatchGame, or EventMatchOver). Counting is idempotent
// (MatchRecord.Counted).
func (r *Runner) Result(ctx context.Context, g sessions.GameRecord) []sessions.Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	rec, err := r.cfg.Store.Match(ctx, g.Match)
	if err != nil {
		r.log.Error("loading match", "id", g.Match, "game", g.ID, "err", err)
		return nil
	}
	if rec.Over || slices.Contains(rec.Counted, g.ID) {
		return nil
	}
	before := rec.Score
	if w := g.Result.Winner; w == ai.First || w == ai.Second {
		for i, p := range rec.Players {
			if p.Bot == g.Players[w].Bot && p.ID == g.Players[w].ID {
				rec.Score[i] += max(g.Result.Points, 1)
			}
		}
	}
	rec.Counted = append(rec.Counted, g.ID)
	for i, s := range rec.Score {
		if s >= rec.Target {
			rec.Over, rec.Winner = true, i
		}
	}
	if g.Result.Void() {
		// Abandoned before a move (a misclick): the match ends there,
		// without a winner.
		rec.Over = true
	}
	rec.Updated = storedTime(r.cfg.Now())
	if rec.Over {
		if err := r.cfg.Store.SaveMatch(ctx, rec); err != nil {
			r.log.Error("saving match", "id", rec.ID, "err", err)
		}
		return []sessions.Event{{Kind: sessions.EventMatchOver, Match: &rec}}
	}
	// The Crawford game is the one after the game that first brought a
	// player to one point short of the target.
	matchPoint := func(sc [2]int) bool { return sc[0] == rec.Target-1 || sc[1] == rec.Target-1 }
	snap, err := r.next(ctx, &rec, "", matchPoint(rec.Score) && !matchPoint(before))
	if err != nil {
		r.log.Error("starting a match's next game", "match", rec.ID, "err", err)
		return nil
	}
	return []sessions.Event{{Kind: sessions.EventMatchGame, Match: &rec, Game: snap}}
}
