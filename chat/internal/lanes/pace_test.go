package lanes

import (
	"context"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

func TestBucketReserve(t *testing.T) {
	t0 := time.Unix(1000, 0)
	tests := []struct {
		name  string
		pace  Pace
		at    []time.Duration // arrival offsets from t0
		waits []time.Duration
	}{
		{"unpaced", Pace{}, []time.Duration{0, 0, 0}, []time.Duration{0, 0, 0}},
		{"burst then one a second", Pace{time.Second, 3},
			[]time.Duration{0, 0, 0, 0, 0},
			[]time.Duration{0, 0, 0, time.Second, 2 * time.Second}},
		{"credit comes back", Pace{time.Second, 2},
			[]time.Duration{0, 0, 0, 10 * time.Second, 10 * time.Second, 10 * time.Second},
			[]time.Duration{0, 0, time.Second, 0, 0, time.Second}},
		{"burst of one spaces messages", Pace{3 * time.Second, 1},
			[]time.Duration{0, time.Second, 2 * time.Second},
			[]time.Duration{0, 2 * time.Second, 4 * time.Second}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := NewBucket(tc.pace)
			for i, at := range tc.at {
				if got := b.Reserve(t0.Add(at)); got != tc.waits[i] {
					t.Errorf("reservation %d at %v: wait %v, want %v", i, at, got, tc.waits[i])
				}
			}
		})
	}
}

// TestBucketWindowProperty checks the pacing promise: however jobs arrive,
// no window of length w sees more than burst + w/every of them go out, and
// a lone job after a quiet period goes out at once.
func TestBucketWindowProperty(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 200 {
		p := Pace{Every: time.Duration(1+rng.IntN(3000)) * time.Millisecond, Burst: 1 + rng.IntN(5)}
		b := NewBucket(p)
		now := time.Unix(0, 0)
		var sent []time.Time
		for range 100 {
			now = now.Add(time.Duration(rng.IntN(int(2 * p.Every))))
			out := now.Add(b.Reserve(now))
			if len(sent) > 0 && out.Before(sent[len(sent)-1]) {
				t.Fatalf("trial %d: reservations out of order", trial)
			}
			sent = append(sent, out)
		}
		w := 20 * p.Every
		limit := p.Burst + int(w/p.Every)
		for i := range sent {
			n := 0
			for j := i; j < len(sent) && sent[j].Sub(sent[i]) < w; j++ {
				n++
			}
			if n > limit {
				t.Fatalf("trial %d (%+v): %d messages in a window of %v, limit %d", trial, p, n, w, limit)
			}
		}
		if wait := b.Reserve(sent[len(sent)-1].Add(time.Duration(p.Burst+1) * p.Every)); wait != 0 {
			t.Fatalf("trial %d: wait %v after a quiet period", trial, wait)
		}
	}
}

func TestZeroBucketDoesNotPace(t *testing.T) {
	var b Bucket
	now := time.Unix(0, 0)
	for i := range 100 {
		if wait := b.Reserve(now); wait != 0 {
			t.Fatalf("reservation %d: wait %v, want none", i, wait)
		}
	}
}

// TestBucketShared reserves from many goroutines at the same instant: the
// bot-wide bucket is shared by every chat's lane, and each reservation must
// get its own slot.
func TestBucketShared(t *testing.T) {
	const n = 50
	b := NewBucket(Pace{Every: time.Second, Burst: 1})
	now := time.Unix(0, 0)
	waits := make([]time.Duration, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { waits[i] = b.Reserve(now) })
	}
	wg.Wait()
	slices.Sort(waits)
	for i, w := range waits {
		if w != time.Duration(i)*time.Second {
			t.Fatalf("waits %v: slot %d is %v, want %v", waits, i, w, time.Duration(i)*time.Second)
		}
	}
}

// TestPacedLanesInBubble paces two chats' jobs through a Queue as the
// adapters do (each job waits its reservation, of its lane's bucket and of
// one bucket shared by all), in a synctest bubble where the waits take no
// time: each chat gets its burst at once and then one job a second, and
// the shared bucket holds both chats together to its own rate.
func TestPacedLanesInBubble(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		q := New(Config[string]{Pace: func(string) Pace { return Pace{Every: time.Second, Burst: 2} }})
		shared := NewBucket(Pace{Every: 500 * time.Millisecond, Burst: 3})
		start := time.Now()
		var mu sync.Mutex
		out := map[string][]time.Duration{}
		for i := range 8 {
			key := []string{"a", "b"}[i%2]
			err := q.Push(key, func(b *Bucket) {
				now := time.Now()
				time.Sleep(max(b.Reserve(now), shared.Reserve(now)))
				mu.Lock()
				out[key] = append(out[key], time.Since(start))
				mu.Unlock()
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		if err := q.Wait(context.Background()); err != nil {
			t.Fatal(err)
		}
		// Each lane alone: 0, 0, 1 s, 2 s. The shared bucket (3 at once,
		// then one per 500 ms) lets 3 of the 4 first jobs go at once.
		for _, key := range []string{"a", "b"} {
			got := out[key]
			if len(got) != 4 {
				t.Fatalf("lane %s ran %d jobs", key, len(got))
			}
			for i, d := range got {
				if own := time.Duration(max(i-1, 0)) * time.Second; d < own {
					t.Errorf("lane %s job %d at %v, before its own pace allows (%v)", key, i, d, own)
				}
			}
		}
		all := append(append([]time.Duration(nil), out["a"]...), out["b"]...)
		slices.Sort(all)
		for i, d := range all {
			if floor := time.Duration(max(i-2, 0)) * 500 * time.Millisecond; d < floor {
				t.Errorf("job %d of both lanes at %v, before the shared pace allows (%v): %v", i, d, floor, all)
			}
		}
		if last := all[len(all)-1]; last > 2500*time.Millisecond {
			t.Errorf("the last job at %v: paced slower than both buckets ask: %v", last, all)
		}
	})
}
