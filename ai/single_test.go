package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// slide is a w×h sliding puzzle for the single-agent search tests: cell 0
// is the blank, the goal is 1, 2, ..., n-1 then the blank. A move names the
// direction the blank moves (1 up, 2 down, 3 left, 4 right). With weighted
// set a move costs the number of the tile it slides, and the heuristic is
// the Manhattan distance of each tile times its number (still admissible).
type slide struct {
	w, h     int
	cells    []uint8
	blank    int
	hist     []uint8 // directions played
	weighted bool
}

var slideDelta = [5][2]int{{}, {0, -1}, {0, 1}, {-1, 0}, {1, 0}} // (dx, dy) of the blank

func newSlide(w, h int, cells ...uint8) *slide {
	s := &slide{w: w, h: h, cells: slices.Clone(cells)}
	if len(cells) == 0 {
		s.cells = make([]uint8, w*h)
		for i := range s.cells[:w*h-1] {
			s.cells[i] = uint8(i + 1)
		}
	}
	s.blank = slices.Index(s.cells, 0)
	return s
}

func (s *slide) clone() *slide {
	c := *s
	c.cells = slices.Clone(s.cells)
	c.hist = nil
	return &c
}

func (s *slide) Turn() Side { return First }

func (s *slide) Moves(buf []Move) []Move {
	x, y := s.blank%s.w, s.blank/s.w
	for d := 1; d <= 4; d++ {
		nx, ny := x+slideDelta[d][0], y+slideDelta[d][1]
		if nx >= 0 && nx < s.w && ny >= 0 && ny < s.h {
			buf = append(buf, Move{Lo: uint64(d)})
		}
	}
	return buf
}

func (s *slide) target(d int) int {
	return s.blank + slideDelta[d][0] + slideDelta[d][1]*s.w
}

func (s *slide) Make(m Move) {
	d := int(m.Lo)
	t := s.target(d)
	s.cells[s.blank], s.cells[t] = s.cells[t], 0
	s.blank = t
	s.hist = append(s.hist, uint8(d))
}

func (s *slide) Unmake() {
	d := int(s.hist[len(s.hist)-1])
	s.hist = s.hist[:len(s.hist)-1]
	t := s.blank - slideDelta[d][0] - slideDelta[d][1]*s.w
	s.cells[s.blank], s.cells[t] = s.cells[t], 0
	s.blank = t
}

// Hash packs the cells a nibble each: exact up to 4x4.
func (s *slide) Hash() uint64 {
	var h uint64
	for i, c := range s.cells {
		h |= uint64(c) << (4 * i)
	}
	return h
}

func (s *slide) Status() Status      { return Status{} }
func (s *slide) Evaluate() int       { return 0 }
func (s *slide) Noisy(Move) bool     { return false }
func (s *slide) Goal() Puzzle        { return newSlide(s.w, s.h).withWeights(s.weighted) }
func (s *slide) Inverse(m Move) Move { return Move{Lo: [5]uint64{0, 2, 1, 4, 3}[m.Lo]} }

func (s *slide) withWeights(w bool) *slide { s.weighted = w; return s }

func (s *slide) IsGoal() bool {
	for i, c := range s.cells[:len(s.cells)-1] {
		if int(c) != i+1 {
			return false
		}
	}
	return true
}

func (s *slide) Cost(m Move) int {
	if s.weighted {
		return int(s.cells[s.target(int(m.Lo))])
	}
	return 1
}

func (s *slide) Heuristic() int {
	sum := 0
	for i, c := range s.cells {
		if c == 0 {
			continue
		}
		g := int(c) - 1
		d := abs(i%s.w-g%s.w) + abs(i/s.w-g/s.w)
		if s.weighted {
			d *= int(c)
		}
		sum += d
	}
	return sum
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// noRev hides Reversible.
type noRev struct{ Puzzle }

// slideTable is every state reachable from the goal with its distance in
// moves and its least cost to the goal (moves are reversible and a move and
// its inverse slide the same tile, so distances to and from the goal agree).
type slideTable struct {
	states [][]uint8
	moves  map[uint64]int
	cost   map[uint64]int
}

func exhaustive(w, h int) slideTable {
	t := slideTable{moves: map[uint64]int{}, cost: map[uint64]int{}}
	g := newSlide(w, h)
	t.states = append(t.states, slices.Clone(g.cells))
	t.moves[g.Hash()] = 0
	for i := 0; i < len(t.states); i++ {
		p := newSlide(w, h, t.states[i]...)
		for _, m := range p.Moves(nil) {
			p.Make(m)
			if _, ok := t.moves[p.Hash()]; !ok {
				t.moves[p.Hash()] = t.moves[newSlide(w, h, t.states[i]...).Hash()] + 1
				t.states = append(t.states, slices.Clone(p.cells))
			}
			p.Unmake()
		}
	}
	// Dijkstra on weighted moves, O(n²): the tables are small.
	done := map[uint64]bool{}
	t.cost[g.Hash()] = 0
	for range t.states {
		best, bestH := -1, uint64(0)
		var bestCells []uint8
		for _, c := range t.states {
			p := newSlide(w, h, c...)
			hh := p.Hash()
			if d, ok := t.cost[hh]; ok && !done[hh] && (best < 0 || d < best) {
				best, bestH, bestCells = d, hh, c
			}
		}
		done[bestH] = true
		p := newSlide(w, h, bestCells...).withWeights(true)
		for _, m := range p.Moves(nil) {
			c := p.Cost(m)
			p.Make(m)
			if d, ok := t.cost[p.Hash()]; !ok || best+c < d {
				t.cost[p.Hash()] = best + c
			}
			p.Unmake()
		}
	}
	return t
}

// checkPath replays r's path on a copy of p: every move legal, a goal at
// the end, Length the sum of the costs.
func checkPath(t *testing.T, p *slide, r SolveResult) {
	t.Helper()
	q := p.clone()
	total := 0
	for i, m := range r.Path {
		if !slices.Contains(q.Moves(nil), m) {
			t.Fatalf("%v: move %d (%v) illegal", r.Algorithm, i, m)
		}
		total += q.Cost(m)
		q.Make(m)
	}
	if !q.IsGoal() {
		t.Fatalf("%v: path of %d moves does not reach the goal", r.Algorithm, len(r.Path))
	}
	if total != r.Length {
		t.Fatalf("%v: Length %d, path costs %d", r.Algorithm, r.Length, total)
	}
}

func TestAlgorithmNames(t *testing.T) {
	want := []string{"bfs", "dfs", "dls", "iddfs", "bidir", "ucs", "greedy", "astar", "idastar"}
	var got []string
	for _, a := range Algorithms() {
		got = append(got, a.String())
		if b, ok := ParseAlgorithm(a.String()); !ok || b != a {
			t.Errorf("ParseAlgorithm(%q) = %v, %v", a, b, ok)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("names %v, want %v", got, want)
	}
	if _, ok := ParseAlgorithm("bogo"); ok {
		t.Error("ParseAlgorithm accepted bogo")
	}
}

// TestSolveEveryState solves every state of the 2x3 puzzle (360 states)
// with every algorithm, with unit and weighted costs, and checks the
// optimal ones against the exhaustive distance tables.
func TestSolveEveryState(t *testing.T) {
	tab := exhaustive(3, 2)
	if len(tab.states) != 360 {
		t.Fatalf("2x3 puzzle has %d reachable states, want 360", len(tab.states))
	}
	for _, weighted := range []bool{false, true} {
		for _, alg := range Algorithms() {
			t.Run(fmt.Sprintf("%v/weighted=%v", alg, weighted), func(t *testing.T) {
				for _, cells := range tab.states {
					p := newSlide(3, 2, cells...).withWeights(weighted)
					h0 := p.Hash()
					dist, cost := tab.moves[h0], tab.cost[h0]
					lim := SolveLimits{}
					switch alg {
					case DLS:
						lim.Depth = max(dist, 1)
					case DFS:
						lim.Depth = 400 // more than the states: dfs is complete
					}
					r := Solve(context.Background(), p, alg, lim)
					if !r.Found() || r.Stopped != "" {
						t.Fatalf("%v from %v: not found (stopped %q)", alg, cells, r.Stopped)
					}
					if p.Hash() != h0 || len(p.hist) != 0 {
						t.Fatalf("%v from %v: position not restored", alg, cells)
					}
					checkPath(t, p, r)
					if r.Optimal != alg.Optimal() {
						t.Fatalf("%v: Optimal %v", alg, r.Optimal)
					}
					switch alg {
					case BFS, Bidir, IDDFS:
						if len(r.Path) != dist {
							t.Fatalf("%v from %v: %d moves, shortest %d", alg, cells, len(r.Path), dist)
						}
					case UCS, AStar, IDAStar:
						want := dist
						if weighted {
							want = cost
						}
						if r.Length != want {
							t.Fatalf("%v from %v: cost %d, least %d", alg, cells, r.Length, want)
						}
					case DLS:
						if len(r.Path) > lim.Depth {
							t.Fatalf("dls: %d moves past the bound %d", len(r.Path), lim.Depth)
						}
					}
					if dist > 0 && (r.Nodes <= 0 || r.Generated <= 0 || r.PeakMemory <= 0) {
						t.Fatalf("%v: counters %d %d %d", alg, r.Nodes, r.Generated, r.PeakMemory)
					}
				}
			})
		}
	}
}

func TestSolveGoal(t *testing.T) {
	for _, alg := range Algorithms() {
		r := Solve(context.Background(), newSlide(3, 2), alg, SolveLimits{})
		if r.Path == nil || len(r.Path) != 0 || r.Length != 0 || !r.Found() || r.Stopped != "" {
			t.Errorf("%v at the goal: %+v", alg, r)
		}
	}
}

// far is a 2x3 state 21 moves from the goal (the most).
func far(t *testing.T) *slide {
	tab := exhaustive(3, 2)
	for _, c := range tab.states {
		p := newSlide(3, 2, c...)
		if tab.moves[p.Hash()] == 21 {
			return p
		}
	}
	t.Fatal("no state at 21 moves")
	return nil
}

func TestSolveLimits(t *testing.T) {
	p := far(t)
	for _, alg := range Algorithms() {
		r := Solve(context.Background(), p, alg, SolveLimits{Nodes: 5})
		if r.Found() || r.Stopped != StopNodes || r.Nodes > 5 {
			t.Errorf("%v with 5 nodes: found %v, stopped %q, %d nodes", alg, r.Found(), r.Stopped, r.Nodes)
		}
		r = Solve(context.Background(), p, alg, SolveLimits{Memory: 8, Depth: 30})
		if r.Found() || r.Stopped != StopMemory || r.PeakMemory > 8 {
			t.Errorf("%v with 8 states: found %v, stopped %q, peak %d", alg, r.Found(), r.Stopped, r.PeakMemory)
		}
		if p.Hash() != far(t).Hash() || len(p.hist) != 0 {
			t.Fatalf("%v: position not restored after a stop", alg)
		}
	}
	for _, alg := range []Algorithm{DFS, DLS, IDDFS} {
		r := Solve(context.Background(), p, alg, SolveLimits{Depth: 5})
		if r.Found() || r.Stopped != StopDepthBound || r.Bound != 5 {
			t.Errorf("%v to depth 5 from 21 moves: found %v, stopped %q, bound %d", alg, r.Found(), r.Stopped, r.Bound)
		}
	}
	// dfs and dls are bounded without a bound given, and say by what.
	for _, alg := range []Algorithm{DFS, DLS} {
		r := Solve(context.Background(), p, alg, SolveLimits{})
		if r.Bound != DefaultDepthBound {
			t.Errorf("%v unbounded: bound %d, want %d", alg, r.Bound, DefaultDepthBound)
		}
		if r.Found() && len(r.Path) > DefaultDepthBound {
			t.Errorf("%v: %d moves past the default bound", alg, len(r.Path))
		}
	}
	r := Solve(context.Background(), p, BFS, SolveLimits{Time: 1})
	if r.Stopped != StopTime {
		t.Errorf("bfs with 1ns: stopped %q", r.Stopped)
	}
	r = Solve(context.Background(), p, Algorithm(99), SolveLimits{})
	if r.Stopped != StopUnsupported || r.Algorithm.String() != "unknown" {
		t.Errorf("unknown algorithm: %+v", r)
	}
}

func TestSolveNoSolution(t *testing.T) {
	// Tiles 1 and 2 swapped: the other half of the arrangements.
	for _, c := range []struct {
		w, h  int
		cells []uint8
		algs  []Algorithm
	}{
		{2, 2, []uint8{2, 1, 3, 0}, Algorithms()},
		{3, 2, []uint8{2, 1, 3, 4, 5, 0}, []Algorithm{BFS, DFS, Bidir, UCS, Greedy, AStar}},
	} {
		for _, alg := range c.algs {
			p := newSlide(c.w, c.h, c.cells...)
			r := Solve(context.Background(), p, alg, SolveLimits{Depth: 1000})
			if r.Found() || r.Stopped != StopNoSolution {
				t.Errorf("%dx%d %v: found %v, stopped %q", c.w, c.h, alg, r.Found(), r.Stopped)
			}
			if alg == BFS || alg == UCS || alg == DFS {
				if n := int64(len(exhaustive(c.w, c.h).states)); r.PeakMemory != n {
					t.Errorf("%v: peak %d states, the half has %d", alg, r.PeakMemory, n)
				}
			}
		}
	}
}

func TestSolveBidirUnsupported(t *testing.T) {
	r := Solve(context.Background(), noRev{far(t)}, Bidir, SolveLimits{})
	if r.Found() || r.Stopped != StopUnsupported {
		t.Errorf("bidir without Reversible: found %v, stopped %q", r.Found(), r.Stopped)
	}
	// The other algorithms need nothing more than Puzzle.
	r = Solve(context.Background(), noRev{far(t)}, AStar, SolveLimits{})
	if !r.Found() || r.Length != 21 {
		t.Errorf("astar without Reversible: %+v", r)
	}
}

func TestSolveBadCost(t *testing.T) {
	p := negCost{far(t)}
	for _, alg := range []Algorithm{UCS, AStar, IDAStar} {
		if r := Solve(context.Background(), p, alg, SolveLimits{}); r.Stopped != StopBadCost {
			t.Errorf("%v with a negative cost: stopped %q", alg, r.Stopped)
		}
	}
}

type negCost struct{ *slide }

func (negCost) Cost(Move) int { return -1 }

// cancelAfter cancels its context when the puzzle has listed its moves n
// times: a search must notice within NodeCheckInterval nodes.
type cancelAfter struct {
	*slide
	n      int
	cancel context.CancelFunc
}

func (c *cancelAfter) Moves(buf []Move) []Move {
	if c.n--; c.n == 0 {
		c.cancel()
	}
	return c.slide.Moves(buf)
}

// scrambled15 is a 4x4 puzzle after 300 random moves (seeded).
func scrambled15() *slide {
	p := newSlide(4, 4)
	rng := rand.New(rand.NewPCG(1, 2))
	var buf []Move
	for range 300 {
		buf = p.Moves(buf[:0])
		p.Make(buf[rng.IntN(len(buf))])
	}
	p.hist = nil
	return p
}

func TestSolveCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, alg := range Algorithms() {
		r := Solve(ctx, scrambled15(), alg, SolveLimits{})
		if r.Found() || r.Stopped != StopCanceled || r.Nodes != 0 {
			t.Errorf("%v canceled before: found %v, stopped %q, %d nodes", alg, r.Found(), r.Stopped, r.Nodes)
		}
	}
	ctx, cancel = context.WithTimeout(context.Background(), -1)
	defer cancel()
	if r := Solve(ctx, scrambled15(), AStar, SolveLimits{}); r.Stopped != StopTime {
		t.Errorf("past deadline: stopped %q", r.Stopped)
	}
	const after = 1000
	for _, alg := range Algorithms() {
		ctx, cancel := context.WithCancel(context.Background())
		p := &cancelAfter{slide: scrambled15(), n: after, cancel: cancel}
		r := Solve(ctx, p, alg, SolveLimits{Depth: 60})
		cancel()
		if r.Found() {
			continue // greedy may well solve it first
		}
		limit := int64(after + NodeCheckInterval)
		if alg == Bidir {
			limit += after // the goal side's expansions do not count down
		}
		if r.Stopped != StopCanceled || r.Nodes > limit {
			t.Errorf("%v canceled after %d expansions: stopped %q after %d nodes", alg, after, r.Stopped, r.Nodes)
		}
	}
}

// The 8-puzzle positions of the rule file (shared/rules/puzzle8.md): the
// seed document's example start and one of the hardest, 31 moves away.
var (
	puzzle8Seed    = []uint8{5, 4, 0, 6, 1, 8, 7, 3, 2}
	puzzle8Hardest = []uint8{8, 6, 7, 2, 5, 4, 3, 0, 1}
)

func TestSolvePuzzle8(t *testing.T) {
	algs := []Algorithm{Bidir, AStar, IDAStar}
	if !testing.Short() {
		algs = append(algs, BFS)
	}
	seedLen := -1
	for _, alg := range algs {
		r := Solve(context.Background(), newSlide(3, 3, puzzle8Hardest...), alg, SolveLimits{})
		if r.Length != 31 || !r.Optimal {
			t.Errorf("%v on the hardest 8-puzzle: length %d, optimal %v, stopped %q", alg, r.Length, r.Optimal, r.Stopped)
		}
		p := newSlide(3, 3, puzzle8Seed...)
		r = Solve(context.Background(), p, alg, SolveLimits{})
		checkPath(t, p, r)
		if seedLen < 0 {
			seedLen = r.Length
		} else if r.Length != seedLen {
			t.Errorf("%v on the seed start: %d moves, %v found %d", alg, r.Length, algs[0], seedLen)
		}
	}
	// The seed's non-optimal searches solve it too.
	for _, alg := range []Algorithm{Greedy, DFS} {
		p := newSlide(3, 3, puzzle8Seed...)
		r := Solve(context.Background(), p, alg, SolveLimits{Depth: 200_000})
		if !r.Found() {
			t.Fatalf("%v on the seed start: stopped %q", alg, r.Stopped)
		}
		checkPath(t, p, r)
	}
}

func BenchmarkSolve(b *testing.B) {
	for _, alg := range []Algorithm{BFS, Bidir, UCS, Greedy, AStar, IDAStar} {
		b.Run("puzzle8-hardest/"+alg.String(), func(b *testing.B) {
			p := newSlide(3, 3, puzzle8Hardest...)
			var nodes int64
			for b.Loop() {
				r := Solve(context.Background(), p, alg, SolveLimits{})
				nodes += r.Nodes
			}
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// deadGoal's goal lists no moves (as a game over at the goal might):
// bidirectional search cannot start from it and says so.
type deadGoal struct{ *slide }

type deadEnd struct{ *slide }

func (d deadGoal) Goal() Puzzle         { return deadEnd{newSlide(d.w, d.h)} }
func (deadEnd) Moves(buf []Move) []Move { return buf }

func TestSolveBidirDeadGoal(t *testing.T) {
	r := Solve(context.Background(), deadGoal{far(t)}, Bidir, SolveLimits{})
	if r.Found() || r.Stopped != StopUnsupported {
		t.Errorf("bidir with a dead-end goal: found %v, stopped %q", r.Found(), r.Stopped)
	}
}

// jumpy's heuristic is admissible but inconsistent (the weighted Manhattan
// distance on about a seventh of the states, 0 elsewhere; over the 2x3 puzzle
// A* reopens closed states about 2,900 times): A* must reopen states
// to stay optimal.
type jumpy struct{ *slide }

func (j jumpy) Heuristic() int {
	if j.Hash()%7 == 1 {
		return j.slide.Heuristic()
	}
	return 0
}

func TestSolveInconsistentHeuristic(t *testing.T) {
	tab := exhaustive(3, 2)
	for _, cells := range tab.states {
		p := jumpy{newSlide(3, 2, cells...).withWeights(true)}
		for _, alg := range []Algorithm{AStar, IDAStar} {
			r := Solve(context.Background(), p, alg, SolveLimits{})
			checkPath(t, p.slide, r)
			if want := tab.cost[p.Hash()]; r.Length != want {
				t.Fatalf("%v from %v: cost %d, least %d", alg, cells, r.Length, want)
			}
		}
	}
}

// The depth-first family allocates per search, not per node: a few buffers
// that grow to the deepest path.
func TestSolveDepthFirstAllocs(t *testing.T) {
	for _, alg := range []Algorithm{IDAStar, IDDFS} {
		p := newSlide(3, 3, puzzle8Seed...)
		var r SolveResult
		allocs := testing.AllocsPerRun(3, func() {
			r = Solve(context.Background(), p, alg, SolveLimits{})
		})
		if !r.Found() || r.Nodes < 500 || allocs > 32 {
			t.Errorf("%v: %v allocations for %d nodes", alg, allocs, r.Nodes)
		}
	}
}

// Solve compares the algorithms on the seed document's 8-puzzle start, as
// the puzzle game's comparison table will.
func ExampleSolve() {
	for _, alg := range Algorithms() {
		if alg == IDDFS {
			continue // 638,000 nodes: too slow for an example
		}
		r := Solve(context.Background(), newSlide(3, 3, puzzle8Seed...), alg, SolveLimits{})
		fmt.Printf("%-8v moves %3d optimal %-5v nodes %6d peak %6d\n", alg, r.Length, r.Optimal, r.Nodes, r.PeakMemory)
	}
	// Output:
	// bfs      moves  22 optimal true  nodes  63371 peak  84528
	// dfs      moves  96 optimal false nodes  56527 peak  89049
	// dls      moves 100 optimal false nodes  58613 peak    101
	// bidir    moves  22 optimal true  nodes   1412 peak   2204
	// ucs      moves  22 optimal true  nodes  84527 peak 106980
	// greedy   moves  68 optimal false nodes    531 peak    896
	// astar    moves  22 optimal true  nodes    396 peak    625
	// idastar  moves  22 optimal true  nodes    535 peak     23
}
