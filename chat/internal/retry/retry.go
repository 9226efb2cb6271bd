// Package retry is the one retry policy of the bot's three senders (the
// Telegram and Discord adapters and the router's outbox): a failure that
// may pass (a network error, a 5xx, a rate limit) is tried again after a
// wait that doubles from Base up to Max, with jitter so that the chats
// that failed together do not retry in step; a failure for good is
// returned at once.
package retry

import (
	"context"
	"math/rand/v2"
	"time"
)

// Policy is how a sender retries.
type Policy struct {
	// Base is the wait's scale before the first retry; it doubles on each
	// further retry up to Max.
	Base, Max time.Duration
	// Attempts bounds the tries in all, the first one included; 0: no
	// bound (until the context ends).
	Attempts int
}

// Wait is the wait before retry number n (1-based): Base doubled n-1
// times and capped at Max, then drawn uniformly from its upper half
// ("equal jitter": never less than half the exponential wait, so a storm
// of failures still slows down, and never in step with another chat).
func (p Policy) Wait(n int) time.Duration {
	d := p.Base
	for i := 1; i < n && d < p.Max; i++ {
		d *= 2
	}
	d = min(d, p.Max)
	if d <= 0 {
		return 0
	}
	return d/2 + rand.N(d/2+1)
}

// Verdict is what a sender's classifier says of a failed try: whether it
// may pass, and the wait the platform asked for (its retry_after), zero
// for the policy's own.
type Verdict struct {
	Retry bool
	After time.Duration
}

// Do calls try until it succeeds, classify says its error is for good,
// the attempts are spent or ctx ends; it returns try's last error. Before
// each retry it calls onRetry (for a log line; may be nil) with the retry's
// number (1-based), the wait and the error, then sleeps the wait.
func (p Policy) Do(ctx context.Context, try func() error, classify func(error) Verdict,
	onRetry func(n int, wait time.Duration, err error)) error {
	for n := 1; ; n++ {
		err := try()
		if err == nil {
			return nil
		}
		v := classify(err)
		if !v.Retry || (p.Attempts > 0 && n >= p.Attempts) || ctx.Err() != nil {
			return err
		}
		wait := v.After
		if wait <= 0 {
			wait = p.Wait(n)
		}
		if onRetry != nil {
			onRetry(n, wait, err)
		}
		if Sleep(ctx, wait) != nil {
			return err
		}
	}
}

// Sleep waits d, or until ctx ends (its error then).
func Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
