package chess

// bitboard.go: squares, bit sets and the attack tables of the leapers, plus
// the between/line tables legal move generation uses for pins and checks.

import "math/bits"

// Squares are numbered a1=0, b1=1, …, h8=63 (little-endian rank-file).
const (
	sqA1, sqB1, sqC1, sqD1, sqE1, sqF1, sqG1, sqH1 = 0, 1, 2, 3, 4, 5, 6, 7
	sqA8, sqB8, sqC8, sqD8, sqE8, sqF8, sqG8, sqH8 = 56, 57, 58, 59, 60, 61, 62, 63
	noSquare                                       = -1
)

const (
	fileA  uint64 = 0x0101010101010101
	fileH  uint64 = fileA << 7
	rank1  uint64 = 0xff
	rank2  uint64 = rank1 << 8
	rank3  uint64 = rank1 << 16
	rank6  uint64 = rank1 << 40
	rank7  uint64 = rank1 << 48
	rank8  uint64 = rank1 << 56
	darkSq uint64 = 0xaa55aa55aa55aa55 // a1 is dark
)

// Leaper and pawn attack tables, and the geometry of lines between squares.
var (
	knightAtt [64]uint64
	kingAtt   [64]uint64
	pawnAtt   [2][64]uint64 // squares a pawn of that colour on sq attacks
	between   [64][64]uint64
	line      [64][64]uint64 // the whole line through both squares, or 0
)

func bit(sq int) uint64 { return 1 << uint(sq) }

func lsb(b uint64) int { return bits.TrailingZeros64(b) }

func popcount(b uint64) int { return bits.OnesCount64(b) }

func fileOf(sq int) int { return sq & 7 }

func rankOf(sq int) int { return sq >> 3 }

// SquareName is the algebraic name of a square ("e4").
func SquareName(sq int) string {
	if sq < 0 || sq > 63 {
		return "-"
	}
	return string([]byte{byte('a' + fileOf(sq)), byte('1' + rankOf(sq))})
}

// parseSquare reads "e4" (lower case) or returns noSquare.
func parseSquare(s string) int {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return noSquare
	}
	return int(s[1]-'1')*8 + int(s[0]-'a')
}

func init() {
	for sq := 0; sq < 64; sq++ {
		r, f := rankOf(sq), fileOf(sq)
		for _, d := range [8][2]int{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}} {
			if rr, ff := r+d[0], f+d[1]; rr >= 0 && rr < 8 && ff >= 0 && ff < 8 {
				knightAtt[sq] |= bit(rr*8 + ff)
			}
		}
		for dr := -1; dr <= 1; dr++ {
			for df := -1; df <= 1; df++ {
				if rr, ff := r+dr, f+df; (dr != 0 || df != 0) && rr >= 0 && rr < 8 && ff >= 0 && ff < 8 {
					kingAtt[sq] |= bit(rr*8 + ff)
				}
			}
		}
		for _, df := range [2]int{-1, 1} {
			if ff := f + df; ff >= 0 && ff < 8 {
				if r < 7 {
					pawnAtt[White][sq] |= bit((r+1)*8 + ff)
				}
				if r > 0 {
					pawnAtt[Black][sq] |= bit((r-1)*8 + ff)
				}
			}
		}
	}
	initMagics()
	for a := range 64 {
		ra, ba := RookAttacks(a, 0), BishopAttacks(a, 0)
		for b := range 64 {
			switch {
			case a == b:
			case ra&bit(b) != 0:
				line[a][b] = ra&RookAttacks(b, 0) | bit(a) | bit(b)
				between[a][b] = RookAttacks(a, bit(b)) & RookAttacks(b, bit(a))
			case ba&bit(b) != 0:
				line[a][b] = ba&BishopAttacks(b, 0) | bit(a) | bit(b)
				between[a][b] = BishopAttacks(a, bit(b)) & BishopAttacks(b, bit(a))
			}
		}
	}
}

// Line is every square of the line (rank, file or diagonal) through a and
// b, or 0 when they share none.
func Line(a, b int) uint64 { return line[a][b] }

// KnightAttacks is the set of squares a knight on sq attacks.
func KnightAttacks(sq int) uint64 { return knightAtt[sq] }

// KingAttacks is the set of squares a king on sq attacks.
func KingAttacks(sq int) uint64 { return kingAtt[sq] }

// PawnAttacks is the set of squares a pawn of colour c on sq attacks.
func PawnAttacks(c Color, sq int) uint64 { return pawnAtt[c][sq] }
