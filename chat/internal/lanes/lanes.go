// Package lanes runs jobs in FIFO order per key, one goroutine per busy key.
//
// The chat adapters need it twice over: a chat's (or channel's) messages
// must be handled, and its replies sent, in the order they came, yet a slow
// chat (the bot thinking, a rate limit, a platform refusing one chat) must
// never hold up another one. A key's lane may be paced (a token bucket per
// key) and its backlog bounded, so that a flood is refused rather than
// queued without limit.
package lanes

import (
	"context"
	"errors"
	"sync"
	"time"
)

var (
	// ErrFull is returned by Push when the key already has Config.Backlog
	// jobs waiting.
	ErrFull = errors.New("lanes: too many jobs queued for this key")
	// ErrClosed is returned by Push after Close.
	ErrClosed = errors.New("lanes: closed")
)

// Config sets up a Queue. The zero Config gives unpaced, unbounded lanes.
type Config[K comparable] struct {
	// Backlog bounds the jobs waiting on one key, not counting the one
	// running; Push refuses more with ErrFull. 0: no bound.
	Backlog int
	// Pace gives a key's pace when its lane is made. A paced lane is kept
	// while idle, so that its spent credit is remembered, until a sweep
	// finds its bucket full again. Nil: lanes are not paced and are
	// forgotten as soon as they are idle.
	Pace func(key K) Pace
	// Now is the clock of the sweep (tests set it); nil means time.Now.
	Now func() time.Time
}

// Queue runs jobs in FIFO order per key: the jobs of one key run one at a
// time on one goroutine, the jobs of different keys in parallel. The zero
// Queue is not usable; call New.
type Queue[K comparable] struct {
	cfg Config[K]

	mu        sync.Mutex
	m         map[K]*lane
	workers   int           // goroutines running a lane's jobs
	idle      chan struct{} // closed while workers == 0
	closed    bool
	lastSweep time.Time
}

// lane is the FIFO of one key. Only its running job touches pace (apart
// from the sweep, which looks at idle lanes alone).
type lane struct {
	jobs    []func(*Bucket)
	running bool // a worker goroutine owns the lane
	pace    Bucket
}

// New returns an empty, idle queue.
func New[K comparable](cfg Config[K]) *Queue[K] {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	idle := make(chan struct{})
	close(idle)
	return &Queue[K]{cfg: cfg, m: make(map[K]*lane), idle: idle}
}

// Push queues job on key's lane and returns at once; the job runs after
// every job pushed on key before it. It gets the lane's bucket, to reserve
// a token before each paced action (an unpaced lane's bucket never waits).
// A panic in a job is not recovered: jobs that may panic contain it
// themselves. Push fails with ErrClosed after Close and with ErrFull when
// the key's backlog is full; the job is then not queued.
func (q *Queue[K]) Push(key K, job func(pace *Bucket)) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return ErrClosed
	}
	q.sweep()
	ln := q.m[key]
	if ln == nil {
		ln = &lane{}
		if q.cfg.Pace != nil {
			ln.pace.set(q.cfg.Pace(key))
		}
		q.m[key] = ln
	}
	if q.cfg.Backlog > 0 && len(ln.jobs) >= q.cfg.Backlog {
		return ErrFull
	}
	ln.jobs = append(ln.jobs, job)
	if !ln.running {
		ln.running = true
		if q.workers == 0 {
			q.idle = make(chan struct{})
		}
		q.workers++
		go q.work(key, ln)
	}
	return nil
}

// work runs ln's jobs until it is empty.
func (q *Queue[K]) work(key K, ln *lane) {
	for {
		q.mu.Lock()
		if len(ln.jobs) == 0 {
			ln.running = false
			if q.cfg.Pace == nil {
				delete(q.m, key)
			}
			q.workers--
			if q.workers == 0 {
				close(q.idle)
			}
			q.mu.Unlock()
			return
		}
		job := ln.jobs[0]
		ln.jobs[0] = nil // let the job be collected once it has run
		ln.jobs = ln.jobs[1:]
		q.mu.Unlock()

		job(&ln.pace)
	}
}

// sweepEvery bounds how often Push scans for idle lanes to forget.
const sweepEvery = time.Minute

// sweep forgets idle paced lanes whose credit is complete again, so that
// the map does not grow with every key ever seen. Called with q.mu held.
func (q *Queue[K]) sweep() {
	if q.cfg.Pace == nil {
		return // unpaced lanes go as soon as they are idle
	}
	now := q.cfg.Now()
	if now.Sub(q.lastSweep) < sweepEvery {
		return
	}
	q.lastSweep = now
	for k, ln := range q.m {
		if !ln.running && ln.pace.full(now) {
			delete(q.m, k)
		}
	}
}

// Wait blocks until no job is queued or running, or ctx is done; when the
// queue is idle it returns nil even if ctx is done. A job pushed by a
// running job is waited for too: the queue is not idle in between.
func (q *Queue[K]) Wait(ctx context.Context) error {
	q.mu.Lock()
	idle := q.idle
	q.mu.Unlock()
	select {
	case <-idle:
		return nil
	default:
	}
	select {
	case <-idle:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Idle reports whether no job is queued or running right now.
func (q *Queue[K]) Idle() bool {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.workers == 0
}

// Close refuses further jobs. It does not wait: jobs already queued still
// run, in order; Wait tells when they are done.
func (q *Queue[K]) Close() {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
}
