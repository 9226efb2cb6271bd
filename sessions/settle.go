package sessions

// settle.go: what happens when a game ends. The game is settled once:
// its tournament result is recorded (which may pair the next round), then
// the players' ratings are updated and the game marked settled in one
// store transaction. A crash in between leaves the game unsettled; Resume
// settles it again, and recording a tournament result twice is refused by
// the tournament, so nothing happens twice.
//
// Rated games: every game between people and every tournament game, and
// games against the bot until the person takes a move back, asks for a
// hint or changes the bot's level after the first move. At a level with a
// measured rating (games.Host.LevelRatings) the bot's rating is that, fixed,
// and a game against it rates only the person; at another level the bot has
// a rating of its own (BotRatingID) that moves like anyone's. A game ended by a cancelled tournament is not rated,
// nor one left before a player's first move, nor a draw agreed before both
// players moved (see OfferDraw).

import (
	"context"
	"errors"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/tournament"
)

// BotRatingID is the rating id of the bot at a level (its rating is kept
// per level, since each level is a different opponent).
func BotRatingID(level string) string { return tournament.BotID(level) }

// IsBotRatingID reports whether a rating id is the bot's, and its level.
func IsBotRatingID(id string) (level string, ok bool) {
	const prefix = "bot:"
	if len(id) > len(prefix) && id[:len(prefix)] == prefix {
		return id[len(prefix):], true
	}
	return "", false
}

type deferKey struct{}

// Deferred collects the events an operation causes (a rating change, the
// next round of a tournament), for a caller that wants to send them after
// its own reply, and holds back the bot moves the operation queued (the
// bot's opening move in a game just started, its first move in a new
// round) until Release, so that they never arrive before the answer they
// follow. See Defer.
type Deferred struct {
	mu   sync.Mutex
	evs  []Event
	once sync.Once
	hold chan struct{} // closed by Release
}

// Defer returns a context under which the Manager's operations hand their
// follow-up events to d instead of Config.Notify; the caller sends them
// (d.Take) once it has answered, then calls d.Release (Flush does both).
// Events of other goroutines (clocks) still go to Notify. The caller must
// call Release (or Flush): until then the bot moves queued under ctx are
// computed but not announced.
func Defer(ctx context.Context) (context.Context, *Deferred) {
	d := &Deferred{hold: make(chan struct{})}
	return context.WithValue(ctx, deferKey{}, d), d
}

// Take returns and forgets the collected events, in order.
func (d *Deferred) Take() []Event {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := d.evs
	d.evs = nil
	return out
}

// Release lets the bot moves queued under d's context be announced. It may
// be called more than once.
func (d *Deferred) Release() { d.once.Do(func() { close(d.hold) }) }

// Flush sends the collected events with send, in order, then releases the
// held bot moves.
func (d *Deferred) Flush(send func(Event)) {
	defer d.Release()
	for _, ev := range d.Take() {
		send(ev)
	}
}

// flush emits d's events to Notify and releases its held bot moves.
func (m *Manager) flush(d *Deferred) { d.Flush(func(ev Event) { m.emit(ev) }) }

// holdOf is the channel that holds back the announcements of bot moves
// queued under ctx (nil: none).
func holdOf(ctx context.Context) <-chan struct{} {
	if d, ok := ctx.Value(deferKey{}).(*Deferred); ok {
		return d.hold
	}
	return nil
}

// emitCtx emits follow-up events to the Deferred in ctx, if any, else to
// Notify.
func (m *Manager) emitCtx(ctx context.Context, evs ...Event) {
	if len(evs) == 0 {
		return
	}
	if d, ok := ctx.Value(deferKey{}).(*Deferred); ok {
		d.mu.Lock()
		d.evs = append(d.evs, evs...)
		d.mu.Unlock()
		return
	}
	m.emit(evs...)
}

// ended forgets a game that has just ended and settles it. It returns the
// game's final snapshot, with its rating changes, for the caller's own
// announcement, and emits what follows (a tournament's next round) through
// ctx's Deferred or Notify. No lock may be held.
func (m *Manager) ended(ctx context.Context, l *live) Snapshot {
	snap, evs := m.endedQuiet(ctx, l)
	m.emitCtx(ctx, evs...)
	return snap
}

// endedQuiet is ended for a caller that emits its own event first: it
// returns the follow-up events instead of emitting them.
func (m *Manager) endedQuiet(ctx context.Context, l *live) (Snapshot, []Event) {
	// The end must reach the store even if the request that caused it is
	// cancelled; ctx's values (a Deferred) are kept.
	ctx = context.WithoutCancel(ctx)
	m.unindex(l)
	l.mu.Lock()
	rec := l.rec
	snap := l.snapshot()
	l.mu.Unlock()
	evs := m.settle(ctx, rec, &snap)
	if rec.Optimal < 0 && rec.Result.Over {
		m.findOptimal(rec)
	}
	return snap, evs
}

// findOptimal looks, in the background, for the length of the shortest
// solution of a one-player game that ended without it (the 15-puzzle's
// databases were not built yet, or the start was too hard for the moment
// the game began), stores it and says it (EventOptimal).
func (m *Manager) findOptimal(rec GameRecord) {
	g, ok := m.cfg.Games.Lookup(rec.Game)
	if !ok {
		return
	}
	pos, err := startPosition(g, rec.Start)
	if err != nil {
		return
	}
	ps, ok := pos.(games.PatientSolver)
	if !ok {
		return
	}
	m.pool.track(func() {
		ctx, cancel := context.WithTimeout(m.ctx, optimalPatience)
		defer cancel()
		n, ok := ps.OptimalLengthWait(ctx)
		if !ok {
			return
		}
		stored, err := m.cfg.Store.Game(m.ctx, rec.ID)
		if err != nil || stored.Optimal >= 0 {
			return
		}
		stored.Optimal = n
		stored.Version++
		if err := m.cfg.Store.SaveGame(m.ctx, stored); err != nil {
			m.log.Warn("storing a shortest solution's length", "id", rec.ID, "err", err)
			return
		}
		if snap, ok := m.storedSnapshot(stored); ok {
			m.emit(Event{Kind: EventOptimal, Game: snap})
		}
	})
}

// optimalPatience bounds findOptimal: the databases it may wait for are
// built in about half a minute, and its search has a budget of its own.
const optimalPatience = 3 * time.Minute

// settle records a finished game's tournament result and ratings (into
// snap.Ratings) and returns the tournament's events.
func (m *Manager) settle(ctx context.Context, rec GameRecord, snap *Snapshot) []Event {
	if rec.Settled || !rec.Result.Over {
		return nil
	}
	var evs []Event
	if rec.Tournament != 0 {
		evs = m.tournamentResult(ctx, rec)
	}
	if rec.Match != 0 {
		evs = append(evs, m.matchResult(ctx, rec)...)
	}
	snap.Ratings = m.rate(ctx, rec)
	return evs
}

// ratingPlayer is the rating id and name of a game's player.
func (m *Manager) ratingPlayer(rec GameRecord, side ai.Side) (id, name string) {
	p := rec.Players[side]
	if !p.Bot {
		return p.ID, p.Name
	}
	level := p.Level
	if level == "" {
		level = rec.Level
	}
	if g, ok := m.cfg.Games.Lookup(rec.Game); ok {
		if lvl, ok := m.parseLevel(g, level); ok {
			level = lvl.Name
		}
	}
	return BotRatingID(level), p.Name
}

// FixedRatingRD is the deviation of a bot level's measured rating: it is
// known well (hundreds of games), so a result against it counts fully.
const FixedRatingRD = 50

// LevelRating returns the bot's fixed rating at level in game g
// (games.Host.LevelRatings), or false.
func (m *Manager) LevelRating(g games.Game, level string) (RatingRecord, bool) {
	if lvl, ok := m.parseLevel(g, level); ok {
		level = lvl.Name
	}
	r := m.host(g).LevelRatings[level]
	if r <= 0 {
		return RatingRecord{}, false
	}
	rating := tournament.NewRating()
	rating.Rating, rating.RD = float64(r), FixedRatingRD
	return RatingRecord{Game: g.Name(), PlayerID: BotRatingID(level), Name: m.cfg.BotName, Rating: rating}, true
}

// fixedRating is the bot's fixed rating when side is the bot at a level
// with one.
func (m *Manager) fixedRating(rec GameRecord, side ai.Side) (RatingRecord, bool) {
	p := rec.Players[side]
	if !p.Bot {
		return RatingRecord{}, false
	}
	g, ok := m.cfg.Games.Lookup(rec.Game)
	if !ok {
		return RatingRecord{}, false
	}
	level := p.Level
	if level == "" {
		level = rec.Level
	}
	r, ok := m.LevelRating(g, level)
	r.Platform = rec.Platform
	return r, ok
}

// rate updates the ratings of a rated game's players and marks the game
// settled, in one transaction. It returns the changes by side (nil for an
// unrated game).
func (m *Manager) rate(ctx context.Context, rec GameRecord) []RatingChange {
	m.rmu.Lock()
	defer m.rmu.Unlock()
	var (
		records []RatingRecord
		changes []RatingChange
	)
	if rec.Rated && !rec.Result.Void() {
		now := storedTime(m.cfg.Now())
		var recs [2]RatingRecord
		for side := ai.First; side <= ai.Second; side++ {
			id, name := m.ratingPlayer(rec, side)
			if fixed, ok := m.fixedRating(rec, side); ok {
				recs[side] = fixed
				continue
			}
			r, err := m.cfg.Store.Rating(ctx, rec.Platform, rec.Game, id)
			switch {
			case errors.Is(err, ErrNotFound):
				r = RatingRecord{Platform: rec.Platform, Game: rec.Game, PlayerID: id, Rating: tournament.NewRating()}
			case err != nil:
				m.log.Error("loading a rating", "player", id, "err", err)
				return nil // left unsettled: retried at the next start
			}
			r.Name = name
			recs[side] = r
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
			m.log.Error("rating a game", "id", rec.ID, "err", err)
		default:
			for side, after := range [2]tournament.Rating{a, b} {
				if _, fixed := m.fixedRating(rec, ai.Side(side)); fixed {
					// The bot's measured rating does not move.
					changes = append(changes, RatingChange{PlayerID: recs[side].PlayerID, Name: recs[side].Name,
						Before: recs[side].Rating, After: recs[side].Rating, Fixed: true})
					continue
				}
				changes = append(changes, RatingChange{PlayerID: recs[side].PlayerID, Name: recs[side].Name,
					Before: recs[side].Rating, After: after})
				recs[side].Rating = after
				recs[side].Games++
				recs[side].Updated = now
				records = append(records, recs[side])
			}
		}
	}
	if err := m.cfg.Store.SettleGame(ctx, rec.ID, records); err != nil {
		m.log.Error("settling a game", "id", rec.ID, "err", err)
		return nil
	}
	return changes
}

// Rating returns a player's rating in a game (a new player's if unrated;
// ok false then); the bot at a level with a measured rating has that.
func (m *Manager) Rating(ctx context.Context, platform, game, playerID string) (RatingRecord, bool) {
	if level, ok := IsBotRatingID(playerID); ok {
		if g, ok := m.cfg.Games.Lookup(game); ok {
			if r, ok := m.LevelRating(g, level); ok {
				r.Platform = platform
				return r, true
			}
		}
	}
	r, err := m.cfg.Store.Rating(ctx, platform, game, playerID)
	if err != nil {
		if !errors.Is(err, ErrNotFound) {
			m.log.Error("loading a rating", "err", err)
		}
		return RatingRecord{Platform: platform, Game: game, PlayerID: playerID, Rating: tournament.NewRating()}, false
	}
	return r, true
}

// PlayerRatings returns a player's ratings in every game they played.
func (m *Manager) PlayerRatings(ctx context.Context, platform, playerID string) ([]RatingRecord, error) {
	return m.cfg.Store.PlayerRatings(ctx, platform, playerID)
}

// Leaderboard returns a game's best limit ratings on a platform.
func (m *Manager) Leaderboard(ctx context.Context, platform, game string, limit int) ([]RatingRecord, error) {
	return m.cfg.Store.Leaderboard(ctx, platform, game, limit)
}

// settleStored settles the platform's games that ended but were not settled
// (the bot stopped in between).
func (m *Manager) settleStored(platform string) {
	recs, err := m.cfg.Store.UnsettledGames(m.ctx)
	if skipped, err := skippedOf(err); err != nil {
		m.log.Error("loading unsettled games", "err", err)
		return
	} else if len(skipped) > 0 {
		m.log.Warn("unsettled games left unsettled: unreadable", "rows", len(skipped), "err", unreadable(skipped))
	}
	for _, rec := range recs {
		if rec.Platform != platform {
			continue
		}
		g, ok := m.cfg.Games.Lookup(rec.Game)
		if !ok {
			continue
		}
		l := m.newLive(rec, g)
		if err := l.replay(rec.Moves); err != nil {
			m.log.Error("settling: cannot replay game", "id", rec.ID, "err", err)
			continue
		}
		snap := l.snapshot()
		ctx, d := Defer(m.ctx) // a new round's bot moves wait for its announcement
		m.emit(m.settle(ctx, rec, &snap)...)
		m.flush(d)
	}
}
