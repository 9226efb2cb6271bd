package delivery

// outbox_state.go: a reply given up, waiting for the outbox to settle
// (Router.Wait, a graceful stop) and its delivery metrics in the log.

import (
	"context"
	"log/slog"
	"time"
)

// count changes the delivery figures under the lock.
func (o *Outbox) count(f func(*deliveryMetrics)) {
	o.mu.Lock()
	defer o.mu.Unlock()
	f(&o.m)
}

// notifyLocked wakes the waiters when every queued reply has been tried;
// o.mu must be held.
func (o *Outbox) notifyLocked() {
	if len(o.waiters) == 0 || !o.settledLocked() {
		return
	}
	for _, w := range o.waiters {
		close(w)
	}
	o.waiters = nil
}

// settledLocked reports whether every chat whose platform has a sender is
// done or stuck: its queue is empty, or its oldest reply has failed and
// waits to be retried (the replies behind it wait for it); o.mu must be held.
func (o *Outbox) settledLocked() bool {
	for key, cq := range o.queues {
		if o.sender(key.platform) != nil && len(cq.items) > 0 && !cq.items[0].tried {
			return false
		}
	}
	return true
}

// Wait blocks until every reply queued so far has been delivered, or waits
// behind a reply of its chat that failed and will be retried, or ctx is
// done.
func (o *Outbox) Wait(ctx context.Context) error {
	o.mu.Lock()
	if o.settledLocked() {
		o.mu.Unlock()
		return nil
	}
	w := make(chan struct{})
	o.waiters = append(o.waiters, w)
	o.mu.Unlock()
	select {
	case <-w:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// pending counts the queued replies.
func (o *Outbox) pending() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := 0
	for _, cq := range o.queues {
		n += len(cq.items)
	}
	return n
}

// metricsLoop logs the delivery figures once a minute when there were any.
func (o *Outbox) metricsLoop() {
	defer o.wg.Done()
	t := time.NewTicker(metricsEvery)
	defer t.Stop()
	for {
		select {
		case <-o.ctx.Done():
			return
		case <-t.C:
			o.logMetrics()
		}
	}
}

func (o *Outbox) logMetrics() {
	o.mu.Lock()
	m := o.m
	o.m = deliveryMetrics{}
	pending := 0
	for _, cq := range o.queues {
		pending += len(cq.items)
	}
	o.mu.Unlock()
	if m == (deliveryMetrics{}) && pending == 0 {
		return
	}
	// Only trouble is worth a line at the default level; smooth delivery
	// is for debugging (the console would print it after every session).
	level := slog.LevelDebug
	if m.retried+m.stale+m.failed+m.unstored+m.takenOver+m.lost+pending > 0 {
		level = slog.LevelInfo
	}
	args := []any{"delivered", m.delivered, "retried", m.retried, "stale", m.stale, "failed", m.failed,
		"unstored", m.unstored, "pending", pending, "max_delay", m.maxDelay.Round(time.Millisecond),
		"edited", m.edited, "edits_failed", m.editsFailed, "superseded", m.superseded}
	if o.claim.owner != "" {
		args = append(args, "taken_over", m.takenOver, "lost", m.lost, "board_waits", m.boardWaits)
	}
	o.log.Log(o.base, level, "reply delivery", args...)
}

// abandon marks a reply given up in the store (state and why), so that it
// is neither sent again nor counted as waiting.
func (o *Outbox) abandon(id int64, state, note string) {
	if id == 0 {
		return
	}
	if err := o.store.AbandonReply(o.base, id, state, note); err != nil {
		o.log.Error("marking an outbox reply", "id", id, "state", state, "err", err)
	}
}

// isStale reports whether q waited too long to be sent.
func (o *Outbox) isStale(q *queued) bool { return o.now().Sub(q.created) > o.staleAfter }
