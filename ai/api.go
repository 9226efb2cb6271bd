package ai

import (
	"context"
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

var _ = context.Background
