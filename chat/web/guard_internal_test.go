package web

import (
	"testing"
	"testing/synctest"
	"time"
)

// TestLimiterInBubble: an address gets its burst at once, then one request
// per 1/rate; another address is not touched; a bucket full again is
// forgotten at the next minute's sweep. In a synctest bubble the limiter's
// real clock moves only as the test sleeps.
func TestLimiterInBubble(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		l := newLimiter(2, 3) // 2 a second, 3 at once
		for i := range 3 {
			if !l.allow("a") {
				t.Fatalf("request %d of the burst refused", i+1)
			}
		}
		if l.allow("a") {
			t.Fatal("a fourth request at once allowed")
		}
		if !l.allow("b") {
			t.Fatal("another address refused")
		}
		time.Sleep(499 * time.Millisecond)
		if l.allow("a") {
			t.Fatal("allowed before half a second")
		}
		time.Sleep(time.Millisecond)
		if !l.allow("a") {
			t.Fatal("refused after half a second")
		}
		if l.allow("a") {
			t.Fatal("two allowed after half a second")
		}
		time.Sleep(2 * time.Minute)
		l.allow("c") // the sweep runs first: a and b are full again
		if _, ok := l.buckets["a"]; ok || len(l.buckets) != 1 {
			t.Fatalf("after two quiet minutes %d buckets kept, want c's alone", len(l.buckets))
		}
	})
}
