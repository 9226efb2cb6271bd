package web

// watch.go: what tells the pages that a game changed. Every change of a
// game is a write of the store (a new game, a move, an end, a take-back),
// so a store that reports its writes misses none, whichever part of the
// bot made it; in the shared mode, PostgreSQL's notifications (Listen)
// bring the other processes' too.

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"time"

	"oyunbot/sessions"
)

// Watch returns store, reporting each game it creates or saves to
// changed (which must not block: Server.Changed), and each tournament as
// its id negated.
func Watch(store sessions.Store) *Watched {
	return &Watched{Store: store, lens: map[int64]int{}, followers: map[int]func(int64){}}
}

// Watched is a store that reports its writes (Watch) to the servers that
// follow it (Config.Watched): it is made before the live games that write
// through it, the server after them, and the server follows it while it
// serves.
type Watched struct {
	sessions.Store

	mu        sync.Mutex
	lens      map[int64]int // the unfinished games' moves as last saved
	moves     uint64
	followers map[int]func(id int64)
	next      int
}

// follow sends the ids of the games (tournaments' negated) whose stored
// state changes to f until the returned function is called.
func (w *Watched) follow(f func(id int64)) (unfollow func()) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.next++
	k := w.next
	w.followers[k] = f
	return func() {
		w.mu.Lock()
		defer w.mu.Unlock()
		delete(w.followers, k)
	}
}

// changed tells the followers of a change (never with w.mu held: they
// may be slow to return).
func (w *Watched) changed(id int64) {
	w.mu.Lock()
	fs := make([]func(int64), 0, len(w.followers))
	for _, f := range w.followers {
		fs = append(fs, f)
	}
	w.mu.Unlock()
	for _, f := range fs {
		f(id)
	}
}

// Moves is how many moves the games gained in the saves so far.
func (w *Watched) Moves() uint64 {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.moves
}

func (w *Watched) CreateGame(ctx context.Context, rec sessions.GameRecord) (int64, error) {
	id, err := w.Store.CreateGame(ctx, rec)
	if err == nil {
		w.mu.Lock()
		w.lens[id] = len(rec.Moves)
		w.mu.Unlock()
		w.changed(id)
	}
	return id, err
}

func (w *Watched) SaveGame(ctx context.Context, rec sessions.GameRecord) error {
	err := w.Store.SaveGame(ctx, rec)
	if err == nil {
		w.mu.Lock()
		prev, ok := w.lens[rec.ID]
		if ok && len(rec.Moves) > prev {
			w.moves += uint64(len(rec.Moves) - prev)
		}
		if rec.Result.Over {
			delete(w.lens, rec.ID)
		} else {
			w.lens[rec.ID] = len(rec.Moves)
		}
		w.mu.Unlock()
	}
	w.changed(rec.ID) // even when unsure: the page loads what is stored
	return err
}

// SettleGame stores a finished game's ratings: its pages' last update
// waits for them (hub.refresh), and is sent now.
func (w *Watched) SettleGame(ctx context.Context, id int64, ratings []sessions.RatingRecord) error {
	err := w.Store.SettleGame(ctx, id, ratings)
	w.changed(id)
	return err
}

func (w *Watched) CreateTournament(ctx context.Context, rec sessions.TournamentRecord) (int64, error) {
	id, err := w.Store.CreateTournament(ctx, rec)
	if err == nil {
		w.changed(-id)
	}
	return id, err
}

func (w *Watched) SaveTournament(ctx context.Context, rec sessions.TournamentRecord) error {
	err := w.Store.SaveTournament(ctx, rec)
	w.changed(-rec.ID)
	return err
}

// Notifier tells of the changes any process stores
// (store.SQLStore.ListenChanges on PostgreSQL).
type Notifier interface {
	ListenChanges(ctx context.Context, ready func(), changed func(id int64)) error
}

// Listen follows n's changes until ctx is done, so that the pages show
// the moves other processes store (the shared mode). A lost connection is
// made again after a pause; then every open page's game is loaded again,
// for a change told while nobody listened.
func (s *Server) Listen(ctx context.Context, n Notifier) {
	pause := time.Second
	for ctx.Err() == nil {
		err := n.ListenChanges(ctx, s.hub.refreshAll, s.hub.changed)
		if ctx.Err() != nil {
			return
		}
		s.log.Warn("web: listening to the database's changes", "err", err, "again in", pause)
		select {
		case <-ctx.Done():
			return
		case <-time.After(pause):
		}
		pause = min(2*pause, 30*time.Second)
	}
}

// Relay carries messages to every process serving the pages
// (store.SQLStore's Tell and ListenTold on PostgreSQL).
type Relay interface {
	// Tell sends msg to every process's ListenTold, this one's included.
	Tell(ctx context.Context, msg string) error
	// ListenTold calls told with each message sent, until ctx is done or
	// the connection fails; ready is called once it listens.
	ListenTold(ctx context.Context, ready func(), told func(msg string)) error
}

// listenTold tells the pages this process serves the private answers the
// other processes relay ("<server> <game id> <player>\n<event>"; its own
// it told already), until ctx is done; a lost connection is made again
// after a pause (an answer relayed meanwhile is not seen here).
func (s *Server) listenTold(ctx context.Context) {
	pause := time.Second
	for ctx.Err() == nil {
		err := s.cfg.Relay.ListenTold(ctx, nil, func(msg string) {
			head, ev, ok := strings.Cut(msg, "\n")
			fields := strings.SplitN(head, " ", 3) // the player last: a name may have spaces
			if !ok || len(fields) != 3 {
				s.log.Warn("web: an unreadable relayed answer", "head", head)
				return
			}
			id, err := strconv.ParseInt(fields[1], 10, 64)
			if err != nil {
				s.log.Warn("web: an unreadable relayed answer", "head", head)
				return
			}
			if fields[0] != s.self {
				s.hub.tell(id, fields[2], []byte(ev))
			}
		})
		if ctx.Err() != nil {
			return
		}
		s.log.Warn("web: listening to the relayed answers", "err", err, "again in", pause)
		select {
		case <-ctx.Done():
			return
		case <-time.After(pause):
		}
		pause = min(2*pause, 30*time.Second)
	}
}
