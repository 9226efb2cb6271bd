package sessions

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"
)

// pool runs engine jobs on a fixed number of worker goroutines, each with its
// own Engine (an engine owns tables and is not safe for concurrent use). The
// queue is unbounded: a job is small, and refusing a bot move is worse than
// queueing it with a visible notice.
//
// Each job has an owner (the person it searches for), and a free worker
// takes the waiting job whose owner has used the least engine time lately
// (fair.go): one person with many games against a strong level, or a flood
// of hints, cannot keep the others' moves waiting behind theirs.
type pool struct {
	newEngine func() Engine
	log       *slog.Logger
	now       func() time.Time

	mu      sync.Mutex
	cond    *sync.Cond
	queue   []poolJob
	usage   usage
	running int
	extra   int // tracked goroutines (notices), counted by wait but not as busy workers
	workers int
	closed  bool
	idle    chan struct{} // closed while nothing is queued or running
	wg      sync.WaitGroup
}

// poolJob is a queued job and whose it is.
type poolJob struct {
	owner string
	run   func(Engine)
}

func newPool(workers int, newEngine func() Engine, log *slog.Logger) *pool {
	p := &pool{newEngine: newEngine, log: log, now: time.Now, workers: workers, idle: make(chan struct{}),
		usage: usage{m: map[string]*spent{}}}
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
func (p *pool) submit(owner string, job func(Engine)) (queued bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return false
	}
	if p.pendingLocked() == 0 {
		p.idle = make(chan struct{})
	}
	queued = p.running+len(p.queue) >= p.workers
	p.queue = append(p.queue, poolJob{owner, job})
	p.cond.Signal()
	return queued
}

func (p *pool) pendingLocked() int { return p.running + len(p.queue) + p.extra }

// track runs f on its own goroutine, counted as pending work by wait.
func (p *pool) track(f func()) {
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

func (p *pool) work() {
	defer p.wg.Done()
	var eng Engine
	for {
		p.mu.Lock()
		for len(p.queue) == 0 && !p.closed {
			p.cond.Wait()
		}
		if p.closed {
			p.mu.Unlock()
			return
		}
		i := p.usage.next(p.queue, p.now())
		job := p.queue[i]
		p.queue = slices.Delete(p.queue, i, i+1)
		p.running++
		p.mu.Unlock()

		if eng == nil {
			eng = p.newEngine()
		}
		start := p.now()
		p.run(job.run, eng)

		p.mu.Lock()
		end := p.now()
		p.usage.add(job.owner, end.Sub(start), end)
		p.running--
		if p.pendingLocked() == 0 && !p.closed {
			close(p.idle)
		}
		p.mu.Unlock()
	}
}

// run keeps a panicking job (a bug in a game or the engine) from taking the
// whole bot down with it.
func (p *pool) run(job func(Engine), eng Engine) {
	defer func() {
		if r := recover(); r != nil {
			p.log.Error("engine job panicked", "panic", fmt.Sprint(r))
		}
	}()
	job(eng)
}

// wait blocks until no job is queued or running, or ctx is done.
func (p *pool) wait(ctx context.Context) error {
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
// cancelled by the Manager) and stops the workers.
func (p *pool) close() {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.closed = true
	p.queue = nil
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
