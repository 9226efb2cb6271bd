package sessions

// dice.go: dice rolled by hand. In a channel set to DiceByHand the bot
// rolls for nobody but itself: a person's roll waits for their "roll"
// (Manager.Roll), and their clock runs meanwhile, as for any turn.

import (
	"context"
	"errors"

	"oyunbot/ai"
)

// DiceByHand is the ChannelSettings.Dice of a channel whose players roll
// their own dice.
const DiceByHand = "hand"

// ErrNoRoll: there is no roll to make (the game waits for a move, or for
// the other player's roll).
var ErrNoRoll = errors.New("sessions: no roll of yours is due")

// roller is the side a pending roll is for: the opponent of the side that
// moved last; NoSide before any move (the opening roll, both players'),
// which the bot always makes.
func (l *state) roller() ai.Side {
	for i := len(l.sides) - 1; i >= 0; i-- {
		if s := l.sides[i]; s == ai.First || s == ai.Second {
			return s.Opponent()
		}
	}
	return ai.NoSide
}

// Roller returns the player a pending roll of the snapshot's game is for,
// and false when no roll is pending (or it is the opening roll).
func (s Snapshot) Roller() (ai.Side, bool) {
	if s.Result.Over || s.Turn != ai.Chance {
		return ai.NoSide, false
	}
	for i := len(s.Sides) - 1; i >= 0; i-- {
		if side := s.Sides[i]; side == ai.First || side == ai.Second {
			return side.Opponent(), true
		}
	}
	return ai.NoSide, false
}

// handRoll reports whether the pending chance event is a person's roll
// that waits for them; l's lock must be held.
func (m *Manager) handRoll(l *state) bool {
	if l.rec.Result.Over || l.pos.Turn() != ai.Chance {
		return false
	}
	r := l.roller()
	if r == ai.NoSide || l.rec.Players[r].Bot {
		return false
	}
	return m.Channel(m.ctx, l.rec.Platform, l.rec.ChannelID).Dice == DiceByHand
}

// Roll rolls userID's dice in game id, when their roll is due (a channel
// whose players roll by hand): ErrNoRoll otherwise.
func (m *Manager) Roll(ctx context.Context, id int64, userID string) (Snapshot, error) {
	return retryConflict(func() (Snapshot, error) { return m.rollByHand(ctx, id, userID) })
}

// rollByHand is one try of Roll.
func (m *Manager) rollByHand(ctx context.Context, id int64, userID string) (Snapshot, error) {
	l, side, err := m.lockPlayer(id, userID)
	if err != nil {
		return Snapshot{}, err
	}
	defer l.mu.Unlock()
	if l.rec.Result.Over {
		return Snapshot{}, ErrGameOver
	}
	if l.pos.Turn() != ai.Chance || l.roller() != side {
		return Snapshot{}, ErrNoRoll
	}
	cp := l.state.clone()
	now := storedTime(m.cfg.Now())
	// The time taken to roll is the roller's, as a move's is.
	if !l.rec.LastMove.IsZero() && now.After(l.rec.LastMove) {
		spent := now.Sub(l.rec.LastMove)
		l.rec.Clocks[side] += spent
		if l.rec.TimeControl.Base > 0 {
			l.rec.Left[side] -= spent
		}
	}
	m.rollDice(&l.state, now, true)
	if err := m.commit(ctx, l, cp); err != nil {
		return Snapshot{}, err
	}
	return l.snapshot(), nil
}
