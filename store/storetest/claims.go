package storetest

// claims.go pins the outbox's claims: several processes on one store each
// deliver the replies they claim, and take over those whose claim ran out.

import (
	"fmt"
	"oyunbot/sessions/outbox"
	"slices"
	"sync"
	"testing"
	"time"

	"oyunbot/sessions"
)

var claimTests = []test{
	{"ClaimFree", testClaimFree},
	{"ClaimEnqueued", testClaimEnqueued},
	{"RenewReplies", testRenewReplies},
	{"ClaimRace", testClaimRace},
}

// claim calls ClaimReplies on platform "test", for ttl from now, and fails
// the test on an error.
func claim(t *testing.T, s outbox.Store, owner string, now time.Time, ttl time.Duration) []outbox.Item {
	t.Helper()
	out, err := s.ClaimReplies(t.Context(), "test", owner, now, now.Add(ttl))
	if err != nil {
		t.Fatalf("ClaimReplies(%s): %v", owner, err)
	}
	return out
}

// claimed is items as owner holds them until until.
func claimed(owner string, until time.Time, items ...outbox.Item) []outbox.Item {
	out := slices.Clone(items)
	for i := range out {
		out[i].Owner, out[i].ClaimUntil = owner, until
	}
	return out
}

// sameItems fails unless got are want, in order.
func sameItems(t *testing.T, what string, got, want []outbox.Item) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d replies %+v, want %d %+v", what, len(got), got, len(want), want)
	}
	for i := range want {
		same(t, fmt.Sprintf("%s[%d]", what, i), got[i], want[i])
	}
}

// renew calls RenewReplies and returns the ids sorted.
func renew(t *testing.T, s outbox.Store, owner string, until time.Time) []int64 {
	t.Helper()
	ids, err := s.RenewReplies(t.Context(), owner, until)
	if err != nil {
		t.Fatalf("RenewReplies(%s): %v", owner, err)
	}
	slices.Sort(ids)
	return ids
}

// testClaimFree: replies stored with no claim are free: the first claimer
// gets them all, oldest first, and holds them until its claim ends; then
// another one takes them. Other platforms' replies stay where they are.
func testClaimFree(t *testing.T, s sessions.Store) {
	const ttl = 10 * time.Second
	other := reply("1", 0, 0, "elsewhere")
	other.Platform = "other"
	items := enqueue(t, s, reply("1", 0, 0, "x"), other, reply("2", 0, 0, "y"), reply("1", 0, 0, "z"))
	mine := []outbox.Item{items[0], items[2], items[3]}
	sameItems(t, "p1's claim", claim(t, s, "p1", at, ttl), claimed("p1", at.Add(ttl), mine...))
	samePending(t, "pending after the claim", s, "test", claimed("p1", at.Add(ttl), mine...)...)
	samePending(t, "the other platform's", s, "other", items[1])
	sameItems(t, "p2's claim while p1 holds them", claim(t, s, "p2", at.Add(ttl-time.Millisecond), ttl), nil)
	sameItems(t, "p2's claim once p1's ended", claim(t, s, "p2", at.Add(ttl), ttl), claimed("p2", at.Add(2*ttl), mine...))
	if ids := renew(t, s, "p1", at.Add(3*ttl)); len(ids) != 0 {
		t.Fatalf("p1 renewed %v after p2 took them over", ids)
	}
	samePending(t, "pending after p1's renewal", s, "test", claimed("p2", at.Add(2*ttl), mine...)...)
}

// testClaimEnqueued: a reply stored with a claim is its owner's until the
// claim ends, for others and for its owner alike (a claim only takes free
// replies; the owner renews its own); then anyone takes it.
func testClaimEnqueued(t *testing.T, s sessions.Store) {
	const ttl = 10 * time.Second
	a, b := reply("1", 0, 0, "a"), reply("1", 0, 0, "b")
	a.Owner, a.ClaimUntil = "p1", at.Add(ttl)
	b.Owner, b.ClaimUntil = "p2", at.Add(2*ttl)
	items := enqueue(t, s, a, b)
	samePending(t, "pending", s, "test", items...)
	sameItems(t, "p3's claim", claim(t, s, "p3", at, ttl), nil)
	sameItems(t, "p1's claim of its own", claim(t, s, "p1", at.Add(time.Second), ttl), nil)
	sameItems(t, "p3's claim at p1's end", claim(t, s, "p3", at.Add(ttl), 2*ttl), claimed("p3", at.Add(3*ttl), items[0]))
	sameItems(t, "p1's claim at p2's end", claim(t, s, "p1", at.Add(2*ttl), ttl), claimed("p1", at.Add(3*ttl), items[1]))
	samePending(t, "pending after the takeovers", s, "test", claimed("p3", at.Add(3*ttl), items[0])[0],
		claimed("p1", at.Add(3*ttl), items[1])[0])
}

// testRenewReplies: an owner's renewal moves the claims of its undelivered
// replies, not of others' nor of replies delivered or given up, and names
// them; a renewal to a past time frees them at once.
func testRenewReplies(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	const ttl = 10 * time.Second
	in := []outbox.Item{reply("1", 0, 0, "a"), reply("1", 0, 0, "b"), reply("2", 0, 0, "c"),
		reply("2", 0, 0, "d"), reply("3", 0, 0, "e")}
	for i := range in {
		in[i].Owner, in[i].ClaimUntil = "p1", at.Add(ttl)
	}
	in[2].Owner = "p2"
	items := enqueue(t, s, in...)
	if err := s.DeliveredReply(ctx, items[1].ID); err != nil {
		t.Fatal(err)
	}
	if err := s.AbandonReply(ctx, items[3].ID, outbox.Failed, "chat not found"); err != nil {
		t.Fatal(err)
	}
	if ids, want := renew(t, s, "p1", at.Add(5*ttl)), []int64{items[0].ID, items[4].ID}; !slices.Equal(ids, want) {
		t.Fatalf("p1 renewed %v, want %v", ids, want)
	}
	samePending(t, "after the renewal", s, "test",
		claimed("p1", at.Add(5*ttl), items[0])[0], items[2], claimed("p1", at.Add(5*ttl), items[4])[0])
	sameItems(t, "p3's claim before the renewed end", claim(t, s, "p3", at.Add(4*ttl), ttl),
		claimed("p3", at.Add(5*ttl), items[2]))
	if ids := renew(t, s, "p4", at.Add(5*ttl)); len(ids) != 0 {
		t.Fatalf("p4, holding nothing, renewed %v", ids)
	}
	if ids, want := renew(t, s, "p1", at), []int64{items[0].ID, items[4].ID}; !slices.Equal(ids, want) {
		t.Fatalf("p1 released %v, want %v", ids, want)
	}
	sameItems(t, "p3's claim after p1 released its replies", claim(t, s, "p3", at.Add(time.Second), ttl),
		claimed("p3", at.Add(ttl+time.Second), items[0], items[4]))
}

// testClaimRace: processes claiming the same free replies at once: each
// reply goes to exactly one of them.
func testClaimRace(t *testing.T, s sessions.Store) {
	for r := range 5 {
		var in []outbox.Item
		for i := range 20 {
			in = append(in, reply(fmt.Sprint(i%3), 0, 0, fmt.Sprint(r, ":", i)))
		}
		items := enqueue(t, s, in...)
		var (
			wg  sync.WaitGroup
			mu  sync.Mutex
			got = map[int64][]string{}
		)
		now := at.Add(time.Duration(r) * time.Hour) // the previous round's claims have ended
		for w := range writers {
			wg.Go(func() {
				owner := fmt.Sprint("p", w)
				out, err := s.ClaimReplies(t.Context(), "test", owner, now, now.Add(time.Minute))
				if err != nil {
					t.Errorf("ClaimReplies: %v", err)
					return
				}
				mu.Lock()
				defer mu.Unlock()
				for _, it := range out {
					got[it.ID] = append(got[it.ID], owner)
				}
			})
		}
		wg.Wait()
		for _, it := range items {
			if len(got[it.ID]) != 1 {
				t.Fatalf("round %d: reply %d claimed by %v, want exactly one owner", r, it.ID, got[it.ID])
			}
		}
		for _, it := range items {
			if err := s.DeliveredReply(t.Context(), it.ID); err != nil {
				t.Fatal(err)
			}
		}
	}
}
