package telegram

import (
	"context"
	"errors"
	"sync"
	"time"
)

// Pace is a token-bucket rate: one message every Every, with bursts of up to
// Burst messages. Every <= 0 means no pacing.
type Pace struct {
	Every time.Duration
	Burst int
}

// bucket paces one stream of messages with the generic cell rate algorithm:
// tat is the theoretical arrival time of the next message when sending at
// exactly one per every; up to burst-1 intervals of credit may be used early.
type bucket struct {
	pace Pace
	tat  time.Time
}

// reserve takes a token at now and returns how long to wait before using it.
// Reservations are never given back: a message that waits still counts.
func (b *bucket) reserve(now time.Time) time.Duration {
	if b.pace.Every <= 0 {
		return 0
	}
	if b.tat.Before(now) {
		b.tat = now
	}
	burst := max(b.pace.Burst, 1)
	wait := b.tat.Sub(now) - time.Duration(burst-1)*b.pace.Every
	b.tat = b.tat.Add(b.pace.Every)
	return max(wait, 0)
}

// full reports whether the bucket has all its credit back at now, so that
// forgetting it loses nothing.
func (b *bucket) full(now time.Time) bool { return !b.tat.After(now) }

// sharedBucket is a bucket safe for concurrent use (the bot-wide limit).
type sharedBucket struct {
	mu sync.Mutex
	b  bucket
}

func (s *sharedBucket) reserve(now time.Time) time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.reserve(now)
}

// errQueueFull is returned when a chat has too many replies waiting.
var errQueueFull = errors.New("telegram: too many replies queued for this chat")

// errClosed is returned by Send after the bot has shut down.
var errClosed = errors.New("telegram: bot is closed")

// lane is the FIFO of one chat. Only its worker touches pace, so pace needs
// no lock of its own.
type lane struct {
	jobs    []func(*lane)
	running bool
	pace    bucket
}

// lanes runs jobs in FIFO order per key (a chat id) with one goroutine per
// busy key, so a slow or rate-limited chat never blocks another one.
type lanes struct {
	mu        sync.Mutex
	m         map[int64]*lane
	newPace   func(key int64) Pace // nil: unpaced lanes, dropped as soon as idle
	maxQueue  int
	pending   int           // queued or running jobs over all lanes
	idle      chan struct{} // closed while pending == 0
	closed    bool
	lastSweep time.Time
	wg        sync.WaitGroup
}

func newLanes(maxQueue int, newPace func(int64) Pace) *lanes {
	idle := make(chan struct{})
	close(idle)
	return &lanes{m: make(map[int64]*lane), newPace: newPace, maxQueue: maxQueue, idle: idle}
}

// push queues job on the lane of key.
func (ls *lanes) push(key int64, job func(*lane)) error {
	ls.mu.Lock()
	defer ls.mu.Unlock()
	if ls.closed {
		return errClosed
	}
	ls.sweep(time.Now())
	ln := ls.m[key]
	if ln == nil {
		ln = &lane{}
		if ls.newPace != nil {
			ln.pace.pace = ls.newPace(key)
		}
		ls.m[key] = ln
	}
	if ls.maxQueue > 0 && len(ln.jobs) >= ls.maxQueue {
		return errQueueFull
	}
	ln.jobs = append(ln.jobs, job)
	if ls.pending == 0 {
		ls.idle = make(chan struct{})
	}
	ls.pending++
	if !ln.running {
		ln.running = true
		ls.wg.Add(1)
		go ls.work(key, ln)
	}
	return nil
}

func (ls *lanes) work(key int64, ln *lane) {
	defer ls.wg.Done()
	for {
		ls.mu.Lock()
		if len(ln.jobs) == 0 {
			ln.running = false
			if ls.newPace == nil {
				delete(ls.m, key)
			}
			ls.mu.Unlock()
			return
		}
		job := ln.jobs[0]
		ln.jobs[0] = nil
		ln.jobs = ln.jobs[1:]
		ls.mu.Unlock()

		job(ln)

		ls.mu.Lock()
		ls.pending--
		if ls.pending == 0 {
			close(ls.idle)
		}
		ls.mu.Unlock()
	}
}

// sweepEvery bounds how often push scans for idle lanes to forget.
const sweepEvery = time.Minute

// sweep forgets idle lanes whose pacing credit is complete again, so the map
// does not grow with every chat ever seen. Called with ls.mu held.
func (ls *lanes) sweep(now time.Time) {
	if now.Sub(ls.lastSweep) < sweepEvery {
		return
	}
	ls.lastSweep = now
	for k, ln := range ls.m {
		if !ln.running && len(ln.jobs) == 0 && ln.pace.full(now) {
			delete(ls.m, k)
		}
	}
}

// wait blocks until no job is queued or running, or ctx is done.
func (ls *lanes) wait(ctx context.Context) error {
	ls.mu.Lock()
	idle := ls.idle
	ls.mu.Unlock()
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// close refuses further jobs; running workers finish their queues.
func (ls *lanes) close() {
	ls.mu.Lock()
	ls.closed = true
	ls.mu.Unlock()
}

// sleep waits for d or until ctx is done.
func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
