package storetest

import (
	"fmt"
	"oyunbot/sessions/outbox"
	"testing"
	"time"

	"oyunbot/sessions"
)

var outboxTests = []test{
	{"EnqueueAndPending", testEnqueueAndPending},
	{"EnqueueNothing", testEnqueueNothing},
	{"PendingByPlatform", testPendingByPlatform},
	{"DeliveredReply", testDeliveredReply},
	{"AbandonReply", testAbandonReply},
	{"UnannouncedGames", testUnannouncedGames},
}

// reply is an outbox item in platform "test", channel ch, about a game
// version (0, 0: about no game).
func reply(ch string, game, version int64, data string) outbox.Item {
	return outbox.Item{Platform: "test", ChannelID: ch, Game: game, Version: version, Data: []byte(data), Created: at}
}

// enqueue stores items and returns them with their ids.
func enqueue(t *testing.T, s outbox.Store, items ...outbox.Item) []outbox.Item {
	t.Helper()
	out, err := s.EnqueueReplies(t.Context(), items)
	if err != nil {
		t.Fatalf("EnqueueReplies: %v", err)
	}
	return out
}

// pending loads a platform's pending replies.
func pending(t *testing.T, s outbox.Store, platform string) []outbox.Item {
	t.Helper()
	out, err := s.PendingReplies(t.Context(), platform)
	if err != nil {
		t.Fatalf("PendingReplies: %v", err)
	}
	return out
}

// samePending fails unless the platform's pending replies are want, in
// order.
func samePending(t *testing.T, what string, s outbox.Store, platform string, want ...outbox.Item) {
	t.Helper()
	got := pending(t, s, platform)
	if len(got) != len(want) {
		t.Fatalf("%s: %d pending replies %+v, want %+v", what, len(got), got, want)
	}
	for i := range want {
		same(t, fmt.Sprintf("%s[%d]", what, i), got[i], want[i])
	}
}

// testEnqueueAndPending: EnqueueReplies gives the items new, growing ids
// in order and changes nothing else; PendingReplies gives them back whole.
func testEnqueueAndPending(t *testing.T, s sessions.Store) {
	g := create(t, s, game("c", ayse, bora))
	full := outbox.Item{ID: 1 << 40, Platform: "telegram", ChannelID: "-100", Game: g.ID, Version: 3,
		Data: []byte{0, 1, 2, 0xff, '\n'}, Created: at.Add(time.Second)}
	complete(t, &full)
	in := []outbox.Item{full, reply("c", 0, 0, "first"), reply("d", 0, 0, "second")}
	in[1].Platform, in[2].Platform = "telegram", "telegram"
	out := enqueue(t, s, in...)
	if len(out) != len(in) {
		t.Fatalf("EnqueueReplies returned %d items for %d", len(out), len(in))
	}
	var last int64
	for i := range in {
		if out[i].ID <= last || out[i].ID == in[i].ID {
			t.Fatalf("item %d got id %d (given %d, previous %d): want a new id, greater than the previous", i, out[i].ID, in[i].ID, last)
		}
		last = out[i].ID
		want := in[i]
		want.ID = out[i].ID
		same(t, fmt.Sprint("returned item ", i), out[i], want)
	}
	samePending(t, "PendingReplies", s, "telegram", out...)
	more := enqueue(t, s, reply("c", 0, 0, "later"))
	if more[0].ID <= last {
		t.Fatalf("a later item got id %d, want more than %d", more[0].ID, last)
	}
	more[0].Platform = "test"
	samePending(t, "PendingReplies of the other platform", s, "test", more...)
}

// testEnqueueNothing: enqueueing no reply is no error and stores nothing.
func testEnqueueNothing(t *testing.T, s sessions.Store) {
	for _, items := range [][]outbox.Item{nil, {}} {
		out, err := s.EnqueueReplies(t.Context(), items)
		if err != nil || len(out) != 0 {
			t.Fatalf("EnqueueReplies(%#v) = %+v, %v", items, out, err)
		}
	}
	samePending(t, "PendingReplies", s, "test")
}

// testPendingByPlatform: each platform's replies, in the order they were
// enqueued, across calls and channels.
func testPendingByPlatform(t *testing.T, s sessions.Store) {
	on := func(platform string, it outbox.Item) outbox.Item {
		it.Platform = platform
		return it
	}
	first := enqueue(t, s, on("a", reply("1", 0, 0, "a1")), on("b", reply("1", 0, 0, "b1")), on("a", reply("2", 0, 0, "a2")))
	second := enqueue(t, s, on("b", reply("2", 0, 0, "b2")), on("a", reply("1", 0, 0, "a3")))
	samePending(t, "platform a", s, "a", first[0], first[2], second[1])
	samePending(t, "platform b", s, "b", first[1], second[0])
	samePending(t, "platform c", s, "c")
}

// testDeliveredReply: a delivered reply is no longer pending; the others
// are; forgetting an unknown reply is no error.
func testDeliveredReply(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	items := enqueue(t, s, reply("1", 0, 0, "x"), reply("1", 0, 0, "y"), reply("2", 0, 0, "z"))
	if err := s.DeliveredReply(ctx, items[1].ID); err != nil {
		t.Fatal(err)
	}
	samePending(t, "after delivering the second", s, "test", items[0], items[2])
	for _, id := range []int64{items[1].ID, 999} {
		if err := s.DeliveredReply(ctx, id); err != nil {
			t.Fatalf("DeliveredReply(%d) of a reply not pending: %v", id, err)
		}
	}
	if err := s.DeliveredReply(ctx, items[0].ID); err != nil {
		t.Fatal(err)
	}
	samePending(t, "after delivering the first", s, "test", items[2])
}

// testAbandonReply: a reply abandoned as stale or failed is no longer
// pending; another state is refused and the reply stays pending.
func testAbandonReply(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	items := enqueue(t, s, reply("1", 0, 0, "x"), reply("1", 0, 0, "y"), reply("2", 0, 0, "z"))
	for _, state := range []string{"", "pending", "delivered"} {
		if err := s.AbandonReply(ctx, items[2].ID, state, "why"); err == nil {
			t.Fatalf("AbandonReply with state %q: no error", state)
		}
	}
	samePending(t, "after refused abandons", s, "test", items...)
	if err := s.AbandonReply(ctx, items[0].ID, outbox.Stale, "waited 24h"); err != nil {
		t.Fatal(err)
	}
	if err := s.AbandonReply(ctx, items[2].ID, outbox.Failed, "chat not found"); err != nil {
		t.Fatal(err)
	}
	samePending(t, "after abandoning two", s, "test", items[1])
}

// testUnannouncedGames: a game whose latest saved version has no reply in
// the outbox, finished or not, oldest first; a reply for a version
// announces it and every earlier one, never un-announces a later one, and
// stays announced once delivered.
func testUnannouncedGames(t *testing.T, s sessions.Store) {
	ctx := t.Context()
	unannounced := func(what string, want ...sessions.GameRecord) {
		t.Helper()
		got, err := s.UnannouncedGames(ctx)
		sameGames(t, what, got, err, want...)
	}
	unannounced("an empty store")
	g1 := create(t, s, game("c", ayse, bora)) // version 0: nothing to announce
	unannounced("a game at version 0")

	save(t, s, &g1) // version 1
	g2 := game("c", cem, bot)
	g2.Version = 1
	g2 = create(t, s, g2)
	g3 := finished(game("d", bora, cem))
	g3.Version = 4
	g3 = create(t, s, g3)
	unannounced("saved versions", g1, g2, g3)

	items := enqueue(t, s, reply("c", g1.ID, 1, "g1 v1"), reply("c", 0, 0, "about no game"))
	unannounced("after announcing g1", g2, g3)
	enqueue(t, s, reply("d", g3.ID, 3, "g3 v3"))
	unannounced("after announcing an older version of g3", g2, g3)
	enqueue(t, s, reply("d", g3.ID, 5, "g3 v5"))
	unannounced("after announcing a newer version of g3", g2)

	g1.Moves = []string{"b2"}
	save(t, s, &g1) // version 2
	unannounced("after saving g1 again", g1, g2)
	enqueue(t, s, reply("c", g1.ID, 2, "g1 v2"), reply("c", g1.ID, 1, "g1 v1 again"))
	unannounced("after announcing v2, then v1", g2)

	if err := s.DeliveredReply(ctx, items[0].ID); err != nil {
		t.Fatal(err)
	}
	enqueue(t, s, reply("c", g2.ID, 1, "g2"))
	unannounced("after delivering and announcing the rest")
}
