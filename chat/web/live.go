package web

// live.go: the open pages' event streams. A game's viewers share a room;
// a change of the game (Changed) wakes the hub, which loads the game once,
// encodes its state once per language and hands the same bytes to every
// viewer. A viewer too slow to take an event loses its stream: its page
// reconnects with the last event's id and gets the game as it stands.

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"oyunbot/chat"
	"oyunbot/sessions"
)

// errStreams is the error of a stream over the caps.
var errStreams = errors.New("web: too many open event streams")

// streamBuffer is the events a viewer may fall behind by.
const streamBuffer = 8

type hub struct {
	s *Server

	mu     sync.Mutex
	rooms  map[int64]*room
	perIP  map[string]int
	total  int
	dirty  map[int64]bool
	closed bool

	// mail holds the private answers (a hint, an analysis asked from a
	// page) that came while their person had no stream of the game open,
	// for the next one they open (tell).
	mail map[mailbox][]letter

	kick chan struct{} // wakes run: something is dirty
	done chan struct{} // closed by close: every stream ends
	once sync.Once
}

// room is the viewers of one game and its last state sent.
type room struct {
	subs    map[*stream]struct{}
	version int64                // the state's (0: not loaded yet)
	events  map[chat.Lang][]byte // the state as an event, by language
	// held is the version of a rated game's end held back since heldAt
	// until its ratings are stored (settleWait at most).
	held   int64
	heldAt time.Time
}

// settleWait bounds how long a rated game's end waits for its ratings
// before it is sent without them (their settling failed: the next start
// settles it).
const settleWait = 5 * time.Second

// stream is one viewer's event stream.
type stream struct {
	id   int64
	ip   string
	lang chat.Lang
	who  string      // the signed-in player watching ("platform/id"), "" for anyone else
	last int64       // the version it was last sent
	ch   chan []byte // closed when it is dropped
}

func newHub(s *Server) *hub {
	return &hub{s: s, rooms: map[int64]*room{}, perIP: map[string]int{}, dirty: map[int64]bool{}, mail: map[mailbox][]letter{},
		kick: make(chan struct{}, 1), done: make(chan struct{})}
}

// changed marks game id dirty (a no-op when nobody watches it).
func (h *hub) changed(id int64) {
	h.mu.Lock()
	_, watched := h.rooms[id]
	if watched {
		h.dirty[id] = true
	}
	h.mu.Unlock()
	if watched {
		h.wake()
	}
}

// refreshAll marks every watched game and tournament dirty.
func (h *hub) refreshAll() {
	h.mu.Lock()
	for id := range h.rooms {
		h.dirty[id] = true
	}
	h.mu.Unlock()
	h.wake()
}

func (h *hub) wake() {
	select {
	case h.kick <- struct{}{}:
	default:
	}
}

// subscribe opens a stream of game id's events for a viewer at ip who has
// seen version last: who, when it is not "", is the player it is, who is
// also sent their private answers (tell).
func (h *hub) subscribe(id int64, ip string, lang chat.Lang, last int64, who string) (*stream, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, errStreams
	}
	if h.total >= h.s.cfg.Streams || h.perIP[ip] >= h.s.cfg.StreamsPerIP {
		return nil, errStreams
	}
	st := &stream{id: id, ip: ip, lang: lang, last: last, who: who, ch: make(chan []byte, streamBuffer)}
	rm := h.rooms[id]
	if rm == nil {
		rm = &room{subs: map[*stream]struct{}{}}
		h.rooms[id] = rm
	}
	rm.subs[st] = struct{}{}
	h.total++
	h.perIP[ip]++
	if rm.version == 0 {
		h.dirty[id] = true
		h.wake()
	} else if rm.version > last {
		st.ch <- rm.events[lang]
		st.last = rm.version
	}
	if who != "" {
		box := mailbox{id, who}
		for _, l := range h.mail[box] {
			if time.Since(l.at) < mailKeep && len(st.ch) < cap(st.ch) {
				st.ch <- l.ev
			}
		}
		delete(h.mail, box)
	}
	h.s.m.streams.Set(float64(h.total))
	return st, nil
}

// mailbox names one player's private answers about one game.
type mailbox struct {
	id  int64
	who string
}

// letter is a private answer kept for its player's next stream.
type letter struct {
	ev []byte
	at time.Time
}

// Bounds of the private answers kept for players with no stream open:
// mailKeep is how long one is kept, mailPerBox how many a player's of a
// game, mailBoxes the players' of all games (the oldest go first).
const (
	mailKeep   = 10 * time.Minute
	mailPerBox = 4
	mailBoxes  = 10000
)

// tell sends ev, a private answer (a hint, an analysis) of the player who
// about game id, to that player's streams of the game alone: never a
// spectator's or the other player's. When they have none open (their page
// reconnects), it is kept for the next one (mailKeep).
func (h *hub) tell(id int64, who string, ev []byte) {
	h.mu.Lock()
	defer h.mu.Unlock()
	sent := false
	if rm := h.rooms[id]; rm != nil {
		for st := range rm.subs {
			if st.who != who {
				continue
			}
			select {
			case st.ch <- ev:
				sent = true
			default:
				h.dropLocked(st) // too slow: its page reconnects, and gets it then
			}
		}
	}
	if sent {
		return
	}
	box := mailbox{id, who}
	if _, ok := h.mail[box]; !ok && len(h.mail) >= mailBoxes {
		h.pruneMailLocked()
	}
	kept := append(h.mail[box], letter{ev: ev, at: time.Now()})
	if len(kept) > mailPerBox {
		kept = kept[len(kept)-mailPerBox:]
	}
	h.mail[box] = kept
}

// pruneMailLocked makes room for a new mailbox: the expired go, and if
// none had, the one with the oldest letter.
func (h *hub) pruneMailLocked() {
	var oldest mailbox
	var at time.Time
	for box, ls := range h.mail {
		last := ls[len(ls)-1].at
		if time.Since(last) >= mailKeep {
			delete(h.mail, box)
			continue
		}
		if at.IsZero() || last.Before(at) {
			oldest, at = box, last
		}
	}
	if len(h.mail) >= mailBoxes {
		delete(h.mail, oldest)
	}
}

// unsubscribe ends st (once; a dropped stream is already out).
func (h *hub) unsubscribe(st *stream) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.dropLocked(st)
}

func (h *hub) dropLocked(st *stream) {
	rm := h.rooms[st.id]
	if rm == nil {
		return
	}
	if _, ok := rm.subs[st]; !ok {
		return
	}
	delete(rm.subs, st)
	close(st.ch)
	h.total--
	if h.perIP[st.ip]--; h.perIP[st.ip] == 0 {
		delete(h.perIP, st.ip)
	}
	if len(rm.subs) == 0 {
		delete(h.rooms, st.id)
	}
	h.s.m.streams.Set(float64(h.total))
}

// run loads the dirty games and sends their new states until ctx is done.
func (h *hub) run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-h.done:
			return
		case <-h.kick:
		}
		h.mu.Lock()
		ids := make([]int64, 0, len(h.dirty))
		for id := range h.dirty {
			ids = append(ids, id)
		}
		clear(h.dirty)
		h.mu.Unlock()
		for _, id := range ids {
			h.refresh(ctx, id)
		}
	}
}

// refresh loads game id and sends its state to its viewers behind it.
//
// A rated game's end is stored before its ratings (the settling that
// follows it): its state waits for them (SettleGame's change), so that
// the last update shows what the game left its players with.
func (h *hub) refresh(ctx context.Context, id int64) {
	version, events, ok := h.s.load(ctx, id)
	if !ok {
		return
	}
	pending := id > 0 && h.s.ratingsPending(ctx, id)
	h.mu.Lock()
	defer h.mu.Unlock()
	rm := h.rooms[id]
	if rm == nil || rm.version >= version {
		return
	}
	if pending {
		if rm.held != version {
			rm.held, rm.heldAt = version, time.Now()
			h.s.m.held.Inc()
			time.AfterFunc(settleWait, func() { h.changed(id) })
			return
		}
		if time.Since(rm.heldAt) < settleWait {
			return
		}
	}
	rm.version, rm.events = version, events
	for st := range rm.subs {
		if st.last >= version {
			continue
		}
		select {
		case st.ch <- events[st.lang]:
			st.last = version
			h.s.m.events.Inc()
		default: // too slow: it reconnects and catches up
			h.dropLocked(st)
		}
	}
}

// load is the version of what key names (a game, or a tournament by its
// negated id) and its events by language.
func (s *Server) load(ctx context.Context, key int64) (int64, map[chat.Lang][]byte, bool) {
	if key < 0 {
		if s.lists == nil {
			return 0, nil, false
		}
		rec, err := s.lists.TournamentByID(ctx, -key)
		if err != nil {
			return 0, nil, false
		}
		v := max(rec.Updated.UnixMilli(), 1)
		ev := []byte(fmt.Sprintf("id: %d\nevent: changed\ndata: {}\n\n", v))
		return v, map[chat.Lang][]byte{chat.Turkish: ev, chat.English: ev}, true
	}
	g, ok := s.game(ctx, key)
	if !ok {
		return 0, nil, false
	}
	events := map[chat.Lang][]byte{}
	for _, lang := range []chat.Lang{chat.Turkish, chat.English} {
		ev, err := s.event(ctx, lang, g)
		if err != nil {
			s.log.Error("web: a game's event", "id", key, "err", err)
			return 0, nil, false
		}
		events[lang] = ev
	}
	return g.Version, events, true
}

// close ends every stream (the server shuts down).
func (h *hub) close() {
	h.once.Do(func() {
		h.mu.Lock()
		h.closed = true
		h.mu.Unlock()
		close(h.done)
	})
}

// game loads game id, in play or finished.
func (s *Server) game(ctx context.Context, id int64) (sessions.Snapshot, bool) {
	if g, err := s.cfg.Games.Get(id); err == nil {
		return g, true
	}
	return s.cfg.Games.Finished(ctx, id)
}
