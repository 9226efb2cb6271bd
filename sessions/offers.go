package sessions

// offers.go is what the players of a game agree on, or concede: a
// resignation, a draw offered and accepted or declined (the bot answers at
// once), a take-back between people (takeback.go).

import (
	"context"
	"slices"

	"oyunbot/ai"
)

// Offers (Manager.Offers) carries out resignations and the offers between
// players. It has no state and no lock of its own: each runs under its
// game's lock (replica.act), and a game's end is settled once it is
// unlocked.
type Offers struct {
	*env
	replica *replica
	settler *settler
}

// Resign ends game id as a loss for userID.
func (o *Offers) Resign(ctx context.Context, id int64, userID string) (Snapshot, error) {
	return retryConflict(func() (Snapshot, error) { return o.resign(ctx, id, userID) })
}

// resign is one try of Resign.
func (o *Offers) resign(ctx context.Context, id int64, userID string) (Snapshot, error) {
	l, err := o.replica.act(id, userID, true, func(l *live, side ai.Side) error {
		cp := l.state.clone()
		if l.rec.Tournament == 0 && !slices.Contains(l.sides, side) {
			// Nothing played yet: a game started by mistake ("oyna dama" for
			// "oyna xox") costs no rating.
			l.end(ai.NoSide, ReasonAbandoned, o.cfg.Now())
		} else {
			l.end(side.Opponent(), ReasonResigned, o.cfg.Now())
		}
		return o.replica.commit(ctx, l, cp)
	})
	if err != nil {
		return Snapshot{}, err
	}
	return o.settler.ended(ctx, l), nil
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
func (o *Offers) OfferDraw(ctx context.Context, id int64, userID string) (DrawOutcome, Snapshot, error) {
	return retryConflict2(func() (DrawOutcome, Snapshot, error) { return o.offerDraw(ctx, id, userID) })
}

// offerDraw is one try of OfferDraw.
func (o *Offers) offerDraw(ctx context.Context, id int64, userID string) (DrawOutcome, Snapshot, error) {
	var (
		out  DrawOutcome
		snap Snapshot
	)
	l, err := o.replica.act(id, userID, true, func(l *live, side ai.Side) error {
		if l.solo() || o.policy(l.game).NoDraws {
			return ErrNotAllowed
		}
		now := o.cfg.Now()
		cp := l.state.clone()
		switch {
		case l.vsBot():
			// A clone's: an evaluation may attach caches to its position
			// (chess's take 768 KiB), which the live game would keep.
			score := l.pos.Clone().Evaluate() // from the side to move's point of view
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
			if err := o.replica.commit(ctx, l, cp); err != nil {
				return err
			}
		}
		snap = l.snapshot()
		return nil
	})
	if err != nil {
		return 0, Snapshot{}, err
	}
	if snap.Result.Over {
		snap = o.settler.ended(ctx, l)
	}
	return out, snap, nil
}

// DeclineDraw declines the opponent's draw offer.
func (o *Offers) DeclineDraw(ctx context.Context, id int64, userID string) (Snapshot, error) {
	return retryConflict(func() (Snapshot, error) { return o.declineDraw(ctx, id, userID) })
}

// declineDraw is one try of DeclineDraw.
func (o *Offers) declineDraw(ctx context.Context, id int64, userID string) (Snapshot, error) {
	var snap Snapshot
	_, err := o.replica.act(id, userID, false, func(l *live, side ai.Side) error {
		if l.rec.Result.Over || l.rec.DrawOffer != side.Opponent() {
			return ErrNoDrawOffer
		}
		cp := l.state.clone()
		l.rec.DrawOffer = ai.NoSide
		l.version++
		if err := o.replica.commit(ctx, l, cp); err != nil {
			return err
		}
		snap = l.snapshot()
		return nil
	})
	return snap, err
}
