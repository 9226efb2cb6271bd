// movegen.go implements the rules on bitboards: the board state, legal
// move generation (capture paths with Italian's precedence, or steps),
// counting moves without making them, and playing a move.

package draughts

import (
	"oyunbot/ai"
)

// state is everything a position is, apart from its history. It is small
// and copied on every Make (the undo stack keeps the copies).
type state struct {
	men, kings [2]uint32 // by colour
	hash       uint64
	side       uint8 // colour to move
	quiet      uint8 // plies since the last capture or man move (forty-move rule)
	italian    bool  // the variant's capture rules (not hashed: games never mix)
}

func (s *state) occ() uint32 { return s.men[0] | s.men[1] | s.kings[0] | s.kings[1] }

func (s *state) pieces(c int) uint32 { return s.men[c] | s.kings[c] }

// prey is what a man of the side to move may capture: in Italian only
// men, in checkers any piece.
func (s *state) prey() uint32 {
	them := s.side ^ 1
	if s.italian {
		return s.men[them]
	}
	return s.pieces(int(them))
}

// computeHash is the Zobrist hash from scratch; Make keeps it incrementally.
func (s *state) computeHash() uint64 {
	var h uint64
	for c := 0; c < 2; c++ {
		for bb := s.men[c]; bb != 0; bb &= bb - 1 {
			h ^= tab.zobrist[c][0][lowest(bb)]
		}
		for bb := s.kings[c]; bb != 0; bb &= bb - 1 {
			h ^= tab.zobrist[c][1][lowest(bb)]
		}
	}
	if s.side == black {
		h ^= tab.zside
	}
	return h
}

// canCapture reports whether the side to move has a capture.
func (s *state) canCapture() bool {
	us := s.side
	empty := ^s.occ()
	men, prey := s.men[us], s.prey()
	for _, d := range forwardDirs[us] {
		if step(step(men, d)&prey, d)&empty != 0 {
			return true
		}
	}
	if k := s.kings[us]; k != 0 {
		enemy := s.pieces(int(us ^ 1))
		for d := 0; d < 4; d++ {
			if step(step(k, d)&enemy, d)&empty != 0 {
				return true
			}
		}
	}
	return false
}

// hasStep reports whether the side to move has a move that is not a capture.
func (s *state) hasStep() bool {
	us := s.side
	empty := ^s.occ()
	men, k := s.men[us], s.kings[us]
	f := forwardDirs[us]
	if (step(men, f[0])|step(men, f[1]))&empty != 0 {
		return true
	}
	return k != 0 && (step(k, 0)|step(k, 1)|step(k, 2)|step(k, 3))&empty != 0
}

// hasMoves reports whether the side to move has any legal move.
func (s *state) hasMoves() bool { return s.hasStep() || s.canCapture() }

// capGen enumerates capture paths depth first. Captured pieces stay on
// the board until the move is over (no piece is jumped twice, and none is
// landed on); the moving piece's start square is empty. In Italian only
// the paths with the best precedence key are kept. It lives on the
// caller's stack; moves are stored by index into out (the caller's spare
// capacity), never appended through the pointer, which would move the
// buffer to the heap.
type capGen struct {
	out       []ai.Move
	n         int // paths kept (counted beyond len(out))
	countOnly bool
	italian   bool
	best      uint32 // Italian: the best precedence key so far
	us        int
	from      int
	king      bool   // the mover is a king
	kings     uint32 // the enemy's kings (for the precedence key)
	kseq      uint32 // bit 15-i: capture i took a king
	lands     [maxHops]int8
}

// precedenceKey orders Italian captures: more pieces, then with a king,
// then more kings, then a king met earlier (the bits of kseq, the first
// capture highest); the legal captures are those with the greatest key.
func precedenceKey(n int, king bool, kseq uint32) uint32 {
	k := uint32(n)<<24 | uint32(popcount(kseq))<<16 | kseq
	if king {
		k |= 1 << 23
	}
	return k
}

func (g *capGen) record(n int, taken uint32, crown bool) {
	if g.italian {
		key := precedenceKey(n, g.king, g.kseq)
		if key < g.best {
			return
		}
		if key > g.best {
			g.best = key
			g.n = 0
		}
	}
	g.n++
	if g.countOnly || g.n > len(g.out) {
		return
	}
	g.out[g.n-1] = capMove(g.from, g.lands[:n], taken, crown)
}

// jumps continues a capture from sq after n captures: a king's in every
// direction, a man's forward only, ending where a man is crowned. empty is
// the empty squares (captured pieces are not), prey what it may still take.
func (g *capGen) jumps(sq, n int, taken, prey, empty uint32) {
	found := false
	for d := 0; d < 4; d++ {
		if !g.king && dirMask[g.us]&(1<<d) == 0 {
			continue
		}
		over := tab.next[d][sq]
		if over < 0 || prey&bit(int(over)) == 0 {
			continue
		}
		land := int(tab.jump[d][sq])
		if land < 0 || empty&bit(land) == 0 {
			continue
		}
		found = true
		g.lands[n] = int8(land)
		ob := bit(int(over))
		kseq := g.kseq
		if g.kings&ob != 0 {
			g.kseq |= 1 << (15 - uint(n))
		}
		if !g.king && promoRow[g.us]&bit(land) != 0 {
			g.record(n+1, taken|ob, true) // crowning ends the move
		} else {
			g.jumps(land, n+1, taken|ob, prey&^ob, empty)
		}
		g.kseq = kseq
	}
	if !found && n > 0 {
		g.record(n, taken, false)
	}
}

// captures runs the capture search for every piece of the side to move,
// men first, each set in square order.
func (s *state) captures(g *capGen) {
	us := int(s.side)
	them := us ^ 1
	occ := s.occ()
	empty := ^occ
	g.us, g.italian, g.kings = us, s.italian, s.kings[them]
	prey := s.prey()
	var starters uint32
	for _, d := range forwardDirs[us] {
		land := step(step(s.men[us], d)&prey, d) & empty
		starters |= step(step(land, 3-d), 3-d)
	}
	g.king = false
	for ; starters != 0; starters &= starters - 1 {
		sq := lowest(starters)
		g.from = sq
		g.jumps(sq, 0, 0, prey, empty|bit(sq))
	}
	enemy := s.pieces(them)
	g.king = true
	for k := s.kings[us]; k != 0; k &= k - 1 {
		sq := lowest(k)
		g.from = sq
		g.jumps(sq, 0, 0, enemy, empty|bit(sq))
	}
}

// genMoves appends the legal moves (rules only, no adjudication) to buf.
func (s *state) genMoves(buf []ai.Move) []ai.Move {
	if s.canCapture() {
		return s.genCaptures(buf)
	}
	return s.genSteps(buf)
}

// genCaptures appends the legal captures.
func (s *state) genCaptures(buf []ai.Move) []ai.Move {
	g := capGen{out: buf[len(buf):cap(buf)]}
	s.captures(&g)
	if g.n > len(g.out) {
		// More paths than room: rare, so search again into a buffer of
		// the right size.
		g = capGen{out: make([]ai.Move, g.n)}
		s.captures(&g)
		return append(buf, g.out...)
	}
	return buf[:len(buf)+g.n]
}

func (s *state) genSteps(buf []ai.Move) []ai.Move {
	us := s.side
	empty := ^s.occ()
	promo := promoRow[us]
	for _, d := range forwardDirs[us] {
		back := 3 - d
		for t := step(s.men[us], d) & empty; t != 0; t &= t - 1 {
			to := lowest(t)
			buf = append(buf, stepMove(int(tab.next[back][to]), to, promo&bit(to) != 0))
		}
	}
	if k := s.kings[us]; k != 0 {
		for d := 0; d < 4; d++ {
			back := 3 - d
			for t := step(k, d) & empty; t != 0; t &= t - 1 {
				to := lowest(t)
				buf = append(buf, stepMove(int(tab.next[back][to]), to, false))
			}
		}
	}
	return buf
}

// countMoves is the number of legal moves (perft at depth 1) without
// making or, for steps and single jumps by men, even generating them.
func (s *state) countMoves() uint64 {
	us := s.side
	empty := ^s.occ()
	men, k := s.men[us], s.kings[us]
	f := forwardDirs[us]
	if k == 0 {
		prey := s.prey()
		j0 := step(step(men, f[0])&prey, f[0]) & empty
		j1 := step(step(men, f[1])&prey, f[1]) & empty
		if j0|j1 == 0 {
			return uint64(popcount(step(men, f[0])&empty) + popcount(step(men, f[1])&empty))
		}
		// Men's jumps: a jump ends where no further jump forward starts
		// (the piece just taken lies behind, the square left too), or on
		// the crowning rank.
		again := step(step(empty, 3-f[0])&prey, 3-f[0]) | step(step(empty, 3-f[1])&prey, 3-f[1])
		if (j0|j1)&again&^promoRow[us] == 0 {
			return uint64(popcount(j0) + popcount(j1))
		}
	} else if !s.canCapture() {
		n := popcount(step(men, f[0])&empty) + popcount(step(men, f[1])&empty) +
			popcount(step(k, 0)&empty) + popcount(step(k, 1)&empty) +
			popcount(step(k, 2)&empty) + popcount(step(k, 3)&empty)
		return uint64(n)
	}
	g := capGen{countOnly: true}
	s.captures(&g)
	return uint64(g.n)
}

// apply plays legal move m.
func (s *state) apply(m ai.Move) {
	us, them := int(s.side), int(s.side^1)
	from, to := moveFrom(m), moveTo(m)
	fb, tb := bit(from), bit(to)
	if taken := moveTaken(m); taken != 0 {
		for t := taken & s.kings[them]; t != 0; t &= t - 1 {
			s.hash ^= tab.zobrist[them][1][lowest(t)]
		}
		for t := taken & s.men[them]; t != 0; t &= t - 1 {
			s.hash ^= tab.zobrist[them][0][lowest(t)]
		}
		s.men[them] &^= taken
		s.kings[them] &^= taken
		s.quiet = 0
	} else if s.kings[us]&fb == 0 {
		s.quiet = 0 // a man's move
	} else if s.quiet < 255 {
		s.quiet++
	}
	switch {
	case s.kings[us]&fb != 0:
		s.kings[us] ^= fb | tb
		s.hash ^= tab.zobrist[us][1][from] ^ tab.zobrist[us][1][to]
	case moveCrowns(m):
		s.men[us] &^= fb
		s.kings[us] |= tb
		s.hash ^= tab.zobrist[us][0][from] ^ tab.zobrist[us][1][to]
	default:
		s.men[us] ^= fb | tb
		s.hash ^= tab.zobrist[us][0][from] ^ tab.zobrist[us][0][to]
	}
	s.side ^= 1
	s.hash ^= tab.zside
}
