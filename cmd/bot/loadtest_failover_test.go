package main

// loadtest_failover_test.go: two built bot processes on one PostgreSQL
// database behind a load balancer for Telegram's webhook; one is killed
// (SIGKILL) in the middle of play while the other goes on serving the same
// chats, then started again. No acknowledged move is lost or applied twice,
// and every game's last state reaches its chat.

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"oyunbot/sessions/outbox"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/chat/delivery"
	"oyunbot/chat/telegram/telegramtest"
	"oyunbot/games"
	"oyunbot/internal/registry"
	"oyunbot/sessions"
	"oyunbot/store"
)

// failoverLB hands each webhook update to the next backend, and to the
// one after when a backend does not answer (dead): Telegram itself sends
// an update again until a webhook takes it.
type failoverLB struct {
	backends []string // host:port
	next     atomic.Uint64
}

func (lb *failoverLB) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	start := lb.next.Add(1)
	for i := range uint64(len(lb.backends)) {
		host := lb.backends[(start+i)%uint64(len(lb.backends))]
		req, _ := http.NewRequestWithContext(r.Context(), r.Method, "http://"+host+r.URL.Path, bytes.NewReader(body))
		req.Header = r.Header.Clone()
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			continue
		}
		data, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode >= 500 {
			continue
		}
		w.WriteHeader(resp.StatusCode)
		w.Write(data)
		return
	}
	http.Error(w, "no backend", http.StatusBadGateway)
}

// freeAddr is a loopback address nothing listens on now.
func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func TestKilledProcessLosesNothing(t *testing.T) {
	f := newBotFleet(t, 2)
	f.start(0)
	f.start(1)
	tg, dbURL := f.tg, f.dbURL

	st, err := store.OpenPostgres(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	reg := registry.New()
	const (
		players = 8
		turns   = 6
	)
	var (
		acked     atomic.Int64
		resent    atomic.Int64 // messages a player sent again, having seen nothing come of them
		killed    = make(chan struct{})
		killDone  time.Time // process 0 is dead; set before killed is closed
		restarted = make(chan struct{})
		wg        sync.WaitGroup
		errs      = make(chan error, players)
	)
	// Kill process 0 once a third of the moves are answered, then start it
	// again: its unsent replies are in the database.
	go func() {
		for acked.Load() < players*turns/3 {
			time.Sleep(5 * time.Millisecond)
		}
		f.kill(0)
		killDone = time.Now()
		close(killed)
		time.Sleep(500 * time.Millisecond)
		if err := f.spawn(0); err != nil {
			t.Error(err)
			return
		}
		close(restarted)
	}()
	for i := range players {
		wg.Go(func() {
			if err := playAgainstBot(tg, st, reg, i, turns, &acked, &resent); err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	// The players may finish on process 1 before process 0 is up again
	// (a loaded machine): its restart is waited for, then what it left.
	select {
	case <-restarted:
	case <-time.After(time.Minute):
		t.Fatal("process 0 was never killed and started again")
	}
	// Nothing is left unsaid: every game's last change has its reply in the
	// outbox (none unannounced), every reply was delivered (the killed
	// process's once it started again), and each chat's last reply shows
	// its game as stored, whose history is legal. (A reply the killed
	// process had not yet written, for a change a later reply also shows,
	// is superseded by that one: the outbox announces a game's latest
	// version.) No reply comes twice (the restarted process leaves the
	// live one's replies alone: their claims are renewed), but for the
	// ones process 0 had sent and not yet forgotten when it was killed.
	ctx := context.Background()
	// (Polled: the store's changes do not wake tg.Wait.)
	if err := pollErr(func() bool {
		un, err1 := st.UnannouncedGames(ctx)
		pend, err2 := st.PendingReplies(ctx, "telegram")
		return err1 == nil && err2 == nil && len(un) == 0 && len(pend) == 0
	}); err != nil {
		un, _ := st.UnannouncedGames(ctx)
		pend, _ := st.PendingReplies(ctx, "telegram")
		t.Errorf("after the run: %d games unannounced, %d replies undelivered", len(un), len(pend))
	}
	dups, atKill := 0, 0
	for i := range players {
		u := failoverUser(i)
		recs, err := gamesOf(st, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) == 0 {
			t.Errorf("chat %d: no game stored", u.ID)
			continue
		}
		rec := recs[len(recs)-1]
		pos := mustLookup(t, reg, rec.Game).Start()
		for _, mv := range rec.Moves {
			m, err := pos.ParseMove(mv)
			if err != nil {
				t.Fatalf("chat %d: stored move %q illegal: %v (history %v)", u.ID, mv, err, rec.Moves)
			}
			pos.Make(m)
		}
		sent := tg.Sent(u.ID)
		last := rec.Moves[len(rec.Moves)-1]
		shown := false
		for _, s := range sent {
			shown = shown || strings.Contains(s.Text, last) || strings.Contains(s.Text, "as it stands")
		}
		inFlight := 0
		for _, r := range repeats(sent, resent.Load() == 0) {
			// Sent by process 0 as it was killed (the fake server stamps
			// a request once it has read it, so the first copy may be
			// stamped just after), which then could not forget it: its
			// claim ran out, and the reply was sent again by the process
			// that took it over. Telegram has no idempotency key: nothing
			// can tell a reply it took from one it did not, at the kill.
			// A chat has one reply in flight at a time.
			if r.first.At.Before(killDone.Add(time.Second)) && r.again.At.Sub(killDone) >= delivery.DefaultClaimTTL/2 &&
				inFlight == 0 {
				inFlight++
				atKill++
				continue
			}
			dups++
			t.Errorf("chat %d: seen twice: %s", u.ID, r)
		}
		if !shown {
			var texts []string
			for _, s := range sent {
				texts = append(texts, s.Text)
			}
			t.Errorf("chat %d: no reply shows the last move %s of %v; the chat has:\n%s", u.ID, last, rec.Moves, strings.Join(texts, "\n"))
		}
	}
	t.Logf("%d moves acknowledged; %d messages sent again by players who saw nothing come of them; %d replies seen twice, "+
		"and %d sent by process 0 as it was killed and again by their new owner", acked.Load(), resent.Load(), dups, atKill)
}

// TestKilledProcessRepliesSentBySurvivor: a process holding replies it
// could not send yet (its sends hang) is killed and not started again: the
// other process, live beside it, sends them once the dead one's claims
// have run out (delivery.DefaultClaimTTL), each once.
func TestKilledProcessRepliesSentBySurvivor(t *testing.T) {
	f := newBotFleet(t, 2)
	f.apis[0].hold.Store(true)
	f.start(0) // alone: the balancer hands it every update
	st, err := store.OpenPostgres(context.Background(), f.dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	ctx := context.Background()
	const players = 6
	for i := range players {
		u := failoverUser(i)
		if _, err := f.tg.SendText(telegramtest.Private(u), u, "/play dama easy"); err != nil {
			t.Fatal(err)
		}
	}
	// The webhook answered each update once handled: its game is stored
	// and its reply is in the outbox, owed by process 0.
	var held []outbox.Item
	poll(t, "process 0 to hold a reply in each chat", func() bool {
		held, err = st.PendingReplies(ctx, "telegram")
		return err == nil && len(held) >= players
	})
	f.start(1)
	for i := range players {
		if sent := f.tg.Sent(failoverUser(i).ID); len(sent) != 0 {
			t.Fatalf("chat %d got %d messages while process 0 held its replies", i, len(sent))
		}
	}
	killed := time.Now()
	f.kill(0)
	poll(t, "the survivor to deliver the dead process's replies", func() bool {
		pending, err := st.PendingReplies(ctx, "telegram")
		return err == nil && len(pending) == 0
	})
	waited := time.Since(killed)
	want := map[string]int{}
	for _, it := range held {
		want[it.ChannelID]++
	}
	for i := range players {
		u := failoverUser(i)
		sent := f.tg.Sent(u.ID)
		if n := want[fmt.Sprint(u.ID)]; len(sent) != n || n == 0 {
			t.Errorf("chat %d: %d messages, want the %d process 0 held", u.ID, len(sent), n)
		}
		for _, r := range repeats(sent, true) {
			t.Errorf("chat %d: seen twice: %s", u.ID, r)
		}
	}
	t.Logf("%d replies of the killed process sent by the survivor %v after the kill (claim TTL %v)",
		len(held), waited.Round(time.Millisecond), delivery.DefaultClaimTTL)
}

func failoverUser(i int) telegramtest.User {
	return telegramtest.User{ID: int64(500 + i), FirstName: fmt.Sprint("P", i), LanguageCode: "en"}
}

// gamesOf loads the games (unfinished, and the last finished) of a private
// chat's user.
func gamesOf(store sessions.Store, userID int64) ([]sessions.GameRecord, error) {
	ch := fmt.Sprint(userID)
	recs, err := store.ChannelGames(context.Background(), "telegram", ch)
	if err != nil {
		return nil, err
	}
	if last, err := store.LastFinished(context.Background(), "telegram", ch, ch); err == nil {
		recs = append(recs, last)
	}
	return recs, nil
}

// playAgainstBot has player i start a dama game against the bot in a
// private chat and play turns moves, each the first legal move of the
// stored position, sent once the bot has answered the last; a move not
// stored in a while is sent again, as a person who got no answer would (it
// is then played, or refused as no longer legal: never played twice).
func playAgainstBot(tg *telegramtest.Server, store sessions.Store, reg *games.Registry, i, turns int, acked, resent *atomic.Int64) error {
	ctx := context.Background()
	u := failoverUser(i)
	chat := telegramtest.Private(u)
	ch := fmt.Sprint(u.ID)
	send := func(text string) error {
		var err error
		for range 20 { // a webhook refused while no process answers
			if _, err = tg.SendText(chat, u, text); err == nil {
				return nil
			}
			time.Sleep(100 * time.Millisecond)
		}
		return fmt.Errorf("chat %s: sending %q: %w", ch, text, err)
	}
	// current is the chat's game as stored and its position.
	current := func() (sessions.GameRecord, games.Position, bool) {
		recs, err := store.ChannelGames(ctx, "telegram", ch)
		if err != nil || len(recs) == 0 {
			return sessions.GameRecord{}, nil, false
		}
		rec := recs[0]
		g, ok := reg.Lookup(rec.Game)
		if !ok {
			return rec, nil, false
		}
		pos := g.Start()
		for _, s := range rec.Moves {
			mv, err := pos.ParseMove(s)
			if err != nil {
				return rec, nil, false
			}
			pos.Make(mv)
		}
		return rec, pos, true
	}
	// A start with no game after a while is sent again, as a person would.
	for try := 0; ; try++ {
		if err := send("/play dama easy"); err != nil {
			return err
		}
		deadline := time.Now().Add(10 * time.Second)
		for time.Now().Before(deadline) {
			if _, _, ok := current(); ok {
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		if _, _, ok := current(); ok {
			break
		}
		if try == 2 {
			return fmt.Errorf("chat %s: /play never started a game", ch)
		}
		resent.Add(1)
	}
	for turn := range turns {
		// The person's turn in the stored game (the bot has answered).
		var (
			rec sessions.GameRecord
			pos games.Position
		)
		deadline := time.Now().Add(platformPatience)
		for {
			var ok bool
			rec, pos, ok = current()
			if ok && (pos.Status().Over || rec.Players[pos.Turn()].ID == ch) {
				break
			}
			if !ok && turn > 0 {
				return nil // the last move ended the game
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("chat %s, turn %d: never the person's turn (stored %v)", ch, turn, rec.Moves)
			}
			time.Sleep(20 * time.Millisecond)
		}
		if pos.Status().Over {
			return nil
		}
		mv := pos.FormatMove(pos.Moves(make([]ai.Move, 0, ai.MaxMoves))[0])
		before := len(rec.Moves)
		stored := false
		for try := 0; try < 3 && !stored; try++ {
			if try > 0 {
				resent.Add(1)
			}
			if err := send("/move " + mv); err != nil {
				return err
			}
			deadline := time.Now().Add(10 * time.Second)
			for time.Now().Before(deadline) {
				if r, _, ok := current(); ok && len(r.Moves) > before || !ok {
					stored = true
					break
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
		if !stored {
			return fmt.Errorf("chat %s, turn %d: %s never stored", ch, turn, mv)
		}
		acked.Add(1)
	}
	return nil
}

func mustLookup(t *testing.T, reg *games.Registry, name string) games.Game {
	t.Helper()
	g, ok := reg.Lookup(name)
	if !ok {
		t.Fatalf("no game %q", name)
	}
	return g
}
