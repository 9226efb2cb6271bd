package chess

// count.go: the number of legal moves without listing them (popcounts over
// the same pin and check masks as gen), for bulk-counted perft, Outcome and
// NoisyMoves. TestCountMatchesGen keeps it equal to len(gen).

func (s *State) count() uint64 {
	g := s.info()
	var n uint64
	for kt := s.kingTargets(&g); kt != 0; kt &= kt - 1 {
		if s.kingSafe(&g, lsb(kt)) {
			n++
		}
	}
	if g.checkers&(g.checkers-1) != 0 {
		return n
	}
	target := g.target
	if g.checkers == 0 {
		for i := 2 * int(g.us); i < 2*int(g.us)+2; i++ {
			c := &castlePath[i]
			if s.castle&c.right != 0 && g.occ&c.empty == 0 &&
				!s.attacked(c.safe[0], g.them, g.occ) && !s.attacked(c.safe[1], g.them, g.occ) {
				n++
			}
		}
	}
	for b := s.Kinds[Knight] & g.own &^ g.pinned; b != 0; b &= b - 1 {
		n += uint64(popcount(knightAtt[lsb(b)] & target))
	}
	for b := (s.Kinds[Bishop] | s.Kinds[Queen]) & g.own; b != 0; b &= b - 1 {
		from := lsb(b)
		t := BishopAttacks(from, g.occ) & target
		if g.pinned&bit(from) != 0 {
			t &= line[g.ksq][from]
		}
		n += uint64(popcount(t))
	}
	for b := (s.Kinds[Rook] | s.Kinds[Queen]) & g.own; b != 0; b &= b - 1 {
		from := lsb(b)
		t := RookAttacks(from, g.occ) & target
		if g.pinned&bit(from) != 0 {
			t &= line[g.ksq][from]
		}
		n += uint64(popcount(t))
	}
	return n + s.countPawns(&g)
}

func (s *State) countPawns(g *genInfo) uint64 {
	us := g.us
	pawns := s.Kinds[Pawn] & g.own
	free := pawns &^ g.pinned
	promoRank, doubleRank, fwd := rank8, rank3, 8
	if us == Black {
		promoRank, doubleRank, fwd = rank1, rank6, -8
	}
	empty := ^g.occ
	single := pawnShift(free, us) & empty
	double := pawnShift(single&doubleRank, us) & empty & g.target
	single &= g.target
	var capL, capR uint64
	if us == White {
		capL = (free &^ fileA) << 7 & g.enemy & g.target
		capR = (free &^ fileH) << 9 & g.enemy & g.target
	} else {
		capL = (free &^ fileA) >> 9 & g.enemy & g.target
		capR = (free &^ fileH) >> 7 & g.enemy & g.target
	}
	n := uint64(popcount(single&^promoRank) + popcount(capL&^promoRank) + popcount(capR&^promoRank) + popcount(double))
	n += 4 * uint64(popcount(single&promoRank)+popcount(capL&promoRank)+popcount(capR&promoRank))
	for b := pawns & g.pinned; b != 0; b &= b - 1 {
		from := lsb(b)
		pin := line[g.ksq][from] & g.target
		t := pawnAtt[us][from] & g.enemy & pin
		if to := from + fwd; empty&bit(to) != 0 {
			t |= bit(to) & pin
			if to2 := to + fwd; bit(from)&pawnShift(doubleRank, us^1) != 0 && empty&bit(to2)&pin != 0 {
				n++
			}
		}
		n += uint64(popcount(t&^promoRank) + 4*popcount(t&promoRank))
	}
	if s.ep != noSquare {
		ep := int(s.ep)
		for b := pawnAtt[g.them][ep] & pawns; b != 0; b &= b - 1 {
			if s.epCaptureSafe(lsb(b), ep) {
				n++
			}
		}
	}
	return n
}
