package puzzle

// solve.go runs ai.Solve on puzzles: a method is an algorithm with a
// heuristic (A* with misplaced tiles, with Manhattan...), each bounded so
// that none can exhaust memory or time.

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
)

// Method is a search algorithm and, for the informed ones, its heuristic.
type Method struct {
	Alg ai.Algorithm
	H   Heuristic // 0 for blind algorithms
}

// informed reports whether the algorithm reads the heuristic.
func informed(a ai.Algorithm) bool { return a == ai.Greedy || a == ai.AStar || a == ai.IDAStar }

// String is the method's short name: "bfs", "astar-manhattan".
func (m Method) String() string {
	if !informed(m.Alg) {
		return m.Alg.String()
	}
	return m.Alg.String() + "-" + m.H.String()
}

var algLabels = map[ai.Algorithm]string{
	ai.BFS: "BFS", ai.DFS: "DFS", ai.DLS: "DLS", ai.IDDFS: "IDDFS", ai.Bidir: "Bidir", ai.UCS: "UCS",
	ai.Greedy: "Greedy", ai.AStar: "A*", ai.IDAStar: "IDA*",
}

var hLabels = map[Heuristic]string{Misplaced: "misplaced", Manhattan: "Manhattan", LinearConflict: "LC", PDBHeuristic: "PDB"}

// Label is the method's name in a table or chart: "A* Manhattan".
func (m Method) Label() string {
	if !informed(m.Alg) {
		return algLabels[m.Alg]
	}
	return algLabels[m.Alg] + " " + hLabels[m.H]
}

// ParseMethod reads a method as people type it: an algorithm's short name
// (bfs, dfs, dls, iddfs, bidir, ucs, greedy, astar or a*, idastar or ida*)
// with, for the informed ones, an optional heuristic after a dash or colon
// (astar-manhattan, ida*:pdb). The default heuristic is the best for the
// size: pattern databases on the 15-puzzle, linear conflict on the
// 8-puzzle.
func ParseMethod(size int, s string) (Method, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	name, hname, _ := strings.Cut(strings.NewReplacer(":", "-", "/", "-").Replace(s), "-")
	switch name {
	case "a*", "a-star":
		name = "astar"
	case "ida*":
		name = "idastar"
	case "bidirectional":
		name = "bidir"
	}
	alg, ok := ai.ParseAlgorithm(name)
	if !ok {
		return Method{}, false
	}
	m := Method{Alg: alg}
	if !informed(alg) {
		return m, hname == ""
	}
	m.H = bestHeuristic(size)
	if hname != "" {
		if m.H, ok = ParseHeuristic(hname); !ok {
			return Method{}, false
		}
		if m.H == PDBHeuristic && size != 4 {
			m.H = LinearConflict
		}
	}
	return m, true
}

func bestHeuristic(size int) Heuristic {
	if size == 4 {
		return PDBHeuristic
	}
	return LinearConflict
}

// CompareMethods are the methods compare runs, in the seed's order.
func CompareMethods(size int) []Method {
	ms := []Method{
		{Alg: ai.BFS}, {Alg: ai.DFS}, {Alg: ai.DLS}, {Alg: ai.IDDFS}, {Alg: ai.Bidir}, {Alg: ai.UCS},
		{Alg: ai.Greedy, H: Manhattan},
		{Alg: ai.AStar, H: Misplaced}, {Alg: ai.AStar, H: Manhattan}, {Alg: ai.AStar, H: LinearConflict},
		{Alg: ai.IDAStar, H: LinearConflict},
	}
	if size == 4 {
		ms = append(ms, Method{Alg: ai.AStar, H: PDBHeuristic}, Method{Alg: ai.IDAStar, H: PDBHeuristic})
	}
	return ms
}

// Budget bounds one search.
type Budget struct {
	Nodes  int64
	Memory int64 // states held at once
	Time   time.Duration
}

// Budgets: a player's command answers within seconds whatever the start.
var (
	// SolveBudget bounds solve, hint and the optimal length of a 15-puzzle.
	SolveBudget = Budget{Nodes: 20_000_000, Memory: 1 << 20, Time: 10 * time.Second}
	// CompareBudget bounds each method of compare.
	CompareBudget = Budget{Nodes: 2_000_000, Memory: 1 << 20, Time: 2 * time.Second}
	// StartBudget bounds OptimalLength of a 15-puzzle (asked when a game
	// starts): past it the length is not shown.
	StartBudget = Budget{Nodes: 3_000_000, Memory: 1 << 20, Time: 2 * time.Second}
	// EndBudget bounds OptimalLengthWait (asked once a game has ended
	// without its length: nobody waits on it to play).
	EndBudget = SolveBudget
)

// depthBound is the depth dls searches to: the 8-puzzle's diameter (every
// solvable start has a solution that short), on the 15-puzzle its
// diameter, 80. Depth-first search with its closed set keeps ai's default
// bound (100): bounded at the diameter it prunes states it reached by a
// longer path and misses solutions.
func depthBound(size int) int {
	if size == 4 {
		return 80
	}
	return 31
}

// Solve runs method m from p within budget b. p is not changed.
func Solve(ctx context.Context, p *Pos, m Method, b Budget) (ai.SolveResult, error) {
	q := p.clone()
	q.hist = q.hist[:0]
	if informed(m.Alg) {
		if err := q.SetHeuristic(m.H, nil); err != nil {
			return ai.SolveResult{}, err
		}
	}
	lim := ai.SolveLimits{Nodes: b.Nodes, Memory: b.Memory, Time: b.Time}
	if m.Alg == ai.DLS {
		lim.Depth = depthBound(p.n)
	}
	return ai.Solve(ctx, q, m.Alg, lim), nil
}

// ErrPDBNotReady is returned for a 15-puzzle search that needs the pattern
// databases while they are still being built (ReadyPDB).
var ErrPDBNotReady = errors.New("puzzle: the pattern databases are being built")

// Optimal returns a shortest solution from p: on the 8-puzzle from its
// distance table at once, on the 15-puzzle by IDA* on the pattern
// databases within budget b (an error when it does not finish, and
// ErrPDBNotReady while the databases are being built).
func Optimal(ctx context.Context, p *Pos, b Budget) ([]ai.Move, error) {
	if p.n == 3 {
		return optimal3(p), nil
	}
	if ReadyPDB() == nil {
		return nil, ErrPDBNotReady
	}
	r, err := Solve(ctx, p, Method{Alg: ai.IDAStar, H: PDBHeuristic}, b)
	if err != nil {
		return nil, err
	}
	if !r.Found() {
		return nil, &TooHardError{Stopped: r.Stopped, Nodes: r.Nodes}
	}
	return r.Path, nil
}

// TooHardError is a search that ran out of its budget.
type TooHardError struct {
	Stopped string
	Nodes   int64
}

func (e *TooHardError) Error() string {
	return fmt.Sprintf("puzzle: no solution found within the limits (%s after %d nodes)", e.Stopped, e.Nodes)
}

// OptimalLength implements games.Solver: exact on the 8-puzzle; on the
// 15-puzzle when IDA* finishes within StartBudget and the pattern databases
// are ready (the first call starts building them: a game's start never
// waits for that).
func (p *Pos) OptimalLength() (int, bool) {
	if p.n == 3 {
		return distance3(p), true
	}
	path, err := Optimal(context.Background(), p, StartBudget)
	if err != nil {
		return 0, false
	}
	return len(path), true
}

var _ games.PatientSolver = (*Pos)(nil)

// OptimalLengthWait implements games.PatientSolver: OptimalLength once the
// 15-puzzle's pattern databases are ready (waiting for them until ctx
// ends), within EndBudget: for a game that ended before they were.
func (p *Pos) OptimalLengthWait(ctx context.Context) (int, bool) {
	if p.n == 3 {
		return distance3(p), true
	}
	select {
	case <-PDBReady():
	case <-ctx.Done():
		return 0, false
	}
	path, err := Optimal(ctx, p, EndBudget)
	if err != nil {
		return 0, false
	}
	return len(path), true
}
