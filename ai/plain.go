package ai

// plain.go is the plain alpha-beta search, kept as the seed and teaching
// reference beside the engine's one search (pvs.go). It is what the seed
// documents' engines did: a negamax alpha-beta (Options.AlphaBeta; off, a
// full-width negamax) with a transposition table, killers and history, a
// null window after the first move (Options.PVS), quiescence, a check
// extension (Checker) and expectiminimax chance nodes. Search uses it
// for a level with Plain (the seed levels), with Options.Plain (to
// measure the one search against it: tools/selfplay's "-pvs") or
// without alpha-beta, and for a position with dice (Stochastic: the one
// search has no chance nodes; tavla searches on its own and leaves the
// engine only its seed style and the opening roll). Tests check that it,
// Minimax and the one search find the same values.
//
// Conventions, shared with Minimax and the one search so that all compute
// the same values:
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

import "math"

// chanceOwnerKey distinguishes a chance node's table entries by owner.
const chanceOwnerKey = 0x9e3779b97f4a7c15

// plainSearch is the engine seen by the plain search: the same table,
// buffers and search state, its own methods.
type plainSearch struct{ *Engine }

// childValue searches the child the last Make produced and returns its score
// from owner's point of view: negated (with the window) only when the child
// belongs to the other side.
func (e plainSearch) childValue(depth, ply, alpha, beta int, owner Side) int {
	child := e.s.p.Turn()
	if child == owner || child == Chance {
		return e.negamax(depth, ply, alpha, beta, owner)
	}
	return -e.negamax(depth, ply, -beta, -alpha, child)
}

// pvsChild is childValue with a null window for a move after the first,
// searched again with the full window only if it beats alpha (a
// null-window search only proves a bound).
func (e plainSearch) pvsChild(first bool, depth, ply, alpha, beta int, owner Side) int {
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
func (e plainSearch) negamax(depth, ply, alpha, beta int, owner Side) int {
	s := &e.s
	p := s.p
	e.pv.n[ply] = 0
	s.nodes++
	if s.nodes >= s.nextCheck {
		s.checkLimits()
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
	if e.opts.CheckExt && s.chk != nil && s.chk.InCheck() {
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
			if v := scoreFromTT(int(ent.score), ply); ply > 0 && int(ent.depth) >= depth && s.ttCutoff(&ent, v, alpha, beta) {
				return v
			}
		}
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
	for i := range moves {
		m := pickMove(moves, e.order[ply][:len(moves)], i)
		p.Make(m)
		v := e.pvsChild(i == 0, s.childDepth(depth, turn), ply+1, alpha, beta, turn)
		p.Unmake()
		if s.stop {
			return 0
		}
		if v > best {
			best, bestMove = v, m
			if v > alpha || i == 0 {
				e.pv.update(ply, m)
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
		flags := s.nodeFlags(best, alpha0, beta, horizon0)
		if flags&boundMask == boundUpper {
			bestMove = NoMove
		}
		e.tt.store(key, depth, ply, best, flags, bestMove)
	}
	return best
}

// chanceNode averages the outcomes' values (expectiminimax), each searched
// with a full window: bounds cannot be averaged into a correct value.
func (e plainSearch) chanceNode(depth, ply int, owner Side) int {
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
func (e plainSearch) quiesce(ply, alpha, beta int) int {
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
		m := pickMove(noisy, e.order[ply][:len(noisy)], i)
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
				e.pv.update(ply, m)
			}
			alpha = max(alpha, v)
		}
		if e.opts.AlphaBeta && alpha >= beta {
			break
		}
	}
	return best
}

// noisyOrder is the plain search's ordering score of a noisy move the
// game scores gain: winning and even captures above the killers, best
// gain first; losing ones between the killers and history.
func noisyOrder(gain int) int32 {
	g := int32(max(min(gain, 1<<24), -(1 << 24)))
	if g >= 0 {
		return orderNoisy + g
	}
	return orderKiller/2 + g
}

// scoreMoves fills the ordering scores of moves at ply: the table's move,
// noisy moves (by MoveScorer's gain), killers, history.
func (e plainSearch) scoreMoves(moves []Move, ply int, side Side, ttMove Move) {
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

// rememberCutoff updates killers and history after a quiet move caused a
// beta cutoff.
func (e plainSearch) rememberCutoff(m Move, ply, depth int, side Side) {
	if e.opts.Killers && e.killers[ply][0] != m {
		e.killers[ply][1] = e.killers[ply][0]
		e.killers[ply][0] = m
	}
	if e.opts.History {
		h := &e.history[historyIndex(m, side)]
		*h += int32(depth * depth)
		if *h > historyLimit {
			ageHistory(e.history[:])
		}
	}
}

// searchRoot searches every root move at depth and returns the index of the
// best and how many moves it finished. Moves are searched in the order of
// e.rootMoves (the last iteration's best first). With a root margin (for
// Choose), moves within the margin of the best get exact scores.
func (e plainSearch) searchRoot(depth int, turn Side) (best, searched int) {
	s := &e.s
	p := s.p
	e.pv.n[0] = 0
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
		v := e.pvsChild(i == 0, s.childDepth(depth, turn), 1, alpha, Inf, turn)
		p.Unmake()
		if s.stop {
			return best, i
		}
		rm.score, rm.exact = v, v > alpha
		if v > bestScore {
			bestScore, best = v, i
			e.pv.update(0, rm.move)
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
