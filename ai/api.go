package ai

import (
	"context"
	"math/rand/v2"
	"time"
)

// Limits bound a search. Zero fields are unlimited; a search with no limit at
// all stops at MaxDepth. The context's deadline bounds it too.
type Limits struct {
	Depth int           // iterative deepening stops after this depth
	Nodes int64         // stop after about this many nodes
	Time  time.Duration // stop after this long (never overrun by more than a few percent)
}

// MaxDepth is the deepest iteration any search runs.
const MaxDepth = 64

// Info reports a completed iteration to a progress callback.
type Info struct {
	Depth   int
	Score   int
	Nodes   int64
	Elapsed time.Duration
	PV      []Move
}

// Result is what a search found. Best is NoMove only when the position has no
// legal move. Depth is the last completed iteration.
type Result struct {
	Best    Move
	Score   int // from the side to move's point of view
	Depth   int
	Nodes   int64
	Elapsed time.Duration
	PV      []Move
}

// Options switch the engine's techniques on and off one by one, so that a
// level is a preset and a feature can be measured alone.
type Options struct {
	AlphaBeta  bool
	TT         bool
	TTSizeMB   int
	Quiescence bool
	Killers    bool
	History    bool
}

// DefaultOptions enables every technique with a 16 MiB table.
func DefaultOptions() Options {
	return Options{AlphaBeta: true, TT: true, TTSizeMB: 16, Quiescence: true, Killers: true, History: true}
}

// Engine searches positions of any game. It owns a transposition table and
// ordering tables, so it is not safe for concurrent use: one per worker.
type Engine struct {
	opts Options
}

// NewEngine returns an engine with the given techniques.
func NewEngine(opts Options) *Engine { return &Engine{opts: opts} }

// Search runs iterative deepening on p (restored on return) until a limit,
// the context's deadline or cancellation, and returns the best move of the
// last completed iteration (or the current one's best so far). progress, if
// not nil, is called after each completed iteration.
func (e *Engine) Search(ctx context.Context, p Position, lim Limits, progress func(Info)) Result {
	panic("ai: Search not implemented yet")
}

// Level is a playing strength: a search budget plus deliberate, humane
// imperfection at the easy end.
type Level struct {
	Name   string // "easy", "medium", "hard", "master"
	Limits Limits
	// BlunderProb is the chance of choosing a weaker move on purpose; Margin
	// is how much worse (in evaluation units) such a move may be.
	BlunderProb float64
	Margin      int
}

// Levels returns the levels from weakest to strongest.
func Levels() []Level { panic("ai: Levels not implemented yet") }

// ParseLevel accepts a level's English or Turkish name (kolay, orta, zor, usta).
func ParseLevel(s string) (Level, bool) { panic("ai: ParseLevel not implemented yet") }

// Choose picks the move a player of level lvl makes in p: a search within the
// level's budget, then (at the easy end) a deliberate mistake drawn from rng.
func (e *Engine) Choose(ctx context.Context, p Position, lvl Level, rng *rand.Rand) Result {
	panic("ai: Choose not implemented yet")
}

// Minimax is the plain full-width minimax reference (no pruning, no table):
// it returns the same best score as Search at the same depth and counts every
// node, for teaching and for checking the engine. eval scores a leaf from the
// side to move's point of view; nil means Position.Evaluate.
func Minimax(p Position, depth int, eval func(Position) int) Result {
	panic("ai: Minimax not implemented yet")
}

// MaterialEvaluator is implemented by games that can score bare material
// (the seed documents' evaluation, used by the minimax3 baseline).
type MaterialEvaluator interface {
	Material() int
}
