package sessions

// table.go: the games this process holds, by id and by channel. A game is
// held from its start (or its loading, in the shared mode) to its end.

import (
	"errors"
	"fmt"
	"slices"
	"sync"
)

// table is the index of the live games. Its lock guards the index alone,
// never a game: it is taken with a game's lock held (unindex when a game
// is found ended), never the reverse.
type table struct {
	*env

	mu        sync.Mutex
	games     map[int64]*live
	byChannel map[chanKey][]*live
	closed    bool // Close has begun: no game is handed out any more
}

func newTable(e *env) *table {
	return &table{env: e, games: map[int64]*live{}, byChannel: map[chanKey][]*live{}}
}

// index holds l, a new game or one restored at start-up.
func (t *table) index(l *live) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.games[l.id] = l
	t.byChannel[l.key] = append(t.byChannel[l.key], l)
}

// hold indexes l unless a copy of its game is held already, and returns
// the one held.
func (t *table) hold(l *live) *live {
	t.mu.Lock()
	defer t.mu.Unlock()
	if cur, ok := t.games[l.id]; ok {
		return cur
	}
	t.games[l.id] = l
	t.byChannel[l.key] = append(t.byChannel[l.key], l)
	return l
}

// unindex forgets a finished game (it stays in the store).
func (t *table) unindex(l *live) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.games, l.id)
	list := t.byChannel[l.key]
	if i := slices.Index(list, l); i >= 0 {
		list = slices.Delete(list, i, i+1)
	}
	if len(list) == 0 {
		delete(t.byChannel, l.key)
	} else {
		t.byChannel[l.key] = list
	}
}

// list returns the live games of a platform ("" for all), by id. It reads
// only what never changes in a game (its id, its channel), so it takes no
// game's lock: a game's state may be replaced whole at any time (a change
// taken back).
func (t *table) list(platform string) []*live {
	t.mu.Lock()
	defer t.mu.Unlock()
	ids := make([]int64, 0, len(t.games))
	for id, l := range t.games {
		if platform == "" || l.key.platform == platform {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	list := make([]*live, len(ids))
	for i, id := range ids {
		list[i] = t.games[id]
	}
	return list
}

// inChannel returns the live games of a channel, oldest first.
func (t *table) inChannel(key chanKey) []*live {
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.byChannel[key])
}

// held returns the held game id (nil if none), and whether Close has
// begun.
func (t *table) held(id int64) (l *live, closed bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.games[id], t.closed
}

// get finds a live game by id; in the shared mode, a game this process
// does not hold is loaded from the store. ErrClosed once Close has begun.
func (t *table) get(id int64) (*live, error) {
	l, closed := t.held(id)
	switch {
	case closed:
		return nil, ErrClosed
	case l != nil:
		return l, nil
	case t.cfg.Shared:
		return t.load(id)
	}
	return nil, ErrNoGame
}

// load returns game id from the store, held from now on (the copy already
// held if another goroutine loaded it first); ErrNoGame if it does not
// exist, is over or is of an unknown game.
func (t *table) load(id int64) (*live, error) {
	rec, err := t.cfg.Store.Game(t.ctx, id)
	switch {
	case errors.Is(err, ErrNotFound):
		return nil, ErrNoGame
	case err != nil:
		return nil, fmt.Errorf("sessions: loading game %d: %w", id, err)
	case rec.Result.Over:
		return nil, ErrNoGame
	}
	l, err := t.liveOf(rec)
	if err != nil {
		return nil, ErrNoGame
	}
	return t.hold(l), nil
}

// pairingGame finds the live game of a tournament's pairing.
func (t *table) pairingGame(id int64, round, board int) *live {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, l := range t.games {
		if l.tournament == id && l.round == round && l.board == board {
			return l
		}
	}
	return nil
}

// close hands no game out any more; false if it was closed already.
func (t *table) close() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.closed {
		return false
	}
	t.closed = true
	return true
}

// isClosed reports whether Close has begun.
func (t *table) isClosed() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.closed
}
