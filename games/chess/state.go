package chess

// state.go: the board state (bitboards, a mailbox, rights, counters and the
// Zobrist hash) and how a move changes it. Position keeps a stack of states
// for Unmake (copy-make: a state is ~150 bytes, copied once per move).

// Castling rights bits.
const (
	castleWK uint8 = 1 << iota
	castleWQ
	castleBK
	castleBQ
)

type state struct {
	bb      [7]uint64 // by Kind, both colours (bb[NoKind] unused)
	col     [2]uint64 // by Color
	board   [64]uint8 // Kind | Color<<3 per square, 0 empty
	hash    uint64
	pawnKey uint64 // Zobrist hash of the pawns alone (the evaluation's pawn cache)
	// psq is each colour's material and square values of its pieces other
	// than pawns (packed, eval.go), kept as the pieces move so that the
	// evaluation does not add them up again; the pawns' are in the pawn cache.
	psq      [2]int64
	side     Color
	castle   uint8
	ep       int8   // en passant target square when a legal capture exists there, else noSquare
	skipped  int8   // the square the last move's pawn stepped over (two squares), legal capture or not; not hashed
	halfmove uint16 // plies since the last capture or pawn move
	fullmove uint16
}

// Zobrist keys, from a fixed seed so hashes are stable from run to run.
var (
	zPiece  [2][7][64]uint64
	zSide   uint64
	zCastle [16]uint64
	zEp     [8]uint64
)

// castleKeep[sq] are the rights that survive a move from or to sq.
var castleKeep [64]uint8

func init() {
	x := uint64(0x2545f4914f6cdd1d)
	next := func() uint64 { // splitmix64
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	for c := range zPiece {
		for k := 1; k < 7; k++ {
			for sq := range 64 {
				zPiece[c][k][sq] = next()
			}
		}
	}
	zSide = next()
	var rightKey [4]uint64
	for i := range rightKey {
		rightKey[i] = next()
	}
	for r := range zCastle {
		for i := range rightKey {
			if r&(1<<i) != 0 {
				zCastle[r] ^= rightKey[i]
			}
		}
	}
	for f := range zEp {
		zEp[f] = next()
	}
	for sq := range castleKeep {
		castleKeep[sq] = 15
	}
	castleKeep[sqE1] &^= castleWK | castleWQ
	castleKeep[sqH1] &^= castleWK
	castleKeep[sqA1] &^= castleWQ
	castleKeep[sqE8] &^= castleBK | castleBQ
	castleKeep[sqH8] &^= castleBK
	castleKeep[sqA8] &^= castleBQ
}

func (s *state) occ() uint64 { return s.col[White] | s.col[Black] }

func (s *state) kingSq(c Color) int { return lsb(s.bb[King] & s.col[c]) }

func (s *state) put(c Color, k Kind, sq int) {
	b := bit(sq)
	s.bb[k] |= b
	s.col[c] |= b
	s.board[sq] = uint8(k) | uint8(c)<<3
	s.psq[c] += psqValue[c][k][sq]
}

func (s *state) remove(c Color, k Kind, sq int) {
	b := bit(sq)
	s.bb[k] &^= b
	s.col[c] &^= b
	s.board[sq] = 0
	s.psq[c] -= psqValue[c][k][sq]
}

func (s *state) shift(c Color, k Kind, from, to int) {
	b := bit(from) | bit(to)
	s.bb[k] ^= b
	s.col[c] ^= b
	s.board[from] = 0
	s.board[to] = uint8(k) | uint8(c)<<3
	s.psq[c] += psqValue[c][k][to] - psqValue[c][k][from]
}

// kindAt is the kind of the piece on sq, or NoKind.
func (s *state) kindAt(sq int) Kind { return Kind(s.board[sq] & 7) }

// castleRook is the rook's from and to squares for a king castling to kto.
func castleRook(kto int) (from, to int) {
	switch kto {
	case sqG1:
		return sqH1, sqF1
	case sqC1:
		return sqA1, sqD1
	case sqG8:
		return sqH8, sqF8
	default: // sqC8
		return sqA8, sqD8
	}
}

// apply plays legal move m.
func (s *state) apply(m Move) {
	from, to := m.From(), m.To()
	us := s.side
	them := us ^ 1
	mk := m.Moving()
	h := s.hash ^ zSide ^ zCastle[s.castle]
	if s.ep != noSquare {
		h ^= zEp[fileOf(int(s.ep))]
		s.ep = noSquare
	}
	s.skipped = noSquare
	s.halfmove++
	if ck := m.Captured(); ck != NoKind {
		capSq := to
		if m.flag() == flagEnPassant {
			capSq = to ^ 8 // the square behind the target, from the mover's view
		}
		s.remove(them, ck, capSq)
		h ^= zPiece[them][ck][capSq]
		if ck == Pawn {
			s.pawnKey ^= zPiece[them][Pawn][capSq]
		}
		s.halfmove = 0
	}
	s.shift(us, mk, from, to)
	h ^= zPiece[us][mk][from] ^ zPiece[us][mk][to]
	switch {
	case mk == Pawn:
		s.halfmove = 0
		s.pawnKey ^= zPiece[us][Pawn][from] ^ zPiece[us][Pawn][to]
		if pk := m.Promotion(); pk != NoKind {
			s.remove(us, Pawn, to)
			s.put(us, pk, to)
			h ^= zPiece[us][Pawn][to] ^ zPiece[us][pk][to]
			s.pawnKey ^= zPiece[us][Pawn][to]
		} else if m.flag() == flagDouble {
			s.side = them
			s.skipped = int8((from + to) / 2)
			if ep := (from + to) / 2; s.epLegal(ep) {
				s.ep = int8(ep)
				h ^= zEp[fileOf(ep)]
			}
		}
	case m.flag() == flagCastle:
		rf, rt := castleRook(to)
		s.shift(us, Rook, rf, rt)
		h ^= zPiece[us][Rook][rf] ^ zPiece[us][Rook][rt]
	}
	s.castle &= castleKeep[from] & castleKeep[to]
	h ^= zCastle[s.castle]
	s.side = them
	if us == Black {
		s.fullmove++
	}
	s.hash = h
}

// applyNull passes the move to the other side.
func (s *state) applyNull() {
	h := s.hash ^ zSide
	if s.ep != noSquare {
		h ^= zEp[fileOf(int(s.ep))]
		s.ep = noSquare
	}
	s.skipped = noSquare
	s.side ^= 1
	s.halfmove++
	s.hash = h
}

// epLegal reports whether the side to move has a legal en passant capture
// to ep (just behind the pawn that made a double step). The right to take
// en passant is part of the position only then (FIDE 9.2.3), so the hash,
// repetition and FEN keep it only then.
func (s *state) epLegal(ep int) bool {
	us := s.side
	for b := pawnAtt[us^1][ep] & s.bb[Pawn] & s.col[us]; b != 0; b &= b - 1 {
		if s.epCaptureSafe(lsb(b), ep) {
			return true
		}
	}
	return false
}

// epCaptureSafe reports whether the capture from→ep leaves the mover's king
// unattacked: the captured pawn and the capturer both leave their lines.
func (s *state) epCaptureSafe(from, ep int) bool {
	us := s.side
	them := us ^ 1
	capSq := ep ^ 8
	occ := s.occ() ^ bit(from) ^ bit(capSq) | bit(ep)
	k := s.kingSq(us)
	enemy := s.col[them] &^ bit(capSq)
	if RookAttacks(k, occ)&(s.bb[Rook]|s.bb[Queen])&enemy != 0 {
		return false
	}
	if BishopAttacks(k, occ)&(s.bb[Bishop]|s.bb[Queen])&enemy != 0 {
		return false
	}
	return knightAtt[k]&s.bb[Knight]&enemy == 0 && pawnAtt[us][k]&s.bb[Pawn]&enemy == 0
}

// attackersTo is every piece of either colour attacking sq given occ.
func (s *state) attackersTo(sq int, occ uint64) uint64 {
	return pawnAtt[White][sq]&s.bb[Pawn]&s.col[Black] |
		pawnAtt[Black][sq]&s.bb[Pawn]&s.col[White] |
		knightAtt[sq]&s.bb[Knight] |
		kingAtt[sq]&s.bb[King] |
		BishopAttacks(sq, occ)&(s.bb[Bishop]|s.bb[Queen]) |
		RookAttacks(sq, occ)&(s.bb[Rook]|s.bb[Queen])
}

// attacked reports whether colour by attacks sq given occ.
func (s *state) attacked(sq int, by Color, occ uint64) bool {
	them := s.col[by]
	if knightAtt[sq]&s.bb[Knight]&them != 0 || pawnAtt[by^1][sq]&s.bb[Pawn]&them != 0 || kingAtt[sq]&s.bb[King]&them != 0 {
		return true
	}
	if RookAttacks(sq, occ)&(s.bb[Rook]|s.bb[Queen])&them != 0 {
		return true
	}
	return BishopAttacks(sq, occ)&(s.bb[Bishop]|s.bb[Queen])&them != 0
}

// inCheck reports whether the side to move's king is attacked.
func (s *state) inCheck() bool {
	return s.attacked(s.kingSq(s.side), s.side^1, s.occ())
}

// computePawnKey recomputes the pawns' Zobrist hash from scratch.
func (s *state) computePawnKey() uint64 {
	var h uint64
	for b := s.bb[Pawn]; b != 0; b &= b - 1 {
		sq := lsb(b)
		h ^= zPiece[s.board[sq]>>3][Pawn][sq]
	}
	return h
}

// pieceKeys is each colour's Zobrist hash of its pieces other than pawns,
// computed when asked, once a node (ai.SideKeyer; 2.6% of a node's
// instructions with the side tables on). Kept as the pieces move, it cost
// 2.0% in every search, tables on or off (a larger state to copy, and a
// shift no longer inlined).
func (s *state) pieceKeys() [2]uint64 {
	var h [2]uint64
	for c := range h {
		for b := s.col[c] &^ s.bb[Pawn]; b != 0; b &= b - 1 {
			sq := lsb(b)
			h[c] ^= zPiece[c][s.board[sq]&7][sq]
		}
	}
	return h
}

// computeHash recomputes the Zobrist hash from scratch.
func (s *state) computeHash() uint64 {
	var h uint64
	for sq := range 64 {
		if p := s.board[sq]; p != 0 {
			h ^= zPiece[p>>3][p&7][sq]
		}
	}
	if s.side == Black {
		h ^= zSide
	}
	h ^= zCastle[s.castle]
	if s.ep != noSquare {
		h ^= zEp[fileOf(int(s.ep))]
	}
	return h
}
