package ai

// search.go implements the engine's search: iterative deepening over a
// negamax alpha-beta with a transposition table, move ordering, quiescence
// and expectiminimax chance nodes, plus the selective techniques of
// prune.go (null move, check extension, late-move reductions, futility,
// capture ordering by the game's exchange values) for games that lend
// what they need through its optional interfaces.
//
// Conventions, shared with Minimax so that both compute the same values:
//   - A node's score is from its owner's point of view. The owner of a player
//     node is Turn(); a chance node inherits the owner of its parent (at the
//     root: First). A child's score is negated only when its owner differs,
//     so a same-side second ply keeps both sign and window.
//   - Depth counts player plies; a chance event does not use depth. ply counts
//     every Make from the root, chance outcomes included.
//   - A finished game (Status().Over) is a leaf worth Win-ply to the winner,
//     -(Win-ply) to the loser, 0 for a draw. So is a repeated position
//     below the root (Repeater): 0, a draw.
//   - A chance node's value is the probability-weighted average of its
//     outcomes, rounded to the nearest integer.

import (
	"context"
	"math"
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

// chanceOwnerKey distinguishes a chance node's table entries by owner.
const chanceOwnerKey = 0x9e3779b97f4a7c15

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
	lmr        bool           // late-move reductions apply
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
func (e *Engine) childDepth(depth int, turn Side) int {
	if e.s.turns && e.s.p.Turn() == turn {
		return depth
	}
	return depth - 1
}

func (e *Engine) initBuffers() {
	for i := range e.moves {
		e.moves[i] = make([]Move, 0, MaxMoves)
		e.order[i] = make([]int32, MaxMoves)
	}
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

// checkLimits stops the search when a node, time or context limit is hit.
func (e *Engine) checkLimits() {
	s := &e.s
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

// childValue searches the child the last Make produced and returns its score
// from owner's point of view: negated (with the window) only when the child
// belongs to the other side.
func (e *Engine) childValue(depth, ply, alpha, beta int, owner Side) int {
	child := e.s.p.Turn()
	if child == owner || child == Chance {
		return e.negamax(depth, ply, alpha, beta, owner)
	}
	return -e.negamax(depth, ply, -beta, -alpha, child)
}

// pvsChild is childValue with principal variation search: a move after the
// first is tried with a null window, then again with the full window only if
// it beats alpha (a null-window search only proves a bound).
func (e *Engine) pvsChild(first bool, depth, ply, alpha, beta int, owner Side) int {
	if first || !e.opts.PVS || !e.opts.AlphaBeta || beta-alpha <= 1 || e.s.p.Turn() == Chance {
		// (A chance node searches with a full window anyway.)
		return e.childValue(depth, ply, alpha, beta, owner)
	}
	v := e.childValue(depth, ply, alpha, alpha+1, owner)
	if v > alpha && v < beta && !e.s.stop {
		v = e.childValue(depth, ply, alpha, beta, owner)
	}
	return v
}

// negamax returns the value of the current position from owner's point of
// view (owner is Turn() except at chance nodes), searched depth plies deep.
func (e *Engine) negamax(depth, ply, alpha, beta int, owner Side) int {
	s := &e.s
	p := s.p
	e.pvLen[ply] = 0
	s.nodes++
	if s.nodes >= s.nextCheck {
		e.checkLimits()
	}
	if s.stop {
		return 0
	}
	s.selDepth = max(s.selDepth, ply)
	if !e.opts.AlphaBeta {
		alpha, beta = -Inf, Inf
	}
	if ply > 0 && s.rep != nil && s.rep.Repeated() {
		// A draw that depends on the path, not the position: counted as a
		// horizon so that no table entry or finished iteration claims more.
		s.horizon++
		return 0
	}
	if st := p.Status(); st.Over {
		return terminalScore(st, owner, ply)
	}
	turn := p.Turn()
	if ply >= MaxPly-1 {
		s.horizon++
		if turn == Chance {
			return 0
		}
		return p.Evaluate()
	}
	if turn == Chance {
		return e.chanceNode(depth, ply, owner)
	}
	inCheck := s.chk != nil && s.chk.InCheck()
	if inCheck && e.opts.CheckExt {
		depth++ // a check is answered in full, even at the horizon
	}
	if depth <= 0 {
		if e.opts.Quiescence {
			return e.quiesce(ply, alpha, beta)
		}
		s.horizon++
		return p.Evaluate()
	}

	key := p.Hash()
	ttMove := NoMove
	if e.tt != nil {
		if ent, ok := e.tt.probe(key); ok {
			ttMove = ent.move
			if v := scoreFromTT(int(ent.score), ply); ply > 0 && int(ent.depth) >= depth && e.ttCutoff(&ent, v, alpha, beta) {
				return v
			}
		}
	}

	pvNode := beta-alpha > 1
	futile := false
	if s.chk != nil && e.opts.Futility && e.opts.AlphaBeta && !pvNode && !inCheck && ply > 0 &&
		depth <= futilityDepth && beta < mateBound && alpha > -mateBound {
		// Near the horizon a position far above beta stays above it, and
		// quiet moves cannot lift one far below alpha (futility).
		ev := p.Evaluate()
		if ev-futilityMargin*depth >= beta {
			s.horizon++
			return ev
		}
		futile = ev+futilityMargin*depth <= alpha
	}
	if v, ok := e.nullMove(depth, ply, beta, turn, inCheck, pvNode); ok {
		return v
	}

	moves := p.Moves(e.moves[ply][:0])
	if len(moves) == 0 {
		// The rules should have called this Over; score it statically.
		s.horizon++
		return p.Evaluate()
	}
	e.scoreMoves(moves, ply, turn, ttMove)
	horizon0 := s.horizon
	alpha0 := alpha
	best, bestMove := -Inf, NoMove
	reduce := s.lmr && !inCheck && depth >= lmrMinDepth
	for i := range moves {
		m := e.pickMove(moves, i, ply)
		p.Make(m)
		if futile && i > 0 && e.quietMove(ply, i, turn) {
			p.Unmake() // a quiet move that gives no check cannot reach alpha
			s.horizon++
			continue
		}
		cd := e.childDepth(depth, turn)
		var v int
		if r := e.lateReduction(reduce, depth, i, ply, turn, pvNode); r > 0 {
			// A late quiet move is first searched shallower with a null
			// window; only one that beats alpha is searched in full.
			v = e.childValue(cd-r, ply+1, alpha, alpha+1, turn)
			if v > alpha && !s.stop {
				v = e.pvsChild(false, cd, ply+1, alpha, beta, turn)
			}
		} else {
			v = e.pvsChild(i == 0, cd, ply+1, alpha, beta, turn)
		}
		p.Unmake()
		if s.stop {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha || i == 0 {
				e.updatePV(ply, m)
			}
			if v > alpha {
				alpha = v
			}
		}
		if e.opts.AlphaBeta && alpha >= beta {
			if !p.Noisy(m) {
				e.rememberCutoff(m, ply, depth, turn)
			}
			break
		}
	}
	if e.tt != nil {
		flags := e.nodeFlags(best, alpha0, beta, horizon0)
		if flags&boundMask == boundUpper {
			bestMove = NoMove
		}
		e.tt.store(key, depth, ply, best, flags, bestMove)
	}
	return best
}

// chanceNode averages the outcomes' values (expectiminimax), each searched
// with a full window: bounds cannot be averaged into a correct value.
func (e *Engine) chanceNode(depth, ply int, owner Side) int {
	s := &e.s
	p := s.p
	if s.st == nil {
		panic("ai: Chance turn in a game that does not implement Stochastic")
	}
	key := p.Hash() ^ chanceOwnerKey*uint64(owner+1)
	if e.tt != nil && ply > 0 {
		if ent, ok := e.tt.probe(key); ok && int(ent.depth) >= depth && ent.flags&boundMask == boundExact {
			if ent.flags&flagComplete == 0 {
				s.horizon++
			}
			return scoreFromTT(int(ent.score), ply)
		}
	}
	if e.chances[ply] == nil {
		e.chances[ply] = make([]ChanceOutcome, 0, MaxMoves)
	}
	outs := s.st.Chances(e.chances[ply][:0])
	horizon0 := s.horizon
	sum := 0.0
	for _, o := range outs {
		p.Make(o.Move)
		v := e.childValue(depth, ply+1, -Inf, Inf, owner)
		p.Unmake()
		if s.stop {
			return 0
		}
		sum += o.Prob * float64(v)
	}
	v := int(math.Round(sum))
	if e.tt != nil {
		flags := boundExact
		if s.horizon == horizon0 {
			flags |= flagComplete
		}
		e.tt.store(key, depth, ply, v, flags, NoMove)
	}
	return v
}

// quiesce searches noisy moves only, from a position at the depth horizon.
// The side to move may stand pat (take the static evaluation) unless every
// legal move is noisy: a compulsory capture must be played.
func (e *Engine) quiesce(ply, alpha, beta int) int {
	s := &e.s
	p := s.p
	turn := p.Turn()
	var noisy []Move
	all := true
	if s.ng != nil {
		noisy, all = s.ng.NoisyMoves(e.moves[ply][:0])
	} else {
		moves := p.Moves(e.moves[ply][:0])
		noisy = moves[:0] // filtered in place
		for _, m := range moves {
			if p.Noisy(m) {
				noisy = append(noisy, m)
			}
		}
		all = len(noisy) == len(moves)
	}
	if len(noisy) == 0 && all {
		// No legal move: the rules should have called this Over.
		s.horizon++
		return p.Evaluate()
	}
	best := -Inf
	if !all {
		best = p.Evaluate()
		s.horizon++
		if len(noisy) == 0 || (e.opts.AlphaBeta && best >= beta) {
			return best
		}
		alpha = max(alpha, best)
	}
	e.scoreMoves(noisy, ply, turn, NoMove)
	for i := range noisy {
		m := e.pickMove(noisy, i, ply)
		if !all && s.ms != nil && e.order[ply][i] < orderNoisy {
			break // the rest lose material (MoveScorer): standing pat is better
		}
		p.Make(m)
		v := e.childValue(0, ply+1, alpha, beta, turn)
		p.Unmake()
		if s.stop {
			return 0
		}
		if v > best {
			best = v
			if v > alpha || i == 0 {
				e.updatePV(ply, m)
			}
			alpha = max(alpha, v)
		}
		if e.opts.AlphaBeta && alpha >= beta {
			break
		}
	}
	return best
}

func (e *Engine) updatePV(ply int, m Move) {
	e.pv[ply][0] = m
	n := copy(e.pv[ply][1:], e.pv[ply+1][:e.pvLen[ply+1]])
	e.pvLen[ply] = n + 1
}

// historyIndex hashes a move and the side making it into the history table.
func historyIndex(m Move, side Side) int {
	h := (m.Lo*0x9e3779b97f4a7c15 ^ m.Hi*0xc2b2ae3d27d4eb4f ^ uint64(side)*0x165667b19e3779f9) * 0xff51afd7ed558ccd
	return int(h >> (64 - historyBits))
}

// scoreMoves fills the ordering scores of moves at ply.
func (e *Engine) scoreMoves(moves []Move, ply int, side Side, ttMove Move) {
	sc := e.orderScores(ply, len(moves))
	k0, k1 := e.killers[ply][0], e.killers[ply][1]
	p := e.s.p
	for i, m := range moves {
		var v int32
		switch {
		case m == ttMove && e.opts.TT:
			v = orderTT
		case p.Noisy(m):
			v = orderNoisy
			if e.s.ms != nil {
				v = noisyOrder(e.s.ms.MoveScore(m))
			}
		case e.opts.Killers && m == k0:
			v = orderKiller + 1
		case e.opts.Killers && m == k1:
			v = orderKiller
		case e.opts.History:
			v = e.history[historyIndex(m, side)]
		}
		sc[i] = v
	}
}

// pickMove moves the best-ordered of moves[i:] to position i and returns it
// (selection sort: cheap when a cutoff comes early). Ties keep the game's
// order.
func (e *Engine) pickMove(moves []Move, i, ply int) Move {
	sc := e.order[ply][:len(moves)]
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

// rememberCutoff updates killers and history after a quiet move caused a
// beta cutoff.
func (e *Engine) rememberCutoff(m Move, ply, depth int, side Side) {
	if e.opts.Killers && e.killers[ply][0] != m {
		e.killers[ply][1] = e.killers[ply][0]
		e.killers[ply][0] = m
	}
	if e.opts.History {
		h := &e.history[historyIndex(m, side)]
		*h += int32(depth * depth)
		if *h > historyLimit {
			e.ageHistory()
		}
	}
}

func (e *Engine) ageHistory() {
	for i := range e.history {
		e.history[i] /= 2
	}
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
	s.lmr = s.chk != nil && e.opts.LMR && e.opts.AlphaBeta
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
	e.ageHistory()
	e.rootMoves = e.rootMoves[:0]
	e.lastRoot = e.lastRoot[:0]

	elapsed := func() time.Duration { return time.Since(start) }
	if st := p.Status(); st.Over {
		return Result{Score: terminalScore(st, p.Turn(), 0), Elapsed: elapsed()}
	}
	turn := p.Turn()
	var res Result
	if turn == Chance {
		for d := 1; d <= maxDepth; d++ {
			s.horizon = 0
			v := e.negamax(d, 0, -Inf, Inf, First)
			if s.stop {
				break
			}
			res = Result{Score: v, Depth: d, Nodes: s.nodes, Elapsed: elapsed()}
			if progress != nil {
				progress(Info{Depth: d, Score: v, Nodes: s.nodes, Elapsed: res.Elapsed, SelDepth: s.selDepth})
			}
			if s.horizon == 0 || e.pastSoftLimit(start, lim) {
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
	tuned := e.tunedSetup(p)
	for d := 1; d <= maxDepth; d++ {
		s.horizon = 0
		var best, searched int
		if tuned {
			best, _, searched = e.iterateTuned(d, res.Score)
		} else {
			best, searched = e.searchRoot(d, turn)
		}
		if s.stop {
			if partialBetter(e.rootMoves, best, searched, res.Depth) {
				res.Best, res.Score = e.rootMoves[best].move, e.rootMoves[best].score
				res.PV = append([]Move(nil), e.pv[0][:e.pvLen[0]]...)
			} else if res.Depth == 0 && searched > 0 {
				res.Best, res.Score = e.rootMoves[best].move, e.rootMoves[best].score
				res.PV = append([]Move(nil), e.pv[0][:e.pvLen[0]]...)
			}
			break
		}
		res = Result{
			Best:  e.rootMoves[best].move,
			Score: e.rootMoves[best].score,
			Depth: d,
			Nodes: s.nodes,
			PV:    append([]Move(nil), e.pv[0][:e.pvLen[0]]...),
		}
		e.sortRoot(best)
		e.lastRoot = append(e.lastRoot[:0], e.rootMoves...)
		res.Elapsed = elapsed()
		if progress != nil {
			progress(Info{Depth: d, Score: res.Score, Nodes: s.nodes, Elapsed: res.Elapsed, PV: res.PV, SelDepth: s.selDepth})
		}
		if s.horizon == 0 || e.pastSoftLimit(start, lim) {
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

// pastSoftLimit reports whether the soft time limit is past: Limits.SoftTime,
// or half the time budget.
func (e *Engine) pastSoftLimit(start time.Time, lim Limits) bool {
	s := &e.s
	elapsed := time.Since(start)
	if lim.SoftTime > 0 {
		return elapsed >= lim.SoftTime
	}
	if !s.hasDead {
		return false
	}
	return elapsed >= s.deadline.Sub(start)/2
}

// searchRoot searches every root move at depth and returns the index of the
// best and how many moves it finished. Moves are searched in the order of
// e.rootMoves (the last iteration's best first). With a root margin (for
// Choose), moves within the margin of the best get exact scores.
func (e *Engine) searchRoot(depth int, turn Side) (best, searched int) {
	s := &e.s
	p := s.p
	e.pvLen[0] = 0
	s.nodes++
	bestScore := -Inf
	for i := range e.rootMoves {
		rm := &e.rootMoves[i]
		alpha := -Inf
		if e.opts.AlphaBeta && i > 0 {
			alpha = bestScore - s.rootMargin - 1
			if s.rootMargin == 0 {
				alpha = bestScore
			}
		}
		p.Make(rm.move)
		v := e.pvsChild(i == 0, e.childDepth(depth, turn), 1, alpha, Inf, turn)
		p.Unmake()
		if s.stop {
			return best, i
		}
		rm.score, rm.exact = v, v > alpha
		if v > bestScore {
			bestScore, best = v, i
			e.updatePV(0, rm.move)
		}
	}
	if e.tt != nil {
		flags := boundExact
		if s.horizon == 0 {
			flags |= flagComplete
		}
		e.tt.store(p.Hash(), depth, 0, bestScore, flags, e.rootMoves[best].move)
	}
	return best, len(e.rootMoves)
}

// sortRoot orders the root moves for the next iteration: the best first,
// then by score (a stable insertion sort: root lists are short).
func (e *Engine) sortRoot(best int) {
	rm := e.rootMoves
	rm[0], rm[best] = rm[best], rm[0]
	for i := 2; i < len(rm); i++ {
		for j := i; j > 1 && rm[j].score > rm[j-1].score; j-- {
			rm[j], rm[j-1] = rm[j-1], rm[j]
		}
	}
}
