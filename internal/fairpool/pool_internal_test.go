package fairpool

import (
	"context"
	"math"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// Engine stands for a worker's resource (an engine, in package sessions).
type Engine = *struct{ tables []byte }

// TestUsageDecays: engine time counts half after a half-life, and adds up.
func TestUsageDecays(t *testing.T) {
	t0 := time.Unix(1_700_000_000, 0)
	u := usage{m: map[string]*spent{}}
	u.add("a", 60*time.Second, t0)
	for _, tc := range []struct {
		after time.Duration
		want  float64
	}{
		{0, 60},
		{usageHalfLife, 30},
		{2 * usageHalfLife, 15},
	} {
		if got := u.of("a", t0.Add(tc.after)); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("after %v: %.3f s, want %.3f", tc.after, got, tc.want)
		}
	}
	u.add("a", 10*time.Second, t0.Add(usageHalfLife))
	if got := u.of("a", t0.Add(usageHalfLife)); math.Abs(got-40) > 1e-9 {
		t.Errorf("30 s left and 10 s more: %.3f, want 40", got)
	}
	if got := u.of("nobody", t0); got != 0 {
		t.Errorf("an unknown owner used %.3f", got)
	}
}

// TestPoolServesTheLeastUsedFirst: with one worker busy on a long search of
// Ayşe's, her next two jobs were queued before Bora's one; Bora's runs
// first, then hers in the order she queued them.
func TestPoolServesTheLeastUsedFirst(t *testing.T) {
	var clock atomic.Int64
	clock.Store(time.Unix(1_700_000_000, 0).UnixNano())
	p := New(Config[Engine]{Workers: 1, NewWorker: func() Engine { return nil }})
	p.now = func() time.Time { return time.Unix(0, clock.Load()) }
	defer p.Close()

	var (
		mu    sync.Mutex
		order []string
	)
	job := func(name string, hold chan struct{}) func(Engine) {
		return func(Engine) {
			if hold != nil {
				<-hold
			}
			mu.Lock()
			order = append(order, name)
			mu.Unlock()
		}
	}
	started := make(chan struct{})
	release := make(chan struct{})
	p.Submit("t/ayse", func(e Engine) { close(started); job("a1", release)(e) })
	<-started // a1 runs: the next ones wait
	p.Submit("t/ayse", job("a2", nil))
	p.Submit("t/ayse", job("a3", nil))
	p.Submit("t/bora", job("b1", nil))
	clock.Add(int64(5 * time.Second)) // a1 searched for 5 s
	close(release)
	if err := p.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if want := []string{"a1", "b1", "a2", "a3"}; !slices.Equal(order, want) {
		t.Fatalf("order %v, want %v", order, want)
	}
}

// TestPoolOnIdleAfterABurst: onIdle runs once after the last job of a
// burst, before wait returns, not between the burst's jobs.
func TestPoolOnIdleAfterABurst(t *testing.T) {
	p := New(Config[struct{}]{Workers: 1, NewWorker: func() struct{} { return struct{}{} }})
	defer p.Close()
	var idles atomic.Int32
	p.onIdle = func() { idles.Add(1) }
	release := make(chan struct{})
	p.Submit("a", func(struct{}) { <-release })
	p.Submit("a", func(struct{}) {})
	p.Submit("b", func(struct{}) {})
	close(release)
	if err := p.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := idles.Load(); n != 1 {
		t.Fatalf("onIdle ran %d times after a burst of 3 jobs, want 1", n)
	}
}

// TestPoolInteractiveBeforeBackground (issue 41): with the one worker
// busy, two people new to the pool queue background jobs (analysis
// slices), then Ayşe, who has used the engine for a minute, queues an
// interactive one (a bot's move): hers runs first, then theirs, fairly.
func TestPoolInteractiveBeforeBackground(t *testing.T) {
	var clock atomic.Int64
	clock.Store(time.Unix(1_700_000_000, 0).UnixNano())
	p := New(Config[Engine]{Workers: 1, NewWorker: func() Engine { return nil }})
	p.now = func() time.Time { return time.Unix(0, clock.Load()) }
	defer p.Close()
	p.mu.Lock()
	p.usage.add("t/ayse", time.Minute, p.now())
	p.mu.Unlock()

	var (
		mu    sync.Mutex
		order []string
	)
	job := func(name string) func(Engine) {
		return func(Engine) {
			mu.Lock()
			order = append(order, name)
			mu.Unlock()
			clock.Add(int64(time.Second)) // each job searches for a second
		}
	}
	started := make(chan struct{})
	release := make(chan struct{})
	p.Submit("t/cem", func(Engine) { close(started); <-release })
	<-started
	for _, o := range []string{"t/dan", "t/eda"} {
		for i := range 2 {
			if _, err := p.TrySubmitClass(o, Background, job(o[2:]+string(rune('1'+i)))); err != nil {
				t.Fatal(err)
			}
		}
	}
	p.Submit("t/ayse", job("ayse"))
	close(release)
	if err := p.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if want := []string{"ayse", "dan1", "eda1", "dan2", "eda2"}; !slices.Equal(order, want) {
		t.Fatalf("order %v, want %v", order, want)
	}
}
