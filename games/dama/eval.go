// eval.go is the static evaluation the engine searches with.

package dama

import (
	"math/bits"

	"oyunbot/ai"
)

// EvalWeights are the evaluation's terms, in centi-men. Tune them by
// self-play (tune_test.go); TUNING.md records the matches behind
// DefaultWeights.
type EvalWeights struct {
	Man  int // a man
	King int // a king
	// Advance is a man's bonus by rank counted from its own side (white's
	// rank 3 is index 2); index 7 is never used (a man there is a king).
	Advance [8]int
	// Mobility is per simple step a man can make.
	Mobility int
	// KingMobility is per empty square a king sees along its lines.
	KingMobility int
	// Tempo is the side to move's bonus.
	Tempo int
	// BackGuard is per man still on its own second rank, where it covers the
	// squares the enemy men promote from.
	BackGuard int
	// Runaway is per man with an open file to promotion that no enemy piece
	// can stop (the enemy has no king and none of its pieces is in the cone
	// ahead of the man).
	Runaway int
}

// DefaultWeights returns the weights the bot plays with.
func DefaultWeights() EvalWeights {
	return EvalWeights{
		Man:          100,
		King:         350,
		Advance:      [8]int{0, 0, 0, 4, 9, 16, 28, 0},
		Mobility:     2,
		KingMobility: 3,
		Tempo:        6,
		BackGuard:    0, // 5 measured about -29 Elo against 0 (TUNING.md)
		Runaway:      60,
	}
}

var defaultWeights = DefaultWeights()

// SetWeights makes Evaluate use w (Clone shares it; it is never mutated).
func (p *Position) SetWeights(w EvalWeights) { p.w = &w }

// Weights returns the weights Evaluate uses.
func (p *Position) Weights() EvalWeights {
	if p.w == nil {
		return defaultWeights
	}
	return *p.w
}

// Evaluate scores the position for the side to move.
func (p *Position) Evaluate() int {
	w := p.w
	if w == nil {
		w = &defaultWeights
	}
	s := &p.St
	occ := s.occ()
	v := w.Tempo + evalSide(s, s.side, occ, w) - evalSide(s, s.side^1, occ, w)
	if loneKingDraw(s) {
		v /= drawishDivisor
	}
	return max(-ai.MaxEval+1, min(ai.MaxEval-1, v))
}

// drawishDivisor shrinks the evaluation of endings that are drawn but for
// a combination the search sees (loneKingDraw).
const drawishDivisor = 16

// loneKingDraw reports a lone king against at most two pieces. Retrograde
// analysis of two kings against one and of king and man against one king
// (every position, either side to move: endgame_test.go) finds no win
// longer than 6 plies: the lone king is never caught, only taken by a
// combination already on the board. Two men promote into those endings.
// Without this the material count scores such an ending a king up, and the
// engine trades down into it from a better one or shuffles in it forever.
func loneKingDraw(s *state) bool {
	for c := 0; c < 2; c++ {
		if s.men[c] == 0 && bits.OnesCount64(s.kings[c]) == 1 && bits.OnesCount64(s.pieces(c^1)) <= 2 {
			return true
		}
	}
	return false
}

func evalSide(s *state, c int, occ uint64, w *EvalWeights) int {
	them := c ^ 1
	men, kings := s.men[c], s.kings[c]
	v := w.Man*bits.OnesCount64(men) + w.King*bits.OnesCount64(kings)
	for r := 2; r < 7; r++ {
		v += w.Advance[r] * bits.OnesCount64(men&tab.relRankMask[c][r])
	}
	if w.BackGuard != 0 {
		v += w.BackGuard * bits.OnesCount64(men&tab.relRankMask[c][1])
	}
	empty := ^occ
	v += w.Mobility * (bits.OnesCount64(shift(men, forward[c])&empty) +
		bits.OnesCount64(shift(men, dirLeft)&empty) +
		bits.OnesCount64(shift(men, dirRight)&empty))
	if w.KingMobility != 0 {
		for k := kings; k != 0; k &= k - 1 {
			sq := bits.TrailingZeros64(k)
			v += w.KingMobility * bits.OnesCount64(slide(sq, dirUp, occ)|slide(sq, dirDown, occ)|
				slide(sq, dirLeft, occ)|slide(sq, dirRight, occ))
		}
	}
	if s.kings[them] == 0 && w.Runaway != 0 {
		enemy := s.pieces(them)
		fwd := forward[c]
		for m := men; m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			if tab.rays[fwd][sq]&occ == 0 && tab.cone[c][sq]&enemy == 0 {
				v += w.Runaway
			}
		}
	}
	return v
}

// Material is plain material for the side to move: a man 1, a king 3 (the
// seed documents' evaluation).
func (p *Position) Material() int {
	s := &p.St
	us, them := s.side, s.side^1
	return bits.OnesCount64(s.men[us]) + 3*bits.OnesCount64(s.kings[us]) -
		bits.OnesCount64(s.men[them]) - 3*bits.OnesCount64(s.kings[them])
}
