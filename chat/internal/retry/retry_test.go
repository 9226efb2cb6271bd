package retry

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"
	"time"
)

var (
	errPasses  = errors.New("503")
	errForGood = errors.New("400")
)

func classify(err error) Verdict { return Verdict{Retry: errors.Is(err, errPasses)} }

func TestWaitBounds(t *testing.T) {
	p := Policy{Base: 500 * time.Millisecond, Max: 30 * time.Second}
	for n := 1; n < 40; n++ {
		exp := min(p.Base<<min(n-1, 20), p.Max)
		for range 50 {
			d := p.Wait(n)
			if d < exp/2 || d > exp {
				t.Fatalf("retry %d: wait %v, want within [%v, %v]", n, d, exp/2, exp)
			}
		}
	}
	if d := (Policy{}).Wait(3); d != 0 {
		t.Fatalf("zero policy waits %v", d)
	}
}

// TestDoSchedule runs a failing call in a bubble: the retries come at the
// policy's waits (fake time: the test takes none), Attempts bounds them,
// and the error returned is the last try's.
func TestDoSchedule(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := Policy{Base: time.Second, Max: 4 * time.Second, Attempts: 5}
		start := time.Now()
		var at []time.Duration
		err := p.Do(context.Background(), func() error {
			at = append(at, time.Since(start))
			return errPasses
		}, classify, nil)
		if !errors.Is(err, errPasses) {
			t.Fatalf("err %v", err)
		}
		if len(at) != 5 {
			t.Fatalf("%d tries, want 5", len(at))
		}
		exp := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second, 4 * time.Second}
		for i := 1; i < len(at); i++ {
			gap := at[i] - at[i-1]
			if gap < exp[i-1]/2 || gap > exp[i-1] {
				t.Errorf("wait before retry %d: %v, want within [%v, %v]", i, gap, exp[i-1]/2, exp[i-1])
			}
		}
	})
}

// TestDoStops: an error for good is not retried; the platform's own wait
// is honoured; success ends the calls; a cancelled context ends the wait.
func TestDoStops(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := Policy{Base: time.Second, Max: time.Minute}
		tries := 0
		err := p.Do(context.Background(), func() error { tries++; return errForGood }, classify, nil)
		if !errors.Is(err, errForGood) || tries != 1 {
			t.Fatalf("error for good: %v after %d tries", err, tries)
		}

		tries = 0
		start := time.Now()
		var waits []time.Duration
		err = p.Do(context.Background(), func() error {
			tries++
			if tries < 3 {
				return errPasses
			}
			return nil
		}, func(error) Verdict { return Verdict{Retry: true, After: 7 * time.Second} },
			func(n int, wait time.Duration, err error) { waits = append(waits, wait) })
		if err != nil || tries != 3 {
			t.Fatalf("%v after %d tries", err, tries)
		}
		if got := time.Since(start); got != 14*time.Second || len(waits) != 2 {
			t.Fatalf("retry_after 7s twice took %v (%v)", got, waits)
		}

		ctx, cancel := context.WithCancel(context.Background())
		go func() {
			time.Sleep(90 * time.Second)
			cancel()
		}()
		tries = 0
		start = time.Now()
		err = p.Do(ctx, func() error { tries++; return errPasses }, classify, nil)
		if !errors.Is(err, errPasses) {
			t.Fatalf("err %v", err)
		}
		if got := time.Since(start); got != 90*time.Second {
			t.Fatalf("cancelled after %v, want 90s", got)
		}
		// 1s, 2s, 4s... capped at a minute: the 90 s hold about 8 tries.
		if tries < 6 || tries > 12 {
			t.Fatalf("%d tries in 90 s", tries)
		}
	})
}
