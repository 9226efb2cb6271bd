package lanes

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

// within fails the test unless ch is closed (or receives) in time. The
// timeout only catches a hang; nothing is proved by waiting.
func within(t *testing.T, ch <-chan struct{}, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(10 * time.Second):
		t.Fatalf("timed out waiting: %s", what)
	}
}

// hold pushes on key a job that holds its lane until release is closed and
// then records name; hold returns once the job runs.
func hold[K comparable](t *testing.T, q *Queue[K], key K, rec *recorder, name string) (release chan struct{}) {
	t.Helper()
	started, release := make(chan struct{}), make(chan struct{})
	err := q.Push(key, func(*Bucket) {
		close(started)
		<-release
		rec.add(name)
	})
	if err != nil {
		t.Fatal(err)
	}
	within(t, started, name+" to start")
	return release
}

// waitIdle waits until q has no job queued or running.
func waitIdle[K comparable](t *testing.T, q *Queue[K]) {
	t.Helper()
	if err := q.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// record pushes on key a job that records name.
func record[K comparable](t *testing.T, q *Queue[K], key K, rec *recorder, name string) {
	t.Helper()
	if err := q.Push(key, func(*Bucket) { rec.add(name) }); err != nil {
		t.Fatalf("%s refused: %v", name, err)
	}
}

// recorder collects what jobs did, from any goroutine.
type recorder struct {
	mu  sync.Mutex
	got []string
}

func (r *recorder) add(s string) {
	r.mu.Lock()
	r.got = append(r.got, s)
	r.mu.Unlock()
}

func (r *recorder) list() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.got)
}

func TestOrderPerKey(t *testing.T) {
	q := New(Config[string]{})
	keys := []string{"a", "b", "c"}
	const n = 200
	var (
		mu      sync.Mutex
		got     = map[string][]int{}
		running = map[string]int{}
	)
	for i := range n {
		for _, k := range keys {
			err := q.Push(k, func(*Bucket) {
				mu.Lock()
				running[k]++
				if running[k] > 1 {
					t.Errorf("key %s: two jobs at once", k)
				}
				got[k] = append(got[k], i)
				mu.Unlock()

				mu.Lock()
				running[k]--
				mu.Unlock()
			})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	waitIdle(t, q)
	for _, k := range keys {
		if len(got[k]) != n || !slices.IsSorted(got[k]) {
			t.Errorf("key %s ran %d jobs, in order %v; want %d in push order", k, len(got[k]), slices.IsSorted(got[k]), n)
		}
	}
}

// TestKeysRunInParallel: while key a's job is blocked, key b's job runs to
// the end, and a's next job waits for a's first.
func TestKeysRunInParallel(t *testing.T) {
	q := New(Config[string]{})
	var rec recorder
	release := hold(t, q, "a", &rec, "a1")
	record(t, q, "a", &rec, "a2")
	bDone := make(chan struct{})
	if err := q.Push("b", func(*Bucket) { rec.add("b"); close(bDone) }); err != nil {
		t.Fatal(err)
	}
	within(t, bDone, "b's job to finish while a's is blocked")
	if q.Idle() {
		t.Error("Idle with a's jobs still to run")
	}
	close(release)
	waitIdle(t, q)
	if got, want := rec.list(), []string{"b", "a1", "a2"}; !slices.Equal(got, want) {
		t.Errorf("ran %v, want %v", got, want)
	}
}

func TestBacklog(t *testing.T) {
	q := New(Config[int64]{Backlog: 2})
	var rec recorder
	release := hold(t, q, 1, &rec, "1")
	// The running job does not count: two more may wait.
	record(t, q, 1, &rec, "2")
	record(t, q, 1, &rec, "3")
	if err := q.Push(1, func(*Bucket) { rec.add("4") }); !errors.Is(err, ErrFull) {
		t.Fatalf("third waiting job: err %v, want ErrFull", err)
	}
	// The bound is per key.
	record(t, q, 2, &rec, "other")
	close(release)
	waitIdle(t, q)
	got := rec.list()
	if n := slices.Index(got, "other"); n >= 0 {
		got = slices.Delete(got, n, n+1)
	}
	if want := []string{"1", "2", "3"}; !slices.Equal(got, want) {
		t.Errorf("key 1 ran %v, want %v (the refused job never runs)", got, want)
	}
	// Once drained, the lane takes jobs again.
	if err := q.Push(1, func(*Bucket) {}); err != nil {
		t.Fatalf("after draining: %v", err)
	}
	waitIdle(t, q)
}

func TestWait(t *testing.T) {
	q := New(Config[string]{})
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if err := q.Wait(cancelled); err != nil {
		t.Fatalf("idle queue, done context: %v, want nil", err)
	}
	if !q.Idle() {
		t.Fatal("a new queue is not idle")
	}

	started, release := make(chan struct{}), make(chan struct{})
	chained := make(chan struct{})
	err := q.Push("a", func(*Bucket) {
		close(started)
		<-release
		// A job's own push is waited for as well.
		if err := q.Push("b", func(*Bucket) { close(chained) }); err != nil {
			t.Error(err)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	within(t, started, "the job to start")
	if err := q.Wait(cancelled); !errors.Is(err, context.Canceled) {
		t.Fatalf("Wait with a job running and a done context: %v, want context.Canceled", err)
	}
	if q.Idle() {
		t.Fatal("Idle while a job runs")
	}
	close(release)
	waitIdle(t, q)
	select {
	case <-chained:
	default:
		t.Fatal("Wait returned before the job pushed by a job ran")
	}
	if !q.Idle() {
		t.Fatal("not Idle after Wait")
	}
}

func TestClose(t *testing.T) {
	q := New(Config[string]{})
	var rec recorder
	release := hold(t, q, "a", &rec, "1")
	record(t, q, "a", &rec, "2")
	q.Close()
	for _, k := range []string{"a", "new"} {
		if err := q.Push(k, func(*Bucket) { rec.add("late " + k) }); !errors.Is(err, ErrClosed) {
			t.Errorf("push on %q after Close: %v, want ErrClosed", k, err)
		}
	}
	if q.Idle() {
		t.Fatal("Close dropped the running and queued jobs")
	}
	close(release)
	waitIdle(t, q)
	if got, want := rec.list(), []string{"1", "2"}; !slices.Equal(got, want) {
		t.Errorf("ran %v, want %v: jobs queued before Close run, later ones never", got, want)
	}
}

func TestUnpacedLanesGoWhenIdle(t *testing.T) {
	q := New(Config[string]{})
	for _, k := range []string{"a", "b"} {
		if err := q.Push(k, func(p *Bucket) {
			if w := p.Reserve(time.Unix(0, 0)); w != 0 {
				t.Errorf("unpaced lane waits %v", w)
			}
		}); err != nil {
			t.Fatal(err)
		}
	}
	waitIdle(t, q)
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.m) != 0 {
		t.Errorf("%d idle unpaced lanes kept", len(q.m))
	}
}

// clock is a settable time for the sweep.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// reserve runs one job on key that takes a token at now and returns the wait.
func reserve(t *testing.T, q *Queue[string], key string, now time.Time) time.Duration {
	t.Helper()
	wait := make(chan time.Duration, 1)
	if err := q.Push(key, func(p *Bucket) { wait <- p.Reserve(now) }); err != nil {
		t.Fatal(err)
	}
	select {
	case w := <-wait:
		return w
	case <-time.After(10 * time.Second):
		t.Fatalf("timed out waiting for %s's job", key)
		return 0
	}
}

func (q *Queue[K]) keys() []K {
	q.mu.Lock()
	defer q.mu.Unlock()
	var ks []K
	for k := range q.m {
		ks = append(ks, k)
	}
	return ks
}

// TestPacedLanes: each key has its own bucket with its own pace, kept while
// the lane is idle; the sweep forgets only idle lanes whose credit is back.
func TestPacedLanes(t *testing.T) {
	t0 := time.Unix(1000, 0)
	clk := &clock{now: t0}
	q := New(Config[string]{
		Now: clk.Now,
		Pace: func(key string) Pace {
			if key == "slow" {
				return Pace{Every: 10 * time.Minute, Burst: 1}
			}
			return Pace{Every: time.Second, Burst: 2}
		},
	})
	// fast: a burst of two, then one a second, across separate jobs.
	for i, want := range []time.Duration{0, 0, time.Second} {
		if got := reserve(t, q, "fast", t0); got != want {
			t.Errorf("fast reservation %d: wait %v, want %v", i, got, want)
		}
	}
	// slow has its own bucket, untouched by fast's.
	for i, want := range []time.Duration{0, 10 * time.Minute} {
		if got := reserve(t, q, "slow", t0); got != want {
			t.Errorf("slow reservation %d: wait %v, want %v", i, got, want)
		}
	}

	waitIdle(t, q) // every worker gone, so the sweep sees idle lanes

	// A lane running through the sweep is kept, whatever its credit.
	var rec recorder
	release := hold(t, q, "busy", &rec, "busy1")

	clk.add(sweepEvery)
	now := clk.Now()
	if got := reserve(t, q, "other", now); got != 0 {
		t.Errorf("a new key waits %v", got)
	}
	// fast's credit was back (its last token was due at t0+2s): forgotten.
	// slow still owes (next token at t0+20m): kept, and it still waits.
	ks := q.keys()
	slices.Sort(ks)
	if want := []string{"busy", "other", "slow"}; !slices.Equal(ks, want) {
		t.Errorf("lanes after the sweep %v, want %v", ks, want)
	}
	if got, want := reserve(t, q, "slow", now), t0.Add(20*time.Minute).Sub(now); got != want {
		t.Errorf("slow after the sweep: wait %v, want %v", got, want)
	}
	if got := reserve(t, q, "fast", now); got != 0 {
		t.Errorf("fast, forgotten with its credit back, waits %v", got)
	}

	record(t, q, "busy", &rec, "busy2")
	close(release)
	waitIdle(t, q)
	if got, want := rec.list(), []string{"busy1", "busy2"}; !slices.Equal(got, want) {
		t.Errorf("busy ran %v, want %v", got, want)
	}
}

// TestSweepEvery: a sweep happens at most once a sweepEvery, so a push does
// not scan every lane each time.
func TestSweepEvery(t *testing.T) {
	t0 := time.Unix(1000, 0)
	clk := &clock{now: t0}
	q := New(Config[int]{Now: clk.Now, Pace: func(int) Pace { return Pace{Every: time.Second, Burst: 1} }})
	for k := range 3 {
		if err := q.Push(k, func(*Bucket) {}); err != nil {
			t.Fatal(err)
		}
	}
	waitIdle(t, q)
	clk.add(sweepEvery - time.Nanosecond)
	if err := q.Push(3, func(*Bucket) {}); err != nil {
		t.Fatal(err)
	}
	if n := len(q.keys()); n != 4 {
		t.Fatalf("%d lanes before a sweep is due, want 4", n)
	}
	clk.add(time.Nanosecond)
	waitIdle(t, q)
	if err := q.Push(4, func(*Bucket) {}); err != nil {
		t.Fatal(err)
	}
	waitIdle(t, q)
	if ks := q.keys(); len(ks) != 1 || ks[0] != 4 {
		t.Fatalf("lanes after the sweep %v, want [4]", ks)
	}
}

func ExampleQueue() {
	q := New(Config[string]{Backlog: 100})
	var mu sync.Mutex
	got := map[string][]int{}
	for i := range 3 {
		for _, channel := range []string{"#a", "#b"} {
			err := q.Push(channel, func(*Bucket) {
				mu.Lock()
				got[channel] = append(got[channel], i)
				mu.Unlock()
			})
			if err != nil {
				fmt.Println(err)
			}
		}
	}
	if err := q.Wait(context.Background()); err != nil {
		fmt.Println(err)
	}
	fmt.Println(got["#a"], got["#b"])
	// Output: [0 1 2] [0 1 2]
}
