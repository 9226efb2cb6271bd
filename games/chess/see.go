package chess

// see.go gives the engine what its selective search needs from chess:
// static exchange evaluation to order captures and prune losing ones in
// quiescence (ai.MoveScorer), and when a null move is safe (ai.NullMover).

import "oyunbot/ai"

// The engine's optional interfaces chess implements.
var (
	_ ai.MoveScorer = (*Position)(nil)
	_ ai.NullMover  = (*Position)(nil)
	_ ai.Checker    = (*Position)(nil)
	_ ai.Booker     = (*Position)(nil)
)

// seeValue is a piece's worth in exchanges; the king's is more than all
// the others together, so that capturing into a defended square with it
// always loses.
var seeValue = [7]int{0, 100, 320, 330, 500, 950, 20000}

// MoveScore is a noisy move's expected gain (ai.MoveScorer): a capture of
// a piece worth at least the capturer is ranked most-valuable-victim,
// least-valuable-attacker without further work; any other capture by its
// static exchange evaluation, which is negative when it loses material.
func (p *Position) MoveScore(am ai.Move) int {
	m := MoveOf(am)
	victim, attacker := seeValue[m.Captured()], seeValue[m.Moving()]
	promo := 0
	if k := m.Promotion(); k != NoKind {
		promo = seeValue[k] - seeValue[Pawn]
	}
	if victim >= attacker || (promo > 0 && victim > 0) {
		return victim + promo - attacker/32
	}
	return p.SEE(m)
}

// SEE is the static exchange evaluation of capture (or promotion) m: the
// material the side to move wins on m's square if both sides go on
// capturing there with their least valuable piece while it pays (pins are
// not considered).
func (p *Position) SEE(m Move) int {
	s := &p.st
	from, to := m.From(), m.To()
	var gain [32]int
	d := 0
	gain[0] = seeValue[m.Captured()]
	piece := m.Moving()
	if k := m.Promotion(); k != NoKind {
		gain[0] += seeValue[k] - seeValue[Pawn]
		piece = k
	}
	occ := s.occ()
	if m.IsEnPassant() {
		occ ^= bit(to ^ 8)
	}
	diag := s.bb[Bishop] | s.bb[Queen]
	straight := s.bb[Rook] | s.bb[Queen]
	attackers := s.attackersTo(to, occ)
	fromSet := bit(from)
	side := s.side
	for {
		d++
		gain[d] = seeValue[piece] - gain[d-1] // if the piece is taken in turn
		if max(-gain[d-1], gain[d]) < 0 || d == len(gain)-1 {
			break // whoever is to capture stands worse either way
		}
		occ ^= fromSet
		attackers = (attackers | BishopAttacks(to, occ)&diag | RookAttacks(to, occ)&straight) & occ
		side ^= 1
		fromSet, piece = s.leastValuable(attackers & s.col[side])
		if fromSet == 0 {
			break
		}
	}
	for d--; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}

// leastValuable is the cheapest piece in set, as a one-bit set and its kind.
func (s *state) leastValuable(set uint64) (uint64, Kind) {
	for k := Pawn; k <= King; k++ {
		if b := set & s.bb[k]; b != 0 {
			return b & -b, k
		}
	}
	return 0, NoKind
}

// NullOK reports whether the side to move may pass in the search
// (ai.NullMover): not in check, and with a piece other than pawns, since
// in pawn endings zugzwang is common and passing would lie about them.
func (p *Position) NullOK() bool {
	s := &p.st
	own := s.col[s.side]
	return own&(s.bb[Knight]|s.bb[Bishop]|s.bb[Rook]|s.bb[Queen]) != 0 && !s.inCheck()
}
