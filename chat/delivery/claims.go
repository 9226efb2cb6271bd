package delivery

// claims.go: several processes on one store (Config.Shared). Each
// stored reply is claimed by the process that delivers it, until a claim
// end it renews while it runs (one UPDATE for all its replies). A process
// that dies stops renewing: once its claims run out, a live process takes
// its replies over (at start, and every few seconds while it runs) and
// sends them. A process never sends a reply another one claims; one that
// finds its claims taken (it could not renew them in time) drops those
// replies, unless it is sending one already.
//
// The message showing a game's board is edited under a lease of the same
// kind (liveboard.go's leaseBoard), renewed with the claims.
//
// Claims compare the processes' wall clocks: keep them in step (NTP) to
// well under the claim's TTL.

import (
	"context"
	crand "crypto/rand"
	"encoding/hex"
	"encoding/json"
	"oyunbot/sessions/outbox"
	"time"
)

// DefaultClaimTTL is how long a process's claim on its replies lasts
// unrenewed; it renews them four times as often, and a dead process's
// replies are taken over by a live one within about 1¼ times this.
const DefaultClaimTTL = 10 * time.Second

// claimTicks is how many renewals (and takeover rounds) a claim's TTL
// spans.
const claimTicks = 4

// releaseTimeout bounds the freeing of a closing process's claims.
const releaseTimeout = 5 * time.Second

// outboxClaim is a process's claim on the replies it delivers; the zero
// value (a process alone on its store) claims nothing.
type outboxClaim struct {
	owner string
	ttl   time.Duration
}

// claimOf is the claim cfg asks for: none unless cfg.Shared.
func claimOf(cfg Config) outboxClaim {
	if !cfg.Shared {
		return outboxClaim{}
	}
	c := outboxClaim{owner: cfg.Instance, ttl: cfg.ClaimTTL}
	if c.owner == "" {
		var b [6]byte
		_, _ = crand.Read(b[:])
		c.owner = "r" + hex.EncodeToString(b[:])
	}
	if c.ttl <= 0 {
		c.ttl = DefaultClaimTTL
	}
	return c
}

// queueStoredLocked queues stored replies not queued yet and returns how
// many; a claimed reply that was queued and lost is this process's again.
// Alone on its store, the outbox appends them to their chats' queues, as
// it always has; sharing it, it puts them in id order (see insertLocked).
// o.mu must be held.
func (o *Outbox) queueStoredLocked(items []outbox.Item) int {
	n := 0
	for _, it := range items {
		if o.known[it.ID] {
			delete(o.lost, it.ID)
			continue
		}
		var sr storedReply
		if err := json.Unmarshal(it.Data, &sr); err != nil {
			o.log.Error("unreadable reply in the outbox, given up", "id", it.ID, "err", err)
			o.abandon(it.ID, outbox.Failed, "unreadable: "+err.Error())
			continue
		}
		o.known[it.ID] = true
		n++
		q := &queued{id: it.ID, rep: sr.Reply, created: it.Created}
		key := chanRef{it.Platform, it.ChannelID}
		if o.claim.owner == "" {
			o.pushLocked(key, q)
		} else {
			o.insertLocked(key, q)
		}
	}
	return n
}

// insertLocked queues a taken-over reply before the chat's newer stored
// replies (by id), but never before the reply being sent, and starts the
// chat's delivery; o.mu must be held.
func (o *Outbox) insertLocked(key chanRef, q *queued) {
	cq := o.queues[key]
	if cq == nil {
		cq = &chanQueue{}
		o.queues[key] = cq
	}
	at := len(cq.items)
	from := 0
	if cq.running {
		from = 1 // the head is being sent (or waits for its retry)
	}
	for i := from; i < len(cq.items); i++ {
		if id := cq.items[i].id; id > q.id {
			at = i
			break
		}
	}
	cq.items = append(cq.items, nil)
	copy(cq.items[at+1:], cq.items[at:])
	cq.items[at] = q
	o.startLocked(key, cq)
}

// claimLoop renews this process's claims and takes over the replies whose
// claim ran out, claimTicks times per TTL, until the outbox closes.
func (o *Outbox) claimLoop() {
	defer o.wg.Done()
	t := time.NewTicker(o.claim.ttl / claimTicks)
	defer t.Stop()
	for {
		select {
		case <-o.ctx.Done():
			return
		case <-t.C:
			o.renew()
			o.takeOver()
		}
	}
}

// renew moves the claims of this process's replies on by a TTL, and marks
// lost the queued ones the store no longer gives it (another process
// claimed them while this one could not renew).
func (o *Outbox) renew() {
	o.mu.Lock()
	held := make([]int64, 0, len(o.known))
	for id := range o.known {
		held = append(held, id)
	}
	o.mu.Unlock()
	until := o.now().Add(o.claim.ttl)
	if err := o.store.RenewBoardLeases(o.ctx, o.claim.owner, until); err != nil && o.ctx.Err() == nil {
		o.log.Warn("renewing the leases on the boards being shown", "err", err)
	}
	ids, err := o.store.RenewReplies(o.ctx, o.claim.owner, until)
	if err != nil {
		if o.ctx.Err() == nil {
			o.log.Warn("renewing the claims on the outbox's replies", "err", err)
		}
		return
	}
	mine := make(map[int64]bool, len(ids))
	for _, id := range ids {
		mine[id] = true
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	lost := 0
	for _, id := range held {
		// A reply queued meanwhile is not in held; one delivered
		// meanwhile is no longer known, or is still being sent (its row
		// deleted, the queue not told yet): neither is lost.
		if !mine[id] && o.known[id] && !o.lost[id] && !o.sending[id] {
			o.lost[id] = true
			lost++
		}
	}
	if lost > 0 {
		o.m.lost += lost
		o.log.Warn("replies taken over by another process (their claim ran out), not sent here", "count", lost)
	}
}

// takeOver claims and queues the free replies of the platforms this
// process sends to: a dead process's, once their claim ran out.
func (o *Outbox) takeOver() {
	o.mu.Lock()
	var platforms []string
	for p := range o.loaded {
		if o.sender(p) != nil {
			platforms = append(platforms, p)
		}
	}
	o.mu.Unlock()
	for _, p := range platforms {
		now := o.now()
		items, err := o.store.ClaimReplies(o.ctx, p, o.claim.owner, now, now.Add(o.claim.ttl))
		if err != nil {
			if o.ctx.Err() == nil {
				o.log.Warn("taking over the outbox's free replies", "platform", p, "err", err)
			}
			continue
		}
		if len(items) == 0 {
			continue
		}
		o.mu.Lock()
		n := o.queueStoredLocked(items)
		o.m.takenOver += n
		o.mu.Unlock()
		if n > 0 {
			o.log.Info("replies taken over from a process that stopped", "platform", p, "count", n)
		}
	}
}

// release frees the claims held under this process's name, so that any
// process (this one included) takes them over at its next round: as it
// closes, and at its start.
func (o *Outbox) release() {
	if o.claim.owner == "" {
		return
	}
	ctx, cancel := context.WithTimeout(o.base, releaseTimeout)
	defer cancel()
	if _, err := o.store.RenewReplies(ctx, o.claim.owner, time.Time{}); err != nil {
		o.log.Warn("freeing the outbox's replies for the other processes", "err", err)
	}
	if err := o.store.RenewBoardLeases(ctx, o.claim.owner, time.Time{}); err != nil {
		o.log.Warn("freeing the leases on boards for the other processes", "err", err)
	}
}
