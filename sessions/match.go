package sessions

// match.go plays matches: several games between the same two players to a
// number of points (tavla's matches to 5), with one standing score. A
// match is a record of its own; its games link to it (GameRecord.Match),
// and when one ends its points go to the match's score and the next game
// starts, until a player reaches the target.

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
)

// MatchRecord is a match as stored.
type MatchRecord struct {
	ID        int64
	Platform  string
	ChannelID string
	Game      string
	// Players are the match's players; its first game gives Players[0]
	// the first move, and the first move alternates from game to game.
	Players [2]Player
	Level   string // the bot's level, in a match against the bot
	Target  int    // points that win the match
	// Score is each player's points (indexed as Players).
	Score [2]int
	// Games are the match's games, in order; Counted those whose points
	// are in Score (so that a game's end is counted once, even when the
	// bot stopped between the two writes).
	Games       []int64
	Counted     []int64
	Over        bool
	Winner      int // the index in Players of the match's winner; -1 while it goes on
	TimeControl TimeControl
	Lang        string
	Created     time.Time
	Updated     time.Time
}

// MatchStore keeps matches.
type MatchStore interface {
	// CreateMatch stores a new match and returns its id (rec.ID is ignored).
	CreateMatch(ctx context.Context, rec MatchRecord) (int64, error)
	// SaveMatch overwrites match rec.ID.
	SaveMatch(ctx context.Context, rec MatchRecord) error
	// Match loads one match; ErrNotFound if there is none.
	Match(ctx context.Context, id int64) (MatchRecord, error)
	// ActiveMatches loads the matches not over, oldest first.
	ActiveMatches(ctx context.Context) ([]MatchRecord, error)
}

// Match limits.
const (
	DefaultMatchTarget = 5
	MaxMatchTarget     = 15
)

// ErrMatchTarget: a match's target is outside 1..MaxMatchTarget.
var ErrMatchTarget = errors.New("sessions: a match is played to 1-15 points")

// MatchGame asks for a match. One of the players may be the bot (Player{Bot:
// true}; its name and id are filled in).
type MatchGame struct {
	Platform    string
	ChannelID   string
	Players     [2]Player
	Game        games.Game
	Target      int
	Level       string
	TimeControl TimeControl
	Lang        string
	Ref         string
}

// Matches plays the matches (Manager.Matches). Its lock serialises a
// match's updates (read, count, write); a match's next game is started
// under it, so it comes before a game's lock in the lock order. It is never
// held with the tournaments'.
type Matches struct {
	*env
	table *table
	lobby *Lobby

	mu sync.Mutex
}

// Start creates a match and starts its first game.
func (mt *Matches) Start(ctx context.Context, req MatchGame) (Snapshot, MatchRecord, error) {
	if req.Target == 0 {
		req.Target = DefaultMatchTarget
	}
	if req.Target < 1 || req.Target > MaxMatchTarget {
		return Snapshot{}, MatchRecord{}, ErrMatchTarget
	}
	if req.Game.Players() < 2 {
		return Snapshot{}, MatchRecord{}, ErrOnePlayerGame
	}
	for i, p := range req.Players {
		if p.Bot {
			req.Players[i] = mt.bot()
		}
	}
	level := ""
	if req.Players[0].Bot || req.Players[1].Bot {
		level = req.Level
		if level == "" {
			level = DefaultLevel
		}
		lvl, ok := mt.parseLevel(req.Game, level)
		if !ok {
			return Snapshot{}, MatchRecord{}, ErrUnknownLevel
		}
		level = lvl.Name
	}
	key := chanKey{req.Platform, req.ChannelID}
	if err := mt.lobby.playing(key, req.Players[0], req.Players[1], req.Game); err != nil {
		return Snapshot{}, MatchRecord{}, err
	}
	now := storedTime(mt.cfg.Now())
	rec := MatchRecord{Platform: req.Platform, ChannelID: req.ChannelID, Game: req.Game.Name(), Players: req.Players,
		Level: level, Target: req.Target, Winner: -1, TimeControl: req.TimeControl, Lang: req.Lang, Created: now, Updated: now}
	id, err := mt.cfg.Store.CreateMatch(ctx, rec)
	if err != nil {
		return Snapshot{}, MatchRecord{}, err
	}
	rec.ID = id
	snap, err := mt.next(ctx, &rec, req.Ref, false)
	return snap, rec, err
}

// next starts the match's next game (the first move alternates) and
// saves the match; crawford says it is the Crawford game (the first
// after a player came within one point of the target), for a game whose
// start depends on the standing (games.MatchStarter). A game of the match
// already going on (created just before the bot stopped, the match not
// saved) is taken instead of a second.
func (mt *Matches) next(ctx context.Context, rec *MatchRecord, ref string, crawford bool) (Snapshot, error) {
	g, ok := mt.cfg.Games.Lookup(rec.Game)
	if !ok {
		return Snapshot{}, ErrUnknownGameName
	}
	if snap, ok := mt.inPlay(rec.ID); ok {
		if !slices.Contains(rec.Games, snap.ID) {
			rec.Games = append(rec.Games, snap.ID)
			rec.Updated = storedTime(mt.cfg.Now())
			if err := mt.cfg.Store.SaveMatch(ctx, *rec); err != nil {
				mt.log.Error("saving match", "id", rec.ID, "err", err)
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
	snap, err := mt.lobby.create(ctx, GameRecord{Platform: rec.Platform, ChannelID: rec.ChannelID, Players: players,
		Level: rec.Level, TimeControl: rec.TimeControl, Lang: rec.Lang, Rated: false, Match: rec.ID, Start: start}, g, ref)
	if err != nil {
		return Snapshot{}, err
	}
	rec.Games = append(rec.Games, snap.ID)
	rec.Updated = storedTime(mt.cfg.Now())
	if err := mt.cfg.Store.SaveMatch(ctx, *rec); err != nil {
		mt.log.Error("saving match", "id", rec.ID, "err", err)
	}
	return snap, nil
}

// matchGameInPlay returns the match's unfinished game, if one is going on.
func (mt *Matches) inPlay(match int64) (Snapshot, bool) {
	for _, l := range mt.table.list("") {
		var (
			snap Snapshot
			ok   bool
		)
		l.do(func() {
			if ok = l.rec.Match == match && !l.rec.Result.Over; ok {
				snap = l.snapshot()
			}
		})
		if ok {
			return snap, true
		}
	}
	return Snapshot{}, false
}

// Get returns a match as stored.
func (mt *Matches) Get(ctx context.Context, id int64) (MatchRecord, bool) {
	rec, err := mt.cfg.Store.Match(ctx, id)
	return rec, err == nil
}

// matchResult counts a finished game of a match: its points to its winner,
// then the match's end or its next game (EventMatchGame, or
// EventMatchOver). Counting is idempotent (MatchRecord.Counted).
func (mt *Matches) result(ctx context.Context, g GameRecord) []Event {
	mt.mu.Lock()
	defer mt.mu.Unlock()
	rec, err := mt.cfg.Store.Match(ctx, g.Match)
	if err != nil {
		mt.log.Error("loading match", "id", g.Match, "game", g.ID, "err", err)
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
	rec.Updated = storedTime(mt.cfg.Now())
	if rec.Over {
		if err := mt.cfg.Store.SaveMatch(ctx, rec); err != nil {
			mt.log.Error("saving match", "id", rec.ID, "err", err)
		}
		return []Event{{Kind: EventMatchOver, Match: &rec}}
	}
	// The Crawford game is the one after the game that first brought a
	// player to one point short of the target.
	matchPoint := func(sc [2]int) bool { return sc[0] == rec.Target-1 || sc[1] == rec.Target-1 }
	snap, err := mt.next(ctx, &rec, "", matchPoint(rec.Score) && !matchPoint(before))
	if err != nil {
		mt.log.Error("starting a match's next game", "match", rec.ID, "err", err)
		return nil
	}
	return []Event{{Kind: EventMatchGame, Match: &rec, Game: snap}}
}

func (r MatchRecord) String() string {
	return fmt.Sprintf("match %d: %s %d - %d %s (to %d)", r.ID, r.Players[0].Name, r.Score[0], r.Score[1], r.Players[1].Name, r.Target)
}
