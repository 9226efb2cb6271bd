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
// a rating of its own (ratings.BotID) that moves like anyone's. A game ended by a cancelled tournament is not rated,
// nor one left before a player's first move, nor a draw agreed before both
// players moved (see OfferDraw).

import (
	"context"
	"sync"
	"time"

	"oyunbot/games"
)

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

// add collects evs.
func (d *Deferred) add(evs []Event) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.evs = append(d.evs, evs...)
}

// Flush sends the collected events with send, in order, then releases the
// held bot moves.
func (d *Deferred) Flush(send func(Event)) {
	defer d.Release()
	for _, ev := range d.Take() {
		send(ev)
	}
}

// holdOf is the channel that holds back the announcements of bot moves
// queued under ctx (nil: none).
func holdOf(ctx context.Context) <-chan struct{} {
	if d, ok := ctx.Value(deferKey{}).(*Deferred); ok {
		return d.hold
	}
	return nil
}

// settler settles the games that end. It has no state of its own (a
// game's Settled flag is the store's) and no lock: it is called with no
// lock held, and takes in turn the tournaments' (Config.Tournaments), the
// matches' (Config.Matches) and the ratings' (never two at once).
type settler struct {
	*env
	table *table
	bots  *bots // findOptimal's background search, on the pool
}

// Rater rates the games that end, as the settler calls it (*ratings.Book
// of package sessions/ratings), handed in through Config.Ratings: the
// ratings read the Manager's types and sessions must not import them.
type Rater interface {
	// Attach gives it the Manager's configuration (defaults filled in);
	// New calls it once, before anything else.
	Attach(cfg Config)
	// Settle rates a finished game's players (a rated one's) and marks it
	// settled, in one store transaction, and returns the changes by side.
	// No lock is held.
	Settle(ctx context.Context, rec GameRecord) []RatingChange
}

// ended forgets a game that has just ended and settles it. It returns the
// game's final snapshot, with its rating changes, for the caller's own
// announcement, and emits what follows (a tournament's next round) through
// ctx's Deferred or Notify. No lock may be held.
func (s *settler) ended(ctx context.Context, l *live) Snapshot {
	snap, evs := s.endedQuiet(ctx, l)
	s.emitCtx(ctx, evs...)
	return snap
}

// endedQuiet is ended for a caller that emits its own event first: it
// returns the follow-up events instead of emitting them.
func (s *settler) endedQuiet(ctx context.Context, l *live) (Snapshot, []Event) {
	// The end must reach the store even if the request that caused it is
	// cancelled; ctx's values (a Deferred) are kept.
	ctx = context.WithoutCancel(ctx)
	s.table.unindex(l)
	var (
		rec  GameRecord
		snap Snapshot
	)
	l.do(func() { rec, snap = l.rec, l.snapshot() })
	evs := s.settle(ctx, rec, &snap)
	if rec.Optimal < 0 && rec.Result.Over {
		s.findOptimal(rec)
	}
	return snap, evs
}

// findOptimal looks, in the background, for the length of the shortest
// solution of a one-player game that ended without it (the 15-puzzle's
// databases were not built yet, or the start was too hard for the moment
// the game began), stores it and says it (EventOptimal).
func (s *settler) findOptimal(rec GameRecord) {
	g, ok := s.cfg.Games.Lookup(rec.Game)
	if !ok {
		return
	}
	pos, err := startPosition(g, rec.Start)
	if err != nil {
		return
	}
	ps := games.CanOf(nil, pos).PatientSolver
	if ps == nil {
		return
	}
	s.bots.pool.Track(func() {
		ctx, cancel := context.WithTimeout(s.ctx, optimalPatience)
		defer cancel()
		n, ok := ps.OptimalLengthWait(ctx)
		if !ok {
			return
		}
		stored, err := s.cfg.Store.Game(s.ctx, rec.ID)
		if err != nil || stored.Optimal >= 0 {
			return
		}
		stored.Optimal = n
		stored.Version++
		if err := s.cfg.Store.SaveGame(s.ctx, stored); err != nil {
			s.log.Warn("storing a shortest solution's length", "id", rec.ID, "err", err)
			return
		}
		if snap, ok := s.storedSnapshot(stored); ok {
			s.emit(Event{Kind: EventOptimal, Game: snap})
		}
	})
}

// optimalPatience bounds findOptimal: the databases it may wait for are
// built in about half a minute, and its search has a budget of its own.
const optimalPatience = 3 * time.Minute

// settle records a finished game's tournament result and ratings (into
// snap.Ratings) and returns the tournament's events.
func (s *settler) settle(ctx context.Context, rec GameRecord, snap *Snapshot) []Event {
	if rec.Settled || !rec.Result.Over {
		return nil
	}
	var evs []Event
	if rec.Tournament != 0 && s.cfg.Tournaments != nil {
		evs = s.cfg.Tournaments.Result(ctx, rec)
	}
	if rec.Match != 0 {
		evs = append(evs, s.cfg.Matches.Result(ctx, rec)...)
	}
	if s.cfg.Ratings != nil {
		snap.Ratings = s.cfg.Ratings.Settle(ctx, rec)
	} else if err := s.cfg.Store.SettleGame(ctx, rec.ID, nil); err != nil {
		s.log.Error("settling a game", "id", rec.ID, "err", err)
	}
	return evs
}

// settleStored settles the platform's games that ended but were not settled
// (the bot stopped in between).
func (s *settler) settleStored(platform string) {
	recs, err := s.cfg.Store.UnsettledGames(s.ctx)
	if skipped, err := skippedOf(err); err != nil {
		s.log.Error("loading unsettled games", "err", err)
		return
	} else if len(skipped) > 0 {
		s.log.Warn("unsettled games left unsettled: unreadable", "rows", len(skipped), "err", unreadable(skipped))
	}
	for _, rec := range recs {
		if rec.Platform != platform {
			continue
		}
		g, ok := s.cfg.Games.Lookup(rec.Game)
		if !ok {
			continue
		}
		l := s.newLive(rec, g)
		if err := l.replay(rec.Moves); err != nil {
			s.log.Error("settling: cannot replay game", "id", rec.ID, "err", err)
			continue
		}
		snap := l.snapshot()
		ctx, d := Defer(s.ctx) // a new round's bot moves wait for its announcement
		s.emit(s.settle(ctx, rec, &snap)...)
		s.flush(d)
	}
}
