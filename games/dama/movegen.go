// movegen.go implements the rules on bitboards: the board state, legal move
// generation (maximum capture paths, then simple moves), counting and
// playing a move.

package dama

import (
	"math/bits"

	"oyunbot/ai"
)

// state is everything a position is, apart from its history. It is small
// and copied on every Make (the undo stack keeps the copies).
type state struct {
	men, kings [2]uint64 // by colour
	hash       uint64
	side       int   // colour to move
	quiet      int32 // plies since the last capture or man move (fifty-move rule)
	rev        int32 // plies since the last capture or forward man move (repetition window)
}

func bit(sq int) uint64 { return 1 << uint(sq) }

func (s *state) occ() uint64 { return s.men[0] | s.men[1] | s.kings[0] | s.kings[1] }

func (s *state) pieces(c int) uint64 { return s.men[c] | s.kings[c] }

// computeHash is the Zobrist hash from scratch; Make keeps it incrementally.
func (s *state) computeHash() uint64 {
	var h uint64
	for c := 0; c < 2; c++ {
		for bb := s.men[c]; bb != 0; bb &= bb - 1 {
			h ^= tab.zobrist[c][0][bits.TrailingZeros64(bb)]
		}
		for bb := s.kings[c]; bb != 0; bb &= bb - 1 {
			h ^= tab.zobrist[c][1][bits.TrailingZeros64(bb)]
		}
	}
	if s.side == black {
		h ^= tab.zside
	}
	return h
}

// canCapture reports whether the side to move has any capture (cheap:
// bitboard shifts for men, one ray probe per king and direction).
func (s *state) canCapture() bool {
	us, them := s.side, s.side^1
	occ := s.occ()
	empty := ^occ
	enemy := s.pieces(them)
	m := s.men[us]
	fwd := forward[us]
	if shift(shift(m, fwd)&enemy, fwd)&empty != 0 ||
		shift(shift(m, dirLeft)&enemy, dirLeft)&empty != 0 ||
		shift(shift(m, dirRight)&enemy, dirRight)&empty != 0 {
		return true
	}
	for k := s.kings[us]; k != 0; k &= k - 1 {
		if kingCanCapture(bits.TrailingZeros64(k), occ, enemy) {
			return true
		}
	}
	return false
}

func kingCanCapture(sq int, occ, enemy uint64) bool {
	for d := 0; d < 4; d++ {
		r := tab.rays[d][sq] & occ
		if r == 0 {
			continue
		}
		b := firstBlocker(r, d)
		if enemy&bit(b) == 0 {
			continue
		}
		if n := tab.next[d][b]; n >= 0 && occ&bit(int(n)) == 0 {
			return true
		}
	}
	return false
}

// hasSimpleMove reports whether the side to move has a non-capturing move.
func (s *state) hasSimpleMove() bool {
	us := s.side
	empty := ^s.occ()
	m := s.men[us]
	if shift(m, forward[us])&empty != 0 || shift(m, dirLeft)&empty != 0 || shift(m, dirRight)&empty != 0 {
		return true
	}
	k := s.kings[us]
	return (shift(k, dirUp)|shift(k, dirDown)|shift(k, dirLeft)|shift(k, dirRight))&empty != 0
}

// hasMoves reports whether the side to move has any legal move.
func (s *state) hasMoves() bool { return s.hasSimpleMove() || s.canCapture() }

// capGen enumerates capture paths depth first with the captured pieces
// removed as it goes, keeping only the paths of maximum length. It lives on
// the caller's stack; moves are appended to buf.
//
// Moves are stored by index into out (the caller's spare capacity), never by
// appending through the pointer: that would make the buffer escape to the heap.
type capGen struct {
	out       []ai.Move // storage; only the first len(out) moves are kept
	n         int       // moves found with best captures
	best      int
	countOnly bool
	promo     bool
	us        int
	from      int
	hops      [maxHops]uint8
}

func (g *capGen) record(sq, n int) {
	if n < g.best {
		return
	}
	if n > g.best {
		g.best = n
		g.n = 0
	}
	g.n++
	if g.countOnly || g.n > len(g.out) {
		return
	}
	lo := uint64(g.from) | uint64(sq)<<toShift | uint64(n)<<capShift
	if g.promo {
		lo |= promoBit
	}
	var hi uint64
	for i := 0; i < n; i++ {
		h := uint64(g.hops[i])
		if i < hopsInLo {
			lo |= h << (hopShift + hopBits*uint(i))
		} else {
			hi |= h << (hopBits * uint(i-hopsInLo))
		}
	}
	g.out[g.n-1] = ai.Move{Lo: lo, Hi: hi}
}

// manCap continues a man's capture from sq after n captures. occ excludes
// the moving man and the pieces already captured; enemy the captured ones.
func (g *capGen) manCap(sq, n int, enemy, occ uint64) {
	found := false
	fwd := forward[g.us]
	for _, d := range [3]int{fwd, dirLeft, dirRight} {
		a := tab.next[d][sq]
		if a < 0 || enemy&bit(int(a)) == 0 {
			continue
		}
		l := int(tab.next[d][a])
		if l < 0 || occ&bit(l) != 0 {
			continue
		}
		found = true
		g.hops[n] = uint8(d<<3 | 1) // a man jumps two squares
		ne, no := enemy&^bit(int(a)), occ&^bit(int(a))
		if promoRank[g.us]&bit(l) != 0 {
			// DECISION in the rules: promoted mid-capture, it goes on as a king.
			g.promo = true
			g.kingCap(l, n+1, d, ne, no)
			g.promo = false
		} else {
			g.manCap(l, n+1, ne, no)
		}
	}
	if !found && n > 0 {
		g.record(sq, n)
	}
}

// kingCap continues a king's capture from sq after n captures, the last of
// them in direction last (-1 at the start); a king never turns back 180
// degrees between two captures.
func (g *capGen) kingCap(sq, n, last int, enemy, occ uint64) {
	found := false
	for d := 0; d < 4; d++ {
		if d == last^1 {
			continue
		}
		ray := tab.rays[d][sq]
		r := ray & occ
		if r == 0 {
			continue
		}
		b := firstBlocker(r, d)
		if enemy&bit(b) == 0 {
			continue
		}
		beyond := tab.rays[d][b]
		land := beyond
		if r2 := beyond & occ; r2 != 0 {
			f := firstBlocker(r2, d)
			land &^= tab.rays[d][f] | bit(f)
		}
		if land == 0 {
			continue
		}
		found = true
		ne, no := enemy&^bit(b), occ&^bit(b)
		step := dirDelta[d]
		for ; land != 0; land &= land - 1 {
			l := bits.TrailingZeros64(land)
			g.hops[n] = uint8(d<<3 | ((l-sq)/step - 1))
			g.kingCap(l, n+1, d, ne, no)
		}
	}
	if !found && n > 0 {
		g.record(sq, n)
	}
}

// captures runs the capture search for every piece of the side to move.
func (s *state) captures(g *capGen) {
	us, them := s.side, s.side^1
	occ := s.occ()
	enemy := s.pieces(them)
	g.us = us
	// Only men with a first capture can start a path.
	m := s.men[us]
	empty := ^occ
	var starters uint64
	for _, d := range [3]int{forward[us], dirLeft, dirRight} {
		land := shift(shift(m, d)&enemy, d) & empty
		starters |= shift(shift(land, d^1), d^1)
	}
	for ; starters != 0; starters &= starters - 1 {
		sq := bits.TrailingZeros64(starters)
		g.from = sq
		g.manCap(sq, 0, enemy, occ&^bit(sq))
	}
	for k := s.kings[us]; k != 0; k &= k - 1 {
		sq := bits.TrailingZeros64(k)
		g.from = sq
		g.kingCap(sq, 0, -1, enemy, occ&^bit(sq))
	}
}

// genMoves appends the legal moves (rules only, no adjudication) to buf.
func (s *state) genMoves(buf []ai.Move) []ai.Move {
	if s.canCapture() {
		g := capGen{out: buf[len(buf):cap(buf)]}
		s.captures(&g)
		if g.n > len(g.out) {
			// More maximum paths than room: rare, so search again into a
			// buffer of the right size.
			g = capGen{out: make([]ai.Move, g.n)}
			s.captures(&g)
			return append(buf, g.out...)
		}
		return buf[:len(buf)+g.n]
	}
	return s.genSimple(buf)
}

func (s *state) genSimple(buf []ai.Move) []ai.Move {
	us := s.side
	occ := s.occ()
	empty := ^occ
	m := s.men[us]
	for _, d := range [3]int{forward[us], dirLeft, dirRight} {
		delta := dirDelta[d]
		for t := shift(m, d) & empty; t != 0; t &= t - 1 {
			to := bits.TrailingZeros64(t)
			buf = append(buf, simpleMove(to-delta, to, promoRank[us]&bit(to) != 0))
		}
	}
	for k := s.kings[us]; k != 0; k &= k - 1 {
		sq := bits.TrailingZeros64(k)
		for d := 0; d < 4; d++ {
			for t := slide(sq, d, occ); t != 0; t &= t - 1 {
				buf = append(buf, simpleMove(sq, bits.TrailingZeros64(t), false))
			}
		}
	}
	return buf
}

// countMoves is the number of legal moves (perft at depth 1) without
// making or, for simple moves, even generating them.
func (s *state) countMoves() uint64 {
	if s.canCapture() {
		g := capGen{countOnly: true}
		s.captures(&g)
		return uint64(g.n)
	}
	us := s.side
	occ := s.occ()
	empty := ^occ
	m := s.men[us]
	n := bits.OnesCount64(shift(m, forward[us])&empty) +
		bits.OnesCount64(shift(m, dirLeft)&empty) +
		bits.OnesCount64(shift(m, dirRight)&empty)
	for k := s.kings[us]; k != 0; k &= k - 1 {
		sq := bits.TrailingZeros64(k)
		n += bits.OnesCount64(slide(sq, dirUp, occ) | slide(sq, dirDown, occ) |
			slide(sq, dirLeft, occ) | slide(sq, dirRight, occ))
	}
	return uint64(n)
}

// apply plays legal move m.
func (s *state) apply(m ai.Move) {
	us, them := s.side, s.side^1
	from, to := moveFrom(m), moveTo(m)
	fb, tb := bit(from), bit(to)
	if n := moveCaptures(m); n > 0 {
		cur := from
		enemy := s.pieces(them)
		for i := 0; i < n; i++ {
			d, dist := moveHop(m, i)
			nxt := cur + dirDelta[d]*dist
			// The one enemy piece between cur and nxt (captured pieces are
			// already gone, so no other can be there).
			c := (tab.rays[d][cur] ^ tab.rays[d][nxt]) & enemy
			cs := bits.TrailingZeros64(c)
			enemy &^= c
			if s.kings[them]&c != 0 {
				s.kings[them] &^= c
				s.hash ^= tab.zobrist[them][1][cs]
			} else {
				s.men[them] &^= c
				s.hash ^= tab.zobrist[them][0][cs]
			}
			cur = nxt
		}
		s.quiet, s.rev = 0, 0
	} else if s.kings[us]&fb != 0 {
		s.quiet++
		s.rev++
	} else {
		s.quiet = 0
		if to-from == dirDelta[forward[us]] {
			s.rev = 0
		} else {
			s.rev++ // a sideways man step can be undone
		}
	}
	switch {
	case s.kings[us]&fb != 0:
		s.kings[us] = s.kings[us]&^fb | tb
		s.hash ^= tab.zobrist[us][1][from] ^ tab.zobrist[us][1][to]
	case movePromotes(m):
		s.men[us] &^= fb
		s.kings[us] |= tb
		s.hash ^= tab.zobrist[us][0][from] ^ tab.zobrist[us][1][to]
	default:
		s.men[us] = s.men[us]&^fb | tb
		s.hash ^= tab.zobrist[us][0][from] ^ tab.zobrist[us][0][to]
	}
	s.side = them
	s.hash ^= tab.zside
}
