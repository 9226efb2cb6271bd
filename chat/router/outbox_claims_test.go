package router_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"oyunbot/sessions/outbox"
	"sync/atomic"
	"testing"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/router"
	"oyunbot/sessions"
	"oyunbot/store/pgtest"
)

// claimTTL is the claims' TTL in the shared outbox tests: short, but long
// enough for a renewal every TTL/4 under the race detector on a busy
// machine.
const claimTTL = 3 * time.Second

var errCut = errors.New("connection refused")

// cutStore is a process's handle on the shared store whose outbox calls
// fail while cut (the process lost the database, or died: either way its
// claims are no longer renewed); it counts the successful renewals and
// claims.
type cutStore struct {
	wiredStore
	cut             atomic.Bool
	renewed, claims atomic.Int64
}

func (s *cutStore) RenewReplies(ctx context.Context, owner string, until time.Time) ([]int64, error) {
	if s.cut.Load() {
		return nil, errCut
	}
	ids, err := s.wiredStore.RenewReplies(ctx, owner, until)
	if err == nil {
		s.renewed.Add(1)
	}
	return ids, err
}

func (s *cutStore) ClaimReplies(ctx context.Context, platform, owner string, now, until time.Time) ([]outbox.Item, error) {
	if s.cut.Load() {
		return nil, errCut
	}
	items, err := s.wiredStore.ClaimReplies(ctx, platform, owner, now, until)
	if err == nil {
		s.claims.Add(1)
	}
	return items, err
}

func (s *cutStore) DeliveredReply(ctx context.Context, id int64) error {
	if s.cut.Load() {
		return errCut
	}
	return s.wiredStore.DeliveredReply(ctx, id)
}

// sharedBot is one process of a fleet on the PostgreSQL schema url,
// delivering platform "test" through s.
type sharedBot struct {
	outboxBot
	cs *cutStore
}

func openSharedBot(t *testing.T, url, name string, s chat.Sender) *sharedBot {
	t.Helper()
	cs := &cutStore{wiredStore: pgtest.OpenURL(t, url)}
	r, mgr, _, err := wire(t, cs, func(c *router.Config, sc *sessions.Config) {
		c.ReplyRetry = time.Millisecond
		c.Shared, c.Instance, c.ReplyClaimTTL = true, name, claimTTL
		sc.Shared, sc.Instance = true, name
	})
	if err != nil {
		t.Fatal(err)
	}
	b := &sharedBot{outboxBot: outboxBot{t: t, r: r, mgr: mgr}, cs: cs}
	t.Cleanup(func() { r.Close() })
	r.AddSender(t.Context(), "test", s)
	return b
}

// owed is the platform's pending replies in the shared store.
func (b *sharedBot) owed() []outbox.Item {
	b.t.Helper()
	items, err := b.cs.wiredStore.PendingReplies(context.Background(), "test")
	if err != nil {
		b.t.Fatal(err)
	}
	return items
}

// sameDelivery fails unless got holds each of the owed replies' texts
// exactly once, and each chat's in the order they were stored.
func sameDelivery(t *testing.T, got []chat.Reply, owed []outbox.Item, texts func([]byte) string) {
	t.Helper()
	if len(got) != len(owed) {
		t.Fatalf("%d replies delivered, want the %d owed", len(got), len(owed))
	}
	next := map[string][]string{}
	for _, it := range owed {
		next[it.ChannelID] = append(next[it.ChannelID], texts(it.Data))
	}
	for i, r := range got {
		want := next[r.ChannelID]
		if len(want) == 0 || want[0] != r.Text {
			t.Fatalf("reply %d to %s is %q; want the chat's next owed reply (left: %q)", i, r.ChannelID, r.Text, want)
		}
		next[r.ChannelID] = want[1:]
	}
}

// replyText is a stored reply's text (package chat stores a reply as JSON).
func replyText(data []byte) string {
	var r chat.Reply
	if err := json.Unmarshal(data, &r); err != nil {
		return "unreadable: " + err.Error()
	}
	return r.Text
}

// TestSharedOutboxTakesOverDeadProcess: process a holds replies it cannot
// send (its platform connection is down), then loses the database (dies,
// as far as the fleet can tell): its claims run out and process b, live,
// delivers every one of them, once, in order per router. When a comes back
// it finds its replies taken over and does not send them again.
func TestSharedOutboxTakesOverDeadProcess(t *testing.T) {
	url := pgtest.Schema(t)
	downA := newFlaky(func(chat.Reply) error { return errUnavailable })
	a := openSharedBot(t, url, "a", downA)
	a.msg("dm1", "ayse", "play ttt easy")
	a.msg("dm1", "ayse", "b2")
	a.msg("dm2", "bora", "play ttt easy")
	owed := a.owed()
	if len(owed) < 3 {
		t.Fatalf("%d replies owed, want at least 3", len(owed))
	}
	for _, it := range owed {
		if it.Owner != "a" {
			t.Fatalf("reply %d owned by %q, want a", it.ID, it.Owner)
		}
	}

	up := newFlaky(nil)
	b := openSharedBot(t, url, "b", up)
	waitFor(t, "b's takeover rounds", func() bool { return b.cs.claims.Load() >= 3 })
	if got := up.texts(); len(got) != 0 {
		t.Fatalf("b sent %q while a held them", got)
	}

	died := time.Now()
	a.cs.cut.Store(true)
	waitFor(t, "b to deliver a's replies", func() bool { return len(up.texts()) == len(owed) })
	t.Logf("a's %d replies delivered by b %v after a stopped renewing its claims (TTL %v)",
		len(owed), time.Since(died).Round(time.Millisecond), claimTTL)
	b.wait()
	up.mu.Lock()
	got := append([]chat.Reply(nil), up.got...)
	up.mu.Unlock()
	sameDelivery(t, got, owed, replyText)
	if left := b.owed(); len(left) != 0 {
		t.Fatalf("%d replies left in the outbox", len(left))
	}

	// a is back: once it has renewed (and learnt its replies are gone:
	// a second renewal starts after the first one's answer was taken in),
	// its platform is too; it has nothing left to send.
	renewed := a.cs.renewed.Load()
	a.cs.cut.Store(false)
	waitFor(t, "a's renewals", func() bool { return a.cs.renewed.Load() >= renewed+2 })
	downA.setFail(nil)
	a.wait()
	if got := downA.texts(); len(got) != 0 {
		t.Fatalf("a sent %q again after b delivered them", got)
	}
}

// TestSharedOutboxRestartLeavesLiveReplies: a process starting beside a
// live one that holds undelivered replies does not send them, however
// many takeover rounds it runs; the live one sends them when its platform
// is back, each once.
func TestSharedOutboxRestartLeavesLiveReplies(t *testing.T) {
	url := pgtest.Schema(t)
	downA := newFlaky(func(chat.Reply) error { return errUnavailable })
	a := openSharedBot(t, url, "a", downA)
	for i, ch := range []string{"dm1", "dm2", "dm3"} {
		a.msg(ch, fmt.Sprint("u", i), "play ttt easy")
		a.msg(ch, fmt.Sprint("u", i), "b2")
	}
	owed := a.owed()

	c := newFlaky(nil)
	restarted := openSharedBot(t, url, "c", c)
	waitFor(t, "the new process's load and takeover rounds", func() bool { return restarted.cs.claims.Load() >= 4 })
	downA.setFail(nil)
	waitFor(t, "a to deliver its replies", func() bool { return len(downA.texts()) == len(owed) })
	a.wait()
	if got := c.texts(); len(got) != 0 {
		t.Fatalf("the restarted process sent %q, held by a live one", got)
	}
	downA.mu.Lock()
	got := append([]chat.Reply(nil), downA.got...)
	downA.mu.Unlock()
	sameDelivery(t, got, owed, replyText)
}

// TestSharedOutboxRestartUnderSameName: a process that died holding
// replies and starts again under the same name (a fixed Instance) sends
// them at once, without waiting for its old claims to run out.
func TestSharedOutboxRestartUnderSameName(t *testing.T) {
	url := pgtest.Schema(t)
	down := newFlaky(func(chat.Reply) error { return errUnavailable })
	a := openSharedBot(t, url, "a", down)
	a.msg("dm1", "ayse", "play ttt easy")
	a.msg("dm1", "ayse", "b2")
	owed := a.owed()
	a.cs.cut.Store(true) // dead: its claims are neither renewed nor freed
	a.r.Close()

	up := newFlaky(nil)
	again := openSharedBot(t, url, "a", up)
	again.wait()
	delivered := time.Now()
	for _, it := range owed {
		if !it.ClaimUntil.After(delivered) {
			t.Fatalf("reply %d's old claim ran out before the restart delivered it: the test proves nothing", it.ID)
		}
	}
	up.mu.Lock()
	got := append([]chat.Reply(nil), up.got...)
	up.mu.Unlock()
	sameDelivery(t, got, owed, replyText)
}
