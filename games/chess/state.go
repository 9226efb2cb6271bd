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

// State is the board as one move leaves it. Its exported fields are the
// evaluation's read-only view (games/chess/engine reads them in its inner
// loop, where an accessor's copy would cost); only this package's moves
// change them.
type State struct {
	Kinds   [7]uint64 // by Kind, both colours (Kinds[NoKind] unused)
	Colors  [2]uint64 // by Color
	Squares [64]uint8 // Kind | Color<<3 per square, 0 empty
	Hash    uint64    // Zobrist hash (Position.Hash)
	PawnKey uint64    // Zobrist hash of the pawns alone (the evaluation's pawn cache)
	// PSQ is each colour's sum of the square weights (SetSquareWeights) of
	// its pieces, kept as the pieces move so that an evaluation does not add
	// them up again. The rules never read it.
	PSQ      [2]int64
	Side     Color // the side to move
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

// squareWeights are the weights State.PSQ sums, by colour, kind and square
// (SetSquareWeights).
var squareWeights [2][7][64]int64

// SetSquareWeights sets the weight of each piece on each square that
// State.PSQ sums for its colour, for an evaluation that wants that sum
// kept as the pieces move (games/chess/engine's material and square
// tables, set once at its start, before it makes a position). Positions
// made earlier keep their sums.
func SetSquareWeights(w *[2][7][64]int64) { squareWeights = *w }

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

// Occ is every occupied square.
func (s *State) Occ() uint64 { return s.Colors[White] | s.Colors[Black] }

// KingSq is colour c's king's square.
func (s *State) KingSq(c Color) int { return lsb(s.Kinds[King] & s.Colors[c]) }

func (s *State) put(c Color, k Kind, sq int) {
	b := bit(sq)
	s.Kinds[k] |= b
	s.Colors[c] |= b
	s.Squares[sq] = uint8(k) | uint8(c)<<3
	s.PSQ[c] += squareWeights[c][k][sq]
}

func (s *State) remove(c Color, k Kind, sq int) {
	b := bit(sq)
	s.Kinds[k] &^= b
	s.Colors[c] &^= b
	s.Squares[sq] = 0
	s.PSQ[c] -= squareWeights[c][k][sq]
}

func (s *State) shift(c Color, k Kind, from, to int) {
	b := bit(from) | bit(to)
	s.Kinds[k] ^= b
	s.Colors[c] ^= b
	s.Squares[from] = 0
	s.Squares[to] = uint8(k) | uint8(c)<<3
	s.PSQ[c] += squareWeights[c][k][to] - squareWeights[c][k][from]
}

// kindAt is the kind of the piece on sq, or NoKind.
func (s *State) kindAt(sq int) Kind { return Kind(s.Squares[sq] & 7) }

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
func (s *State) apply(m Move) {
	from, to := m.From(), m.To()
	us := s.Side
	them := us ^ 1
	mk := m.Moving()
	h := s.Hash ^ zSide ^ zCastle[s.castle]
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
			s.PawnKey ^= zPiece[them][Pawn][capSq]
		}
		s.halfmove = 0
	}
	s.shift(us, mk, from, to)
	h ^= zPiece[us][mk][from] ^ zPiece[us][mk][to]
	switch {
	case mk == Pawn:
		s.halfmove = 0
		s.PawnKey ^= zPiece[us][Pawn][from] ^ zPiece[us][Pawn][to]
		if pk := m.Promotion(); pk != NoKind {
			s.remove(us, Pawn, to)
			s.put(us, pk, to)
			h ^= zPiece[us][Pawn][to] ^ zPiece[us][pk][to]
			s.PawnKey ^= zPiece[us][Pawn][to]
		} else if m.flag() == flagDouble {
			s.Side = them
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
	s.Side = them
	if us == Black {
		s.fullmove++
	}
	s.Hash = h
}

// applyNull passes the move to the other side.
func (s *State) applyNull() {
	h := s.Hash ^ zSide
	if s.ep != noSquare {
		h ^= zEp[fileOf(int(s.ep))]
		s.ep = noSquare
	}
	s.skipped = noSquare
	s.Side ^= 1
	s.halfmove++
	s.Hash = h
}

// epLegal reports whether the side to move has a legal en passant capture
// to ep (just behind the pawn that made a double step). The right to take
// en passant is part of the position only then (FIDE 9.2.3), so the hash,
// repetition and FEN keep it only then.
func (s *State) epLegal(ep int) bool {
	us := s.Side
	for b := pawnAtt[us^1][ep] & s.Kinds[Pawn] & s.Colors[us]; b != 0; b &= b - 1 {
		if s.epCaptureSafe(lsb(b), ep) {
			return true
		}
	}
	return false
}

// epCaptureSafe reports whether the capture from→ep leaves the mover's king
// unattacked: the captured pawn and the capturer both leave their lines.
func (s *State) epCaptureSafe(from, ep int) bool {
	us := s.Side
	them := us ^ 1
	capSq := ep ^ 8
	occ := s.Occ() ^ bit(from) ^ bit(capSq) | bit(ep)
	k := s.KingSq(us)
	enemy := s.Colors[them] &^ bit(capSq)
	if RookAttacks(k, occ)&(s.Kinds[Rook]|s.Kinds[Queen])&enemy != 0 {
		return false
	}
	if BishopAttacks(k, occ)&(s.Kinds[Bishop]|s.Kinds[Queen])&enemy != 0 {
		return false
	}
	return knightAtt[k]&s.Kinds[Knight]&enemy == 0 && pawnAtt[us][k]&s.Kinds[Pawn]&enemy == 0
}

// AttackersTo is every piece of either colour attacking sq given occ.
func (s *State) AttackersTo(sq int, occ uint64) uint64 {
	return pawnAtt[White][sq]&s.Kinds[Pawn]&s.Colors[Black] |
		pawnAtt[Black][sq]&s.Kinds[Pawn]&s.Colors[White] |
		knightAtt[sq]&s.Kinds[Knight] |
		kingAtt[sq]&s.Kinds[King] |
		BishopAttacks(sq, occ)&(s.Kinds[Bishop]|s.Kinds[Queen]) |
		RookAttacks(sq, occ)&(s.Kinds[Rook]|s.Kinds[Queen])
}

// attacked reports whether colour by attacks sq given occ.
func (s *State) attacked(sq int, by Color, occ uint64) bool {
	them := s.Colors[by]
	if knightAtt[sq]&s.Kinds[Knight]&them != 0 || pawnAtt[by^1][sq]&s.Kinds[Pawn]&them != 0 || kingAtt[sq]&s.Kinds[King]&them != 0 {
		return true
	}
	if RookAttacks(sq, occ)&(s.Kinds[Rook]|s.Kinds[Queen])&them != 0 {
		return true
	}
	return BishopAttacks(sq, occ)&(s.Kinds[Bishop]|s.Kinds[Queen])&them != 0
}

// InCheck reports whether the side to move's king is attacked.
func (s *State) InCheck() bool {
	return s.attacked(s.KingSq(s.Side), s.Side^1, s.Occ())
}

// computePawnKey recomputes the pawns' Zobrist hash from scratch.
func (s *State) computePawnKey() uint64 {
	var h uint64
	for b := s.Kinds[Pawn]; b != 0; b &= b - 1 {
		sq := lsb(b)
		h ^= zPiece[s.Squares[sq]>>3][Pawn][sq]
	}
	return h
}

// PieceKeys is each colour's Zobrist hash of its pieces other than pawns,
// computed when asked, once a node (ai.SideKeyer; 2.6% of a node's
// instructions with the side tables on). Kept as the pieces move, it cost
// 2.0% in every search, tables on or off (a larger state to copy, and a
// shift no longer inlined).
func (s *State) PieceKeys() [2]uint64 {
	var h [2]uint64
	for c := range h {
		for b := s.Colors[c] &^ s.Kinds[Pawn]; b != 0; b &= b - 1 {
			sq := lsb(b)
			h[c] ^= zPiece[c][s.Squares[sq]&7][sq]
		}
	}
	return h
}

// computeHash recomputes the Zobrist hash from scratch.
func (s *State) computeHash() uint64 {
	var h uint64
	for sq := range 64 {
		if p := s.Squares[sq]; p != 0 {
			h ^= zPiece[p>>3][p&7][sq]
		}
	}
	if s.Side == Black {
		h ^= zSide
	}
	h ^= zCastle[s.castle]
	if s.ep != noSquare {
		h ^= zEp[fileOf(int(s.ep))]
	}
	return h
}
