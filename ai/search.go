package ai

// search.go drives the engine's searches: Search's iterative deepening,
// its limits (nodes, time, the context) and what the searches share
// (move lists, ordering scores, the principal variation, the root moves,
// history). Each iteration is searched by the one search, the principal
// variation search of pvs.go with the techniques the options and the
// game switch on, or by the plain alpha-beta of plain.go, the seed and
// teaching reference (a seed level, no alpha-beta, or dice).
//
// Both searches keep plain.go's conventions (scores from the side to
// move's point of view, negated only when the side changes; depth in
// plies or turns; a finished game worth Win-ply), as Minimax does, so
// that all three compute the same values.

import (
	"context"
	"time"
)

// MaxPly bounds the distance from the root of any searched node, quiescence
// included; a node at MaxPly is evaluated statically.
const MaxPly = 128

// NodeCheckInterval is how many nodes the search visits between checks of the
// clock and the context. Small enough that no game's nodes add up to more
// than a fraction of a millisecond between checks.
const NodeCheckInterval = 256

// Move ordering scores: TT move, then noisy moves, then killers, then
// history (which stays below killerScore).
const (
	orderTT      = 1 << 30
	orderNoisy   = 1 << 29
	orderKiller  = 1 << 28
	historyLimit = 1 << 20 // history values are halved when one passes this
	historyBits  = 14
)

// rootMove is one legal move at the root with its score in the last
// iteration that searched it; exact tells whether the score is exact or
// only an upper bound (the move failed low).
type rootMove struct {
	move  Move
	score int
	exact bool
}

// searchState is the per-search state (reset by Search).
type searchState struct {
	p          Position
	st         Stochastic
	ng         NoisyGenerator // nil: quiescence filters Moves with Noisy
	rep        Repeater       // nil: the game has no repetition rule
	nm         NullMover      // nil: no null-move pruning (or switched off)
	chk        Checker        // nil: no check extension, no LMR
	ms         MoveScorer     // nil: noisy moves ordered alike
	nodes      int64
	nextCheck  int64
	nodeLimit  int64
	deadline   time.Time
	hasDead    bool
	done       <-chan struct{}
	stop       bool
	horizon    int64 // count of depth-horizon leaves met; 0 after an iteration means the tree is exhausted
	selDepth   int   // the deepest ply reached
	rootMargin int
	turns      bool // Limits.Turns
}

// childDepth is the depth left below a move just made by turn: one less,
// unless depth counts turns and turn moves again.
func (s *searchState) childDepth(depth int, turn Side) int {
	if s.turns && s.p.Turn() == turn {
		return depth
	}
	return depth - 1
}

// checkLimits stops the search when a node, time or context limit is hit.
func (s *searchState) checkLimits() {
	s.nextCheck = s.nodes + NodeCheckInterval
	if s.nodeLimit > 0 {
		if s.nodes >= s.nodeLimit {
			s.stop = true
			return
		}
		s.nextCheck = min(s.nextCheck, s.nodeLimit)
	}
	if s.done != nil {
		select {
		case <-s.done:
			s.stop = true
			return
		default:
		}
	}
	if s.hasDead && !time.Now().Before(s.deadline) {
		s.stop = true
	}
}

// pastSoftLimit reports whether the soft time limit is past: Limits.SoftTime,
// or half the time budget.
func (s *searchState) pastSoftLimit(start time.Time, lim Limits) bool {
	elapsed := time.Since(start)
	if lim.SoftTime > 0 {
		return elapsed >= lim.SoftTime
	}
	if !s.hasDead {
		return false
	}
	return elapsed >= s.deadline.Sub(start)/2
}

// orderScores returns the ordering scores of ply for n moves. MaxMoves is
// the usual bound, not a hard one (a dama king can have hundreds of
// maximum-capture paths), so the buffer grows when a position needs it.
func (e *Engine) orderScores(ply, n int) []int32 {
	if n > len(e.order[ply]) {
		e.order[ply] = make([]int32, n)
	}
	return e.order[ply][:n]
}

// terminalScore scores a finished game for owner at ply: a win worth more
// points scores higher (see PointScore).
func terminalScore(st Status, owner Side, ply int) int {
	switch st.Winner {
	case owner:
		return Win + (st.WinPoints()-1)*PointScore - ply
	case NoSide:
		return 0
	}
	return -(Win + (st.WinPoints()-1)*PointScore - ply)
}

// pvTable holds the principal variation of each ply: line[ply][:n[ply]]
// is the best line found from ply.
type pvTable struct {
	line [MaxPly + 1][MaxPly + 1]Move
	n    [MaxPly + 1]int
}

// update makes m followed by the next ply's line the line of ply.
func (t *pvTable) update(ply int, m Move) {
	t.line[ply][0] = m
	n := copy(t.line[ply][1:], t.line[ply+1][:t.n[ply+1]])
	t.n[ply] = n + 1
}

// root returns a copy of the line from the root.
func (t *pvTable) root() []Move {
	return append([]Move(nil), t.line[0][:t.n[0]]...)
}

// historyIndex hashes a move and the side making it into the history table.
func historyIndex(m Move, side Side) int {
	h := (m.Lo*0x9e3779b97f4a7c15 ^ m.Hi*0xc2b2ae3d27d4eb4f ^ uint64(side)*0x165667b19e3779f9) * 0xff51afd7ed558ccd
	return int(h >> (64 - historyBits))
}

// ageHistory halves every history value.
func ageHistory(h []int32) {
	for i := range h {
		h[i] /= 2
	}
}

// pickMove moves the best-ordered of moves[i:] (by their ordering scores
// sc) to position i and returns it (selection sort: cheap when a cutoff
// comes early). Ties keep the game's order.
func pickMove(moves []Move, sc []int32, i int) Move {
	b, bv := i, sc[i]
	for j, v := range sc[i+1:] {
		if v > bv {
			b, bv = i+1+j, v
		}
	}
	if b != i {
		moves[i], moves[b] = moves[b], moves[i]
		sc[i], sc[b] = sc[b], sc[i]
	}
	return moves[i]
}

// Search runs iterative deepening on p (restored on return) until a limit,
// the context's deadline or cancellation, and returns the best move of the
// last completed iteration (or the current one's best so far). progress, if
// not nil, is called after each completed iteration.
//
// When a limit interrupts an iteration, the result is the last completed
// iteration's, unless the interrupted iteration had already searched that
// iteration's best move (it is always searched first) and then found a
// strictly better one: a move proved better at a greater depth is returned,
// with its score from the interrupted iteration (Depth still names the last
// completed iteration). If not even the first iteration completed, Best is
// the first legal move in the engine's order and Depth is 0.
//
// Iterative deepening ends early when an iteration met no depth horizon
// (every line reached the end of the game): deeper iterations cannot change
// the result. A new iteration is not started once the soft time limit is
// past (Limits.SoftTime, else half the time budget), as it would seldom
// finish.
//
// At a Chance position Search returns the expected value from First's point
// of view and Best is NoMove: the engine does not choose dice.
//
// A position whose game searches in its own way (OwnSearcher) is handed to
// it first, with the limits as a level's.
func (e *Engine) Search(ctx context.Context, p Position, lim Limits, progress func(Info)) Result {
	if res, ok := e.searchOwn(ctx, p, Level{Limits: lim}, nil, progress); ok {
		return res
	}
	start := time.Now()
	e.s = searchState{p: p, rootMargin: e.s.rootMargin}
	s := &e.s
	s.st, _ = p.(Stochastic)
	s.ng, _ = p.(NoisyGenerator)
	s.rep, _ = p.(Repeater)
	if nm, ok := p.(NullMover); ok && e.opts.NullMove && e.opts.AlphaBeta {
		s.nm = nm
	}
	s.chk, _ = p.(Checker)
	if ms, ok := p.(MoveScorer); ok && e.opts.GameOrder {
		s.ms = ms
	}
	if ctx != nil {
		s.done = ctx.Done()
		if d, ok := ctx.Deadline(); ok {
			s.deadline, s.hasDead = d, true
		}
	}
	if lim.Time > 0 {
		if d := start.Add(lim.Time); !s.hasDead || d.Before(s.deadline) {
			s.deadline, s.hasDead = d, true
		}
	}
	s.nodeLimit = lim.Nodes
	s.turns = lim.Turns
	maxDepth := MaxDepth
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, MaxDepth)
	}
	if e.tt != nil {
		e.tt.age()
	}
	e.killers = [MaxPly][2]Move{}
	ageHistory(e.history[:])
	e.rootMoves = e.rootMoves[:0]
	e.lastRoot = e.lastRoot[:0]

	elapsed := func() time.Duration { return time.Since(start) }
	if st := p.Status(); st.Over {
		return Result{Score: terminalScore(st, p.Turn(), 0), Elapsed: elapsed()}
	}
	turn := p.Turn()
	var res Result
	ps := plainSearch{e}
	// The plain search: asked for, or the only one that fits.
	plain := e.opts.Plain || !e.opts.AlphaBeta || s.st != nil
	if turn == Chance {
		for d := 1; d <= maxDepth; d++ {
			s.horizon = 0
			v := ps.negamax(d, 0, -Inf, Inf, First)
			if s.stop {
				break
			}
			res = Result{Score: v, Depth: d, Nodes: s.nodes, Elapsed: elapsed()}
			if progress != nil {
				progress(Info{Depth: d, Score: v, Nodes: s.nodes, Elapsed: res.Elapsed, SelDepth: s.selDepth})
			}
			if s.horizon == 0 || s.pastSoftLimit(start, lim) {
				break
			}
		}
		res.Nodes, res.Elapsed = s.nodes, elapsed()
		return res
	}

	for _, m := range p.Moves(e.moves[0][:0]) {
		e.rootMoves = append(e.rootMoves, rootMove{move: m})
	}
	if len(e.rootMoves) == 0 {
		return Result{Score: p.Evaluate(), Elapsed: elapsed()}
	}
	res.Best = e.rootMoves[0].move
	if !plain {
		e.setupPVS(p)
	}
	for d := 1; d <= maxDepth; d++ {
		s.horizon = 0
		var best, searched int
		if plain {
			best, searched = ps.searchRoot(d, turn)
		} else {
			best, _, searched = e.iterate(d, res.Score)
		}
		if s.stop {
			if partialBetter(e.rootMoves, best, searched, res.Depth) {
				res.Best, res.Score = e.rootMoves[best].move, e.rootMoves[best].score
				res.PV = e.pv.root()
			} else if res.Depth == 0 && searched > 0 {
				res.Best, res.Score = e.rootMoves[best].move, e.rootMoves[best].score
				res.PV = e.pv.root()
			}
			break
		}
		res = Result{
			Best:  e.rootMoves[best].move,
			Score: e.rootMoves[best].score,
			Depth: d,
			Nodes: s.nodes,
			PV:    e.pv.root(),
		}
		sortRoot(e.rootMoves, best)
		e.lastRoot = append(e.lastRoot[:0], e.rootMoves...)
		res.Elapsed = elapsed()
		if progress != nil {
			progress(Info{Depth: d, Score: res.Score, Nodes: s.nodes, Elapsed: res.Elapsed, PV: res.PV, SelDepth: s.selDepth})
		}
		if s.horizon == 0 || s.pastSoftLimit(start, lim) {
			break
		}
	}
	res.Nodes, res.Elapsed = s.nodes, elapsed()
	return res
}

// partialBetter reports whether a partial iteration's best root move
// (index best of roots, searched moves done) is better founded than the
// last complete iteration's (index 0, at depth done; 0: none): only if the
// iteration searched index 0 and then found a move strictly better, with
// a score that is no upper bound (exact). When index 0 fails low in an
// aspiration window, the moves after it fail low too, and the highest of
// their upper bounds says nothing (it played 3...h6 into a mate in one:
// TestUCIPartialIteration).
func partialBetter(roots []rootMove, best, searched, done int) bool {
	return searched > 1 && best > 0 && roots[best].exact && (done == 0 || roots[best].score > roots[0].score)
}

// sortRoot orders the root moves for the next iteration: the best first,
// then by score (a stable insertion sort: root lists are short).
func sortRoot(rm []rootMove, best int) {
	rm[0], rm[best] = rm[best], rm[0]
	for i := 2; i < len(rm); i++ {
		for j := i; j > 1 && rm[j].score > rm[j-1].score; j-- {
			rm[j], rm[j-1] = rm[j-1], rm[j]
		}
	}
}
