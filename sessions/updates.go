package sessions

// updates.go: a platform update (a message, a button press) is applied at
// most once. Platforms re-send an update whose answer they did not get
// (Telegram for a day; Discord's interactions on a reconnect), to the same
// process after a restart or to another one: the update's key goes with the
// request's context to the first change it makes, and is recorded in the
// same transaction (GameRecord.Update), so that a second try of the same
// update finds it recorded and changes nothing (ErrDuplicate).

import (
	"context"
	"sync/atomic"
	"time"
)

type updateCtxKey struct{}

// updateSlot holds a request's update until its first saved change takes
// it.
type updateSlot struct {
	key   UpdateKey
	taken atomic.Bool
}

// WithUpdate returns ctx carrying platform update key: the first change of
// a game made with it (a move, a resignation, a new game...) records it,
// and one made with an update recorded before fails with ErrDuplicate.
func WithUpdate(ctx context.Context, key UpdateKey) context.Context {
	if key.ID == "" {
		return ctx
	}
	return context.WithValue(ctx, updateCtxKey{}, &updateSlot{key: key})
}

// takeUpdate takes ctx's update for a change about to be saved (none
// when it has none or a change took it); give it back (giveUpdate) if the
// change is not saved.
func takeUpdate(ctx context.Context) UpdateKey {
	s, _ := ctx.Value(updateCtxKey{}).(*updateSlot)
	if s == nil || !s.taken.CompareAndSwap(false, true) {
		return UpdateKey{}
	}
	return s.key
}

// giveUpdate gives ctx's update back after a change that took it was not
// saved (a conflict retried, a failure).
func giveUpdate(ctx context.Context, key UpdateKey) {
	if s, _ := ctx.Value(updateCtxKey{}).(*updateSlot); s != nil && key.ID != "" {
		s.taken.Store(false)
	}
}

// UpdatesKept is how long applied updates are remembered (the fleet's
// clean-up forgets older ones): Telegram re-sends an update for 24 hours
// at most.
const UpdatesKept = 48 * time.Hour
