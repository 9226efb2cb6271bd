package sessions

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
)

// pool runs engine jobs on a fixed number of worker goroutines, each with its
// own Engine (an engine owns tables and is not safe for concurrent use). The
// queue is unbounded: a job is small, and refusing a bot move is worse than
// queueing it with a visible notice.
type pool struct {
	newEngine func() Engine
	log       *slog.Logger

	mu      sync.Mutex
	cond    *sync.Cond
	queue   []func(Engine)
	running int
	extra   int // tracked goroutines (notices), counted by wait but not as busy workers
	workers int
	closed  bool
	idle    chan struct{} // closed while nothing is queued or running
	wg      sync.WaitGroup
}

func newPool(workers int, newEngine func() Engine, log *slog.Logger) *pool {
	p := &pool{newEngine: newEngine, log: log, workers: workers, idle: make(chan struct{})}
	close(p.idle)
	p.cond = sync.NewCond(&p.mu)
	for range workers {
		p.wg.Add(1)
		go p.work()
	}
	return p
}

// submit queues job and reports whether it has to wait for a busy worker.
// After close it drops the job.
func (p *pool) submit(job func(Engine)) (queued bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return false
	}
	if p.pendingLocked() == 0 {
		p.idle = make(chan struct{})
	}
	queued = p.running+len(p.queue) >= p.workers
	p.queue = append(p.queue, job)
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
		job := p.queue[0]
		p.queue[0] = nil
		p.queue = p.queue[1:]
		p.running++
		p.mu.Unlock()

		if eng == nil {
			eng = p.newEngine()
		}
		p.run(job, eng)

		p.mu.Lock()
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
