package router_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"oyunbot/sessions/outbox"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/router"
	"oyunbot/sessions"
	"oyunbot/store"
)

// flaky is a Sender that fails while fail says so, and keeps what it
// delivered; every call is counted.
type flaky struct {
	mu       sync.Mutex
	fail     func(r chat.Reply) error
	got      []chat.Reply
	attempts int
	tried    chan struct{} // one value per failed attempt (buffered)
}

func newFlaky(fail func(chat.Reply) error) *flaky {
	return &flaky{fail: fail, tried: make(chan struct{}, 1000)}
}

func (f *flaky) Send(ctx context.Context, r chat.Reply) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.attempts++
	if f.fail != nil {
		if err := f.fail(r); err != nil {
			select {
			case f.tried <- struct{}{}:
			default:
			}
			return err
		}
	}
	f.got = append(f.got, r)
	return nil
}

func (f *flaky) setFail(fail func(chat.Reply) error) {
	f.mu.Lock()
	f.fail = fail
	f.mu.Unlock()
}

func (f *flaky) texts() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []string
	for _, r := range f.got {
		out = append(out, r.Text)
	}
	return out
}

// faultyStore is the real SQLite store with injected write failures (a full
// disk), to check what a player is told when the store refuses a change.
type faultyStore struct {
	*store.SQLStore
	failSave, failEnqueue atomic.Bool
}

var errDiskFull = errors.New("database or disk is full (13)")

func (f *faultyStore) SaveGame(ctx context.Context, rec sessions.GameRecord) error {
	if f.failSave.Load() {
		return errDiskFull
	}
	return f.SQLStore.SaveGame(ctx, rec)
}

func (f *faultyStore) EnqueueReplies(ctx context.Context, items []outbox.Item) ([]outbox.Item, error) {
	if f.failEnqueue.Load() {
		return nil, errDiskFull
	}
	return f.SQLStore.EnqueueReplies(ctx, items)
}

// outboxBot is a Router on the database at path with sender s as platform
// "test"; it is closed at the end of the test unless stopped before.
type outboxBot struct {
	t     *testing.T
	r     *router.Router
	mgr   *sessions.Manager
	store *faultyStore
	ref   int
}

func openOutboxBot(t *testing.T, path string, s chat.Sender, mod func(*router.Config, *sessions.Config)) *outboxBot {
	t.Helper()
	db, err := store.OpenSQLite(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	store := &faultyStore{SQLStore: db}
	r, mgr, _, err := wire(t, store, func(c *router.Config, sc *sessions.Config) {
		c.ReplyRetry = time.Millisecond
		if mod != nil {
			mod(c, sc)
		}
	})
	if err != nil {
		db.Close()
		t.Fatal(err)
	}
	b := &outboxBot{t: t, r: r, mgr: mgr, store: store}
	t.Cleanup(b.stop)
	r.AddSender(t.Context(), "test", s)
	return b
}

// stop ends the "process": the router, then the database.
func (b *outboxBot) stop() {
	if b.r == nil {
		return
	}
	b.r.Close()
	b.store.Close()
	b.r = nil
}

// msg handles a message in channel ch and waits until every reply has been
// tried once.
func (b *outboxBot) msg(ch, user, text string) {
	b.t.Helper()
	b.ref++
	b.r.Handle(context.Background(), chat.Message{Platform: "test", ChannelID: ch, UserID: user, UserName: user,
		Text: text, Ref: fmt.Sprint(b.ref), Private: true, Locale: "en"})
	b.wait()
}

func (b *outboxBot) wait() {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := b.r.Wait(ctx); err != nil {
		b.t.Fatal(err)
	}
}

func (b *outboxBot) pending() int {
	b.t.Helper()
	items, err := b.store.PendingReplies(context.Background(), "test")
	if err != nil {
		b.t.Fatal(err)
	}
	return len(items)
}

// waitFor polls cond until it holds (the outbox retries on its own
// goroutine; the test waits for the proof, not for a time).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

var errUnavailable = errors.New("503 Service Unavailable")

// TestOutboxRetriesThroughOutage: while the platform fails (a 5xx storm),
// replies wait in the outbox, in order; when it is back every reply arrives,
// in the order it was written, and the outbox is empty.
func TestOutboxRetriesThroughOutage(t *testing.T) {
	down := newFlaky(func(chat.Reply) error { return errUnavailable })
	b := openOutboxBot(t, filepath.Join(t.TempDir(), "bot.db"), down, nil)
	for _, text := range []string{"play ttt easy", "b2", "board"} {
		b.msg("dm", "ayse", text)
	}
	if got := down.texts(); len(got) != 0 {
		t.Fatalf("delivered during the outage: %q", got)
	}
	owed := b.pending()
	if owed < 3 {
		t.Fatalf("%d replies in the outbox during the outage, want at least the 3 answers", owed)
	}
	// Several failed attempts, then the platform recovers.
	for range 5 {
		<-down.tried
	}
	down.setFail(nil)
	waitFor(t, "the outbox to empty", func() bool { return b.pending() == 0 })
	got := down.texts()
	if len(got) != owed {
		t.Fatalf("delivered %d replies, want the %d owed: %q", len(got), owed, got)
	}
	if !strings.Contains(got[0], "#g1 New game") || !strings.Contains(got[1], "ayse: b2") ||
		strings.Contains(got[len(got)-1], "ayse: b2") {
		t.Fatalf("replies out of order: %q", got)
	}
}

// TestOutboxRetryBackoff follows the outbox's retries through ten
// minutes of outage at the bot's own pace (ReplyRetry left at its
// default), in a synctest bubble where those minutes pass at once: the
// waits grow (a fixed wait of a second would try 600 times) up to their
// cap (without one, the doubling would try about 10 times), and once the
// platform is back every reply arrives within one capped wait, in order.
func TestOutboxRetryBackoff(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		down := newFlaky(func(chat.Reply) error { return errUnavailable })
		b := openOutboxBot(t, filepath.Join(t.TempDir(), "bot.db"), down, func(c *router.Config, _ *sessions.Config) {
			c.ReplyRetry = 0 // the default: a second, doubling up to 30 s
		})
		b.msg("dm", "ayse", "help")
		b.msg("dm", "ayse", "games")
		start := time.Now()
		time.Sleep(10 * time.Minute)
		down.mu.Lock()
		tries := down.attempts
		down.mu.Unlock()
		// Waits in [d/2, d] for d = 1 s, 2 s, ... 30 s: between about 24
		// and 45 tries of the head reply in 600 s.
		if tries < 20 || tries > 50 {
			t.Fatalf("%d tries in %v of outage, want 20 to 50 (backoff to a 30 s cap)", tries, time.Since(start))
		}
		t.Logf("%d tries in %v of outage", tries, time.Since(start))
		down.setFail(nil)
		time.Sleep(30 * time.Second)
		synctest.Wait()
		if n := b.pending(); n != 0 {
			t.Fatalf("%d replies still owed 30 s after the platform came back", n)
		}
		got := down.texts()
		if len(got) != 2 || !strings.Contains(got[0], "play <game>") {
			t.Fatalf("delivered after the outage: %q", got)
		}
	})
}

// TestOutboxOneChatDoesNotBlockAnother: a chat whose replies keep failing
// holds up only itself.
func TestOutboxOneChatDoesNotBlockAnother(t *testing.T) {
	s := newFlaky(func(r chat.Reply) error {
		if r.ChannelID == "broken" {
			return errUnavailable
		}
		return nil
	})
	b := openOutboxBot(t, filepath.Join(t.TempDir(), "bot.db"), s, nil)
	b.msg("broken", "ayse", "play ttt")
	b.msg("fine", "bora", "play ttt")
	got := s.texts()
	if len(got) != 1 || !strings.Contains(got[0], "#g2 New game") {
		t.Fatalf("the healthy chat got %q", got)
	}
}

// TestOutboxSurvivesRestart: replies still owed when the process ends are
// delivered by the next one, in order, before anything new.
func TestOutboxSurvivesRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	down := newFlaky(func(chat.Reply) error { return errUnavailable })
	b := openOutboxBot(t, path, down, nil)
	b.msg("dm", "ayse", "play ttt easy")
	b.msg("dm", "ayse", "b2")
	owed := b.pending()
	if owed != 2 {
		t.Fatalf("%d replies owed, want 2 (the new game; the move with the bot's answer)", owed)
	}
	b.stop()

	up := newFlaky(nil)
	b = openOutboxBot(t, path, up, nil)
	b.wait()
	got := up.texts()
	if len(got) != owed {
		t.Fatalf("after the restart %d replies delivered, want the %d owed: %q", len(got), owed, got)
	}
	if !strings.Contains(got[0], "#g1 New game") || !strings.Contains(got[1], "ayse: b2") {
		t.Fatalf("owed replies out of order: %q", got)
	}
	if n := b.pending(); n != 0 {
		t.Fatalf("%d replies still in the outbox", n)
	}
	b.msg("dm", "ayse", "board")
	if got := up.texts(); len(got) != owed+1 {
		t.Fatalf("new reply: %q", got[owed:])
	}
}

// TestOutboxGivesUpStaleReplies: a reply that could not be delivered within
// the stale limit is given up, kept in the store as stale, and the chat is
// told, in its language, once the platform is back.
func TestOutboxGivesUpStaleReplies(t *testing.T) {
	for _, tc := range []struct {
		lang, cmd, note string
	}{
		{"en", "play ttt", "older replies could not be delivered in time"},
		{"tr", "oyna xox", "eski yanıt zamanında iletilemedi"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			clk := newFakeClock()
			path := filepath.Join(t.TempDir(), "bot.db")
			s := newFlaky(func(chat.Reply) error { return errUnavailable })
			b := openOutboxBot(t, path, s, func(c *router.Config, sc *sessions.Config) {
				clk.config(c, sc)
				c.ReplyStaleAfter = time.Hour
			})
			b.msg("dm", "ayse", "lang "+tc.lang)
			b.msg("dm", "ayse", tc.cmd)
			<-s.tried
			clk.Add(time.Hour + time.Second)
			s.setFail(nil)
			waitFor(t, "the stale note", func() bool {
				got := s.texts()
				return len(got) > 0 && strings.Contains(got[len(got)-1], tc.note)
			})
			if got := s.texts(); len(got) != 1 {
				t.Fatalf("stale replies delivered: %q", got)
			}
			if n := b.pending(); n != 0 {
				t.Fatalf("%d replies pending", n)
			}
			b.stop()
			db, err := sql.Open("sqlite", path)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			var stale int
			if err := db.QueryRow(`SELECT count(*) FROM outbox WHERE state = 'stale'`).Scan(&stale); err != nil {
				t.Fatal(err)
			}
			if stale < 2 {
				t.Fatalf("%d replies recorded as stale, want the language's and the game's", stale)
			}
		})
	}
}

// TestOutboxSkipsUndeliverable: a reply the platform refuses for good is
// given up at once and does not hold up the router.
func TestOutboxSkipsUndeliverable(t *testing.T) {
	s := newFlaky(func(r chat.Reply) error {
		if strings.Contains(r.Text, "New game") {
			return fmt.Errorf("%w: 400 Bad Request", chat.ErrUndeliverable)
		}
		return nil
	})
	b := openOutboxBot(t, filepath.Join(t.TempDir(), "bot.db"), s, nil)
	b.msg("dm", "ayse", "play ttt easy")
	b.msg("dm", "ayse", "b2")
	got := s.texts()
	if len(got) == 0 || !strings.Contains(got[0], "ayse: b2") {
		t.Fatalf("replies after the refused one: %q", got)
	}
	if s.attempts != len(got)+1 {
		t.Fatalf("%d attempts for %d replies: the refused one was retried", s.attempts, len(got))
	}
}

// TestMoveNotSavedIsNotConfirmed: when the store refuses a move (a full
// disk), the player is told so and the game is unchanged, in memory and
// after a restart; the same move goes through once the store works.
func TestMoveNotSavedIsNotConfirmed(t *testing.T) {
	for _, tc := range []struct {
		lang, start, notSaved string
	}{
		{"en", "play dama easy", "could not be saved"},
		{"tr", "oyna dama kolay", "kaydedilemedi"},
	} {
		t.Run(tc.lang, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bot.db")
			s := newFlaky(nil)
			b := openOutboxBot(t, path, s, nil)
			b.msg("dm", "ayse", "lang "+tc.lang)
			b.msg("dm", "ayse", tc.start)
			before := len(s.texts())
			b.store.failSave.Store(true)
			b.msg("dm", "ayse", "c3-c4")
			got := s.texts()[before:]
			if len(got) != 1 || !strings.Contains(got[0], tc.notSaved) || strings.Contains(got[0], "c3-c4") {
				t.Fatalf("replies to an unsaved move: %q", got)
			}
			g, err := b.mgr.Lobby().Get(1)
			if err != nil || len(g.Moves) != 0 {
				t.Fatalf("game in memory after an unsaved move: %v %v", g.Moves, err)
			}
			b.stop()

			b = openOutboxBot(t, path, s, nil)
			if g, err := b.mgr.Lobby().Get(1); err != nil || len(g.Moves) != 0 {
				t.Fatalf("game after a restart: %v %v", g.Moves, err)
			}
			before = len(s.texts())
			b.msg("dm", "ayse", "c3-c4")
			got = s.texts()[before:]
			if len(got) != 1 || !strings.Contains(got[0], "c3-c4 · oyunbot:") {
				t.Fatalf("the move once the store works: %q", got)
			}
		})
	}
}

// TestBotMoveNotSavedIsRetried: the bot's move is not played when it cannot
// be saved; the players are told, and the bot plays once the store works.
func TestBotMoveNotSavedIsRetried(t *testing.T) {
	clk := newFakeClock()
	s := newFlaky(nil)
	b := openOutboxBot(t, filepath.Join(t.TempDir(), "bot.db"), s, clk.config)
	b.store.failSave.Store(true)
	b.msg("dm", "ayse", "play ttt easy o") // the bot opens, and cannot save its move
	got := strings.Join(s.texts(), "\n---\n")
	if !strings.Contains(got, "#g1 New game") || !strings.Contains(got, "oyunbot could not save its move") {
		t.Fatalf("replies: %q", got)
	}
	if g, err := b.mgr.Lobby().Get(1); err != nil || len(g.Moves) != 0 {
		t.Fatalf("unsaved bot move in memory: %v %v", g.Moves, err)
	}
	b.store.failSave.Store(false)
	b.mgr.Clocks().CheckIdle(clk.Now()) // too early: nothing happens yet
	b.wait()
	if g, _ := b.mgr.Lobby().Get(1); len(g.Moves) != 0 {
		t.Fatalf("bot retried at once: %v", g.Moves)
	}
	clk.Add(time.Minute)
	b.mgr.Clocks().CheckIdle(clk.Now())
	b.wait()
	if g, _ := b.mgr.Lobby().Get(1); len(g.Moves) != 1 {
		t.Fatalf("bot did not play after the store recovered: %v", g.Moves)
	}
	if last := s.texts()[len(s.texts())-1]; !strings.Contains(last, "#g1 oyunbot:") {
		t.Fatalf("bot's move reply: %q", last)
	}
}

// TestUnannouncedGameShownAtStart: a move saved but whose reply never
// reached the outbox (the process died between the two) is shown to the
// players when the bot starts again.
func TestUnannouncedGameShownAtStart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bot.db")
	down := newFlaky(func(chat.Reply) error { return errUnavailable })
	b := openOutboxBot(t, path, down, nil)
	b.msg("dm", "ayse", "play ttt easy")
	b.store.failEnqueue.Store(true) // the reply stays in memory only
	b.msg("dm", "ayse", "b2")
	b.stop() // and dies with the process

	up := newFlaky(nil)
	b = openOutboxBot(t, path, up, nil)
	b.wait()
	got := strings.Join(up.texts(), "\n---\n")
	if !strings.Contains(got, "#g1 New game") || !strings.Contains(got, "#g1 After a restart, the game as it stands") {
		t.Fatalf("after the restart: %q", got)
	}
	b.stop()
	// Announced once: the next start says nothing more.
	again := newFlaky(nil)
	b = openOutboxBot(t, path, again, nil)
	b.wait()
	if got := again.texts(); len(got) != 0 {
		t.Fatalf("announced again: %q", got)
	}
}
