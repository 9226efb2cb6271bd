package sessions

// actions.go is what players do in a game: moves, resignations, draw
// offers, take-backs, level changes and hints.

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
)

// MoveResult is the outcome of a person's move.
type MoveResult struct {
	Game Snapshot // after the move
	Move string   // canonical text of the moves played, separated by spaces
	// Moves are the plies the message played, in order (one for a game
	// whose turns are single moves); the chance events they led to are in
	// Game's history.
	Moves []string
	// From is where Moves begin in Game's history: everything after them
	// (dice, a pass the rules made for the next player) follows.
	From int
	// BotToMove: the bot's reply has been queued (an EventBotMoved follows).
	BotToMove bool
	// Flagged: the mover's time had run out; the move was not played and
	// the game is lost on time (Game shows the result).
	Flagged bool
}

// lockSide returns game id locked, with userID's side in it, when userID
// plays in it (finished or not); otherwise the error (ErrNoGame,
// ErrNotPlayer) and nothing locked.
func (m *Manager) lockSide(id int64, userID string) (*live, ai.Side, error) {
	l, err := m.get(id)
	if err != nil {
		return nil, ai.NoSide, err
	}
	m.lockFresh(l)
	side := l.sideOf(userID)
	if side == ai.NoSide {
		l.mu.Unlock()
		return nil, ai.NoSide, ErrNotPlayer
	}
	return l, side, nil
}

// lockPlayer returns game id locked, with userID's side in it, when the
// game is still going and userID plays in it; otherwise the error
// (ErrNoGame, ErrGameOver, ErrNotPlayer) and nothing locked.
func (m *Manager) lockPlayer(id int64, userID string) (*live, ai.Side, error) {
	l, err := m.get(id)
	if err != nil {
		return nil, ai.NoSide, err
	}
	m.lockFresh(l)
	if l.rec.Result.Over {
		l.mu.Unlock()
		return nil, ai.NoSide, ErrGameOver
	}
	side := l.sideOf(userID)
	if side == ai.NoSide {
		l.mu.Unlock()
		return nil, ai.NoSide, ErrNotPlayer
	}
	return l, side, nil
}

// Move plays text as userID's move in game id: one move, or, in a game whose
// turns are several plies (games.TurnReader), as many of the turn's plies
// as the message holds. The chance events due after them (the next
// player's dice) are rolled and recorded. A message is played whole or not
// at all: a refused ply changes nothing. Errors: ErrNoGame, ErrNotPlayer,
// ErrNotYourTurn, ErrGameOver, ErrNotSaved, or the game's *games.MoveError
// (Reason ReasonTurnOver for plies beyond the end of the turn). ref is
// carried by the bot's reply.
func (m *Manager) Move(ctx context.Context, id int64, userID, text, ref string) (MoveResult, error) {
	return retryConflict(func() (MoveResult, error) { return m.move(ctx, id, userID, text, ref) })
}

// move is one try of Move.
func (m *Manager) move(ctx context.Context, id int64, userID, text, ref string) (MoveResult, error) {
	l, side, err := m.lockPlayer(id, userID)
	if err != nil {
		return MoveResult{}, err
	}
	if l.pos.Turn() != side {
		l.mu.Unlock()
		return MoveResult{}, ErrNotYourTurn
	}
	now := m.cfg.Now()
	cp := l.state.clone()
	if l.flagged(now) {
		l.flag(now)
		if err := m.commit(ctx, l, cp); err != nil {
			l.mu.Unlock()
			return MoveResult{}, err
		}
		l.mu.Unlock()
		return MoveResult{Game: m.ended(ctx, l), Flagged: true}, nil
	}
	plies := []string{text}
	if tr, ok := l.pos.(games.TurnReader); ok {
		if plies = tr.SplitTurn(text); len(plies) == 0 {
			plies = []string{text}
		}
	}
	var played []string
	from := len(l.rec.Moves)
	for _, p := range plies {
		if l.rec.Result.Over || l.pos.Turn() != side {
			l.state = cp
			l.mu.Unlock()
			return MoveResult{}, &games.MoveError{Kind: games.Illegal, Input: p, Reason: ReasonTurnOver,
				Detail: "the turn was over before this move"}
		}
		mv, err := l.pos.ParseMove(p)
		if err != nil {
			l.state = cp
			l.mu.Unlock()
			return MoveResult{}, err
		}
		played = append(played, l.apply(mv, now))
	}
	m.roll(&l.state, now)
	if err := m.commit(ctx, l, cp); err != nil {
		l.mu.Unlock()
		return MoveResult{}, err
	}
	res := MoveResult{Move: strings.Join(played, " "), Moves: played, From: from}
	over := l.rec.Result.Over
	if l.botToMove() {
		m.queueBot(l, ref, holdOf(ctx))
		res.BotToMove = true
	}
	res.Game = l.snapshot()
	l.mu.Unlock()
	if over {
		res.Game = m.ended(ctx, l)
	}
	return res, nil
}

// CheckMove reports whether text is a legal move for userID now in game id,
// without playing it (for telling bare moves from chat).
func (m *Manager) CheckMove(id int64, userID, text string) error {
	l, side, err := m.lockPlayer(id, userID)
	if err != nil {
		return err
	}
	defer l.mu.Unlock()
	if l.pos.Turn() != side {
		return ErrNotYourTurn
	}
	tr, ok := l.pos.(games.TurnReader)
	if !ok {
		_, err = l.pos.ParseMove(text)
		return err
	}
	// A whole turn: every ply legal where the ones before it lead.
	pos := l.pos.Clone()
	for _, p := range tr.SplitTurn(text) {
		if st := pos.Status(); st.Over || pos.Turn() != side {
			return &games.MoveError{Kind: games.Illegal, Input: p, Reason: ReasonTurnOver}
		}
		mv, err := pos.ParseMove(p)
		if err != nil {
			return err
		}
		pos.Make(mv)
	}
	return nil
}

// Resign ends game id as a loss for userID.
func (m *Manager) Resign(ctx context.Context, id int64, userID string) (Snapshot, error) {
	return retryConflict(func() (Snapshot, error) { return m.resign(ctx, id, userID) })
}

// resign is one try of Resign.
func (m *Manager) resign(ctx context.Context, id int64, userID string) (Snapshot, error) {
	l, side, err := m.lockPlayer(id, userID)
	if err != nil {
		return Snapshot{}, err
	}
	cp := l.state.clone()
	if l.rec.Tournament == 0 && !slices.Contains(l.sides, side) {
		// Nothing played yet: a game started by mistake ("oyna dama" for
		// "oyna xox") costs no rating.
		l.end(ai.NoSide, ReasonAbandoned, m.cfg.Now())
	} else {
		l.end(side.Opponent(), ReasonResigned, m.cfg.Now())
	}
	if err := m.commit(ctx, l, cp); err != nil {
		l.mu.Unlock()
		return Snapshot{}, err
	}
	l.mu.Unlock()
	return m.ended(ctx, l), nil
}

// DrawOutcome is what became of a draw offer.
type DrawOutcome int

// Draw outcomes.
const (
	DrawOffered  DrawOutcome = iota // waiting for the opponent
	DrawAgreed                      // the game is drawn
	DrawDeclined                    // the bot declined
)

// OfferDraw offers (or, if the opponent offered, accepts) a draw. The bot
// accepts when its static evaluation says it is not ahead.
//
// A draw agreed between people before both have made a move says nothing
// about their strength and would let two accounts farm ratings: outside
// tournaments the game ends without a result (ReasonEarlyDraw, void); in a
// tournament it stays a draw, since the pairing needs a result, but the
// game is no longer rated.
func (m *Manager) OfferDraw(ctx context.Context, id int64, userID string) (DrawOutcome, Snapshot, error) {
	type drawResult struct {
		out  DrawOutcome
		snap Snapshot
	}
	r, err := retryConflict(func() (drawResult, error) {
		out, snap, err := m.offerDraw(ctx, id, userID)
		return drawResult{out, snap}, err
	})
	return r.out, r.snap, err
}

// offerDraw is one try of OfferDraw.
func (m *Manager) offerDraw(ctx context.Context, id int64, userID string) (DrawOutcome, Snapshot, error) {
	l, side, err := m.lockPlayer(id, userID)
	if err != nil {
		return 0, Snapshot{}, err
	}
	if l.solo() || m.policy(l.game).NoDraws {
		l.mu.Unlock()
		return 0, Snapshot{}, ErrNotAllowed
	}
	now := m.cfg.Now()
	cp := l.state.clone()
	var out DrawOutcome
	switch {
	case l.vsBot():
		score := l.pos.Evaluate() // from the side to move's point of view
		if l.pos.Turn() != l.botSide() {
			score = -score
		}
		// Not before a few moves: a draw agreed at the start against a
		// strong level was a free rating gain.
		if score <= 0 && len(l.rec.Moves) >= BotDrawMinMoves {
			l.end(ai.NoSide, ReasonAgreement, now)
			out = DrawAgreed
		} else {
			out = DrawDeclined
		}
	case l.rec.DrawOffer == side.Opponent():
		switch {
		case l.bothMoved():
			l.end(ai.NoSide, ReasonAgreement, now)
		case l.rec.Tournament != 0:
			l.rec.Rated = false
			l.end(ai.NoSide, ReasonAgreement, now)
		default:
			l.end(ai.NoSide, ReasonEarlyDraw, now)
		}
		out = DrawAgreed
	default:
		l.rec.DrawOffer = side
		l.version++
		out = DrawOffered
	}
	if out != DrawDeclined {
		if err := m.commit(ctx, l, cp); err != nil {
			l.mu.Unlock()
			return 0, Snapshot{}, err
		}
	}
	snap := l.snapshot()
	over := l.rec.Result.Over
	l.mu.Unlock()
	if over {
		snap = m.ended(ctx, l)
	}
	return out, snap, nil
}

// DeclineDraw declines the opponent's draw offer.
func (m *Manager) DeclineDraw(ctx context.Context, id int64, userID string) (Snapshot, error) {
	return retryConflict(func() (Snapshot, error) { return m.declineDraw(ctx, id, userID) })
}

// declineDraw is one try of DeclineDraw.
func (m *Manager) declineDraw(ctx context.Context, id int64, userID string) (Snapshot, error) {
	l, side, err := m.lockSide(id, userID)
	if err != nil {
		return Snapshot{}, err
	}
	defer l.mu.Unlock()
	if l.rec.Result.Over || l.rec.DrawOffer != side.Opponent() {
		return Snapshot{}, ErrNoDrawOffer
	}
	cp := l.state.clone()
	l.rec.DrawOffer = ai.NoSide
	l.version++
	if err := m.commit(ctx, l, cp); err != nil {
		return Snapshot{}, err
	}
	return l.snapshot(), nil
}

// Undo takes back userID's last move and the bot's reply (games against the
// bot only, on the person's turn).
func (m *Manager) Undo(ctx context.Context, id int64, userID string) (Snapshot, error) {
	return retryConflict(func() (Snapshot, error) { return m.undo(ctx, id, userID) })
}

// undo is one try of Undo.
func (m *Manager) undo(ctx context.Context, id int64, userID string) (Snapshot, error) {
	l, side, err := m.lockSide(id, userID)
	if err != nil {
		return Snapshot{}, err
	}
	defer l.mu.Unlock()
	switch {
	case m.policy(l.game).NoUndo:
		return Snapshot{}, ErrNotAllowed
	case !l.vsBot() && !l.solo():
		return Snapshot{}, ErrNotVsBot
	case l.rec.Tournament != 0:
		return Snapshot{}, ErrTournamentGame
	case l.rec.Result.Over:
		return Snapshot{}, ErrGameOver
	case l.botBusy || l.pos.Turn() != side:
		return Snapshot{}, ErrNotYourTurn
	}
	last := -1
	for i, s := range l.sides {
		if s == side {
			last = i
		}
	}
	if last < 0 {
		return Snapshot{}, ErrNothingToUndo
	}
	// Back to the start of the person's last turn (a turn may be several
	// plies); in a puzzle, every move is a turn.
	for !l.solo() && last > 0 && l.sides[last-1] == side {
		last--
	}
	cp := l.state.clone()
	if err := l.replay(l.rec.Moves[:last]); err != nil {
		return Snapshot{}, fmt.Errorf("sessions: undo: %w", err)
	}
	l.rec.DrawOffer = ai.NoSide
	l.rec.LastMove = storedTime(m.cfg.Now())
	l.rec.Rated = false // a game with a take-back says nothing about strength
	l.version++
	if err := m.commit(ctx, l, cp); err != nil {
		return Snapshot{}, err
	}
	return l.snapshot(), nil
}

// TakeBackPly takes back userID's last ply in game id while their turn
// of several plies is not complete (a die of tavla's two): nothing was
// answered yet, so it is allowed in every game, between people too, and
// leaves the game rated. It returns the game after it and the ply taken
// back; ErrNothingToUndo when the sender's turn has no ply played yet.
func (m *Manager) TakeBackPly(ctx context.Context, id int64, userID string) (Snapshot, string, error) {
	var ply string
	s, err := retryConflict(func() (Snapshot, error) {
		var (
			s   Snapshot
			err error
		)
		s, ply, err = m.takeBackPly(ctx, id, userID)
		return s, err
	})
	return s, ply, err
}

// takeBackPly is one try of TakeBackPly.
func (m *Manager) takeBackPly(ctx context.Context, id int64, userID string) (Snapshot, string, error) {
	l, side, err := m.lockPlayer(id, userID)
	if err != nil {
		return Snapshot{}, "", err
	}
	defer l.mu.Unlock()
	n := len(l.sides)
	switch {
	case l.pos.Turn() != side:
		return Snapshot{}, "", ErrNotYourTurn
	case n == 0 || l.sides[n-1] != side:
		return Snapshot{}, "", ErrNothingToUndo
	}
	ply := l.rec.Moves[n-1]
	cp := l.state.clone()
	if err := l.replay(l.rec.Moves[:n-1]); err != nil {
		return Snapshot{}, "", fmt.Errorf("sessions: take back a ply: %w", err)
	}
	l.version++
	if err := m.commit(ctx, l, cp); err != nil {
		return Snapshot{}, "", err
	}
	return l.snapshot(), ply, nil
}

// SetLevel changes the bot's level in game id.
func (m *Manager) SetLevel(ctx context.Context, id int64, userID, level string) (Snapshot, error) {
	return retryConflict(func() (Snapshot, error) { return m.setLevel(ctx, id, userID, level) })
}

// setLevel is one try of SetLevel.
func (m *Manager) setLevel(ctx context.Context, id int64, userID, level string) (Snapshot, error) {
	l, err := m.get(id)
	if err != nil {
		return Snapshot{}, err
	}
	lvl, ok := m.parseLevel(l.game, level)
	if !ok {
		return Snapshot{}, ErrUnknownLevel
	}
	m.lockFresh(l)
	defer l.mu.Unlock()
	switch {
	case l.sideOf(userID) == ai.NoSide:
		return Snapshot{}, ErrNotPlayer
	case !l.vsBot():
		return Snapshot{}, ErrNotVsBot
	case l.rec.Tournament != 0:
		return Snapshot{}, ErrTournamentGame
	case l.rec.Result.Over:
		return Snapshot{}, ErrGameOver
	}
	cp := l.state.clone()
	if len(l.rec.Moves) > 0 && lvl.Name != l.rec.Level {
		// A win against the level played at the end, prepared against
		// another, would be rated against the wrong opponent.
		l.rec.Rated = false
	}
	l.rec.Level = lvl.Name
	if err := m.commit(ctx, l, cp); err != nil {
		return Snapshot{}, err
	}
	return l.snapshot(), nil
}

// Hint asks the engine for a move for userID in game id; the answer comes as
// an EventHint.
func (m *Manager) Hint(ctx context.Context, id int64, userID, ref string) error {
	l, side, err := m.lockSide(id, userID)
	if err != nil {
		return err
	}
	defer l.mu.Unlock()
	switch {
	case l.rec.Result.Over:
		return ErrGameOver
	case l.solo() || m.policy(l.game).NoHints:
		return ErrNotAllowed
	case !l.vsBot() || l.rec.Tournament != 0:
		return ErrRatedGame // the engine's help would be cheating
	case l.pos.Turn() != side:
		return ErrNotYourTurn
	}
	unrated := l.rec.Rated
	if l.rec.Rated {
		cp := l.state.clone()
		l.rec.Rated = false // a game played with the engine's help is not rated
		if err := m.commit(ctx, l, cp); err != nil {
			return err
		}
	}
	pos := l.pos.Clone()
	snap := l.snapshot()
	lvl := m.level(l.game, HintLevel)
	if cur, ok := m.parseLevel(l.game, l.rec.Level); ok && cur.Limits.Time > lvl.Limits.Time {
		lvl = cur
	}
	lvl.BlunderProb = 0
	seed := uint64(l.version)
	announced := make(chan struct{})
	queued := m.pool.submit(l.rec.Platform+"/"+userID, func(eng Engine) {
		ctx, cancel := searchContext(m.ctx, lvl)
		defer cancel()
		res := eng.Choose(ctx, pos, lvl, rand.New(rand.NewPCG(m.cfg.Seed, seed)))
		if !m.legal(pos, res.Best) {
			return
		}
		m.afterAnnounced(announced)
		m.emit(Event{Kind: EventHint, Game: snap, Move: pos.FormatMove(res.Best), Ref: ref, UserID: userID, Score: res.Score, Depth: res.Depth, Unrated: unrated})
	})
	m.announceQueued(queued, Event{Kind: EventThinking, Game: snap, Ref: ref, Queued: true}, nil, announced)
	return nil
}
