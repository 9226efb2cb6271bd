package sessions

// state.go is a game in memory: its record, its position and what the
// last move showed, changed by apply/end/flag and saved by the Manager.

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
)

// state is a game as a plain value: its record, the position the record's
// start and moves lead to, and what the last move showed. It has no lock
// and no store: it is applied to, undone (a copy taken before, restored),
// snapshot and replayed; live wraps it with a lock and bot scheduling, and
// the Manager saves it.
type state struct {
	rec      GameRecord
	game     games.Game
	pos      games.Position
	sides    []ai.Side // the side of each entry of rec.Moves (ai.Chance for a roll)
	path     []string
	captured []string
	version  uint64 // bumped on every change; a bot job applies only to the version it saw
	reminded bool   // the player to move has had their reminder
}

// clone returns an independent copy of the state (to restore when a change
// cannot be saved).
func (l *state) clone() state {
	c := *l
	c.rec.Moves = slices.Clone(l.rec.Moves)
	c.pos = l.pos.Clone()
	c.sides = slices.Clone(l.sides)
	return c
}

// live is a game in memory: its state, the lock that serialises everything
// done to it, and its bot's scheduling. See the package's lock order.
type live struct {
	mu sync.Mutex
	state
	botBusy bool // a bot move is queued or running
	// retryBot: the bot's last move could not be saved; the clocks' look asks
	// for it again from this time on.
	retryBot time.Time
	// paused: the game's clock was stopped this long at start-up, to
	// announce at its platform's Resume (Held.Paused).
	paused time.Duration
	rng    *rand.Rand
	// id, key and the tournament pairing never change: read without mu
	// (state may be replaced whole at any time, when a change is taken
	// back or the game reloaded).
	id         int64
	key        chanKey
	tournament int64 // rec.Tournament
	round      int   // rec.Round
	board      int   // rec.Board
}

// do runs f with l locked.
func (l *live) do(f func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	f()
}

// at returns the game's snapshot while it is at version and not over.
func (l *live) at(version uint64) (Snapshot, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.version != version || l.rec.Result.Over {
		return Snapshot{}, false
	}
	return l.snapshot(), true
}

// startPosition is the position a game starts from: the game's own, or the
// custom start (position text) of its record.
func startPosition(g games.Game, start string) (games.Position, error) {
	if start == "" {
		return g.Start(), nil
	}
	pos, err := g.ParsePosition(start)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrBadStart, err)
	}
	return pos, nil
}

// replay rebuilds the position by playing moves (chance outcomes included)
// from the start position, so that a restored or undone game is exactly
// what the rules make of it.
func (l *state) replay(moves []string) error {
	pos, err := startPosition(l.game, l.rec.Start)
	if err != nil {
		return err
	}
	sides := make([]ai.Side, 0, len(moves))
	var path, captured []string
	hl := games.CanOf(nil, pos).Highlighter // pos is made in place
	for i, s := range moves {
		mv, err := pos.ParseMove(s)
		if err != nil {
			return fmt.Errorf("move %d %q: %w", i+1, s, err)
		}
		if hl != nil && i == len(moves)-1 {
			path, captured = hl.MoveSquares(mv)
		}
		sides = append(sides, pos.Turn())
		pos.Make(mv)
	}
	l.pos, l.sides, l.path, l.captured = pos, sides, path, captured
	l.rec.Moves = slices.Clone(moves)
	return nil
}

// snapshot copies the game's state; l.mu must be held.
func (l *state) snapshot() Snapshot {
	s := Snapshot{
		ID:              l.rec.ID,
		Game:            l.game,
		Platform:        l.rec.Platform,
		ChannelID:       l.rec.ChannelID,
		Players:         l.rec.Players,
		Level:           l.rec.Level,
		Moves:           slices.Clone(l.rec.Moves),
		Sides:           slices.Clone(l.sides),
		Board:           l.pos.Board(),
		Turn:            l.pos.Turn(),
		Result:          l.rec.Result,
		LastPath:        slices.Clone(l.path),
		LastCaptured:    slices.Clone(l.captured),
		DrawOffer:       l.rec.DrawOffer,
		TakebackOffer:   l.rec.TakebackOffer,
		Clocks:          l.rec.Clocks,
		LastMove:        l.rec.LastMove,
		TimeControl:     l.rec.TimeControl,
		Left:            l.rec.Left,
		Lang:            l.rec.Lang,
		Tournament:      l.rec.Tournament,
		TournamentRound: l.rec.Round,
		TournamentBoard: l.rec.Board,
		Rated:           l.rec.Rated,
		Version:         l.rec.Version,
		Start:           l.rec.Start,
		Started:         l.rec.Started,
		Optimal:         l.rec.Optimal,
		Match:           l.rec.Match,
		Position:        l.pos.Clone(),
	}
	if p := games.CanOf(l.game, l.pos).Prompter; p != nil && !l.rec.Result.Over {
		s.Prompt, s.PromptArgs, _ = p.Prompt()
	}
	if !s.Result.Over {
		buf := games.Legal(l.pos, make([]ai.Move, 0, ai.MaxMoves)) // what people may play, not what the engine searches
		s.Legal = make([]string, len(buf))
		for i, mv := range buf {
			s.Legal[i] = l.pos.FormatMove(mv)
		}
		sort.Strings(s.Legal)
	}
	return s
}

func (l *state) sideOf(userID string) ai.Side {
	if l.solo() {
		return l.soloSide(userID)
	}
	for i, p := range l.rec.Players {
		if !p.Bot && p.ID == userID {
			return ai.Side(i)
		}
	}
	return ai.NoSide
}

func (l *state) vsBot() bool { return l.rec.Players[0].Bot || l.rec.Players[1].Bot }

func (l *state) botSide() ai.Side {
	for i, p := range l.rec.Players {
		if p.Bot {
			return ai.Side(i)
		}
	}
	return ai.NoSide
}

// botLevel is the level of the bot to move: its own, else the game's.
func (l *state) botLevel() string {
	if t := l.pos.Turn(); (t == ai.First || t == ai.Second) && l.rec.Players[t].Level != "" {
		return l.rec.Players[t].Level
	}
	return l.rec.Level
}

func (l *state) botToMove() bool {
	t := l.pos.Turn()
	return !l.rec.Result.Over && (t == ai.First || t == ai.Second) && l.rec.Players[t].Bot
}

// apply plays a legal move; l.mu must be held. It updates clocks, the draw
// offer (a move by the other side declines it) and the result.
func (l *state) apply(mv ai.Move, now time.Time) string {
	side := l.pos.Turn()
	text := l.pos.FormatMove(mv)
	l.path, l.captured = nil, nil
	if h := games.CanOf(l.game, l.pos).Highlighter; h != nil {
		l.path, l.captured = h.MoveSquares(mv)
	}
	first := !l.begun() // the game's first move: the clocks start at it
	l.pos.Make(mv)
	l.rec.Moves = append(l.rec.Moves, text)
	l.sides = append(l.sides, side)
	now = storedTime(now)
	if side == ai.First || side == ai.Second {
		var spent time.Duration
		if !first && !l.rec.LastMove.IsZero() && now.After(l.rec.LastMove) {
			spent = now.Sub(l.rec.LastMove)
		}
		l.rec.Clocks[side] += spent
		if tc := l.rec.TimeControl; tc.Base > 0 {
			l.rec.Left[side] -= spent
			if l.pos.Turn() != side { // the turn is over: the increment
				l.rec.Left[side] += tc.Increment
			}
		}
	}
	l.rec.LastMove = now
	l.reminded = false
	if l.rec.DrawOffer != ai.NoSide && l.rec.DrawOffer != side {
		l.rec.DrawOffer = ai.NoSide
	}
	l.rec.TakebackOffer = ai.NoSide // a move answers it: the position asked about is gone
	if st := l.pos.Status(); st.Over {
		l.rec.Result = Result{Over: true, Winner: st.Winner, Reason: st.Reason, Points: st.WinPoints()}
	}
	l.version++
	return text
}

// bothMoved reports whether each side has made a move; l.mu must be held.
func (l *state) bothMoved() bool {
	return slices.Contains(l.sides, ai.First) && slices.Contains(l.sides, ai.Second)
}

// storedTime drops what the store does not keep (below a millisecond, the
// monotonic reading), so that a restored game equals the one in memory.
func storedTime(t time.Time) time.Time { return time.UnixMilli(t.UnixMilli()) }

// end finishes the game with a session result; l.mu must be held.
func (l *state) end(winner ai.Side, reason string, now time.Time) {
	l.rec.Result = Result{Over: true, Winner: winner, Reason: reason}
	if winner == ai.First || winner == ai.Second {
		l.rec.Result.Points = 1 // a resignation or a fallen flag: a plain win
		if s := games.CanOf(l.game, l.pos).Staker; s != nil {
			l.rec.Result.Points = min(max(s.Stake(), 1), ai.MaxPoints) // backgammon's: the cube's value
		}
	}
	l.rec.DrawOffer = ai.NoSide
	l.rec.LastMove = storedTime(now)
	l.version++
}

// flagged reports whether the player to move has run out of time at now.
// The bot never loses on time. l.mu must be held.
func (l *state) flagged(now time.Time) bool {
	t := l.pos.Turn()
	if l.rec.Result.Over || (t != ai.First && t != ai.Second) || l.rec.Players[t].Bot {
		return false
	}
	left, ok := l.rec.TimeControl.allowance(l.rec.Left[t], l.rec.LastMove, now)
	return ok && left <= 0
}

// flag ends the game as a loss on time for the side to move; l.mu must be held.
func (l *state) flag(now time.Time) { l.flagSide(l.pos.Turn(), now) }

// flagSide is flag for side t (the player whose roll by hand is due).
func (l *state) flagSide(t ai.Side, now time.Time) {
	left, _ := l.rec.TimeControl.allowance(l.rec.Left[t], l.rec.LastMove, now)
	spent := max(now.Sub(l.rec.LastMove), 0)
	l.rec.Clocks[t] += spent
	if l.rec.TimeControl.Base > 0 {
		l.rec.Left[t] = min(left, 0)
	}
	l.timeOutSide(t, ReasonTime, now)
}

// begun reports whether a player has moved (a roll is no move): the
// clocks run from the game's first move, not from its start.
func (l *state) begun() bool {
	return slices.ContainsFunc(l.sides, func(s ai.Side) bool { return s == ai.First || s == ai.Second })
}

// timeoutVoids reports whether a flag or idleness of side t now would end
// the game without a result (timeOutSide) rather than lose it.
func (l *state) timeoutVoids(t ai.Side) bool {
	return l.solo() || (l.rec.Tournament == 0 && !slices.Contains(l.sides, t))
}

// timeOut ends the game for the side to move's idleness or fallen flag: a
// loss, or, outside tournaments, no result when that side never moved (a
// game started and left, as with a resignation before one's first move).
// l.mu must be held.
func (l *state) timeOut(reason string, now time.Time) { l.timeOutSide(l.pos.Turn(), reason, now) }

// timeOutSide is timeOut for side t.
func (l *state) timeOutSide(t ai.Side, reason string, now time.Time) {
	if l.timeoutVoids(t) {
		// A puzzle left alone, or a game left before its player's first
		// move, ends without a result.
		l.end(ai.NoSide, ReasonAbandoned, now)
		return
	}
	l.end(t.Opponent(), reason, now)
}
