package chess

// movegen.go: legal move generation. Pins and checks are computed once per
// position (a pin mask per pinned piece is the line through the king; in
// check, non-king moves must land on the check mask), so every generated
// move is legal without making it; only en passant, which removes two
// pieces from a rank, is tested by its occupancy. count does the same work
// with popcounts, for bulk-counted perft and for telling whether noisy moves
// are all the moves.

// moveList is a fixed buffer of moves: generation never allocates.
type moveList struct {
	n     int
	moves [256]Move
}

func (l *moveList) add(m Move) {
	l.moves[l.n] = m
	l.n++
}

// genInfo is what every generator of a position needs first.
type genInfo struct {
	us, them Color
	occ      uint64
	own      uint64
	enemy    uint64
	ksq      int
	checkers uint64
	pinned   uint64
	target   uint64 // where non-king moves may land (check mask, not own pieces)
}

func (s *State) info() genInfo {
	g := genInfo{us: s.Side, them: s.Side ^ 1}
	g.own, g.enemy = s.Colors[g.us], s.Colors[g.them]
	g.occ = g.own | g.enemy
	g.ksq = lsb(s.Kinds[King] & g.own)
	// Enemy sliders seen from the king through our own pieces: with
	// nothing between, a checker; with one piece of ours, a pin.
	g.checkers = (pawnAtt[g.us][g.ksq]&s.Kinds[Pawn] | knightAtt[g.ksq]&s.Kinds[Knight]) & g.enemy
	snipers := (RookAttacks(g.ksq, g.enemy)&(s.Kinds[Rook]|s.Kinds[Queen]) |
		BishopAttacks(g.ksq, g.enemy)&(s.Kinds[Bishop]|s.Kinds[Queen])) & g.enemy
	for ; snipers != 0; snipers &= snipers - 1 {
		sn := lsb(snipers)
		b := between[g.ksq][sn] & g.occ
		if b == 0 {
			g.checkers |= bit(sn)
		} else if b&(b-1) == 0 && b&g.own != 0 {
			g.pinned |= b
		}
	}
	g.target = ^g.own
	if g.checkers != 0 {
		c := lsb(g.checkers)
		g.target &= between[g.ksq][c] | g.checkers
	}
	return g
}

// kingTargets are the squares our king may step to as far as the enemy
// pawns, knights and king are concerned (set-wise, once per position);
// kingSafe then checks the sliders square by square.
func (s *State) kingTargets(g *genInfo) uint64 {
	pawns := s.Kinds[Pawn] & g.enemy
	var danger uint64
	if g.them == White {
		danger = (pawns&^fileA)<<7 | (pawns&^fileH)<<9
	} else {
		danger = (pawns&^fileA)>>9 | (pawns&^fileH)>>7
	}
	for n := s.Kinds[Knight] & g.enemy; n != 0; n &= n - 1 {
		danger |= knightAtt[lsb(n)]
	}
	danger |= kingAtt[lsb(s.Kinds[King]&g.enemy)]
	return kingAtt[g.ksq] &^ g.own &^ danger
}

// kingSafe reports whether no enemy slider attacks sq once our king has
// left its square (so that it cannot hide behind itself).
func (s *State) kingSafe(g *genInfo, sq int) bool {
	occ := g.occ ^ bit(g.ksq)
	return RookAttacks(sq, occ)&(s.Kinds[Rook]|s.Kinds[Queen])&g.enemy == 0 &&
		BishopAttacks(sq, occ)&(s.Kinds[Bishop]|s.Kinds[Queen])&g.enemy == 0
}

// gen appends the legal moves to l; with noisy, only captures and promotions.
func (s *State) gen(l *moveList, noisy bool) {
	g := s.info()
	s.genWith(&g, l, noisy)
}

// genWith is gen with the position's genInfo already computed.
func (s *State) genWith(gi *genInfo, l *moveList, noisy bool) {
	g := *gi
	ksq := g.ksq
	kt := s.kingTargets(&g)
	if noisy {
		kt &= g.enemy
	}
	for ; kt != 0; kt &= kt - 1 {
		to := lsb(kt)
		if s.kingSafe(&g, to) {
			l.add(newMove(ksq, to, King, s.kindAt(to)))
		}
	}
	if g.checkers&(g.checkers-1) != 0 {
		return // double check: only the king moves
	}
	target := g.target
	if noisy {
		target &= g.enemy
	}
	if g.checkers == 0 && !noisy {
		s.genCastles(&g, l)
	}
	s.genPawns(&g, l, noisy)
	for b := s.Kinds[Knight] & g.own &^ g.pinned; b != 0; b &= b - 1 {
		from := lsb(b)
		s.addTargets(l, from, Knight, knightAtt[from]&target)
	}
	for b := (s.Kinds[Bishop] | s.Kinds[Queen]) & g.own; b != 0; b &= b - 1 {
		from := lsb(b)
		t := BishopAttacks(from, g.occ) & target
		if g.pinned&bit(from) != 0 {
			t &= line[ksq][from]
		}
		s.addTargets(l, from, s.kindAt(from), t)
	}
	for b := (s.Kinds[Rook] | s.Kinds[Queen]) & g.own; b != 0; b &= b - 1 {
		from := lsb(b)
		t := RookAttacks(from, g.occ) & target
		if g.pinned&bit(from) != 0 {
			t &= line[ksq][from]
		}
		s.addTargets(l, from, s.kindAt(from), t)
	}
}

func (s *State) addTargets(l *moveList, from int, k Kind, t uint64) {
	for ; t != 0; t &= t - 1 {
		to := lsb(t)
		l.add(newMove(from, to, k, s.kindAt(to)))
	}
}

// hasQuiet reports whether the side to move has a legal move that is
// neither a capture nor a promotion, given that n legal moves are noisy.
// The usual cases (a quiet king, knight, pawn or slider move) answer at
// once; otherwise the moves are counted.
func (s *State) hasQuiet(g *genInfo, n int) bool {
	empty := ^g.occ
	for kt := s.kingTargets(g) & empty; kt != 0; kt &= kt - 1 {
		if s.kingSafe(g, lsb(kt)) {
			return true
		}
	}
	if g.checkers&(g.checkers-1) != 0 {
		return false // double check: only the king moves, and none is quiet
	}
	target := g.target & empty
	free := s.Colors[g.us] &^ g.pinned
	for b := s.Kinds[Knight] & free; b != 0; b &= b - 1 {
		if knightAtt[lsb(b)]&target != 0 {
			return true
		}
	}
	if pawnShift(s.Kinds[Pawn]&free, g.us)&target&^(rank1|rank8) != 0 {
		return true
	}
	for b := (s.Kinds[Bishop] | s.Kinds[Queen]) & free; b != 0; b &= b - 1 {
		if BishopAttacks(lsb(b), g.occ)&target != 0 {
			return true
		}
	}
	for b := (s.Kinds[Rook] | s.Kinds[Queen]) & free; b != 0; b &= b - 1 {
		if RookAttacks(lsb(b), g.occ)&target != 0 {
			return true
		}
	}
	return s.count() != uint64(n)
}

// anyLegal reports whether the side to move has a legal move: the usual
// cases answer at once, the rest are counted.
func (s *State) anyLegal() bool {
	g := s.info()
	for kt := s.kingTargets(&g); kt != 0; kt &= kt - 1 {
		if s.kingSafe(&g, lsb(kt)) {
			return true
		}
	}
	if g.checkers&(g.checkers-1) != 0 {
		return false
	}
	free := s.Colors[g.us] &^ g.pinned
	for b := s.Kinds[Knight] & free; b != 0; b &= b - 1 {
		if knightAtt[lsb(b)]&g.target != 0 {
			return true
		}
	}
	if pawnShift(s.Kinds[Pawn]&free, g.us)&^g.occ&g.target != 0 {
		return true
	}
	for b := (s.Kinds[Bishop] | s.Kinds[Queen]) & free; b != 0; b &= b - 1 {
		if BishopAttacks(lsb(b), g.occ)&g.target != 0 {
			return true
		}
	}
	for b := (s.Kinds[Rook] | s.Kinds[Queen]) & free; b != 0; b &= b - 1 {
		if RookAttacks(lsb(b), g.occ)&g.target != 0 {
			return true
		}
	}
	return s.count() != 0
}

// castlePath are, by right, the squares that must be empty and the squares
// the king crosses (which must not be attacked), and the king's target.
var castlePath = [4]struct {
	right  uint8
	empty  uint64
	safe   [2]int
	kingTo int
}{
	{castleWK, bit(sqF1) | bit(sqG1), [2]int{sqF1, sqG1}, sqG1},
	{castleWQ, bit(sqB1) | bit(sqC1) | bit(sqD1), [2]int{sqD1, sqC1}, sqC1},
	{castleBK, bit(sqF8) | bit(sqG8), [2]int{sqF8, sqG8}, sqG8},
	{castleBQ, bit(sqB8) | bit(sqC8) | bit(sqD8), [2]int{sqD8, sqC8}, sqC8},
}

func (s *State) genCastles(g *genInfo, l *moveList) {
	for i := 2 * int(g.us); i < 2*int(g.us)+2; i++ {
		c := &castlePath[i]
		if s.castle&c.right != 0 && g.occ&c.empty == 0 &&
			!s.attacked(c.safe[0], g.them, g.occ) && !s.attacked(c.safe[1], g.them, g.occ) {
			l.add(newMove(g.ksq, c.kingTo, King, NoKind).withFlag(flagCastle))
		}
	}
}

// pawnShift moves a set of squares one rank forward for colour c.
func pawnShift(b uint64, c Color) uint64 {
	if c == White {
		return b << 8
	}
	return b >> 8
}

func (s *State) genPawns(g *genInfo, l *moveList, noisy bool) {
	us := g.us
	pawns := s.Kinds[Pawn] & g.own
	free := pawns &^ g.pinned
	promoRank, doubleRank := rank8, rank3
	fwd, left, right := 8, 7, 9
	if us == Black {
		promoRank, doubleRank = rank1, rank6
		fwd, left, right = -8, -9, -7
	}
	empty := ^g.occ
	// Unpinned pawns, set-wise.
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
	s.addPawnMoves(l, single&promoRank, fwd, noisy)
	s.addPawnMoves(l, capL&promoRank, left, noisy)
	s.addPawnMoves(l, capR&promoRank, right, noisy)
	s.addPawnMoves(l, capL&^promoRank, left, noisy)
	s.addPawnMoves(l, capR&^promoRank, right, noisy)
	if !noisy {
		s.addPawnMoves(l, single&^promoRank, fwd, false)
		for b := double; b != 0; b &= b - 1 {
			to := lsb(b)
			l.add(newMove(to-2*fwd, to, Pawn, NoKind).withFlag(flagDouble))
		}
	}
	// Pinned pawns, one by one along their pin line.
	for b := pawns & g.pinned; b != 0; b &= b - 1 {
		from := lsb(b)
		pin := line[g.ksq][from] & g.target
		t := pawnAtt[us][from] & g.enemy & pin
		if to := from + fwd; empty&bit(to) != 0 {
			t |= bit(to) & pin
			if to2 := to + fwd; bit(from)&pawnShift(doubleRank, us^1) != 0 && empty&bit(to2)&pin != 0 && !noisy {
				l.add(newMove(from, to2, Pawn, NoKind).withFlag(flagDouble))
			}
		}
		for ; t != 0; t &= t - 1 {
			to := lsb(t)
			if bit(to)&promoRank != 0 {
				s.addPromos(l, from, to)
			} else if !noisy || s.Squares[to] != 0 {
				l.add(newMove(from, to, Pawn, s.kindAt(to)))
			}
		}
	}
	// En passant: tested by occupancy (a pawn pinned along the rank through
	// both pawns is invisible to the pin mask).
	if s.ep != noSquare {
		ep := int(s.ep)
		for b := pawnAtt[g.them][ep] & pawns; b != 0; b &= b - 1 {
			from := lsb(b)
			if s.epCaptureSafe(from, ep) {
				l.add(newMove(from, ep, Pawn, Pawn).withFlag(flagEnPassant))
			}
		}
	}
}

// addPawnMoves adds the moves of the pawns that land on the squares of to,
// each having moved by delta; on the last rank, the four promotions.
func (s *State) addPawnMoves(l *moveList, to uint64, delta int, noisy bool) {
	for ; to != 0; to &= to - 1 {
		t := lsb(to)
		if t >= 56 || t < 8 {
			s.addPromos(l, t-delta, t)
		} else {
			l.add(newMove(t-delta, t, Pawn, s.kindAt(t)))
		}
	}
}

func (s *State) addPromos(l *moveList, from, to int) {
	m := newMove(from, to, Pawn, s.kindAt(to))
	l.add(m.withPromo(Queen))
	l.add(m.withPromo(Knight))
	l.add(m.withPromo(Rook))
	l.add(m.withPromo(Bishop))
}
