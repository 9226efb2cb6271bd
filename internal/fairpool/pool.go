// Package fairpool runs jobs on a fixed number of worker goroutines, each
// with a resource of its own, fairly between the people the jobs work for:
// a free worker takes the waiting job whose owner used the least worker
// time lately (fair.go), and interactive jobs before background ones. The
// bot's engine searches (package sessions) and its slow commands run on
// such pools.
package fairpool

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"
)

// Pool runs jobs on a fixed number of worker goroutines, each with its
// own resource W (an engine searching the bot's moves owns tables and is not
// safe for concurrent use). The queue is unbounded unless a job's owner is
// bounded (perOwner): a bot move is small, and refusing it is worse than
// queueing it with a visible notice.
//
// Each job has an owner (the person it works for), and a free worker takes
// the waiting job whose owner has used the least worker time lately
// (fair.go): one person with many games against a strong level, or a flood
// of hints or animations, cannot keep the others' work waiting behind
// theirs. Each job has a class too (Class): a waiting interactive job
// (a bot's move, a hint) runs before every background one (an analysis's
// slice), whoever's it is, so that background work holds an interactive
// job up for at most what remains of the slices running.
type Pool[W any] struct {
	newWorker func() W
	log       *slog.Logger
	now       func() time.Time
	// perOwner bounds the jobs one owner has queued or running (TrySubmit);
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

// poolJob is a queued job, whose it is and its class.
type poolJob[W any] struct {
	owner string
	class Class
	run   func(W)
}

// Class orders the waiting jobs before their owners' usage does.
type Class int

const (
	// Interactive: someone waits for the job's answer in a chat (a bot's
	// move, a hint, a slow command).
	Interactive Class = iota
	// Background: work that is announced when it is done and is cut in
	// slices (an analysis): it runs when no interactive job waits, so
	// that twenty people asking for analyses, each new to the queue and
	// so least served, cannot hold a bot's move behind their slices.
	Background
)

// ErrOwnerBusy: the owner has Config.PerOwner jobs queued or running
// already.
var ErrOwnerBusy = errors.New("fairpool: too many jobs of this owner")

// ErrClosed: the pool is closed; the job was dropped.
var ErrClosed = errors.New("fairpool: closed")

// Config configures a Pool.
type Config[W any] struct {
	Workers   int      // worker goroutines (at least 1)
	NewWorker func() W // a worker's resource, made when it first works
	Logger    *slog.Logger
	// PerOwner bounds the jobs one owner has queued or running
	// (TrySubmit); 0: no bound.
	PerOwner int
	// OnIdle, if set, runs on the worker that finished the last pending
	// job, before the pool reports itself idle (to return the memory a
	// burst of work used).
	OnIdle func()
}

// New starts a pool's workers.
func New[W any](cfg Config[W]) *Pool[W] {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	p := &Pool[W]{newWorker: cfg.NewWorker, log: cfg.Logger, now: time.Now, workers: max(cfg.Workers, 1), perOwner: cfg.PerOwner,
		onIdle: cfg.OnIdle, idle: make(chan struct{}), usage: usage{m: map[string]*spent{}}, owned: map[string]int{}}
	close(p.idle)
	p.cond = sync.NewCond(&p.mu)
	for range p.workers {
		p.wg.Add(1)
		go p.work()
	}
	return p
}

// Load is the number of jobs waiting and running now.
func (p *Pool[W]) Load() (queued, running int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.queue), p.running
}

// Submit queues job, owner's, and reports whether it has to wait for a
// busy worker. After close it drops the job.
func (p *Pool[W]) Submit(owner string, job func(W)) (queued bool) {
	queued, _ = p.TrySubmit(owner, job)
	return queued
}

// TrySubmit is submit, refusing (ErrOwnerBusy) a job whose owner has
// perOwner jobs queued or running, and reporting a closed pool
// (ErrClosed).
func (p *Pool[W]) TrySubmit(owner string, job func(W)) (queued bool, err error) {
	return p.TrySubmitClass(owner, Interactive, job)
}

// TrySubmitClass is trySubmit of a job of class c.
func (p *Pool[W]) TrySubmitClass(owner string, c Class, job func(W)) (queued bool, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return false, ErrClosed
	}
	if p.perOwner > 0 && p.owned[owner] >= p.perOwner {
		return false, ErrOwnerBusy
	}
	p.busy()
	queued = p.running+len(p.queue) >= p.workers
	p.queue = append(p.queue, poolJob[W]{owner, c, job})
	p.owned[owner]++
	p.cond.Signal()
	return queued, nil
}

func (p *Pool[W]) pendingLocked() int { return p.running + len(p.queue) + p.extra }

// Track runs f on its own goroutine, counted as pending work by wait.
func (p *Pool[W]) Track(f func()) {
	if !p.begin() {
		return
	}
	go func() {
		defer p.end()
		f()
	}()
}

// begin counts a tracked goroutine about to start; false after close.
func (p *Pool[W]) begin() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return false
	}
	p.busy()
	p.extra++
	return true
}

// end counts a tracked goroutine done.
func (p *Pool[W]) end() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.extra--
	p.idleIfDone()
}

// busy reports the pool busy before work is added; p.mu must be held.
func (p *Pool[W]) busy() {
	if p.pendingLocked() == 0 {
		p.idle = make(chan struct{})
	}
}

// idleIfDone reports the pool idle when nothing is pending; p.mu must be
// held.
func (p *Pool[W]) idleIfDone() {
	if p.pendingLocked() == 0 && !p.closed {
		close(p.idle)
	}
}

func (p *Pool[W]) work() {
	defer p.wg.Done()
	var (
		res     W
		started bool
	)
	for {
		job, ok := p.next()
		if !ok {
			return
		}
		if !started {
			res, started = p.newWorker(), true
		}
		start := p.now()
		p.run(job.run, res)
		if p.finish(job.owner, start) {
			// The last job of a burst: still counted as running, so that
			// wait returns once what it did is undone.
			p.onIdle()
			p.done()
		}
	}
}

// next waits for a job and takes the one to run now (fair.go), counted
// as running; false once the pool is closed.
func (p *Pool[W]) next() (poolJob[W], bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.queue) == 0 && !p.closed {
		p.cond.Wait()
	}
	if p.closed {
		return poolJob[W]{}, false
	}
	i := p.usage.next(len(p.queue), func(i int) (string, Class) { return p.queue[i].owner, p.queue[i].class }, p.now())
	job := p.queue[i]
	p.queue = slices.Delete(p.queue, i, i+1)
	p.running++
	return job, true
}

// finish counts owner's job, begun at start, done. It reports whether it
// was the last of a burst and onIdle is to run: the job then stays
// counted as running until done.
func (p *Pool[W]) finish(owner string, start time.Time) (last bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	end := p.now()
	p.usage.add(owner, end.Sub(start), end)
	if p.owned[owner]--; p.owned[owner] <= 0 {
		delete(p.owned, owner)
	}
	if p.onIdle != nil && p.pendingLocked() == 1 && !p.closed {
		return true
	}
	p.running--
	p.idleIfDone()
	return false
}

// done counts a job that finish kept running no longer running.
func (p *Pool[W]) done() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.running--
	p.idleIfDone()
}

// run keeps a panicking job (a bug in a game or the engine) from taking the
// whole bot down with it.
func (p *Pool[W]) run(job func(W), res W) {
	defer func() {
		if r := recover(); r != nil {
			p.log.Error("job panicked", "panic", fmt.Sprint(r))
		}
	}()
	job(res)
}

// Wait blocks until no job is queued or running, or ctx is done.
func (p *Pool[W]) Wait(ctx context.Context) error {
	select {
	case <-p.idleChan():
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// idleChan is closed while nothing is queued or running.
func (p *Pool[W]) idleChan() chan struct{} {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.idle
}

// Close drops queued jobs, lets running ones finish (their context is
// cancelled by the pool's user) and stops the workers.
func (p *Pool[W]) Close() {
	if !p.shut() {
		return
	}
	p.wg.Wait()
	p.mu.Lock()
	defer p.mu.Unlock()
	select {
	case <-p.idle:
	default:
		close(p.idle)
	}
}

// shut marks the pool closed, drops the queue and wakes the workers;
// false if it was closed already.
func (p *Pool[W]) shut() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return false
	}
	p.closed = true
	p.queue = nil
	p.owned = map[string]int{}
	p.cond.Broadcast()
	return true
}
