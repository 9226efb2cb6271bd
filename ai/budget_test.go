package ai

import (
	"context"
	"testing"
)

// pauseAfter holds a search when the puzzle has listed its moves n times,
// until resume is closed; paused is closed then.
type pauseAfter struct {
	*slide
	n              int
	paused, resume chan struct{}
}

func (p *pauseAfter) Moves(buf []Move) []Move {
	if p.n--; p.n == 0 {
		close(p.paused)
		<-p.resume
	}
	return p.slide.Moves(buf)
}

// TestSolveSharedBudget: searches sharing a MemoryBudget hold at most its
// bytes together: with one search holding part of it, another stops at
// what is left (StopMemory), and each gives back all it took when it
// returns, so that the next search has the whole budget again.
func TestSolveSharedBudget(t *testing.T) {
	const states = 5000
	b := NewMemoryBudget(states * stateBytes(BFS))
	ctx := WithMemoryBudget(context.Background(), b)

	alone := Solve(ctx, scrambled15(), BFS, SolveLimits{})
	if alone.Stopped != StopMemory || alone.PeakMemory > states || alone.PeakMemory < states-budgetChunk {
		t.Fatalf("bfs alone in a budget of %d states: stopped %q at %d states", states, alone.Stopped, alone.PeakMemory)
	}
	if b.Used() != 0 {
		t.Fatalf("%d bytes still held after the search", b.Used())
	}

	p := &pauseAfter{slide: scrambled15(), n: 300, paused: make(chan struct{}), resume: make(chan struct{})}
	first := make(chan SolveResult)
	go func() { first <- Solve(ctx, p, BFS, SolveLimits{}) }()
	<-p.paused
	held := b.Used()
	if held <= 0 || held >= b.limit {
		t.Fatalf("the first search holds %d of %d bytes", held, b.limit)
	}
	second := Solve(ctx, scrambled15(), UCS, SolveLimits{})
	if second.Stopped != StopMemory || second.PeakMemory*stateBytes(UCS) > b.limit-held {
		t.Errorf("the second search: stopped %q at %d states (%d bytes), %d bytes were left",
			second.Stopped, second.PeakMemory, second.PeakMemory*stateBytes(UCS), b.limit-held)
	}
	if b.Used() != held {
		t.Errorf("after the second search %d bytes are held, want the first's %d", b.Used(), held)
	}
	close(p.resume)
	r := <-first
	if r.Stopped != StopMemory || r.PeakMemory > states {
		t.Errorf("the first search: stopped %q at %d states", r.Stopped, r.PeakMemory)
	}
	if b.Used() != 0 {
		t.Fatalf("%d bytes still held after both searches", b.Used())
	}
	if again := Solve(ctx, scrambled15(), BFS, SolveLimits{}); again.PeakMemory != alone.PeakMemory {
		t.Errorf("the whole budget again: peak %d states, alone %d", again.PeakMemory, alone.PeakMemory)
	}
	// The search's own limit still holds within a larger budget.
	if r := Solve(ctx, scrambled15(), BFS, SolveLimits{Memory: 100}); r.PeakMemory > 100 || r.Stopped != StopMemory {
		t.Errorf("bfs limited to 100 states in the budget: stopped %q at %d", r.Stopped, r.PeakMemory)
	}
}
