package web

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"testing/synctest"

	"oyunbot/sessions"
)

// TestSlowWorkPerAddress: an address's drawings beyond its share of the
// slow queue wait for its earlier ones, while another address's is drawn
// beside them; an asker gone before its turn draws nothing.
func TestSlowWorkPerAddress(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		jobs := sessions.NewJobs(t.Context(), sessions.JobsConfig{Workers: 2, PerOwner: 2, KeepMemory: true})
		defer jobs.Close()
		w := newSlowWork(jobs, 1)
		var (
			mu      sync.Mutex
			running = map[string]int{}
			most    = map[string]int{}
			drawn   []string
		)
		gate := make(chan struct{})
		draw := func(owner, key string) func(context.Context) ([]byte, error) {
			return func(context.Context) ([]byte, error) {
				mu.Lock()
				running[owner]++
				most[owner] = max(most[owner], running[owner])
				drawn = append(drawn, key)
				mu.Unlock()
				<-gate
				mu.Lock()
				running[owner]--
				mu.Unlock()
				return []byte(key), nil
			}
		}
		results := make(chan string, 8)
		ask := func(ctx context.Context, owner, key string) {
			b, err := w.make(ctx, owner, key, nil, draw(owner, key))
			if err != nil {
				b = []byte(err.Error())
			}
			results <- string(b)
		}
		for i := range 3 {
			go ask(context.Background(), "web:a", fmt.Sprint("a", i))
		}
		synctest.Wait()
		gone, leave := context.WithCancel(context.Background())
		go ask(gone, "web:a", "a-gone")
		synctest.Wait()
		go ask(context.Background(), "web:b", "b0")
		synctest.Wait()
		mu.Lock()
		if running["web:a"] != 1 || running["web:b"] != 1 {
			t.Errorf("drawing at once: %v, want one of a's (the others waiting) and b's", running)
		}
		mu.Unlock()
		leave()
		if got := <-results; got != context.Canceled.Error() {
			t.Errorf("the asker gone: %q, want %q", got, context.Canceled)
		}
		close(gate)
		got := map[string]bool{}
		for range 4 {
			got[<-results] = true
		}
		synctest.Wait()
		for _, k := range []string{"a0", "a1", "a2", "b0"} {
			if !got[k] {
				t.Errorf("no %s in %v", k, got)
			}
		}
		if most["web:a"] != 1 {
			t.Errorf("a's drawings at once: %d, want 1", most["web:a"])
		}
		for _, k := range drawn {
			if k == "a-gone" {
				t.Error("drawn for an asker gone before its turn")
			}
		}
	})
}

// TestSlowWorkAskerGone: who waits for a drawing another asked for first
// gets it though that asker goes before its turn (the drawing is then
// asked for again, as the one waiting's).
func TestSlowWorkAskerGone(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		jobs := sessions.NewJobs(t.Context(), sessions.JobsConfig{Workers: 2, PerOwner: 2, KeepMemory: true})
		defer jobs.Close()
		w := newSlowWork(jobs, 1)
		gate := make(chan struct{})
		var mu sync.Mutex
		var owners []string
		draw := func(owner, key string) func(context.Context) ([]byte, error) {
			return func(context.Context) ([]byte, error) {
				mu.Lock()
				owners = append(owners, owner+" "+key)
				mu.Unlock()
				<-gate
				return []byte(key), nil
			}
		}
		type result struct {
			val string
			err error
		}
		ask := func(ctx context.Context, owner, key string) chan result {
			out := make(chan result, 1)
			go func() {
				b, err := w.make(ctx, owner, key, nil, draw(owner, key))
				out <- result{string(b), err}
			}()
			return out
		}
		first := ask(context.Background(), "web:a", "k1") // a's place in the queue
		synctest.Wait()
		gone, leave := context.WithCancel(context.Background())
		aGone := ask(gone, "web:a", "k2") // waits for a's place
		synctest.Wait()
		b := ask(context.Background(), "web:b", "k2") // waits for a's drawing of k2
		synctest.Wait()
		leave()
		if r := <-aGone; !errors.Is(r.err, context.Canceled) {
			t.Errorf("the asker gone: %+v", r)
		}
		synctest.Wait()
		close(gate)
		if r := <-b; r.err != nil || r.val != "k2" {
			t.Errorf("the one waiting: %+v, want k2", r)
		}
		if r := <-first; r.err != nil || r.val != "k1" {
			t.Errorf("the first: %+v", r)
		}
		if fmt.Sprint(owners) != "[web:a k1 web:b k2]" {
			t.Errorf("drawn: %v, want a's k1 and b's k2", owners)
		}
	})
}
