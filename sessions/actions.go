package sessions

// actions.go is what players do on a game's board: moves, rolls by hand,
// the take-back of a ply or, against the bot, of a turn, level changes and
// hints. What they agree on (resignations, draws, take-backs between
// people) is offers.go's.

import (
	"context"
	"fmt"
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

// Play carries out the players' moves (Manager.Play). It has no state and
// no lock of its own: each action runs under its game's lock (replica.act),
// and what follows a game's end is done once it is unlocked.
type Play struct {
	*env
	table   *table
	replica *replica
	dice    *dice
	bots    *bots
	settler *settler
}

// Move plays text as userID's move in game id: one move, or, in a game whose
// turns are several plies (games.TurnReader), as many of the turn's plies
// as the message holds. The chance events due after them (the next
// player's dice) are rolled and recorded. A message is played whole or not
// at all: a refused ply changes nothing. Errors: ErrNoGame, ErrNotPlayer,
// ErrNotYourTurn, ErrGameOver, ErrNotSaved, or the game's *games.MoveError
// (Reason ReasonTurnOver for plies beyond the end of the turn). ref is
// carried by the bot's reply.
func (p *Play) Move(ctx context.Context, id int64, userID, text, ref string) (MoveResult, error) {
	return retryConflict(func() (MoveResult, error) { return p.move(ctx, id, userID, text, ref) })
}

// move is one try of Move.
func (p *Play) move(ctx context.Context, id int64, userID, text, ref string) (MoveResult, error) {
	var res MoveResult
	l, err := p.replica.act(id, userID, true, func(l *live, side ai.Side) (err error) {
		res, err = p.turn(ctx, l, side, text, ref)
		return err
	})
	if err != nil {
		return MoveResult{}, err
	}
	if res.Game.Result.Over {
		res.Game = p.settler.ended(ctx, l)
	}
	return res, nil
}

// turn plays text, side's, in l (locked) and saves it; a fallen flag is
// saved instead (Flagged).
func (p *Play) turn(ctx context.Context, l *live, side ai.Side, text, ref string) (MoveResult, error) {
	if l.pos.Turn() != side {
		return MoveResult{}, ErrNotYourTurn
	}
	now := p.cfg.Now()
	cp := l.state.clone()
	if l.flagged(now) {
		l.flag(now)
		if err := p.replica.commit(ctx, l, cp); err != nil {
			return MoveResult{}, err
		}
		return MoveResult{Game: l.snapshot(), Flagged: true}, nil
	}
	plies := []string{text}
	if tr := games.CanOf(l.game, l.pos).TurnReader; tr != nil {
		if plies = tr.SplitTurn(text); len(plies) == 0 {
			plies = []string{text}
		}
	}
	var played []string
	from := len(l.rec.Moves)
	for _, ply := range plies {
		if l.rec.Result.Over || l.pos.Turn() != side {
			l.state = cp
			return MoveResult{}, &games.MoveError{Kind: games.Illegal, Input: ply, Reason: ReasonTurnOver,
				Detail: "the turn was over before this move"}
		}
		mv, err := l.pos.ParseMove(ply)
		if err != nil {
			l.state = cp
			return MoveResult{}, err
		}
		played = append(played, l.apply(mv, now))
	}
	p.dice.roll(&l.state, now)
	if err := p.replica.commit(ctx, l, cp); err != nil {
		return MoveResult{}, err
	}
	res := MoveResult{Move: strings.Join(played, " "), Moves: played, From: from}
	if l.botToMove() {
		p.bots.queue(l, ref, holdOf(ctx))
		res.BotToMove = true
	}
	res.Game = l.snapshot()
	return res, nil
}

// CheckMove reports whether text is a legal move for userID now in game id,
// without playing it (for telling bare moves from chat).
func (p *Play) CheckMove(id int64, userID, text string) error {
	_, err := p.replica.act(id, userID, true, func(l *live, side ai.Side) error {
		if l.pos.Turn() != side {
			return ErrNotYourTurn
		}
		tr := games.CanOf(l.game, l.pos).TurnReader
		if tr == nil {
			_, err := l.pos.ParseMove(text)
			return err
		}
		// A whole turn: every ply legal where the ones before it lead.
		pos := l.pos.Clone()
		for _, ply := range tr.SplitTurn(text) {
			if st := pos.Status(); st.Over || pos.Turn() != side {
				return &games.MoveError{Kind: games.Illegal, Input: ply, Reason: ReasonTurnOver}
			}
			mv, err := pos.ParseMove(ply)
			if err != nil {
				return err
			}
			pos.Make(mv)
		}
		return nil
	})
	return err
}

// Roll rolls userID's dice in game id, when their roll is due (a channel
// whose players roll by hand): ErrNoRoll otherwise.
func (p *Play) Roll(ctx context.Context, id int64, userID string) (Snapshot, error) {
	return retryConflict(func() (Snapshot, error) { return p.roll(ctx, id, userID) })
}

// roll is one try of Roll.
func (p *Play) roll(ctx context.Context, id int64, userID string) (Snapshot, error) {
	var snap Snapshot
	_, err := p.replica.act(id, userID, true, func(l *live, side ai.Side) error {
		if l.pos.Turn() != ai.Chance || l.roller() != side {
			return ErrNoRoll
		}
		cp := l.state.clone()
		now := storedTime(p.cfg.Now())
		// The time taken to roll is the roller's, as a move's is.
		if !l.rec.LastMove.IsZero() && now.After(l.rec.LastMove) {
			spent := now.Sub(l.rec.LastMove)
			l.rec.Clocks[side] += spent
			if l.rec.TimeControl.Base > 0 {
				l.rec.Left[side] -= spent
			}
		}
		p.dice.rollDice(&l.state, now, true)
		if err := p.replica.commit(ctx, l, cp); err != nil {
			return err
		}
		snap = l.snapshot()
		return nil
	})
	return snap, err
}

// Undo takes back userID's last move and the bot's reply (games against the
// bot only, on the person's turn).
func (p *Play) Undo(ctx context.Context, id int64, userID string) (Snapshot, error) {
	return retryConflict(func() (Snapshot, error) { return p.undo(ctx, id, userID) })
}

// undo is one try of Undo.
func (p *Play) undo(ctx context.Context, id int64, userID string) (Snapshot, error) {
	var snap Snapshot
	_, err := p.replica.act(id, userID, false, func(l *live, side ai.Side) error {
		switch {
		case p.policy(l.game).NoUndo:
			return ErrNotAllowed
		case !l.vsBot() && !l.solo():
			return ErrNotVsBot
		case l.rec.Tournament != 0:
			return ErrTournamentGame
		case l.rec.Result.Over:
			return ErrGameOver
		case l.botBusy || l.pos.Turn() != side:
			return ErrNotYourTurn
		}
		last := -1
		for i, s := range l.sides {
			if s == side {
				last = i
			}
		}
		if last < 0 {
			return ErrNothingToUndo
		}
		// Back to the start of the person's last turn (a turn may be several
		// plies); in a puzzle, every move is a turn.
		for !l.solo() && last > 0 && l.sides[last-1] == side {
			last--
		}
		cp := l.state.clone()
		if err := l.replay(l.rec.Moves[:last]); err != nil {
			return fmt.Errorf("sessions: undo: %w", err)
		}
		l.rec.DrawOffer = ai.NoSide
		l.rec.LastMove = storedTime(p.cfg.Now())
		l.rec.Rated = false // a game with a take-back says nothing about strength
		l.version++
		if err := p.replica.commit(ctx, l, cp); err != nil {
			return err
		}
		snap = l.snapshot()
		return nil
	})
	return snap, err
}

// TakeBackPly takes back userID's last ply in game id while their turn
// of several plies is not complete (a die of tavla's two): nothing was
// answered yet, so it is allowed in every game, between people too, and
// leaves the game rated. It returns the game after it and the ply taken
// back; ErrNothingToUndo when the sender's turn has no ply played yet.
func (p *Play) TakeBackPly(ctx context.Context, id int64, userID string) (Snapshot, string, error) {
	return retryConflict2(func() (Snapshot, string, error) { return p.takeBackPly(ctx, id, userID) })
}

// takeBackPly is one try of TakeBackPly.
func (p *Play) takeBackPly(ctx context.Context, id int64, userID string) (Snapshot, string, error) {
	var (
		snap Snapshot
		ply  string
	)
	_, err := p.replica.act(id, userID, true, func(l *live, side ai.Side) error {
		n := len(l.sides)
		switch {
		case l.pos.Turn() != side:
			return ErrNotYourTurn
		case n == 0 || l.sides[n-1] != side:
			return ErrNothingToUndo
		}
		cp := l.state.clone()
		if err := l.replay(l.rec.Moves[:n-1]); err != nil {
			return fmt.Errorf("sessions: take back a ply: %w", err)
		}
		l.version++
		if err := p.replica.commit(ctx, l, cp); err != nil {
			return err
		}
		snap, ply = l.snapshot(), cp.rec.Moves[n-1]
		return nil
	})
	return snap, ply, err
}

// SetLevel changes the bot's level in game id.
func (p *Play) SetLevel(ctx context.Context, id int64, userID, level string) (Snapshot, error) {
	return retryConflict(func() (Snapshot, error) { return p.setLevel(ctx, id, userID, level) })
}

// setLevel is one try of SetLevel.
func (p *Play) setLevel(ctx context.Context, id int64, userID, level string) (Snapshot, error) {
	l, err := p.table.get(id)
	if err != nil {
		return Snapshot{}, err
	}
	lvl, ok := p.parseLevel(l.game, level)
	if !ok {
		return Snapshot{}, ErrUnknownLevel
	}
	var snap Snapshot
	err = p.replica.actOn(l, userID, false, func(l *live, _ ai.Side) error {
		switch {
		case !l.vsBot():
			return ErrNotVsBot
		case l.rec.Tournament != 0:
			return ErrTournamentGame
		case l.rec.Result.Over:
			return ErrGameOver
		}
		cp := l.state.clone()
		if len(l.rec.Moves) > 0 && lvl.Name != l.rec.Level {
			// A win against the level played at the end, prepared against
			// another, would be rated against the wrong opponent.
			l.rec.Rated = false
		}
		l.rec.Level = lvl.Name
		if err := p.replica.commit(ctx, l, cp); err != nil {
			return err
		}
		snap = l.snapshot()
		return nil
	})
	return snap, err
}

// Hint asks the engine for a move for userID in game id; the answer comes as
// an EventHint.
func (p *Play) Hint(ctx context.Context, id int64, userID, ref string) error {
	_, err := p.replica.act(id, userID, false, func(l *live, side ai.Side) error {
		switch {
		case l.rec.Result.Over:
			return ErrGameOver
		case l.solo() || p.policy(l.game).NoHints:
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
			if err := p.replica.commit(ctx, l, cp); err != nil {
				return err
			}
		}
		lvl := p.level(l.game, HintLevel)
		if cur, ok := p.parseLevel(l.game, l.rec.Level); ok && cur.Limits.Time > lvl.Limits.Time {
			lvl = cur
		}
		lvl.BlunderProb = 0
		p.bots.hint(l.rec.Platform+"/"+userID, l.pos.Clone(), lvl, uint64(l.version),
			Event{Kind: EventHint, Game: l.snapshot(), Ref: ref, UserID: userID, Unrated: unrated})
		return nil
	})
	return err
}
