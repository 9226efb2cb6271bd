package sessions

// shared.go: several processes on one store (Config.Shared). Each process
// holds copies of the games it has met; the store is the truth. A copy is
// brought up to date from the store before it is acted on, SaveGame's
// compare-and-set refuses a change made on a copy gone stale meanwhile
// (the copy is then reloaded and the action tried again, or refused as
// the new state says), and the games a process does not hold are loaded
// when it meets them (replica.go). One process at a time (the holder of
// the sweep lease) looks at the clocks of every game and takes over the
// bot moves a dead process left (package sessions/fleet), and one at a
// time changes the tournaments (the holder of the tournaments' lease,
// reading them afresh: package sessions/tournaments).

import (
	crand "crypto/rand"
	"encoding/hex"
	"errors"
)

// Defaults of the shared mode.
const (
	// conflictTries is how many times an action is tried on a freshly
	// loaded game when another process keeps saving it first.
	conflictTries = 5
)

// newInstance is a process's default lease holder name: random, so that
// two processes never share one.
func newInstance() string {
	var b [6]byte
	_, _ = crand.Read(b[:])
	return "p" + hex.EncodeToString(b[:])
}

// retryConflict runs an action again, on the game reloaded, while it
// loses its save to another process (ErrConflict), a few times at most.
func retryConflict[T any](f func() (T, error)) (T, error) {
	for try := 1; ; try++ {
		v, err := f()
		if !errors.Is(err, ErrConflict) || try == conflictTries {
			return v, err
		}
	}
}

// retryConflict2 is retryConflict for an action with two results.
func retryConflict2[A, B any](f func() (A, B, error)) (A, B, error) {
	type pair struct {
		a A
		b B
	}
	p, err := retryConflict(func() (pair, error) {
		a, b, err := f()
		return pair{a, b}, err
	})
	return p.a, p.b, err
}
