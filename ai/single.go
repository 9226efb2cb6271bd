package ai

// single.go is single-agent search for puzzles (the Puzzle interface):
// the seed document's algorithms (breadth-first, depth-first,
// depth-limited, iterative deepening, bidirectional breadth-first,
// uniform-cost, greedy best-first, A*) plus IDA*. It knows no puzzle.
//
// Decisions (part of the engine's contract for puzzles):
//
//   - States are identified by Hash. Search prunes a state whose hash it has
//     seen, so a puzzle's Hash should be exact on its reachable states: a
//     packed board (a 4x4 sliding puzzle fits in 64 bits, a nibble a cell)
//     or a permutation rank. A Zobrist hash also works in practice (over
//     ten million states the chance of any collision is about 3 in a
//     million), but then a collision can, rarely, hide a solution or make
//     one longer than optimal. No string or comparable key is asked for:
//     it would allocate for every generated state.
//   - One position, Make and Unmake. ai.Position has no Clone (that is
//     games.Position's), and a copy per node would allocate. The
//     depth-first family (dfs, dls, iddfs, idastar) walks the tree with
//     Make/Unmake. The graph searches (bfs, bidir, ucs, greedy, astar) keep
//     a pool of nodes without pointers (move, parent index, cost, hash:
//     48 bytes, in chunks, so the pool never copies itself and the garbage
//     collector has nothing to scan) and reach the node to expand by
//     unmaking to the common ancestor of the current and the next node and
//     making the moves down to it; breadth-first order makes that a move or
//     two. A node's state is never stored, only its hash.
//   - Costs: Cost(m) is asked in the position m is played from and must
//     not be negative (a negative cost stops the search, "bad-cost").
//     Heuristic must be admissible for astar and idastar to be optimal, as
//     the Puzzle interface requires; with an inconsistent heuristic A*
//     reopens states and stays optimal.
//   - Every search counts the nodes it expands and the states it holds, and
//     stops at SolveLimits (nodes, states held, time, the context) with the
//     reason in SolveResult.Stopped. Memory is bounded unless the caller
//     asks otherwise (zero means DefaultSolveMemory states, negative no
//     limit); dfs and dls are always bounded in depth too (zero means
//     DefaultDepthBound) and say so (SolveResult.Bound, "depth-bound").
//   - Searches may share a MemoryBudget (in bytes, through the context:
//     WithMemoryBudget): each takes from it what the states it holds cost
//     (stateBytes) as they grow, stops with StopMemory when the budget has
//     no more, and gives it all back when it returns. The states limit of
//     SolveLimits still bounds each search alone.
//   - Solve leaves the position as it found it.

import (
	"context"
	"math"
	"sync"
	"time"
)

// Algorithm names a single-agent search.
type Algorithm uint8

// The algorithms. BFS, Bidir and IDDFS find the fewest moves; UCS, AStar
// and IDAStar the least cost (the same for puzzles whose moves all cost 1).
const (
	BFS     Algorithm = iota // breadth-first (graph search, goal test at generation)
	DFS                      // depth-first with a closed set, bounded in depth
	DLS                      // depth-limited: depth-first to a depth, checking the path for cycles
	IDDFS                    // iterative deepening: DLS to 0, 1, 2, ...
	Bidir                    // bidirectional breadth-first (needs Reversible)
	UCS                      // uniform-cost (Dijkstra)
	Greedy                   // greedy best-first on Heuristic
	AStar                    // A* on cost + Heuristic
	IDAStar                  // iterative deepening A*
	numAlgorithms
)

var algorithmNames = [numAlgorithms]string{"bfs", "dfs", "dls", "iddfs", "bidir", "ucs", "greedy", "astar", "idastar"}

// String returns the algorithm's short name (as a -algo flag takes it).
func (a Algorithm) String() string {
	if a < numAlgorithms {
		return algorithmNames[a]
	}
	return "unknown"
}

// Algorithms lists every algorithm in the seed's order, IDA* last.
func Algorithms() []Algorithm {
	as := make([]Algorithm, numAlgorithms)
	for i := range as {
		as[i] = Algorithm(i)
	}
	return as
}

// ParseAlgorithm returns the algorithm with the given short name.
func ParseAlgorithm(name string) (Algorithm, bool) {
	for i, n := range algorithmNames {
		if n == name {
			return Algorithm(i), true
		}
	}
	return 0, false
}

// Optimal reports whether the algorithm guarantees a shortest solution
// when it completes: the fewest moves (bfs, bidir, iddfs) or the least cost
// (ucs, astar, idastar, with an admissible heuristic).
func (a Algorithm) Optimal() bool {
	switch a {
	case BFS, Bidir, IDDFS, UCS, AStar, IDAStar:
		return true
	}
	return false
}

// Reversible is implemented by puzzles with a single goal state whose moves
// can all be undone by a move: bidirectional search needs it. Goal returns
// a new position, independent of the receiver, in the goal state; its Moves
// must list the moves out of the goal (a game that ends at the goal must
// still list them here), since the backward search expands it. Inverse
// returns the move that undoes m: after Make(m) from a state s, Inverse(m)
// is legal and leads back to s (a sliding puzzle's blank moving up is undone
// by the blank moving down; a tile slid is undone by sliding it again).
// Bidir checks the path it returns by playing it, and reports
// StopUnsupported when it does not reach a goal.
type Reversible interface {
	Goal() Puzzle
	Inverse(m Move) Move
}

// SolveLimits bound a single-agent search. The context bounds it too.
type SolveLimits struct {
	// Nodes stops the search after this many expanded nodes; 0: no limit.
	Nodes int64
	// Memory is the most states the search may hold at once (the node
	// pool and closed set of a graph search, the path of a depth-first
	// one); 0 means DefaultSolveMemory, negative means no limit.
	Memory int64
	// Depth bounds dfs and dls (0: DefaultDepthBound) and the deepest
	// iteration of iddfs (0: no bound but Memory).
	Depth int
	// Time stops the search after this long; 0: no limit.
	Time time.Duration
}

// DefaultSolveMemory is the states a search may hold when
// SolveLimits.Memory is zero: 1,048,576 states, five times the 8-puzzle's
// solvable half. A graph search's heap grows by about 100 bytes a state
// (bfs, bidir; node pool and index), 130 with an open list (ucs, greedy,
// astar); dfs's closed set about 50 (stateBytes; measured on the
// 15-puzzle, BENCHMARKS.md).
const DefaultSolveMemory = 1 << 20

// DefaultDepthBound is the depth bound of dfs and dls when
// SolveLimits.Depth is zero.
const DefaultDepthBound = 100

// Stop reasons of SolveResult.Stopped.
const (
	StopNodes       = "nodes"       // SolveLimits.Nodes reached
	StopMemory      = "memory"      // SolveLimits.Memory reached
	StopTime        = "time"        // SolveLimits.Time or the context's deadline
	StopCanceled    = "canceled"    // the context was canceled
	StopDepthBound  = "depth-bound" // no solution within the depth bound (there may be one deeper)
	StopNoSolution  = "no-solution" // the whole reachable space was searched: no goal
	StopUnsupported = "unsupported" // the puzzle lacks what the algorithm needs (bidir: Reversible), or an unknown algorithm
	StopBadCost     = "bad-cost"    // a move had a negative cost
)

// SolveResult is what a single-agent search found.
type SolveResult struct {
	Algorithm Algorithm
	// Path is the solution from the position searched, nil when none was
	// found; empty (not nil) when the position is a goal.
	Path []Move
	// Length is the solution's cost: the sum of Cost over Path.
	Length int
	// Optimal: the algorithm guarantees a shortest solution and completed.
	Optimal bool
	// Nodes counts expanded nodes (their moves listed), Generated the
	// children made; iterative searches count every iteration, bidir
	// both directions.
	Nodes, Generated int64
	// PeakMemory is the most states held at once.
	PeakMemory int64
	// Bound is the depth bound of dfs and dls, the depth of the last
	// iteration of iddfs, the cost bound of the last idastar iteration.
	Bound   int
	Elapsed time.Duration
	// Stopped says why no solution was returned ("" when one was).
	Stopped string
}

// MemoryBudget is memory, in bytes, that the searches sharing it hold
// together: a search takes its states' cost from it as it grows and gives
// it back when it returns; a search that finds it spent stops (StopMemory).
// It bounds what many searches at once (many people's requests) may hold,
// whatever each one's own limit. Safe for concurrent use.
type MemoryBudget struct {
	mu          sync.Mutex
	limit, used int64
}

// NewMemoryBudget returns a budget of the given bytes.
func NewMemoryBudget(bytes int64) *MemoryBudget { return &MemoryBudget{limit: bytes} }

// Used is what the searches running now hold.
func (b *MemoryBudget) Used() int64 {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}

// take reserves n bytes, if there are that many left.
func (b *MemoryBudget) take(n int64) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.used+n > b.limit {
		return false
	}
	b.used += n
	return true
}

// give returns n bytes taken.
func (b *MemoryBudget) give(n int64) {
	b.mu.Lock()
	b.used -= n
	b.mu.Unlock()
}

type budgetKey struct{}

// WithMemoryBudget returns a context whose searches (Solve) share b.
func WithMemoryBudget(ctx context.Context, b *MemoryBudget) context.Context {
	return context.WithValue(ctx, budgetKey{}, b)
}

// budgetOf is the MemoryBudget of ctx, or nil.
func budgetOf(ctx context.Context) *MemoryBudget {
	b, _ := ctx.Value(budgetKey{}).(*MemoryBudget)
	return b
}

// stateBytes is what a state held costs in memory, by algorithm: a graph
// search's node and index entry (and open-list entry), the closed set's
// entry of dfs, a frame of the depth-first searches' path. Measured heap
// growth per state on the 15-puzzle, rounded up (DefaultSolveMemory).
func stateBytes(alg Algorithm) int64 {
	switch alg {
	case BFS, Bidir:
		return 112
	case UCS, Greedy, AStar:
		return 144
	case DFS:
		return 64
	}
	return 64
}

// budgetChunk is the states a search takes from a shared budget at a time:
// the lock is taken once in that many states.
const budgetChunk = 4096

// Found reports whether the search returned a solution.
func (r SolveResult) Found() bool { return r.Path != nil }

// Solve searches p for a goal state with the given algorithm and returns the
// moves that reach it. p is left as it was found. It is not safe to use p
// concurrently while Solve runs.
func Solve(ctx context.Context, p Puzzle, alg Algorithm, lim SolveLimits) SolveResult {
	s := &solver{p: p, alg: alg, lim: lim, start: time.Now()}
	if ctx != nil {
		s.done = ctx.Done()
		s.ctx = ctx
		if d, ok := ctx.Deadline(); ok {
			s.deadline, s.hasDead = d, true
		}
	}
	if lim.Time > 0 {
		if d := s.start.Add(lim.Time); !s.hasDead || d.Before(s.deadline) {
			s.deadline, s.hasDead = d, true
		}
	}
	s.memLimit = lim.Memory
	if s.memLimit == 0 {
		s.memLimit = DefaultSolveMemory
	} else if s.memLimit < 0 {
		s.memLimit = math.MaxInt64
	}
	if ctx != nil {
		if b := budgetOf(ctx); b != nil {
			s.budget, s.stateCost = b, stateBytes(alg)
			defer func() { b.give(s.taken * s.stateCost) }()
		}
	}
	res := SolveResult{Algorithm: alg}
	var path []Move
	switch {
	case alg >= numAlgorithms:
		s.stopped = StopUnsupported
	case p.IsGoal():
		path = []Move{}
	default:
		switch alg {
		case BFS:
			path = s.bfs()
		case Bidir:
			path = s.bidir()
		case UCS, Greedy, AStar:
			path = s.bestFirst()
		case DFS:
			res.Bound = s.depthBound()
			path = s.dfs(res.Bound, -1, true)
		case DLS:
			res.Bound = s.depthBound()
			path = s.dfs(res.Bound, -1, false)
		case IDDFS:
			path, res.Bound = s.iddfs()
		case IDAStar:
			path, res.Bound = s.idastar()
		}
	}
	if path != nil {
		length, goal := s.pathCost(path)
		if goal {
			res.Path, res.Length, res.Optimal = path, length, alg.Optimal()
		} else {
			s.stopped = StopUnsupported // bidir: Inverse did not undo a move
			path = nil
		}
	}
	if path == nil {
		res.Stopped = s.stopped
		if res.Stopped == "" {
			res.Stopped = StopNoSolution
		}
	}
	res.Nodes, res.Generated, res.PeakMemory = s.nodes, s.generated, s.peak
	res.Elapsed = time.Since(s.start)
	return res
}

// solver is one search's state.
type solver struct {
	p         Puzzle
	alg       Algorithm
	lim       SolveLimits
	ctx       context.Context
	done      <-chan struct{}
	start     time.Time
	deadline  time.Time
	hasDead   bool
	memLimit  int64
	nodes     int64
	generated int64
	nextCheck int64
	peak      int64
	stopped   string
	moves     []Move // move buffer
	// budget, when not nil, is shared with other searches: taken states
	// of stateCost bytes each are held from it.
	budget    *MemoryBudget
	stateCost int64
	taken     int64
}

func (s *solver) depthBound() int {
	if s.lim.Depth > 0 {
		return s.lim.Depth
	}
	return DefaultDepthBound
}

// expand counts an expansion and reports whether the search must stop
// before it (then s.stopped says why).
func (s *solver) expand() bool {
	if s.stopped != "" {
		return true
	}
	if s.lim.Nodes > 0 && s.nodes >= s.lim.Nodes {
		s.stopped = StopNodes
		return true
	}
	if s.nodes >= s.nextCheck {
		s.nextCheck = s.nodes + NodeCheckInterval
		if s.done != nil {
			select {
			case <-s.done:
				s.stopped = StopCanceled
				if s.ctx.Err() == context.DeadlineExceeded {
					s.stopped = StopTime
				}
				return true
			default:
			}
		}
		if s.hasDead && !time.Now().Before(s.deadline) {
			s.stopped = StopTime
			return true
		}
	}
	s.nodes++
	return false
}

// hold records that the search holds n states and reports whether that is
// over the memory limit (then the search stops).
func (s *solver) hold(n int64) bool {
	if n > s.memLimit {
		s.stopped = StopMemory
		return true
	}
	if s.budget != nil && n > s.taken {
		need := n - s.taken
		more := max(need, min(budgetChunk, s.memLimit-s.taken))
		if !s.budget.take(more * s.stateCost) {
			if more == need || !s.budget.take(need*s.stateCost) {
				s.stopped = StopMemory
				return true
			}
			more = need
		}
		s.taken += more
	}
	s.peak = max(s.peak, n)
	return false
}

// cost returns the cost of m from the current position; a negative cost
// stops the search.
func (s *solver) cost(m Move) (int64, bool) {
	c := s.p.Cost(m)
	if c < 0 {
		s.stopped = StopBadCost
		return 0, false
	}
	return int64(c), true
}

// pathCost plays path from the root, summing the costs, reports whether it
// reaches a goal, and takes it back.
func (s *solver) pathCost(path []Move) (total int, goal bool) {
	for _, m := range path {
		total += s.p.Cost(m)
		s.p.Make(m)
	}
	goal = s.p.IsGoal()
	for range path {
		s.p.Unmake()
	}
	return total, goal
}

// ---------------------------------------------------------------------------
// Node pool of the graph searches.

const (
	chunkBits = 12
	chunkSize = 1 << chunkBits
)

// snode is a searched state: how it was reached, never the state itself.
type snode struct {
	move   Move
	hash   uint64
	g      int64 // cost from the root (moves for bfs and bidir)
	parent int32 // -1 at the root
	depth  int32
	h      int32
	goal   bool
	closed bool
}

// pool stores nodes in chunks (appending never copies a node) and indexes
// them by hash. It also tracks which node the position is at.
type pool struct {
	chunks [][]snode
	n      int32
	index  map[uint64]int32
	at     []int32 // the path of nodes the position is at: at[0] is the root
	chain  []int32 // scratch
}

func newPool() *pool { return &pool{index: make(map[uint64]int32)} }

func (pl *pool) get(i int32) *snode { return &pl.chunks[i>>chunkBits][i&(chunkSize-1)] }

func (pl *pool) add(nd snode) int32 {
	i := pl.n
	if int(i>>chunkBits) == len(pl.chunks) {
		pl.chunks = append(pl.chunks, make([]snode, chunkSize))
	}
	*pl.get(i) = nd
	pl.index[nd.hash] = i
	pl.n++
	return i
}

// moveTo brings p from the node it is at to node i through their common
// ancestor.
func (pl *pool) moveTo(p Position, i int32) {
	pl.chain = pl.chain[:0]
	for j := i; j >= 0; j = pl.get(j).parent {
		pl.chain = append(pl.chain, j)
	}
	// chain is i..root; compare from the root.
	c := pl.chain
	k := 0
	for k < len(pl.at) && k < len(c) && pl.at[k] == c[len(c)-1-k] {
		k++
	}
	for len(pl.at) > k {
		p.Unmake()
		pl.at = pl.at[:len(pl.at)-1]
	}
	for ; k < len(c); k++ {
		j := c[len(c)-1-k]
		p.Make(pl.get(j).move)
		pl.at = append(pl.at, j)
	}
}

// rewind takes back every move made from the root.
func (pl *pool) rewind(p Position) {
	for len(pl.at) > 1 {
		p.Unmake()
		pl.at = pl.at[:len(pl.at)-1]
	}
}

// path returns the moves from the root to node i.
func (pl *pool) path(i int32) []Move {
	path := make([]Move, pl.get(i).depth)
	for j := i; pl.get(j).parent >= 0; j = pl.get(j).parent {
		path[pl.get(j).depth-1] = pl.get(j).move
	}
	return path
}

func (pl *pool) root(hash uint64) {
	pl.add(snode{hash: hash, parent: -1})
	pl.at = append(pl.at[:0], 0)
}

// ---------------------------------------------------------------------------
// Breadth-first.

// bfs is graph breadth-first search: the pool, in index order, is its queue.
func (s *solver) bfs() []Move {
	pl := newPool()
	pl.root(s.p.Hash())
	defer pl.rewind(s.p)
	if s.hold(1) {
		return nil
	}
	for next := int32(0); next < pl.n; next++ {
		if s.expand() {
			return nil
		}
		pl.moveTo(s.p, next)
		depth := pl.get(next).depth
		s.moves = s.p.Moves(s.moves[:0])
		for _, m := range s.moves {
			s.p.Make(m)
			s.generated++
			h := s.p.Hash()
			if _, seen := pl.index[h]; seen {
				s.p.Unmake()
				continue
			}
			goal := s.p.IsGoal()
			s.p.Unmake()
			if s.hold(int64(pl.n) + 1) {
				return nil
			}
			c := pl.add(snode{move: m, hash: h, parent: next, depth: depth + 1})
			if goal {
				return pl.path(c)
			}
		}
	}
	return nil
}

// bidir is bidirectional breadth-first search: whole layers are expanded
// from the side with the smaller frontier; the first layer that meets the
// other side gives a shortest solution.
func (s *solver) bidir() []Move {
	rv, ok := s.p.(Reversible)
	if !ok {
		s.stopped = StopUnsupported
		return nil
	}
	gp := rv.Goal()
	if gp == nil || !gp.IsGoal() || len(gp.Moves(nil)) == 0 {
		s.stopped = StopUnsupported
		return nil
	}
	ps := [2]Position{s.p, gp}
	pls := [2]*pool{newPool(), newPool()}
	pls[0].root(s.p.Hash())
	pls[1].root(gp.Hash())
	defer pls[0].rewind(s.p)
	defer pls[1].rewind(gp)
	if pls[0].get(0).hash == pls[1].get(0).hash {
		return []Move{}
	}
	if s.hold(2) {
		return nil
	}
	// layer[i] is the index range of side i's frontier.
	var lo, hi [2]int32
	hi = [2]int32{1, 1}
	for lo[0] < hi[0] && lo[1] < hi[1] {
		side := 0
		if hi[1]-lo[1] < hi[0]-lo[0] {
			side = 1
		}
		pl, other, p := pls[side], pls[1-side], ps[side]
		best, bestLen := [2]int32{-1, -1}, int32(math.MaxInt32)
		for next := lo[side]; next < hi[side]; next++ {
			if s.expand() {
				return nil
			}
			pl.moveTo(p, next)
			depth := pl.get(next).depth
			s.moves = p.Moves(s.moves[:0])
			for _, m := range s.moves {
				p.Make(m)
				s.generated++
				h := p.Hash()
				p.Unmake()
				if _, seen := pl.index[h]; seen {
					continue
				}
				if s.hold(int64(pl.n) + int64(other.n) + 1) {
					return nil
				}
				c := pl.add(snode{move: m, hash: h, parent: next, depth: depth + 1})
				if j, met := other.index[h]; met {
					if l := depth + 1 + other.get(j).depth; l < bestLen {
						bestLen = l
						best[side], best[1-side] = c, j
					}
				}
			}
		}
		if best[0] >= 0 {
			path := pls[0].path(best[0])
			back := pls[1].path(best[1])
			for i := len(back) - 1; i >= 0; i-- {
				path = append(path, rv.Inverse(back[i]))
			}
			return path
		}
		lo[side], hi[side] = hi[side], pl.n
	}
	return nil
}

// ---------------------------------------------------------------------------
// Best-first: uniform-cost, greedy, A*.

// heapItem is an open-list entry: nodes are ordered by f, then tie, then
// index (so the order is deterministic). g is the node's cost when pushed:
// an entry whose node has since been reached more cheaply is stale.
type heapItem struct {
	f, tie, g int64
	idx       int32
}

func (a heapItem) less(b heapItem) bool {
	if a.f != b.f {
		return a.f < b.f
	}
	if a.tie != b.tie {
		return a.tie < b.tie
	}
	return a.idx < b.idx
}

type openList []heapItem

func (h *openList) push(it heapItem) {
	*h = append(*h, it)
	q := *h
	i := len(q) - 1
	for i > 0 {
		parent := (i - 1) / 2
		if !q[i].less(q[parent]) {
			break
		}
		q[i], q[parent] = q[parent], q[i]
		i = parent
	}
}

func (h *openList) pop() heapItem {
	q := *h
	top := q[0]
	last := len(q) - 1
	q[0] = q[last]
	q = q[:last]
	i := 0
	for {
		l := 2*i + 1
		if l >= len(q) {
			break
		}
		c := l
		if r := l + 1; r < len(q) && q[r].less(q[l]) {
			c = r
		}
		if !q[c].less(q[i]) {
			break
		}
		q[i], q[c] = q[c], q[i]
		i = c
	}
	*h = q
	return top
}

// item makes the open-list entry of node i for the algorithm: ucs orders
// by g, greedy by h (ties: fewer moves), A* by g+h (ties: deeper first).
func (s *solver) item(nd *snode, i int32) heapItem {
	switch s.alg {
	case UCS:
		return heapItem{f: nd.g, g: nd.g, idx: i}
	case Greedy:
		return heapItem{f: int64(nd.h), tie: nd.g, g: nd.g, idx: i}
	}
	return heapItem{f: nd.g + int64(nd.h), tie: -nd.g, g: nd.g, idx: i}
}

// bestFirst is uniform-cost, greedy best-first or A* graph search with the
// goal test at expansion. UCS and A* reopen a closed state reached more
// cheaply (never with a consistent heuristic); greedy never does.
func (s *solver) bestFirst() []Move {
	useH := s.alg != UCS
	pl := newPool()
	pl.root(s.p.Hash())
	defer pl.rewind(s.p)
	if s.hold(1) {
		return nil
	}
	if useH {
		pl.get(0).h = int32(s.p.Heuristic())
	}
	open := openList{s.item(pl.get(0), 0)}
	for len(open) > 0 {
		it := open.pop()
		nd := pl.get(it.idx)
		if it.g != nd.g || nd.closed {
			continue // stale entry
		}
		if nd.goal {
			return pl.path(it.idx)
		}
		if s.expand() {
			return nil
		}
		nd.closed = true
		g, depth := nd.g, nd.depth
		pl.moveTo(s.p, it.idx)
		s.moves = s.p.Moves(s.moves[:0])
		for _, m := range s.moves {
			c, ok := s.cost(m)
			if !ok {
				return nil
			}
			s.p.Make(m)
			s.generated++
			h := s.p.Hash()
			if j, seen := pl.index[h]; seen {
				s.p.Unmake()
				old := pl.get(j)
				if s.alg == Greedy || g+c >= old.g {
					continue
				}
				// A cheaper way to a known state: re-parent it and reopen it.
				old.g, old.parent, old.move, old.depth, old.closed = g+c, it.idx, m, depth+1, false
				open.push(s.item(old, j))
				continue
			}
			var hv int32
			if useH {
				hv = int32(s.p.Heuristic())
			}
			goal := s.p.IsGoal()
			s.p.Unmake()
			if s.hold(int64(pl.n) + 1) {
				return nil
			}
			nd := snode{move: m, hash: h, g: g + c, parent: it.idx, depth: depth + 1, h: hv, goal: goal}
			j := pl.add(nd)
			if s.alg == Greedy && goal {
				return pl.path(j) // greedy promises nothing: stop at the first goal seen
			}
			open.push(s.item(&nd, j))
		}
	}
	return nil
}

// ---------------------------------------------------------------------------
// Depth-first family: dfs, dls, iddfs, idastar on one position.

// frame is one level of the depth-first stack.
type frame struct {
	move       Move // the move that reached this level
	hash       uint64
	g          int64
	start, end int32 // this level's moves in solver.moves
	next       int32
	listed     bool
}

// dfsState is what the depth-first walker learns in one pass.
type dfsState struct {
	frames []frame
	cutoff bool  // some node was cut off by the depth or cost bound
	nextF  int64 // idastar: the least f above the bound
}

// dfs walks depth-first to depth bound. With fBound >= 0 it prunes
// children whose cost plus heuristic exceeds it (idastar). With closed it
// prunes every state seen before in this search (dfs: a graph search, the
// seed's closed list); without, it prunes states on the current path only
// (dls, iddfs, idastar: memory is the path). It returns the solution path
// or nil; s.stopped, cutoff and nextF say why not.
func (s *solver) dfs(bound int, fBound int64, closed bool) []Move {
	var d dfsState
	path := s.walk(&d, bound, fBound, closed)
	if path == nil && s.stopped == "" && d.cutoff && fBound < 0 {
		s.stopped = StopDepthBound
	}
	return path
}

func (s *solver) walk(d *dfsState, bound int, fBound int64, closed bool) []Move {
	p := s.p
	var seen map[uint64]struct{}
	if closed {
		seen = map[uint64]struct{}{p.Hash(): {}}
	}
	d.nextF = math.MaxInt64
	d.frames = append(d.frames[:0], frame{hash: p.Hash()})
	s.moves = s.moves[:0]
	defer func() {
		for len(d.frames) > 1 {
			p.Unmake()
			d.frames = d.frames[:len(d.frames)-1]
		}
	}()
	if s.hold(1) {
		return nil
	}
	for len(d.frames) > 0 {
		top := &d.frames[len(d.frames)-1]
		if !top.listed {
			top.listed = true
			if len(d.frames)-1 >= bound {
				d.cutoff = true
				top.next, top.end = 0, 0
			} else {
				if s.expand() {
					return nil
				}
				top.start = int32(len(s.moves))
				s.moves = p.Moves(s.moves)
				top.next, top.end = top.start, int32(len(s.moves))
			}
		}
		if top.next >= top.end {
			if top.end > 0 {
				s.moves = s.moves[:top.start]
			}
			d.frames = d.frames[:len(d.frames)-1]
			if len(d.frames) > 0 {
				p.Unmake()
			}
			continue
		}
		m := s.moves[top.next]
		top.next++
		g := top.g
		if fBound >= 0 {
			c, ok := s.cost(m)
			if !ok {
				return nil
			}
			g += c
		}
		p.Make(m)
		s.generated++
		h := p.Hash()
		if closed {
			if _, ok := seen[h]; ok {
				p.Unmake()
				continue
			}
			if s.hold(int64(len(seen)) + 1) {
				p.Unmake()
				return nil
			}
			seen[h] = struct{}{}
		} else if onPath(d.frames, h) {
			p.Unmake()
			continue
		}
		if fBound >= 0 {
			if f := g + int64(p.Heuristic()); f > fBound {
				d.cutoff = true
				d.nextF = min(d.nextF, f)
				p.Unmake()
				continue
			}
		}
		if !closed && s.hold(int64(len(d.frames))+1) {
			p.Unmake()
			return nil
		}
		d.frames = append(d.frames, frame{move: m, hash: h, g: g})
		if p.IsGoal() {
			path := make([]Move, len(d.frames)-1)
			for i := range path {
				path[i] = d.frames[i+1].move
			}
			return path
		}
	}
	return nil
}

// onPath reports whether a state with hash h is on the current path.
func onPath(frames []frame, h uint64) bool {
	for i := len(frames) - 1; i >= 0; i-- {
		if frames[i].hash == h {
			return true
		}
	}
	return false
}

// iddfs runs depth-limited searches to 0, 1, 2, ... moves. An iteration
// that cuts nothing off has searched every path: there is no solution.
func (s *solver) iddfs() ([]Move, int) {
	var d dfsState
	maxDepth := math.MaxInt32
	if s.lim.Depth > 0 {
		maxDepth = s.lim.Depth
	}
	for depth := 1; ; depth++ {
		d.cutoff = false
		if path := s.walk(&d, depth, -1, false); path != nil || s.stopped != "" {
			return path, depth
		}
		if !d.cutoff {
			return nil, depth
		}
		if depth >= maxDepth {
			s.stopped = StopDepthBound
			return nil, depth
		}
	}
}

// idastar runs cost-bounded depth-first searches, each bound the least f
// the previous one cut off, starting from the root's heuristic.
func (s *solver) idastar() ([]Move, int) {
	var d dfsState
	fBound := int64(max(s.p.Heuristic(), 0))
	for {
		d.cutoff = false
		path := s.walk(&d, math.MaxInt32, fBound, false)
		if path != nil || s.stopped != "" || !d.cutoff {
			return path, int(fBound)
		}
		fBound = d.nextF
	}
}
