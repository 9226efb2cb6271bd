package sessions

// bot.go schedules the bot's moves: games against the bot, the worker
// pool's jobs, "thinking" notices and their order.

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
)

func (m *Manager) bot() Player { return Player{ID: BotID, Name: m.cfg.BotName, Bot: true} }

// BotGame asks for a game against the bot.
type BotGame struct {
	Platform  string
	ChannelID string
	Player    Player
	Game      games.Game
	Level     string  // a level name (any language ai.ParseLevel accepts); "" for the channel's default
	Side      ai.Side // the side the person plays; NoSide means First
	Ref       string  // the request's Message.Ref, carried by the bot's first move
	Lang      string  // kept for the game's replies
	// Start is a custom start position (the game's position text); ""
	// for the game's own. A game from a custom start is not rated.
	Start string
}

// StartVsBot starts a game against the bot. If the bot moves first its move
// is queued at once.
func (m *Manager) StartVsBot(ctx context.Context, req BotGame) (Snapshot, error) {
	if req.Game.Players() < 2 {
		return Snapshot{}, ErrOnePlayerGame
	}
	level := req.Level
	if level == "" {
		level = m.Channel(ctx, req.Platform, req.ChannelID).Level
	}
	if level == "" {
		level = DefaultLevel
	}
	lvl, ok := m.parseLevel(req.Game, level)
	if !ok {
		return Snapshot{}, ErrUnknownLevel
	}
	side := req.Side
	if side != ai.Second {
		side = ai.First
	}
	key := chanKey{req.Platform, req.ChannelID}
	if l := m.pairGame(key, req.Player, m.bot(), req.Game); l != nil {
		l.mu.Lock()
		defer l.mu.Unlock()
		return Snapshot{}, &PlayingError{Game: l.snapshot()}
	}
	var players [2]Player
	players[side] = req.Player
	players[side.Opponent()] = m.bot()
	return m.create(ctx, GameRecord{Platform: key.platform, ChannelID: key.channel, Game: req.Game.Name(),
		Players: players, Level: lvl.Name, Lang: req.Lang, Rated: true, Start: req.Start}, req.Game, req.Ref)
}

// queueBot submits the bot's move; l.mu must be held. The move is announced
// only once hold (if not nil) is closed: the bot's opening move, or its
// first move in a new round, never arrives before the reply or the round's
// announcement that starts the game.
func (m *Manager) queueBot(l *live, ref string, hold <-chan struct{}) {
	if l.botBusy {
		return
	}
	l.botBusy = true
	snap := l.snapshot()
	announced := make(chan struct{})
	queued := m.pool.submit(jobOwner(l.rec), m.botJob(l, ref, snap, announced))
	m.announceQueued(queued, Event{Kind: EventThinking, Game: snap, Ref: ref, Queued: true}, hold, announced)
}

// announceQueued tells the players that a job waits for a busy pool, once
// hold (if not nil) is closed. The notice is emitted from a goroutine (the
// caller holds a game's lock, and Notify may call back into the Manager);
// done closes once it is out, and the job waits for that before announcing
// its result, so a "queued" notice never arrives after the answer it
// announces, and the answer never before hold.
func (m *Manager) announceQueued(queued bool, ev Event, hold <-chan struct{}, done chan struct{}) {
	if !queued && hold == nil {
		close(done)
		return
	}
	m.pool.track(func() {
		defer close(done)
		if hold != nil {
			m.afterAnnounced(hold)
		}
		if queued {
			m.emit(ev)
		}
	})
}

// afterAnnounced waits for a job's queued notice (see announceQueued), or for
// the Manager to close.
func (m *Manager) afterAnnounced(done <-chan struct{}) {
	select {
	case <-done:
	case <-m.ctx.Done():
	}
}

func (m *Manager) level(g games.Game, name string) ai.Level {
	if lvl, ok := m.parseLevel(g, name); ok {
		return lvl
	}
	if lvl, ok := m.parseLevel(g, DefaultLevel); ok {
		return lvl
	}
	return m.host(g).LevelList()[0]
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
// delay; stop prevents it from firing afterwards, so it never trails the move.
type notice struct {
	mu    sync.Mutex
	done  bool
	timer *time.Timer
}

// startNotice schedules ev for a search of game l at version: it is
// dropped if the game has changed since (a resignation, an undo, its end
// while the search goes on: the bot is no longer thinking about that
// game), and carries the game as it is when it fires.
func (m *Manager) startNotice(l *live, version uint64, ev Event) *notice {
	n := &notice{}
	n.timer = time.AfterFunc(m.cfg.ThinkingNotice, func() {
		n.mu.Lock()
		defer n.mu.Unlock()
		if n.done {
			return
		}
		l.mu.Lock()
		same := l.version == version && !l.rec.Result.Over
		if same {
			ev.Game = l.snapshot()
		}
		l.mu.Unlock()
		if same {
			m.emit(ev)
		}
	})
	return n
}

func (n *notice) stop() {
	n.timer.Stop()
	n.mu.Lock()
	n.done = true
	n.mu.Unlock()
}

// maxTurnPlies bounds the plies of one turn of the bot (a game whose turn
// never ends would otherwise hold a worker for ever).
const maxTurnPlies = 64

// roll plays the chance events due (dice) with the Manager's dice and
// records them in the game's history, so that a replay gives the same game
// and a finished game can be audited roll by roll; l.mu must be held.
func (m *Manager) roll(l *state, now time.Time) { m.rollDice(l, now, false) }

// rollDice is roll; byHand: the first roll due is a person's own (Roll),
// made even where people roll by hand.
func (m *Manager) rollDice(l *state, now time.Time, byHand bool) {
	for !l.rec.Result.Over {
		if l.pos.Turn() != ai.Chance {
			// A move the rules leave no choice about (a roll that cannot
			// be played) is played for the side to move, and the dice
			// after it rolled.
			am, ok := l.pos.(games.AutoMover)
			if !ok {
				return
			}
			mv, ok := am.AutoMove()
			if !ok {
				return
			}
			l.apply(mv, now)
			continue
		}
		st, ok := l.pos.(ai.Stochastic)
		if !ok {
			m.log.Error("a chance turn in a game without chances", "id", l.rec.ID, "game", l.rec.Game)
			return
		}
		if !byHand && m.handRoll(l) {
			return // the player rolls (Roll)
		}
		byHand = false
		l.apply(m.pick(st.Chances(nil)), now)
	}
}

// pick draws one outcome by its probability.
func (m *Manager) pick(outs []ai.ChanceOutcome) ai.Move {
	m.diceMu.Lock()
	r := m.cfg.Dice.Float64()
	m.diceMu.Unlock()
	acc := 0.0
	for _, o := range outs {
		if acc += o.Prob; r < acc {
			return o.Move
		}
	}
	return outs[len(outs)-1].Move
}

// botJob plays the bot's whole turn: every ply of it (searched one by one,
// the game saved after each) and the chance events they lead to, then one
// EventBotMoved.
func (m *Manager) botJob(l *live, ref string, snap Snapshot, announced <-chan struct{}) func(Engine) {
	return func(eng Engine) {
		l.mu.Lock()
		if !l.botToMove() {
			l.botBusy = false
			l.mu.Unlock()
			return
		}
		pos := l.pos.Clone()
		version := l.version
		lvl := m.level(l.game, l.botLevel())
		rng := l.rng // only one bot job per game runs at a time (botBusy)
		l.mu.Unlock()

		var plies []string // the plies of the bot's turn played so far
		from := -1         // where the first of them is in the history
		for {
			n := m.startNotice(l, version, Event{Kind: EventThinking, Ref: ref})
			ctx, cancel := searchContext(m.ctx, lvl)
			res := m.choose(ctx, eng, pos, lvl, rng)
			cancel()
			n.stop()

			l.mu.Lock()
			l.botBusy = false
			if l.version != version || !l.botToMove() || m.ctx.Err() != nil || len(plies) >= maxTurnPlies {
				// The game changed meanwhile (resigned, undone, forfeited), or the
				// Manager is closing: a cut-short search is not the bot's move.
				if m.cfg.Shared && l.version != version && l.botToMove() && m.ctx.Err() == nil && len(plies) == 0 {
					// Reloaded from another process's save, the bot still to
					// move: search the new position.
					m.queueBot(l, ref, nil)
				}
				l.mu.Unlock()
				return
			}
			if !m.legal(l.pos, res.Best) {
				// A level whose engine finds no move (a bug in a game's own
				// player) must not stall the game: the bot plays a legal move
				// and the log says so.
				fb, ok := fallbackMove(l.pos)
				m.log.Error("engine returned no legal move", "id", l.rec.ID, "game", l.rec.Game,
					"level", lvl.Name, "position", l.pos.String(), "fallback", ok)
				if !ok {
					l.mu.Unlock()
					m.afterAnnounced(announced)
					m.emit(Event{Kind: EventBotFailed, Game: snap, Ref: ref})
					return
				}
				res = ai.Result{Best: fb}
			}
			cp := l.state.clone()
			bot := l.pos.Turn()
			now := m.cfg.Now()
			if from < 0 {
				from = len(l.rec.Moves)
			}
			text := l.apply(res.Best, now)
			m.roll(&l.state, now)
			if err := m.commit(m.ctx, l, cp); err != nil { // the bot applies no platform update
				if errors.Is(err, ErrConflict) {
					// Another process changed the game first (or played this
					// move): the game is reloaded; a search of it if the bot
					// is still to move.
					if l.botToMove() {
						m.queueBot(l, ref, nil)
					}
					l.mu.Unlock()
					return
				}
				// Not played: the idle loop asks the engine again in a while.
				l.retryBot = m.cfg.Now().Add(botRetryDelay)
				l.mu.Unlock()
				m.afterAnnounced(announced)
				m.emit(Event{Kind: EventNotSaved, Game: snap, Ref: ref})
				return
			}
			l.retryBot = time.Time{}
			plies = append(plies, text)
			if !l.rec.Result.Over && l.pos.Turn() == bot {
				// The turn goes on (a second die, a capture choice): search its
				// next ply in this job, so that the turn has one reply.
				l.botBusy = true
				pos, version = l.pos.Clone(), l.version
				l.mu.Unlock()
				continue
			}
			after := l.snapshot()
			over := l.rec.Result.Over
			if l.botToMove() { // a game between two bots
				m.queueBot(l, ref, nil)
			}
			l.mu.Unlock()
			var follow []Event
			// The bot's moves in a round this move completes wait for the
			// round's announcement.
			dctx, d := Defer(m.ctx)
			defer d.Release()
			if over {
				after, follow = m.endedQuiet(dctx, l)
			}
			m.afterAnnounced(announced)
			m.emit(Event{Kind: EventBotMoved, Game: after, Move: strings.Join(plies, " "), Moves: plies, From: from, Ref: ref,
				Score: res.Score, Depth: res.Depth})
			m.emit(follow...)
			m.flush(d)
			return
		}
	}
}

// choose runs the engine; a panic in it (a bug in a game or the engine)
// counts as finding no move, so the game reports the failure instead of
// waiting forever for a move that never comes.
func (m *Manager) choose(ctx context.Context, eng Engine, pos games.Position, lvl ai.Level, rng *rand.Rand) (res ai.Result) {
	defer func() {
		if r := recover(); r != nil {
			m.log.Error("engine panicked", "panic", fmt.Sprint(r), "position", pos.String())
			res = ai.Result{}
		}
	}()
	return eng.Choose(ctx, pos, lvl, rng)
}

// legal reports whether mv is a move the rules allow in pos (not only one
// the engine searches: a seed document's player may choose outside that).
func (m *Manager) legal(pos games.Position, mv ai.Move) bool {
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
