package engine

// board.go: the rules' names the evaluation uses unqualified, and the
// bitboard geometry it shares with them.

import (
	"math/bits"

	"oyunbot/games/chess"
)

type (
	// Color is chess.Color.
	Color = chess.Color
	// Kind is chess.Kind.
	Kind = chess.Kind
	// Move is chess.Move.
	Move = chess.Move
)

// The colours and kinds.
const (
	White  = chess.White
	Black  = chess.Black
	NoKind = chess.NoKind
	Pawn   = chess.Pawn
	Knight = chess.Knight
	Bishop = chess.Bishop
	Rook   = chess.Rook
	Queen  = chess.Queen
	King   = chess.King
)

// Files, ranks and the dark squares as bit sets (a1 is bit 0).
const (
	fileA  uint64 = 0x0101010101010101
	fileH  uint64 = fileA << 7
	rank1  uint64 = 0xff
	rank2  uint64 = rank1 << 8
	rank3  uint64 = rank1 << 16
	rank6  uint64 = rank1 << 40
	rank7  uint64 = rank1 << 48
	darkSq uint64 = 0xaa55aa55aa55aa55
)

func bit(sq int) uint64     { return 1 << uint(sq) }
func lsb(b uint64) int      { return bits.TrailingZeros64(b) }
func popcount(b uint64) int { return bits.OnesCount64(b) }
func fileOf(sq int) int     { return sq & 7 }
func rankOf(sq int) int     { return sq >> 3 }

// pawnShift moves every pawn of b one rank forward for colour c.
func pawnShift(b uint64, c Color) uint64 {
	if c == White {
		return b << 8
	}
	return b >> 8
}
