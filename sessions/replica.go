package sessions

// replica.go: a held game and its stored record. Every change is written
// through before it is acknowledged (commit: write-ahead, and a
// compare-and-set on the version), and in the shared mode (shared.go) the
// copy is brought up to the store before it is acted on, reloaded after
// a save lost to another process, and the games of a channel, or of the
// whole fleet, are loaded when they are met.

import (
	"context"
	"errors"
	"fmt"
	"oyunbot/ai"
	"slices"
	"sync/atomic"
	"time"
)

// replica keeps the held games in step with the store. Its methods that
// take a game want its lock held; they take no other lock but the table's.
type replica struct {
	*env
	table *table

	// unreachable is when (UnixNano) a wait for the store to answer a
	// read gave up, 0 once it answers again: an outage is waited out once.
	unreachable atomic.Int64
}

// save writes the game through where a change cannot be refused any more
// (a tournament's decision about its games, made since cp); l.mu must be
// held. A failing store is logged: the game goes on in memory, at the
// stored version, so that its next change saves this one with it. If
// another process saved the game first, the game is reloaded and
// ErrConflict returned: the caller decides again on the new state.
// Player actions use commit.
func (r *replica) save(l *live, cp state) error {
	l.rec.Version++
	err := r.cfg.Store.SaveGame(r.ctx, l.rec)
	switch {
	case errors.Is(err, ErrConflict):
		r.reload(l, cp)
		return err
	case err != nil:
		r.log.Error("saving game", "id", l.rec.ID, "err", err)
		l.rec.Version--
	}
	return nil
}

// commit writes through a change made since cp (write-ahead: nothing is
// acknowledged, to the player or to the bot's search, before the store has
// it); l.mu must be held. If the store fails, the change is taken back and
// the error wraps ErrNotSaved. If another process saved the game first,
// the game is reloaded from the store and the error wraps ErrConflict too
// (the action may be tried again on the new state).
func (r *replica) commit(ctx context.Context, l *live, cp state) error {
	l.rec.Version++
	l.rec.Update = takeUpdate(ctx)
	defer func() { l.rec.Update = UpdateKey{} }()
	err := r.cfg.Store.SaveGame(r.ctx, l.rec)
	if err != nil {
		giveUpdate(ctx, l.rec.Update)
	}
	switch {
	case err == nil:
		return nil
	case errors.Is(err, ErrDuplicate):
		// This update was applied before (by this process before a restart,
		// or by another): nothing changes.
		r.log.Info("update applied before, not again", "id", l.rec.ID, "update", l.rec.Update.ID)
		l.state = cp
		return err
	case errors.Is(err, ErrConflict):
		r.log.Info("game saved elsewhere first, reloaded", "id", l.rec.ID)
		r.reload(l, cp)
		return fmt.Errorf("%w: %w", ErrNotSaved, err)
	}
	if r.landed(l.rec, errors.Is(err, ErrUncertain)) {
		// The store took the change and its answer was lost (a network
		// database dropped the connection after the commit): the change
		// stands, and saying otherwise would be untrue once it is read back.
		r.log.Warn("saving game reported an error, but the change was stored", "id", l.rec.ID, "err", err)
		return nil
	}
	r.log.Error("saving game failed, change taken back", "id", l.rec.ID, "err", err)
	l.state = cp // the version comes back too: a bot search begun on it is still valid
	return fmt.Errorf("%w: %v", ErrNotSaved, err)
}

// landedPatience bounds the wait for a database to come back when a save's
// outcome is unknown (ErrUncertain): a restart takes about a second.
const landedPatience = 5 * time.Second

// landed reports whether rec, whose save failed, is stored all the same:
// the store answers a read, and holds rec's version with rec's history and
// time of the last move (another process's save of that version would
// differ in them). A store that cannot be read says no, at once unless
// the save's outcome is uncertain: then it is read again until it
// answers or landedPatience has passed (the game waits meanwhile: its
// state is unknown). Once such a wait has given up, the next ones do not
// wait until the store answers again: an outage costs one wait, not one a
// move.
func (r *replica) landed(rec GameRecord, uncertain bool) bool {
	if at := r.unreachable.Load(); at != 0 && time.Since(time.Unix(0, at)) < 10*landedPatience {
		uncertain = false
	}
	deadline := time.Now().Add(landedPatience)
	for {
		got, err := r.cfg.Store.Game(r.ctx, rec.ID)
		if err == nil {
			r.unreachable.Store(0)
			return got.Version == rec.Version && got.LastMove.Equal(storedTime(rec.LastMove)) &&
				slices.Equal(got.Moves, rec.Moves) && got.Result == rec.Result
		}
		if !uncertain || time.Now().After(deadline) || r.ctx.Err() != nil {
			if uncertain {
				r.unreachable.Store(time.Now().UnixNano())
				r.log.Error("a save's outcome is unknown and the game cannot be read: taken as not saved", "id", rec.ID, "err", err)
			}
			return false
		}
		select {
		case <-r.ctx.Done():
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// adopt replaces l's state by rec, the stored game, when rec is newer: a
// later version, or the same one with its clock credited (a credit moves
// LastMove on without a new version); l.mu must be held. It reports
// whether the state changed. A rec no newer than the copy is ignored: it
// was read before a save the copy already has (a batch of games read by
// syncAll while a move was being saved), and taking it would put the copy
// back on an older lineage.
func (r *replica) adopt(l *live, rec GameRecord) bool {
	if rec.Version < l.rec.Version || (rec.Version == l.rec.Version && !rec.LastMove.After(l.rec.LastMove)) {
		return false
	}
	st := state{rec: rec, game: l.game}
	if err := st.replay(rec.Moves); err != nil {
		r.log.Error("replaying a game saved elsewhere", "id", rec.ID, "err", err)
		return false
	}
	st.version = l.version + 1 // a bot search begun on the old state is void
	// A reminder given for this move stays given.
	st.reminded = l.reminded && rec.LastMove.Equal(l.rec.LastMove)
	l.state = st
	return true
}

// refresh brings l up to the stored game in the shared mode; l.mu must be
// held. A store that cannot be read leaves the copy as it is: the save's
// compare-and-set still refuses a stale change.
func (r *replica) refresh(l *live) {
	if !r.cfg.Shared {
		return
	}
	rec, err := r.cfg.Store.Game(r.ctx, l.id)
	if err != nil {
		r.log.Warn("reading a game before acting on it", "id", l.id, "err", err)
		return
	}
	r.adopt(l, rec)
}

// reload puts the stored game in place of l's state after a save lost to
// another process: cp, the state before the change, brought up to the
// store (left as it is if the store cannot be read); l.mu must be held.
// The copy goes back to cp first: the lost change's version number may
// be the one the other process saved.
func (r *replica) reload(l *live, cp state) {
	l.state = cp
	if rec, err := r.cfg.Store.Game(r.ctx, l.id); err == nil {
		r.adopt(l, rec)
	}
}

// freshen brings l up to date before it is acted on (l.mu must be held);
// a game found over (ended by another process) is no longer held here:
// that process settled it.
func (r *replica) freshen(l *live) {
	if !r.cfg.Shared || l.rec.Result.Over {
		return
	}
	r.refresh(l)
	if l.rec.Result.Over {
		r.table.unindex(l)
	}
}

// syncChannel brings the channel's held games up to the store in the
// shared mode: the games started elsewhere are loaded, the changed ones
// reloaded, the ones ended elsewhere let go.
func (r *replica) syncChannel(key chanKey) {
	if !r.cfg.Shared {
		return
	}
	recs, err := r.cfg.Store.ChannelGames(r.ctx, key.platform, key.channel)
	if _, err = skippedOf(err); err != nil {
		r.log.Warn("loading a channel's games", "platform", key.platform, "channel", key.channel, "err", err)
		return
	}
	r.syncGames(recs, func(l *live) bool { return l.key == key })
}

// syncAll brings every held game up to the store and loads the unfinished
// games held nowhere else here (the sweeping process looks at them all).
func (r *replica) syncAll() {
	recs, err := r.cfg.Store.ActiveGames(r.ctx)
	if _, err = skippedOf(err); err != nil {
		r.log.Warn("loading the active games", "err", err)
		return
	}
	r.syncGames(recs, func(*live) bool { return true })
}

// syncGames adopts recs, the stored unfinished games, and lets go of the
// held games that mine selects and recs lack (ended elsewhere).
func (r *replica) syncGames(recs []GameRecord, mine func(*live) bool) {
	stored := make(map[int64]bool, len(recs))
	for _, rec := range recs {
		stored[rec.ID] = true
		l, _ := r.table.held(rec.ID)
		if l == nil {
			nl, err := r.liveOf(rec)
			if err != nil {
				continue // reported at start-up, or by the process that wrote it
			}
			r.table.hold(nl)
			continue
		}
		l.do(func() { r.adopt(l, rec) })
	}
	for _, l := range r.table.list("") {
		if stored[l.id] || !mine(l) {
			continue
		}
		l.do(func() { r.freshen(l) })
	}
}

// act runs f for userID's action in game id: with the game locked and
// brought up to date, and userID's side in it. running: a game over is
// refused (ErrGameOver) before f runs. It returns the game, for what is
// done once it is unlocked (settling its end), and the lookups' errors
// (ErrNoGame, ErrGameOver, ErrNotPlayer) or f's.
func (r *replica) act(id int64, userID string, running bool, f func(l *live, side ai.Side) error) (*live, error) {
	l, err := r.table.get(id)
	if err != nil {
		return nil, err
	}
	return l, r.actOn(l, userID, running, f)
}

// actOn is act on a game already found.
func (r *replica) actOn(l *live, userID string, running bool, f func(l *live, side ai.Side) error) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	r.freshen(l)
	if running && l.rec.Result.Over {
		return ErrGameOver
	}
	side := l.sideOf(userID)
	if side == ai.NoSide {
		return ErrNotPlayer
	}
	return f(l, side)
}
