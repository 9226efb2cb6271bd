package sessions

// dice.go: dice rolled by hand. In a channel set to DiceByHand the bot
// rolls for nobody but itself: a person's roll waits for their "roll"
// (Play.Roll), and their clock runs meanwhile, as for any turn.

import (
	"errors"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
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

// dice draws the chance events of the games: cfg.Dice, whose use its
// lock serialises (a leaf: nothing else is locked under it).
type dice struct {
	*env
	channels *Channels // whose players roll by hand

	mu sync.Mutex
}

// roll plays the chance events due (dice) with the Manager's dice and
// records them in the game's history, so that a replay gives the same game
// and a finished game can be audited roll by roll; the game's lock must be
// held.
func (d *dice) roll(l *state, now time.Time) { d.rollDice(l, now, false) }

// rollDice is roll; byHand: the first roll due is a person's own (Roll),
// made even where people roll by hand.
func (d *dice) rollDice(l *state, now time.Time, byHand bool) {
	for !l.rec.Result.Over {
		if l.pos.Turn() != ai.Chance {
			// A move the rules leave no choice about (a roll that cannot
			// be played) is played for the side to move, and the dice
			// after it rolled.
			am := games.CanOf(l.game, l.pos).AutoMover
			if am == nil {
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
			d.log.Error("a chance turn in a game without chances", "id", l.rec.ID, "game", l.rec.Game)
			return
		}
		if !byHand && d.handRoll(l) {
			return // the player rolls (Roll)
		}
		byHand = false
		l.apply(d.pick(st.Chances(nil)), now)
	}
}

// handRoll reports whether the pending chance event is a person's roll
// that waits for them; l's lock must be held.
func (d *dice) handRoll(l *state) bool {
	if l.rec.Result.Over || l.pos.Turn() != ai.Chance {
		return false
	}
	r := l.roller()
	if r == ai.NoSide || l.rec.Players[r].Bot {
		return false
	}
	return d.channels.Get(d.ctx, l.rec.Platform, l.rec.ChannelID).Dice == DiceByHand
}

// pick draws one outcome by its probability.
func (d *dice) pick(outs []ai.ChanceOutcome) ai.Move {
	r := d.float()
	acc := 0.0
	for _, o := range outs {
		if acc += o.Prob; r < acc {
			return o.Move
		}
	}
	return outs[len(outs)-1].Move
}

func (d *dice) float() float64 {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.cfg.Dice.Float64()
}

// randomStart draws a start of a game that draws its own (a puzzle's).
func (d *dice) randomStart(rs games.RandomStarter, level string) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return rs.RandomStart(level, d.cfg.Dice)
}
