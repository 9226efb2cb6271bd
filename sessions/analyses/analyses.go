// Package analyses runs the post-game analyses of the live games (package
// analysis judges a game; this one schedules the judging) in the
// background: on the engine's pool, the bot's moves' fair queue, a slice
// of positions at a time charged to the person who asked (so that an
// analysis waits its turn behind nobody's move for long, and spends its
// asker's engine budget), at most one per person, the evaluations saved
// after each slice so that a stopped analysis (a restart) is resumed by
// the next request, and the result kept with its game so that a second
// request answers at once (issue 24).
//
// It reads the live games only through the finished game's
// sessions.Snapshot and runs on the workers a sessions.Manager lends it
// (Workers); its one lock is a leaf.
package analyses

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/analysis"
	"oyunbot/games"
	"oyunbot/sessions"
)

// Store keeps the analyses with their games (migration 13).
// store.SQLStore implements it.
type Store interface {
	// SaveAnalysis stores (inserts or replaces) a game's analysis.
	SaveAnalysis(ctx context.Context, rec Record) error
	// Analysis loads a game's analysis; sessions.ErrNotFound if there is none.
	Analysis(ctx context.Context, gameID int64) (Record, error)
}

// Record is a game's stored analysis: an analysis.Result as JSON,
// complete or stopped before its end (its evaluations so far).
type Record struct {
	GameID   int64
	Complete bool
	Result   []byte
	At       time.Time
}

// Defaults of Config.
const (
	// DefaultSlice: positions evaluated in one turn on the engine's
	// pool (about a second of a chess analysis's default budget).
	DefaultSlice = 4
	// DefaultSliceTime: a slice also ends after the position
	// during which it has run this long (a loaded machine, a hard
	// position), so that the bot's move waiting for it waits about this
	// long at most.
	DefaultSliceTime = time.Second
	// DefaultProgress: a progress line once an analysis has run
	// this long, and again each time as long.
	DefaultProgress = 30 * time.Second
)

// Errors of Runner.Request.
var (
	// ErrBusy: the person's earlier analysis is still running
	// (BusyError says which).
	ErrBusy = errors.New("analyses: an analysis of this person's is running")
	// ErrNotOver: the game is still being played.
	ErrNotOver = errors.New("analyses: the game is not over")
	// ErrNothingToAnalyse: the game has no moves.
	ErrNothingToAnalyse = errors.New("analyses: the game has no moves")
	// ErrStopped is the end of an analysis the process stopped
	// (Runner.Stop, sessions.Manager.Close): its evaluations so far are kept, and
	// the next request goes on from them. It is a sessions.ErrClosed.
	ErrStopped = fmt.Errorf("%w: the analysis was stopped with the process; its evaluations are kept", sessions.ErrClosed)
)

// BusyError is ErrBusy with the game being analysed, and
// whether the analysis is the asker's own (else the game is being
// analysed for someone else).
type BusyError struct {
	GameID int64
	Own    bool
}

func (e *BusyError) Error() string {
	return fmt.Sprintf("analyses: an analysis of #g%d is running", e.GameID)
}

func (e *BusyError) Unwrap() error { return ErrBusy }

// Config configures a Runner; zero values get the defaults.
type Config struct {
	// Store keeps the results; nil keeps them in memory (tests).
	Store Store
	// Slice: positions per turn on the engine's pool.
	Slice int
	// SliceTime: see DefaultSliceTime.
	SliceTime time.Duration
	// Progress: see DefaultProgress.
	Progress time.Duration
	// Budget is each position's (zero: the games' defaults).
	Budget analysis.Budget
	Now    func() time.Time
	Logger *slog.Logger
}

// Listener hears how a requested analysis goes, on the engine's
// workers. Progress may be nil.
type Listener struct {
	Progress func(done, total int)
	// Done is called once, with the result or why there is none:
	// ErrStopped when the process stops first (the evaluations so
	// far are kept, and the next request resumes them), context.Canceled
	// when its game is gone (Cancel).
	Done func(res *analysis.Result, err error)
}

// Runner runs the post-game analyses of a Manager's games. Safe for
// concurrent use.
type Runner struct {
	cfg    Config
	submit func(owner string, job func()) error
	ctx    context.Context

	mu       sync.Mutex
	byOwner  map[string]*analysisJob
	byGame   map[int64]*analysisJob
	memory   map[int64]Record // without a Store
	stopping bool             // Stop has begun: no new analysis starts
}

// analysisJob is one running analysis.
type analysisJob struct {
	owner  string
	game   int64
	l      Listener
	ctx    context.Context
	cancel context.CancelCauseFunc
	ended  chan struct{} // closed by end
	told   chan struct{} // closed once its listener has been told (finish)
}

// Workers is where the analyses run: *sessions.Manager lends its engine
// workers.
type Workers interface {
	// Background runs job on a worker after the waiting bot moves and
	// hints, charged to owner; an error once the workers are closed.
	Background(owner string, job func()) error
	// Lifetime is cancelled when the workers close for good.
	Lifetime() context.Context
}

// New returns the analyses run on w and stopped when w closes.
func New(w Workers, cfg Config) *Runner {
	return newRunner(w.Lifetime(), w.Background, cfg)
}

func newRunner(ctx context.Context, submit func(owner string, job func()) error, cfg Config) *Runner {
	if cfg.Slice <= 0 {
		cfg.Slice = DefaultSlice
	}
	if cfg.SliceTime <= 0 {
		cfg.SliceTime = DefaultSliceTime
	}
	if cfg.Progress <= 0 {
		cfg.Progress = DefaultProgress
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return &Runner{cfg: cfg, submit: submit, ctx: ctx, byOwner: map[string]*analysisJob{},
		byGame: map[int64]*analysisJob{}, memory: map[int64]Record{}}
}

// Stored is game id's complete analysis, if it has one of the current
// format.
func (a *Runner) Stored(ctx context.Context, id int64) (*analysis.Result, bool) {
	rec, err := a.load(ctx, id)
	if err != nil || !rec.Complete {
		return nil, false
	}
	res, err := decodeResult(rec)
	if err != nil || !res.Complete || res.Version != analysis.Version {
		return nil, false
	}
	return res, true
}

// Request analyses game s, finished, for owner (platform/user: the pool's
// fairness and the one-at-a-time rule). A stored result comes back at
// once (started false). Otherwise the analysis starts in the background
// (started true: l hears its progress and its end), resuming the
// evaluations of an earlier one that was stopped; or it fails with
// ErrNotOver, ErrNothingToAnalyse, a *BusyError (the owner's
// other analysis, or this game's by someone else), analysis.ErrNotJudged
// (a game that cannot be judged), or ErrClosed.
func (a *Runner) Request(ctx context.Context, owner string, s sessions.Snapshot, l Listener) (res *analysis.Result, started bool, err error) {
	if !s.Result.Over {
		return nil, false, ErrNotOver
	}
	if len(s.Moves) == 0 {
		return nil, false, ErrNothingToAnalyse
	}
	if res, ok := a.Stored(ctx, s.ID); ok {
		return res, false, nil
	}
	start, moves, err := s.Replay()
	if err != nil {
		return nil, false, err
	}
	if err := analysis.CanJudge(s.Game, start); err != nil {
		return nil, false, err
	}
	var resume *analysis.Result
	if rec, err := a.load(ctx, s.ID); err == nil && !rec.Complete {
		resume, _ = decodeResult(rec)
	}
	j, err := a.begin(owner, s.ID, l)
	if err != nil {
		return nil, false, err
	}
	run := &analysisRun{a: a, j: j, s: s, start: start, moves: moves, resume: resume, began: a.cfg.Now()}
	if err := a.submit(owner, run.slice); err != nil {
		if a.end(j) {
			close(j.told) // the caller hears ErrClosed instead
		}
		return nil, false, sessions.ErrClosed
	}
	return nil, true, nil
}

// begin registers owner's analysis of game id, heard by l, unless owner or
// the game has one running (or the analyses are stopping).
func (a *Runner) begin(owner string, id int64, l Listener) (*analysisJob, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if j := a.byOwner[owner]; j != nil {
		return nil, &BusyError{GameID: j.game, Own: true}
	}
	if j := a.byGame[id]; j != nil {
		return nil, &BusyError{GameID: j.game}
	}
	if a.stopping || a.ctx.Err() != nil {
		return nil, sessions.ErrClosed
	}
	j := &analysisJob{owner: owner, game: id, l: l, ended: make(chan struct{}), told: make(chan struct{})}
	j.ctx, j.cancel = context.WithCancelCause(a.ctx)
	a.byOwner[owner], a.byGame[id] = j, j
	return j, nil
}

// Cancel stops game id's analysis, if one is running (its game is gone):
// its listener hears context.Canceled.
func (a *Runner) Cancel(id int64) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if j := a.byGame[id]; j != nil {
		j.cancel(nil)
	}
}

// Stop stops the analyses running, for a graceful stop of the process:
// each keeps its evaluations so far (the next request goes on from them)
// and its listener hears ErrStopped, once. It waits until ctx is
// done for the slices on the engine's pool to stop; an analysis whose
// slice has not ended by then (queued behind other work, or dropped by a
// closed pool) is ended, and told, all the same. No analysis starts
// afterwards.
func (a *Runner) Stop(ctx context.Context) {
	a.mu.Lock()
	a.stopping = true
	jobs := make([]*analysisJob, 0, len(a.byOwner))
	for _, j := range a.byOwner {
		jobs = append(jobs, j)
		j.cancel(errStopping)
	}
	a.mu.Unlock()
	if a.ctx.Err() == nil {
		// The pool runs: each slice, running or queued, ends its analysis
		// at its turn (slice), having saved what it did, and tells its
		// listener (whose reply is queued once told is closed).
		for _, j := range jobs {
			select {
			case <-j.told:
			case <-ctx.Done():
			}
		}
	}
	for _, j := range jobs {
		a.finish(j, nil, ErrStopped)
	}
}

// Running reports whether owner has an analysis running, and of which game.
func (a *Runner) Running(owner string) (int64, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if j := a.byOwner[owner]; j != nil {
		return j.game, true
	}
	return 0, false
}

// finish ends j and tells its listener, unless j has ended already.
func (a *Runner) finish(j *analysisJob, res *analysis.Result, err error) {
	if !a.end(j) {
		return
	}
	defer close(j.told)
	j.l.Done(res, err)
}

// end ends j's registration; true for the one call that did, which alone
// tells j's listener and closes j.told.
func (a *Runner) end(j *analysisJob) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	select {
	case <-j.ended:
		return false
	default:
	}
	close(j.ended)
	j.cancel(nil)
	if a.byOwner[j.owner] == j {
		delete(a.byOwner, j.owner)
	}
	if a.byGame[j.game] == j {
		delete(a.byGame, j.game)
	}
	return true
}

// stopped reports whether j is being stopped with the process (Stop, or
// the Manager's Close), rather than cancelled or still running.
func (a *Runner) stopped(j *analysisJob) bool {
	return a.ctx.Err() != nil || errors.Is(context.Cause(j.ctx), errStopping)
}

func (a *Runner) load(ctx context.Context, id int64) (Record, error) {
	if a.cfg.Store != nil {
		return a.cfg.Store.Analysis(ctx, id)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	rec, ok := a.memory[id]
	if !ok {
		return Record{}, sessions.ErrNotFound
	}
	return rec, nil
}

func (a *Runner) save(res *analysis.Result, id int64) error {
	b, err := json.Marshal(res)
	if err != nil {
		return err
	}
	rec := Record{GameID: id, Complete: res.Complete, Result: b, At: a.cfg.Now()}
	if a.cfg.Store != nil {
		// Saved whatever the analysis's context: a stopping process keeps
		// what it did.
		ctx, cancel := context.WithTimeout(context.WithoutCancel(a.ctx), 10*time.Second)
		defer cancel()
		return a.cfg.Store.SaveAnalysis(ctx, rec)
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.memory[id] = rec
	return nil
}

func decodeResult(rec Record) (*analysis.Result, error) {
	var res analysis.Result
	if err := json.Unmarshal(rec.Result, &res); err != nil {
		return nil, err
	}
	return &res, nil
}

// analysisRun is a running analysis's state between its slices.
type analysisRun struct {
	a            *Runner
	j            *analysisJob
	s            sessions.Snapshot
	start        games.Position
	moves        []ai.Move
	resume       *analysis.Result
	began, shown time.Time
}

// slice evaluates the next Slice positions on an engine worker (fewer
// once it has run SliceTime), saves them, and queues the next slice, or
// ends the analysis.
func (r *analysisRun) slice() {
	a := r.a
	ctx, stop := context.WithCancelCause(r.j.ctx)
	defer stop(nil)
	var evaluated, total, done int
	began := a.cfg.Now()
	res, err := analysis.Analyse(ctx, r.s.Game, r.start, r.moves, analysis.Options{
		Budget: a.cfg.Budget, Resume: r.resume, Outcome: outcomeOf(r.s.Result),
		Progress: func(d, t int) {
			evaluated++
			done, total = d, t
			if evaluated >= a.cfg.Slice || a.cfg.Now().Sub(began) >= a.cfg.SliceTime {
				stop(errSliceDone)
			}
		},
	})
	l := r.j.l
	if res != nil && !res.Complete && errors.Is(context.Cause(ctx), errSliceDone) && r.j.ctx.Err() == nil {
		// The slice is done: keep it, and wait for the next turn.
		if err := a.save(res, r.s.ID); err != nil {
			a.cfg.Logger.Warn("analysis: saving the evaluations so far", "id", r.s.ID, "err", err)
		}
		r.resume = res
		if now := a.cfg.Now(); l.Progress != nil && now.Sub(r.began) >= a.cfg.Progress && now.Sub(r.shown) >= a.cfg.Progress {
			r.shown = now
			l.Progress(done, total)
		}
		if err := a.submit(r.j.owner, r.slice); err != nil {
			a.finish(r.j, nil, ErrStopped) // the pool is closed: the process stops
		}
		return
	}
	switch {
	case err == nil:
		if serr := a.save(res, r.s.ID); serr != nil {
			a.cfg.Logger.Error("analysis: saving a result", "id", r.s.ID, "err", serr)
		}
		a.finish(r.j, res, nil)
	case a.stopped(r.j):
		// The process stops: what was done is kept for the next request,
		// and the asker is told so.
		if res != nil {
			if serr := a.save(res, r.s.ID); serr != nil {
				a.cfg.Logger.Warn("analysis: saving the evaluations so far", "id", r.s.ID, "err", serr)
			}
		}
		a.finish(r.j, nil, ErrStopped)
	default:
		a.finish(r.j, nil, err)
	}
}

// outcomeOf is how a game ended off the board (a resignation, a flag),
// for the analysis's luck-adjusted result.
func outcomeOf(res sessions.Result) *analysis.Outcome {
	if !res.Over {
		return nil
	}
	return &analysis.Outcome{Winner: res.Winner, Points: res.Points}
}

// errSliceDone ends a slice's context; errStopping, an analysis's
// (Runner.Stop).
var (
	errSliceDone = errors.New("analyses: the analysis's slice is done")
	errStopping  = errors.New("analyses: the analyses are stopping")
)
