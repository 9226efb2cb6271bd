package chess

// move.go: the compact move.

// Color is a side: White moves first.
type Color uint8

// Colours.
const (
	White Color = 0
	Black Color = 1
)

// Kind is a kind of piece; NoKind (0) is an empty square or no capture.
type Kind uint8

// Piece kinds, in order of worth.
const (
	NoKind Kind = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

// Move is the compact move: from and to squares, a special flag, the
// promotion kind, and the moving and captured kinds, so that the engine
// learns what a move does without looking at the board. The zero Move is
// no move (a1a1 is never legal).
//
//	bits 0-5 from, 6-11 to, 12-14 promotion kind, 15-16 special,
//	17-19 moving kind, 20-22 captured kind (a pawn for en passant)
type Move uint32

// Special flags of a move.
const (
	flagNone      = 0
	flagEnPassant = 1
	flagCastle    = 2
	flagDouble    = 3 // a pawn's double step
)

func newMove(from, to int, moving, captured Kind) Move {
	return Move(from | to<<6 | int(moving)<<17 | int(captured)<<20)
}

func (m Move) withPromo(k Kind) Move { return m | Move(k)<<12 }
func (m Move) withFlag(f int) Move   { return m | Move(f)<<15 }

// From is the start square (a1=0 … h8=63).
func (m Move) From() int { return int(m & 63) }

// To is the destination square (the king's, for castling).
func (m Move) To() int { return int(m>>6) & 63 }

// Promotion is the kind a pawn promotes to, or NoKind.
func (m Move) Promotion() Kind { return Kind(m>>12) & 7 }

// Moving is the kind of the piece that moves.
func (m Move) Moving() Kind { return Kind(m>>17) & 7 }

// Captured is the kind of the captured piece (Pawn for en passant), or NoKind.
func (m Move) Captured() Kind { return Kind(m>>20) & 7 }

func (m Move) flag() int { return int(m>>15) & 3 }

// IsCapture reports a capture (en passant included).
func (m Move) IsCapture() bool { return m.Captured() != NoKind }

// IsEnPassant reports an en passant capture.
func (m Move) IsEnPassant() bool { return m.flag() == flagEnPassant }

// IsCastle reports castling (From/To are the king's squares).
func (m Move) IsCastle() bool { return m.flag() == flagCastle }

// IsNoisy reports a capture or a promotion: what quiescence follows.
func (m Move) IsNoisy() bool { return m&(7<<12|7<<20) != 0 }

// UCI is the long algebraic form: from, to, promotion letter ("e7e8q").
func (m Move) UCI() string {
	if m == 0 {
		return "0000"
	}
	s := SquareName(m.From()) + SquareName(m.To())
	if k := m.Promotion(); k != NoKind {
		s += string(kindLetters[k] + ('a' - 'A'))
	}
	return s
}

// kindLetters are the English SAN letters by Kind.
var kindLetters = [7]byte{0, 'P', 'N', 'B', 'R', 'Q', 'K'}

// pieceChars are FEN letters by colour and kind.
var pieceChars = [2][7]byte{{'.', 'P', 'N', 'B', 'R', 'Q', 'K'}, {'.', 'p', 'n', 'b', 'r', 'q', 'k'}}
