package ai

import "math"

// Minimax is the plain full-width minimax reference (no pruning, no table):
// it returns the same best score as Search at the same depth and counts every
// node, for teaching and for checking the engine. eval scores a leaf from the
// side to move's point of view; nil means Position.Evaluate.
//
// It follows the engine's conventions (see plain.go): scores are from the
// side to move's point of view (First's at a Chance root, where Best is
// NoMove), negated only when the side changes, Win-ply for a won game, a
// repeated position below the root a draw (Repeater), chance nodes averaged
// without using depth. Nodes counts every position visited,
// the root included. Ties go to the first move in the game's order. p is
// restored on return.
func Minimax(p Position, depth int, eval func(Position) int) Result {
	if eval == nil {
		eval = Position.Evaluate
	}
	m := &minimaxer{p: p, eval: eval}
	m.st, _ = p.(Stochastic)
	m.rep, _ = p.(Repeater)
	owner := p.Turn()
	if owner == Chance {
		owner = First
	}
	v, best := m.value(depth, 0, owner)
	return Result{Best: best, Score: v, Depth: depth, Nodes: m.nodes, PV: m.pv(best)}
}

type minimaxer struct {
	p     Position
	st    Stochastic
	rep   Repeater
	eval  func(Position) int
	nodes int64
}

// value returns the position's value for owner and, at a player node, the
// first move reaching it.
func (m *minimaxer) value(depth, ply int, owner Side) (int, Move) {
	p := m.p
	m.nodes++
	if ply > 0 && m.rep != nil && m.rep.Repeated() {
		return 0, NoMove // a repetition is no progress: a draw (see Repeater)
	}
	if st := p.Status(); st.Over {
		return terminalScore(st, owner, ply), NoMove
	}
	turn := p.Turn()
	if ply >= MaxPly-1 {
		if turn == Chance {
			return 0, NoMove
		}
		return m.eval(p), NoMove
	}
	if turn == Chance {
		sum := 0.0
		for _, o := range m.st.Chances(nil) {
			p.Make(o.Move)
			sum += o.Prob * float64(m.child(depth, ply+1, owner))
			p.Unmake()
		}
		return int(math.Round(sum)), NoMove
	}
	if depth <= 0 {
		return m.eval(p), NoMove
	}
	moves := p.Moves(nil)
	if len(moves) == 0 {
		return m.eval(p), NoMove
	}
	best, bestMove := -Inf, NoMove
	for _, mv := range moves {
		p.Make(mv)
		v := m.child(depth-1, ply+1, turn)
		p.Unmake()
		if v > best {
			best, bestMove = v, mv
		}
	}
	return best, bestMove
}

// child values the position after a Make for owner.
func (m *minimaxer) child(depth, ply int, owner Side) int {
	t := m.p.Turn()
	if t == owner || t == Chance {
		v, _ := m.value(depth, ply, owner)
		return v
	}
	v, _ := m.value(depth, ply, t)
	return -v
}

// pv is the principal variation's first move (Minimax does not keep the
// whole line: it is the reference, kept as plain as the textbook's).
func (m *minimaxer) pv(best Move) []Move {
	if best.IsNone() {
		return nil
	}
	return []Move{best}
}
