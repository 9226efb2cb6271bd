package delivery

import (
	"context"
	"fmt"
	"log/slog"
	"oyunbot/sessions/outbox"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"oyunbot/chat"
	"oyunbot/store"
)

// openStore is a fresh SQLite store, closed when the test ends.
func openStore(t *testing.T) *store.SQLStore {
	t.Helper()
	st, err := store.OpenSQLite(t.Context(), filepath.Join(t.TempDir(), "o.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	return st
}

// heldBoards is a BoardSender that holds its first delivery until release
// is closed and records what each delivery was: "edit N text" or "new
// text" (boards), "send text" (the rest).
type heldBoards struct {
	entered, release chan struct{}
	mu               sync.Mutex
	once             sync.Once
	log              []string
}

func (h *heldBoards) hold() {
	h.once.Do(func() {
		h.entered <- struct{}{}
		<-h.release
	})
}

func (h *heldBoards) Send(_ context.Context, r chat.Reply) error {
	h.hold()
	h.mu.Lock()
	defer h.mu.Unlock()
	h.log = append(h.log, "send "+r.Text)
	return nil
}

func (h *heldBoards) SendBoard(_ context.Context, r chat.Reply, at string) (string, error) {
	h.hold()
	h.mu.Lock()
	defer h.mu.Unlock()
	if at != "" {
		h.log = append(h.log, "edit "+at+" "+r.Text)
		return at, nil
	}
	h.log = append(h.log, "new "+r.Text)
	return fmt.Sprint(len(h.log)), nil
}

// TestNewerBoardSupersedesQueued: boards of a game waiting behind a slow
// delivery are dropped for the newest one (and forgotten by the store),
// which edits the board message; the chat's other replies still go, in
// order; a Fresh board dropped makes the newer one a new message.
func TestNewerBoardSupersedesQueued(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	h := &heldBoards{entered: make(chan struct{}, 1), release: make(chan struct{})}
	log := slog.New(slog.DiscardHandler)
	o := New(t.Context(), Config{Store: st, Logger: log, FirstRetry: time.Millisecond,
		Sender: func(string) chat.Sender { return h }})
	defer o.Close()
	o.Load(ctx, "test")
	board := func(text string, fresh bool) chat.Reply {
		return chat.Reply{Platform: "test", ChannelID: "c", Text: text, GameID: 7, GameVersion: 1, Live: true, Fresh: fresh}
	}
	o.Put(ctx, board("v1", false), false)
	<-h.entered // v1 is being sent: the others wait behind it
	o.Put(ctx, board("v2", false), false)
	o.Put(ctx, chat.Reply{Platform: "test", ChannelID: "c", Text: "draw offered"}, false)
	o.Put(ctx, board("v3", false), false)
	o.Put(ctx, chat.Reply{Platform: "test", ChannelID: "other", Text: "v1 elsewhere", GameID: 7, Live: true}, false)
	close(h.release)
	if err := o.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	want := []string{"new v1", "send draw offered", "edit 1 v3"}
	h.mu.Lock()
	var got []string
	for _, l := range h.log {
		if l != "new v1 elsewhere" {
			got = append(got, l)
		}
	}
	h.mu.Unlock()
	if len(got) != 3 || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("delivered %q, want %q (and the other chat's board)", got, want)
	}
	if left, err := st.PendingReplies(ctx, "test"); err != nil || len(left) != 0 {
		t.Errorf("outbox after delivery: %d replies, %v", len(left), err)
	}

	// A fresh board dropped for a newer one: the newer is a new message.
	h2 := &heldBoards{entered: make(chan struct{}, 1), release: make(chan struct{})}
	o.mu.Lock()
	o.sender = func(string) chat.Sender { return h2 }
	o.mu.Unlock()
	o.Put(ctx, chat.Reply{Platform: "test", ChannelID: "c", Text: "hello"}, false)
	<-h2.entered
	o.Put(ctx, board("fresh", true), false)
	o.Put(ctx, board("v4", false), false)
	close(h2.release)
	if err := o.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(h2.log) != fmt.Sprint([]string{"send hello", "new v4"}) {
		t.Errorf("after a fresh board was superseded: %q", h2.log)
	}
}

// TestLateBoardNotShownOverALaterOne: a game's board of an older version,
// delivered after a later one (taken over from a process killed while it
// sent it), is not shown over it.
func TestLateBoardNotShownOverALaterOne(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	h := &heldBoards{entered: make(chan struct{}, 1), release: make(chan struct{})}
	close(h.release)
	log := slog.New(slog.DiscardHandler)
	o := New(t.Context(), Config{Store: st, Logger: log, FirstRetry: time.Millisecond,
		Sender: func(string) chat.Sender { return h }})
	defer o.Close()
	o.Load(ctx, "test")
	for _, v := range []int64{3, 2, 4} {
		o.Put(ctx, chat.Reply{Platform: "test", ChannelID: "c", Text: fmt.Sprint("v", v), GameID: 7, GameVersion: v, Live: true}, false)
		if err := o.Wait(ctx); err != nil {
			t.Fatal(err)
		}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if fmt.Sprint(h.log) != fmt.Sprint([]string{"new v3", "edit 1 v4"}) {
		t.Errorf("delivered %q: want v2, late, left out", h.log)
	}
}

// TestSupersedeOnARunningEmptyQueue: a board queued while the chat's
// delivery has just sent its last reply (the queue running and empty for
// a moment) is queued; it neither panics (cq.items[:1] of an empty queue,
// which left the outbox's lock held in a job that recovered, and every
// chat stopped: CI's 30-minute hang) nor brings back a reply sent before.
func TestSupersedeOnARunningEmptyQueue(t *testing.T) {
	log := slog.New(slog.DiscardHandler)
	o := &Outbox{log: log, sender: func(string) chat.Sender { return &heldBoards{} }}
	sent := &queued{rep: chat.Reply{Platform: "test", ChannelID: "c", GameID: 1, GameVersion: 1, Live: true}}
	backing := []*queued{sent, nil}
	for _, items := range [][]*queued{{}, backing[1:1]} { // no room after it; a sent one's slot after it
		cq := &chanQueue{running: true, items: items}
		if backing[0] != sent {
			t.Fatal("test setup")
		}
		next := &queued{rep: chat.Reply{Platform: "test", ChannelID: "c", GameID: 1, GameVersion: 2, Live: true}}
		if dropped, late := o.supersedeLocked(chanRef{"test", "c"}, cq, next); len(dropped) != 0 || late {
			t.Errorf("dropped %v, late %v", dropped, late)
		}
		if len(cq.items) != 0 {
			t.Errorf("the queue holds %d replies before the new one, want none", len(cq.items))
		}
	}
}

// TestProcessesShowABoardOneAtATime: two processes on one store deliver
// boards of one game to one chat at once (a load balancer hands a chat's
// updates to either): the one with the older version waits while the
// other edits the message, then sees the newer version shown and leaves
// its board out. Without the board's lease both edited, and the older
// edit, landing last, stayed on the message (CI's
// TestKilledProcessLosesNothing, 1 run in 3).
func TestProcessesShowABoardOneAtATime(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	if err := st.SaveLiveBoard(ctx, outbox.LiveBoard{Platform: "test", ChannelID: "c", Game: 7, Ref: "m1",
		Posted: time.Now(), Shown: time.Now(), Version: 1}); err != nil {
		t.Fatal(err)
	}
	log := slog.New(slog.DiscardHandler)
	newer := &heldBoards{entered: make(chan struct{}, 1), release: make(chan struct{})}
	older := &heldBoards{entered: make(chan struct{}, 1), release: make(chan struct{})}
	close(older.release)
	a := New(t.Context(), Config{Store: st, Logger: log, FirstRetry: time.Millisecond, Shared: true, Instance: "a",
		Sender: func(string) chat.Sender { return newer }})
	defer a.Close()
	b := New(t.Context(), Config{Store: st, Logger: log, FirstRetry: time.Millisecond, Shared: true, Instance: "b",
		Sender: func(string) chat.Sender { return older }})
	defer b.Close()
	a.Load(ctx, "test")
	b.Load(ctx, "test")
	board := func(v int64) chat.Reply {
		return chat.Reply{Platform: "test", ChannelID: "c", Text: fmt.Sprint("v", v), GameID: 7, GameVersion: v, Live: true}
	}
	a.Put(ctx, board(3), false)
	<-newer.entered // a edits the message with v3
	b.Put(ctx, board(2), false)
	waitedOrSent := func() bool {
		b.mu.Lock()
		waits := b.m.boardWaits
		b.mu.Unlock()
		older.mu.Lock()
		defer older.mu.Unlock()
		return waits > 0 || len(older.log) > 0
	}
	for deadline := time.Now().Add(time.Minute); !waitedOrSent(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("b neither waited for a's edit nor sent its board")
		}
	}
	close(newer.release)
	if err := a.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if err := b.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(newer.log) != "[edit m1 v3]" || len(older.log) != 0 {
		t.Errorf("a delivered %q, b %q: want v3 edited in, v2 (older) left out", newer.log, older.log)
	}
	if got, err := st.LiveBoard(ctx, "test", "c", 7); err != nil || got.Version != 3 {
		t.Errorf("board after both: %+v, %v; want version 3", got, err)
	}
	// The lease was freed: a's next board goes at once, without waiting.
	a.Put(ctx, board(4), false)
	if err := a.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	a.mu.Lock()
	waits := a.m.boardWaits
	a.mu.Unlock()
	if fmt.Sprint(newer.log) != "[edit m1 v3 edit m1 v4]" || waits != 0 {
		t.Errorf("a delivered %q after waiting %d times", newer.log, waits)
	}
}

// TestOlderBoardPutLateIsDropped: boards of one game put out of order (the
// events of two of the bot's turns: the later turn's came first, the
// earlier one's while it still waited) keep the newer one: the older is
// dropped and forgotten, not queued in its place. It replaced it, and the
// game's last move never reached its chat (CI's
// TestKilledProcessLosesNothing).
func TestOlderBoardPutLateIsDropped(t *testing.T) {
	ctx := context.Background()
	st := openStore(t)
	h := &heldBoards{entered: make(chan struct{}, 1), release: make(chan struct{})}
	o := New(t.Context(), Config{Store: st, Logger: slog.New(slog.DiscardHandler), FirstRetry: time.Millisecond,
		Sender: func(string) chat.Sender { return h }})
	defer o.Close()
	o.Load(ctx, "test")
	board := func(v int64) chat.Reply {
		return chat.Reply{Platform: "test", ChannelID: "c", Text: fmt.Sprint("v", v), GameID: 7, GameVersion: v, Live: true}
	}
	o.Put(ctx, chat.Reply{Platform: "test", ChannelID: "c", Text: "hello"}, false)
	<-h.entered // the others wait behind it
	o.Put(ctx, board(13), false)
	o.Put(ctx, board(11), false)
	close(h.release)
	if err := o.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if fmt.Sprint(h.log) != "[send hello new v13]" {
		t.Errorf("delivered %q, want v13 and not v11 (older, put late)", h.log)
	}
	if left, err := st.PendingReplies(ctx, "test"); err != nil || len(left) != 0 {
		t.Errorf("outbox after delivery: %d replies, %v", len(left), err)
	}
}
