package sessions

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"
)

// fairPool runs jobs on a fixed number of worker goroutines, each with its
// own resource W (an engine searching the bot's moves owns tables and is not
// safe for concurrent use). The queue is unbounded unless a job's owner is
// bounded (perOwner): a bot move is small, and refusing it is worse than
// queueing it with a visible notice.
//
// Each job has an owner (the person it works for), and a free worker takes
// the waiting job whose owner has used the least worker time lately
// (fair.go): one person with many games against a strong level, or a flood
// of hints or animations, cannot keep the others' work waiting behind
// theirs.
type fairPool[W any] struct {
	newWorker func() W
	log       *slog.Logger
	now       func() time.Time
	// perOwner bounds the jobs one owner has queued or running (trySubmit);
	// 0: no bound.
	perOwner int
	// onIdle, if set, runs on the worker that finished the last pending
	// job, before the pool reports itself idle (Jobs returns the memory a
	// burst of work used).
	onIdle func()

	mu      sync.Mutex
	cond    *sync.Cond
	queue   []poolJob[W]
	usage   usage
	owned   map[string]int // jobs queued or running, by owner
	running int
	extra   int // tracked goroutines (notices), counted by wait but not as busy workers
	workers int
	closed  bool
	idle    chan struct{} // closed while nothing is queued or running
	wg      sync.WaitGroup
}

// pool is the engine's pool of the bot's searches.
type pool = fairPool[Engine]

// poolJob is a queued job and whose it is.
type poolJob[W any] struct {
	owner string
	run   func(W)
}

// errOwnerBusy: the owner has perOwner jobs queued or running already.
var errOwnerBusy = errors.New("sessions: too many jobs of this owner")

// errPoolClosed: the pool is closed; the job was dropped.
var errPoolClosed = errors.New("sessions: closed")

func newPool[W any](workers int, newWorker func() W, log *slog.Logger) *fairPool[W] {
	p := &fairPool[W]{newWorker: newWorker, log: log, now: time.Now, workers: workers, idle: make(chan struct{}),
		usage: usage{m: map[string]*spent{}}, owned: map[string]int{}}
	close(p.idle)
	p.cond = sync.NewCond(&p.mu)
	for range workers {
		p.wg.Add(1)
		go p.work()
	}
	return p
}

// submit queues job, owner's, and reports whether it has to wait for a
// busy worker. After close it drops the job.
func (p *fairPool[W]) submit(owner string, job func(W)) (queued bool) {
	queued, _ = p.trySubmit(owner, job)
	return queued
}

// trySubmit is submit, refusing (errOwnerBusy) a job whose owner has
// perOwner jobs queued or running, and reporting a closed pool
// (errPoolClosed).
func (p *fairPool[W]) trySubmit(owner string, job func(W)) (queued bool, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return false, errPoolClosed
	}
	if p.perOwner > 0 && p.owned[owner] >= p.perOwner {
		return false, errOwnerBusy
	}
	if p.pendingLocked() == 0 {
		p.idle = make(chan struct{})
	}
	queued = p.running+len(p.queue) >= p.workers
	p.queue = append(p.queue, poolJob[W]{owner, job})
	p.owned[owner]++
	p.cond.Signal()
	return queued, nil
}

func (p *fairPool[W]) pendingLocked() int { return p.running + len(p.queue) + p.extra }

// track runs f on its own goroutine, counted as pending work by wait.
func (p *fairPool[W]) track(f func()) {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	if p.pendingLocked() == 0 {
		p.idle = make(chan struct{})
	}
	p.extra++
	p.mu.Unlock()
	go func() {
		defer func() {
			p.mu.Lock()
			p.extra--
			if p.pendingLocked() == 0 && !p.closed {
				close(p.idle)
			}
			p.mu.Unlock()
		}()
		f()
	}()
}

func (p *fairPool[W]) work() {
	defer p.wg.Done()
	var (
		res     W
		started bool
	)
	for {
		p.mu.Lock()
		for len(p.queue) == 0 && !p.closed {
			p.cond.Wait()
		}
		if p.closed {
			p.mu.Unlock()
			return
		}
		i := p.usage.next(len(p.queue), func(i int) string { return p.queue[i].owner }, p.now())
		job := p.queue[i]
		p.queue = slices.Delete(p.queue, i, i+1)
		p.running++
		p.mu.Unlock()

		if !started {
			res, started = p.newWorker(), true
		}
		start := p.now()
		p.run(job.run, res)

		p.mu.Lock()
		end := p.now()
		p.usage.add(job.owner, end.Sub(start), end)
		if p.owned[job.owner]--; p.owned[job.owner] <= 0 {
			delete(p.owned, job.owner)
		}
		if p.onIdle != nil && p.pendingLocked() == 1 && !p.closed {
			// The last job of a burst: still counted as running, so that
			// wait returns once what it did is undone.
			p.mu.Unlock()
			p.onIdle()
			p.mu.Lock()
		}
		p.running--
		if p.pendingLocked() == 0 && !p.closed {
			close(p.idle)
		}
		p.mu.Unlock()
	}
}

// run keeps a panicking job (a bug in a game or the engine) from taking the
// whole bot down with it.
func (p *fairPool[W]) run(job func(W), res W) {
	defer func() {
		if r := recover(); r != nil {
			p.log.Error("job panicked", "panic", fmt.Sprint(r))
		}
	}()
	job(res)
}

// wait blocks until no job is queued or running, or ctx is done.
func (p *fairPool[W]) wait(ctx context.Context) error {
	p.mu.Lock()
	ch := p.idle
	p.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// close drops queued jobs, lets running ones finish (their context is
// cancelled by the pool's user) and stops the workers.
func (p *fairPool[W]) close() {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.closed = true
	p.queue = nil
	p.owned = map[string]int{}
	p.cond.Broadcast()
	p.mu.Unlock()
	p.wg.Wait()
	p.mu.Lock()
	select {
	case <-p.idle:
	default:
		close(p.idle)
	}
	p.mu.Unlock()
}
