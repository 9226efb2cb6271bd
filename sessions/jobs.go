package sessions

// jobs.go: slow work that is not a bot's search (an animated GIF of a long
// game, a puzzle's comparison of searches) runs on a few workers of its
// own, fairly between people, a few jobs per person at most, so that it
// never holds up a chat's messages nor uses memory without bound.

import (
	"context"
	"errors"
	"log/slog"
	"oyunbot/internal/fairpool"
	"runtime/debug"
)

// Defaults of JobsConfig.
const (
	// DefaultSlowWorkers: slow jobs at once. Each may hold a game's frames
	// or a search's states (bounded, see ai.MemoryBudget): few at once
	// bound the memory; the fair queue keeps the wait short for all.
	DefaultSlowWorkers = 2
	// DefaultSlowPerOwner: one person's slow jobs queued or running.
	DefaultSlowPerOwner = 2
)

// ErrBusy is returned by Jobs.Submit when the owner already has
// JobsConfig.PerOwner jobs queued or running.
var ErrBusy = errors.New("sessions: this person's earlier requests are still being worked on")

// JobsConfig configures Jobs; zero values get the defaults.
type JobsConfig struct {
	Workers  int // jobs running at once (DefaultSlowWorkers)
	PerOwner int // jobs one owner may have queued or running (DefaultSlowPerOwner)
	Logger   *slog.Logger
	// KeepMemory leaves the memory a burst of jobs used to the runtime's
	// pace of returning it (tests); by default it is returned to the
	// operating system as soon as the last job of the burst is done.
	KeepMemory bool
}

// Jobs runs slow jobs on a fixed number of workers. A free worker takes the
// waiting job of the owner who used the least worker time lately (as the
// engine's pool does for bot moves). Safe for concurrent use.
type Jobs struct {
	p      *fairpool.Pool[struct{}]
	ctx    context.Context
	cancel context.CancelFunc
}

// NewJobs starts the workers. The jobs' context keeps ctx's values, not
// its end: Close cancels it.
func NewJobs(ctx context.Context, cfg JobsConfig) *Jobs {
	if cfg.Workers <= 0 {
		cfg.Workers = DefaultSlowWorkers
	}
	if cfg.PerOwner <= 0 {
		cfg.PerOwner = DefaultSlowPerOwner
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	pc := fairpool.Config[struct{}]{Workers: cfg.Workers, NewWorker: func() struct{} { return struct{}{} }, Logger: cfg.Logger,
		PerOwner: cfg.PerOwner}
	if !cfg.KeepMemory {
		// A burst's frames and search states are garbage once its last
		// job is done: give them back now rather than over minutes.
		pc.OnIdle = debug.FreeOSMemory
	}
	p := fairpool.New(pc)
	ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
	return &Jobs{p: p, ctx: ctx, cancel: cancel}
}

// Submit queues job, owner's, and reports whether it waits for a busy
// worker (the caller may say so). The job's context is cancelled by Close.
// It fails with ErrBusy when owner has PerOwner jobs queued or running,
// and with ErrClosed (the Manager's) after Close; the job is then not run.
func (j *Jobs) Submit(owner string, job func(ctx context.Context)) (queued bool, err error) {
	queued, err = j.p.TrySubmit(owner, func(struct{}) { job(j.ctx) })
	switch {
	case errors.Is(err, fairpool.ErrOwnerBusy):
		return false, ErrBusy
	case errors.Is(err, fairpool.ErrClosed):
		return false, ErrClosed
	}
	return queued, err
}

// Wait blocks until no job is queued or running, or ctx is done.
func (j *Jobs) Wait(ctx context.Context) error { return j.p.Wait(ctx) }

// Close cancels the running jobs' context, drops the queued ones and waits
// for the running ones to return.
func (j *Jobs) Close() {
	j.cancel()
	j.p.Close()
}
