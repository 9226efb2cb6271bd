package web

import (
	"context"
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
		jobs := sessions.NewJobs(sessions.JobsConfig{Workers: 2, PerOwner: 2, KeepMemory: true})
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
