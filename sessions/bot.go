package sessions

// bot.go plays the bot's moves: the jobs of the worker pool (pool.go,
// fair.go) that search them, one turn of the bot's at a time, the
// "thinking" notices and the order of what is announced.

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"oyunbot/internal/fairpool"
	"slices"
	"strings"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
)

// bots schedules the engine's work: the bot's moves and the hints. Its
// state is the pool's (the pool's own lock, a leaf) and each game's
// botBusy (under the game's lock).
type bots struct {
	*env
	pool    *pool
	replica *replica // a move is saved before it is announced
	dice    *dice    // the dice after it
	settler *settler // a game the bot's move ends
}

// queue submits the bot's move in l; l.mu must be held. The move is
// announced only once hold (if not nil) is closed: the bot's opening move,
// or its first move in a new round, never arrives before the reply or the
// round's announcement that starts the game.
func (b *bots) queue(l *live, ref string, hold <-chan struct{}) {
	if l.botBusy {
		return
	}
	l.botBusy = true
	snap := l.snapshot()
	announced := make(chan struct{})
	queued := b.pool.Submit(jobOwner(l.rec), b.job(l, ref, snap, announced))
	b.announceQueued(queued, Event{Kind: EventThinking, Game: snap, Ref: ref, Queued: true}, hold, announced)
}

// hint submits a search for a hint: pos searched at lvl, with a seed of
// the game's; ev (an EventHint with its game, ref, asker) is emitted with
// the move found. owner is whose search it is (the pool's fairness).
func (b *bots) hint(owner string, pos games.Position, lvl ai.Level, seed uint64, ev Event) {
	announced := make(chan struct{})
	queued := b.pool.Submit(owner, func(eng Engine) {
		ctx, cancel := searchContext(b.ctx, lvl)
		defer cancel()
		res := eng.Choose(ctx, pos, lvl, rand.New(rand.NewPCG(b.cfg.Seed, seed)))
		if !legal(pos, res.Best) {
			return
		}
		b.afterAnnounced(announced)
		ev.Move, ev.Score, ev.Depth = pos.FormatMove(res.Best), res.Score, res.Depth
		b.emit(ev)
	})
	b.announceQueued(queued, Event{Kind: EventThinking, Game: ev.Game, Ref: ev.Ref, Queued: true}, nil, announced)
}

// announceQueued tells the players that a job waits for a busy pool, once
// hold (if not nil) is closed. The notice is emitted from a goroutine (the
// caller holds a game's lock, and Notify may call back into the Manager);
// done closes once it is out, and the job waits for that before announcing
// its result, so a "queued" notice never arrives after the answer it
// announces, and the answer never before hold.
func (b *bots) announceQueued(queued bool, ev Event, hold <-chan struct{}, done chan struct{}) {
	if !queued && hold == nil {
		close(done)
		return
	}
	b.pool.Track(func() {
		defer close(done)
		if hold != nil {
			b.afterAnnounced(hold)
		}
		if queued {
			b.emit(ev)
		}
	})
}

// afterAnnounced waits for a job's queued notice (see announceQueued), or for
// the Manager to close.
func (b *bots) afterAnnounced(done <-chan struct{}) {
	select {
	case <-done:
	case <-b.ctx.Done():
	}
}

// searchTimeout bounds a search whose level has no time limit, so that a bug
// cannot hold a worker forever.
const searchTimeout = time.Minute

func searchContext(parent context.Context, lvl ai.Level) (context.Context, context.CancelFunc) {
	d := searchTimeout
	if lvl.Limits.Time > 0 {
		d = 2*lvl.Limits.Time + 5*time.Second
	}
	return context.WithTimeout(parent, d)
}

// notice sends a "thinking" event if the job runs longer than the notice
// delay; stop prevents it from firing afterwards, so it never trails the
// move. Its lock is held while the event is emitted (so that stop waits
// for it): it comes before every other in the lock order.
type notice struct {
	mu    sync.Mutex
	done  bool
	timer *time.Timer
}

// startNotice schedules ev for a search of game l at version: it is
// dropped if the game has changed since (a resignation, an undo, its end
// while the search goes on: the bot is no longer thinking about that
// game), and carries the game as it is when it fires.
func (b *bots) startNotice(l *live, version uint64, ev Event) *notice {
	n := &notice{}
	n.timer = time.AfterFunc(b.cfg.ThinkingNotice, func() {
		n.mu.Lock()
		defer n.mu.Unlock()
		if n.done {
			return
		}
		if snap, ok := l.at(version); ok {
			ev.Game = snap
			b.emit(ev)
		}
	})
	return n
}

func (n *notice) stop() {
	n.timer.Stop()
	n.mu.Lock()
	defer n.mu.Unlock()
	n.done = true
}

// maxTurnPlies bounds the plies of one turn of the bot (a game whose turn
// never ends would otherwise hold a worker for ever).
const maxTurnPlies = 64

// pool is the engine's pool of the bot's searches.
type pool = fairpool.Pool[Engine]

// job plays the bot's whole turn: every ply of it (searched one by one,
// the game saved after each) and the chance events they lead to, then one
// EventBotMoved.
func (b *bots) job(l *live, ref string, snap Snapshot, announced <-chan struct{}) func(Engine) {
	return func(eng Engine) {
		t := &botTurn{b: b, l: l, ref: ref, snap: snap, announced: announced, from: -1}
		if !t.begin() {
			return
		}
		for {
			t.search(eng)
			switch t.play() {
			case plyNext:
				continue
			case plyDone:
				t.announce()
			case plyFailed:
				t.fail(EventBotFailed)
			case plyNotSaved:
				t.fail(EventNotSaved)
			}
			return
		}
	}
}

// botTurn is one job of the bot's: its turn in a game, ply by ply. The
// game is locked while a ply is played (play), not while it is searched.
type botTurn struct {
	b         *bots
	l         *live
	ref       string
	snap      Snapshot // the game when the job was queued
	announced <-chan struct{}

	pos     games.Position // the position to search, a copy
	version uint64         // the game's version pos is of
	lvl     ai.Level
	rng     *rand.Rand
	res     ai.Result // the last search's
	plies   []string  // the plies of the turn played so far
	from    int       // where the first of them is in the history (-1: none yet)
	after   Snapshot  // the game once the turn is played
	over    bool      // the turn ended the game
}

// plyOutcome is what a searched ply came to (botTurn.play).
type plyOutcome int

const (
	plyStop     plyOutcome = iota // nothing to announce: the game changed, the Manager closes
	plyNext                       // played; the turn goes on: search its next ply
	plyDone                       // played; the turn is over: announce it
	plyFailed                     // no legal move at all: EventBotFailed
	plyNotSaved                   // the store refused it: EventNotSaved, searched again later
)

// begin takes the game's position to search; false if the bot is not to
// move any more.
func (t *botTurn) begin() bool {
	l := t.l
	l.mu.Lock()
	defer l.mu.Unlock()
	if !l.botToMove() {
		l.botBusy = false
		return false
	}
	t.pos, t.version = l.pos.Clone(), l.version
	t.lvl = t.b.level(l.game, l.botLevel())
	t.rng = l.rng // only one bot job per game runs at a time (botBusy)
	return true
}

// search runs the engine on the turn's position, with a "thinking" notice
// if it takes a while.
func (t *botTurn) search(eng Engine) {
	n := t.b.startNotice(t.l, t.version, Event{Kind: EventThinking, Ref: t.ref})
	defer n.stop()
	ctx, cancel := searchContext(t.b.ctx, t.lvl)
	defer cancel()
	t.res = t.b.choose(ctx, eng, t.pos, t.lvl, t.rng)
}

// play plays the ply found, if the game is still as it was searched, and
// saves it (with the dice it leads to).
func (t *botTurn) play() plyOutcome {
	b, l := t.b, t.l
	l.mu.Lock()
	defer l.mu.Unlock()
	l.botBusy = false
	if l.version != t.version || !l.botToMove() || b.ctx.Err() != nil || len(t.plies) >= maxTurnPlies {
		// The game changed meanwhile (resigned, undone, forfeited), or the
		// Manager is closing: a cut-short search is not the bot's move.
		if b.cfg.Shared && l.version != t.version && l.botToMove() && b.ctx.Err() == nil && len(t.plies) == 0 {
			// Reloaded from another process's save, the bot still to
			// move: search the new position.
			b.queue(l, t.ref, nil)
		}
		return plyStop
	}
	if !legal(l.pos, t.res.Best) {
		// A level whose engine finds no move (a bug in a game's own
		// player) must not stall the game: the bot plays a legal move
		// and the log says so.
		fb, ok := fallbackMove(l.pos)
		b.log.Error("engine returned no legal move", "id", l.rec.ID, "game", l.rec.Game,
			"level", t.lvl.Name, "position", l.pos.String(), "fallback", ok)
		if !ok {
			return plyFailed
		}
		t.res = ai.Result{Best: fb}
	}
	cp := l.state.clone()
	bot := l.pos.Turn()
	now := b.cfg.Now()
	from := t.from
	if from < 0 {
		from = len(l.rec.Moves)
	}
	text := l.apply(t.res.Best, now)
	b.dice.roll(&l.state, now)
	if err := b.replica.commit(b.ctx, l, cp); err != nil { // the bot applies no platform update
		if errors.Is(err, ErrConflict) {
			// Another process changed the game first (or played this
			// move): the game is reloaded; a search of it if the bot
			// is still to move.
			if l.botToMove() {
				b.queue(l, t.ref, nil)
			}
			return plyStop
		}
		// Not played: the clocks' look asks the engine again in a while.
		l.retryBot = b.cfg.Now().Add(botRetryDelay)
		return plyNotSaved
	}
	l.retryBot = time.Time{}
	t.from = from
	t.plies = append(t.plies, text)
	if !l.rec.Result.Over && l.pos.Turn() == bot {
		// The turn goes on (a second die, a capture choice): search its
		// next ply in this job, so that the turn has one reply.
		l.botBusy = true
		t.pos, t.version = l.pos.Clone(), l.version
		return plyNext
	}
	t.after, t.over = l.snapshot(), l.rec.Result.Over
	if l.botToMove() { // a game between two bots
		b.queue(l, t.ref, nil)
	}
	return plyDone
}

// announce settles the game if the turn ended it and announces the turn,
// then what followed (a tournament's next round).
func (t *botTurn) announce() {
	var follow []Event
	// The bot's moves in a round this move completes wait for the
	// round's announcement.
	dctx, d := Defer(t.b.ctx)
	defer d.Release()
	after := t.after
	if t.over {
		after, follow = t.b.settler.endedQuiet(dctx, t.l)
	}
	t.b.afterAnnounced(t.announced)
	t.b.emit(Event{Kind: EventBotMoved, Game: after, Move: strings.Join(t.plies, " "), Moves: t.plies, From: t.from,
		Ref: t.ref, Score: t.res.Score, Depth: t.res.Depth})
	t.b.emit(follow...)
	t.b.flush(d)
}

// fail announces a turn that could not be played (EventBotFailed,
// EventNotSaved), with the game as it was queued.
func (t *botTurn) fail(kind EventKind) {
	t.b.afterAnnounced(t.announced)
	t.b.emit(Event{Kind: kind, Game: t.snap, Ref: t.ref})
}

// choose runs the engine; a panic in it (a bug in a game or the engine)
// counts as finding no move, so the game reports the failure instead of
// waiting forever for a move that never comes.
func (b *bots) choose(ctx context.Context, eng Engine, pos games.Position, lvl ai.Level, rng *rand.Rand) (res ai.Result) {
	defer func() {
		if r := recover(); r != nil {
			b.log.Error("engine panicked", "panic", fmt.Sprint(r), "position", pos.String())
			res = ai.Result{}
		}
	}()
	return eng.Choose(ctx, pos, lvl, rng)
}

// legal reports whether mv is a move the rules allow in pos (not only one
// the engine searches: a seed document's player may choose outside that).
func legal(pos games.Position, mv ai.Move) bool {
	if mv.IsNone() {
		return false
	}
	return slices.Contains(games.Legal(pos, make([]ai.Move, 0, ai.MaxMoves)), mv)
}

// fallbackMove is the move the bot plays when its engine found none: the
// first the engine would search (games list their best-looking moves
// first), else the first legal one; ok is false when there is none.
func fallbackMove(pos games.Position) (ai.Move, bool) {
	if ms := pos.Moves(make([]ai.Move, 0, ai.MaxMoves)); len(ms) > 0 {
		return ms[0], true
	}
	if ms := games.Legal(pos, make([]ai.Move, 0, ai.MaxMoves)); len(ms) > 0 {
		return ms[0], true
	}
	return ai.NoMove, false
}

// jobOwner is whose a game's engine search is: its person (the first one
// not a bot), or the channel for a game between bots.
func jobOwner(rec GameRecord) string {
	for _, p := range rec.Players {
		if !p.Bot {
			return rec.Platform + "/" + p.ID
		}
	}
	return rec.Platform + "#" + rec.ChannelID
}
