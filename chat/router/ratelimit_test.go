package router_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"oyunbot/chat"
	"oyunbot/chat/router"
	"oyunbot/sessions"
)

// TestRateLimit: a user's burst is answered, the first message beyond it
// is refused in their language and the rest of the flood dropped in
// silence; the allowance comes back with time, a refusal only once the
// bucket was full again; other users are not touched; chat in a group
// beyond the limit gets no refusal.
//
// It runs in a synctest bubble: the limiter reads the real clock, whose
// time passes only as the test sleeps, at once.
func TestRateLimit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		limit := router.RateLimit{Burst: 5, Every: time.Second}
		b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.RateLimit = limit })
		count := func(rs []chat.Reply, sub string) int {
			n := 0
			for _, r := range rs {
				if strings.Contains(r.Text, sub) {
					n++
				}
			}
			return n
		}
		var got []chat.Reply
		for range 12 {
			got = append(got, b.msg("dm", "ayse", "help", true)...)
		}
		if n := count(got, "play <game>"); n != 5 {
			t.Errorf("%d of 12 helps answered, want the burst of 5", n)
		}
		if n := count(got, "too fast"); n != 1 {
			t.Errorf("%d refusals, want 1 (then silence): %q", n, texts(got))
		}
		b.expect(b.msg("dm", "bora", "yardım", true), "oyna <oyun>") // another user

		time.Sleep(2 * time.Second) // two more, and no second refusal: the flood goes on
		got = nil
		for range 3 {
			got = append(got, b.msg("dm", "ayse", "yardım", true)...)
		}
		if n, r := count(got, "oyna <oyun>"), count(got, "Çok hızlı"); n != 2 || r != 0 {
			t.Errorf("after 2 s: %d answered, %d refusals; want 2 and 0: %q", n, r, texts(got))
		}
		time.Sleep(10 * time.Second) // quiet long enough: a new flood is told again, in Turkish
		got = nil
		for range 6 {
			got = append(got, b.msg("dm", "ayse", "yardım", true)...)
		}
		if n, r := count(got, "oyna <oyun>"), count(got, "Çok hızlı"); n != 5 || r != 1 {
			t.Errorf("a new flood: %d answered, %d refusals; want 5 and 1: %q", n, r, texts(got))
		}

		time.Sleep(time.Minute) // a full bucket again
		for range 5 {
			b.msg("grp", "cem", "merhaba millet", false)
		}
		if rs := b.msg("grp", "cem", "nasılsınız", false); len(rs) != 0 {
			t.Errorf("group chat beyond the limit answered: %q", texts(rs))
		}
		if rs := b.msg("grp", "cem", "yardım", false); len(rs) != 0 {
			t.Errorf("a command after the refusal was due: %q", texts(rs))
		}
	})
}

// TestRateLimitOff: the zero RateLimit sets no limit (and the console is
// never limited).
func TestRateLimitOff(t *testing.T) {
	b := newBot(t, nil)
	for i := range 40 {
		if rs := b.say("help"); len(rs) == 0 {
			t.Fatalf("help %d not answered without a limit", i+1)
		}
	}
}

// TestFlood: one user floods the bot with commands from many goroutines
// while another plays a game against the bot: the flood is held to its
// limit, and every move of the player is answered. The figures (messages
// dropped per second, the player's reply time during the flood) are logged
// for BENCHMARKS.md, not judged.
func TestFlood(t *testing.T) {
	limit := router.RateLimit{Burst: 20, Every: 500 * time.Millisecond}
	b := newBot(t, func(c *router.Config, _ *sessions.Config) { c.RateLimit = limit })
	var (
		sent, stop atomic.Bool
		floods     atomic.Int64
		wg         sync.WaitGroup
	)
	start := time.Now()
	for w := range 8 {
		wg.Go(func() {
			for i := 0; !stop.Load(); i++ {
				b.r.Handle(context.Background(), chat.Message{Platform: "test", ChannelID: "flood", UserID: "flooder",
					UserName: "Flooder", Text: "board", Ref: fmt.Sprint("f", w, "-", i), Private: true})
				floods.Add(1)
				sent.Store(true)
			}
		})
	}
	for !sent.Load() {
		time.Sleep(time.Millisecond)
	}
	var (
		slowest time.Duration
		all     []chat.Reply // b.say takes the flooder's replies too
		moves   int
	)
	all = append(all, b.say("play tictactoe easy x")...)
	for _, mv := range []string{"a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"} {
		t0 := time.Now()
		rs := b.say(mv)
		slowest = max(slowest, time.Since(t0))
		all = append(all, rs...)
		for _, r := range rs {
			if r.ChannelID == "dm" && strings.Contains(r.Text, "Ayse: "+mv) {
				moves++
			}
		}
		if strings.Contains(texts(rs), "Game over") {
			break
		}
	}
	stop.Store(true)
	wg.Wait()
	elapsed := time.Since(start)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := b.r.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	refs := map[string]bool{} // the flooder's messages answered (a message may have several replies)
	for _, r := range append(all, b.rec.take()...) {
		if r.ChannelID == "flood" {
			refs[r.Ref] = true
		}
	}
	answered := len(refs)
	if moves == 0 {
		t.Errorf("none of the player's moves was answered during the flood: %q", texts(all))
	}
	allowed := limit.Burst + int(elapsed/limit.Every) + 1 // the one refusal
	if answered > allowed {
		t.Errorf("the flooder got %d answers in %v, more than the limit's %d", answered, elapsed, allowed)
	}
	n := floods.Load()
	t.Logf("flood: %d messages in %v (%.0f/s) from 8 goroutines, %d answered (limit %d); the other player's %d moves answered, the slowest in %v",
		n, elapsed.Round(time.Millisecond), float64(n)/elapsed.Seconds(), answered, allowed, moves, slowest.Round(time.Millisecond))
}
