package delivery

import (
	"context"
	"slices"
	"testing"
	"time"

	"oyunbot/chat"
)

// TestInsertTakenOver: a taken-over reply goes before the chat's newer
// stored replies, after older ones and replies not stored (id 0, kept in
// place), and never before the reply being sent.
func TestInsertTakenOver(t *testing.T) {
	for _, tc := range []struct {
		name    string
		queue   []int64
		running bool
		id      int64
		want    []int64
	}{
		{"an empty queue", nil, false, 5, []int64{5}},
		{"after older ones", []int64{2, 3}, false, 5, []int64{2, 3, 5}},
		{"before newer ones", []int64{7, 9}, false, 5, []int64{5, 7, 9}},
		{"between", []int64{2, 7, 9}, false, 5, []int64{2, 5, 7, 9}},
		{"not before the one being sent", []int64{7, 9}, true, 5, []int64{7, 5, 9}},
		{"after the one being sent", []int64{7}, true, 5, []int64{7, 5}},
		{"unstored replies stay in place", []int64{0, 7, 0}, false, 5, []int64{0, 5, 7, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := &Outbox{claim: outboxClaim{owner: "p"}, queues: map[chanRef]*chanQueue{},
				sender: func(string) chat.Sender { return nil }}
			o.ctx, o.cancel = context.WithCancel(context.Background())
			defer o.cancel()
			key := chanRef{"test", "c"}
			cq := &chanQueue{running: tc.running}
			for _, id := range tc.queue {
				cq.items = append(cq.items, &queued{id: id})
			}
			o.queues[key] = cq
			o.insertLocked(key, &queued{id: tc.id})
			var got []int64
			for _, q := range o.queues[key].items {
				got = append(got, q.id)
			}
			if !slices.Equal(got, tc.want) {
				t.Fatalf("queue %v, want %v", got, tc.want)
			}
		})
	}
}

// blockingSender holds every Send until release is closed, telling entered
// of each one.
type blockingSender struct {
	entered chan struct{}
	release chan struct{}
}

func (s blockingSender) Send(ctx context.Context, _ chat.Reply) error {
	s.entered <- struct{}{}
	<-s.release
	return nil
}

// TestRenewalDuringSendLosesNothing: a renewal that runs while a reply is
// being sent and no longer finds its row (delivered and deleted, the queue
// not yet told) does not count it lost to another process.
func TestRenewalDuringSendLosesNothing(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	s := blockingSender{entered: make(chan struct{}, 1), release: make(chan struct{})}
	o := New(t.Context(), Config{Store: st, FirstRetry: time.Millisecond,
		Sender: func(string) chat.Sender { return s }, Shared: true, Instance: "p1", ClaimTTL: time.Hour})
	defer o.Close()
	o.Load(ctx, "test")
	o.Put(ctx, chat.Reply{Platform: "test", ChannelID: "c", Text: "hello"}, false)
	<-s.entered
	items, err := st.PendingReplies(ctx, "test")
	if err != nil || len(items) != 1 {
		t.Fatalf("pending %v, %v", items, err)
	}
	if err := st.DeliveredReply(ctx, items[0].ID); err != nil { // as attempt does once Send returns
		t.Fatal(err)
	}
	o.renew()
	close(s.release)
	o.mu.Lock()
	lost := o.m.lost
	o.mu.Unlock()
	if lost != 0 {
		t.Fatalf("%d replies counted lost to another process while being sent", lost)
	}
}
