package sessions

// takeback.go: take-backs between people. One player offers to take back
// their last turn; the opponent accepts or declines. Accepted, the game
// goes back to before the offerer's last turn (the opponent's reply since,
// if any, with it) and is no longer rated: a game with a take-back says
// nothing about strength. A move by either player answers the offer.

import (
	"context"
	"fmt"

	"oyunbot/ai"
)

// TakebackOutcome is what an offer to take back became.
type TakebackOutcome int

// Take-back outcomes.
const (
	TakebackOffered  TakebackOutcome = iota // waiting for the opponent
	TakebackAccepted                        // the moves were taken back
)

// OfferTakeback offers, in a game between people, to take back userID's
// last turn; an offer of the opponent's pending is accepted instead.
// Errors: ErrNotAllowed (a game against the bot, whose take-back is Undo,
// or one that takes none back: tavla's dice), ErrTournamentGame,
// ErrNothingToUndo, and the lookups' (ErrNoGame, ErrNotPlayer,
// ErrGameOver).
func (o *Offers) OfferTakeback(ctx context.Context, id int64, userID string) (TakebackOutcome, Snapshot, error) {
	return retryConflict2(func() (TakebackOutcome, Snapshot, error) { return o.offerTakeback(ctx, id, userID) })
}

// offerTakeback is one try of OfferTakeback.
func (o *Offers) offerTakeback(ctx context.Context, id int64, userID string) (TakebackOutcome, Snapshot, error) {
	var (
		out  TakebackOutcome
		snap Snapshot
	)
	_, err := o.replica.act(id, userID, true, func(l *live, side ai.Side) (err error) {
		switch {
		case l.solo() || l.vsBot() || o.policy(l.game).NoUndo:
			return ErrNotAllowed
		case l.rec.Tournament != 0:
			return ErrTournamentGame
		case l.rec.TakebackOffer == side.Opponent():
			out = TakebackAccepted
			snap, err = o.acceptTakeback(ctx, l)
			return err
		case takebackPoint(l.sides, side) < 0:
			return ErrNothingToUndo
		}
		cp := l.state.clone()
		l.rec.TakebackOffer = side
		l.version++
		if err := o.replica.commit(ctx, l, cp); err != nil {
			return err
		}
		out, snap = TakebackOffered, l.snapshot()
		return nil
	})
	return out, snap, err
}

// AnswerTakeback accepts or declines the opponent's offer to take back.
func (o *Offers) AnswerTakeback(ctx context.Context, id int64, userID string, accept bool) (Snapshot, error) {
	return retryConflict(func() (Snapshot, error) { return o.answerTakeback(ctx, id, userID, accept) })
}

// answerTakeback is one try of AnswerTakeback.
func (o *Offers) answerTakeback(ctx context.Context, id int64, userID string, accept bool) (Snapshot, error) {
	var snap Snapshot
	_, err := o.replica.act(id, userID, true, func(l *live, side ai.Side) (err error) {
		if l.rec.TakebackOffer != side.Opponent() {
			return ErrNoTakebackOffer
		}
		if accept {
			snap, err = o.acceptTakeback(ctx, l)
			return err
		}
		cp := l.state.clone()
		l.rec.TakebackOffer = ai.NoSide
		l.version++
		if err := o.replica.commit(ctx, l, cp); err != nil {
			return err
		}
		snap = l.snapshot()
		return nil
	})
	return snap, err
}

// acceptTakeback takes the offerer's last turn back (and the reply after
// it); l.mu must be held.
func (o *Offers) acceptTakeback(ctx context.Context, l *live) (Snapshot, error) {
	to := takebackPoint(l.sides, l.rec.TakebackOffer)
	if to < 0 {
		return Snapshot{}, ErrNothingToUndo
	}
	cp := l.state.clone()
	if err := l.replay(l.rec.Moves[:to]); err != nil {
		return Snapshot{}, fmt.Errorf("sessions: take back: %w", err)
	}
	l.rec.DrawOffer, l.rec.TakebackOffer = ai.NoSide, ai.NoSide
	l.rec.LastMove = storedTime(o.cfg.Now())
	l.rec.Rated = false // a game with a take-back says nothing about strength
	l.version++
	if err := o.replica.commit(ctx, l, cp); err != nil {
		return Snapshot{}, err
	}
	return l.snapshot(), nil
}

// takebackPoint is where side's last turn begins in a history of sides
// (the chance events that opened it included), or -1 when side has not
// moved: taking back to there undoes that turn and everything after it.
func takebackPoint(sides []ai.Side, side ai.Side) int {
	last := -1
	for i, s := range sides {
		if s == side {
			last = i
		}
	}
	if last < 0 {
		return -1
	}
	for last > 0 && (sides[last-1] == side || sides[last-1] == ai.Chance) {
		last--
	}
	return last
}
