// board.go holds the square geometry and the read-only tables every part of
// the package shares: rays, neighbours, masks and Zobrist keys.

package dama

import "math/bits"

// Squares are numbered rank*8+file: a1 = 0, h1 = 7, a8 = 56, h8 = 63.
// White men move up (towards rank 8), black men down.

// Directions. The opposite of d is d^1.
const (
	dirUp    = 0
	dirDown  = 1
	dirLeft  = 2
	dirRight = 3
)

const (
	fileA uint64 = 0x0101010101010101
	fileB        = fileA << 1
	fileG        = fileA << 6
	fileH        = fileA << 7
	rank1 uint64 = 0xff
	rank8        = rank1 << 56
	all64 uint64 = ^uint64(0)
)

// Colours index the bitboard pairs.
const (
	white = 0
	black = 1
)

// dirDelta is the square step of each direction.
var dirDelta = [4]int{8, -8, -1, 1}

// forward is each colour's forward direction; promoRank its far rank.
var (
	forward   = [2]int{dirUp, dirDown}
	promoRank = [2]uint64{rank8, rank1}
)

// tables are computed once into read-only values.
type tables struct {
	// rays[d][sq]: the squares beyond sq in direction d (sq excluded).
	rays [4][64]uint64
	// next[d][sq]: the neighbour of sq in direction d, or -1 off the board.
	next [4][64]int8
	// rankOf[color] maps a square to its rank counted from the colour's own side (0..7).
	relRank [2][64]uint8
	// cone[color][sq]: squares from which an enemy piece could stop a man on
	// sq from running to promotion (ahead of it, widening by one file per rank).
	cone [2][64]uint64
	// zobrist[color][king][sq] and the side-to-move key.
	zobrist [2][2][64]uint64
	zside   uint64
	// relRankMask[color][r]: the squares of relative rank r.
	relRankMask [2][8]uint64
}

var tab = newTables()

// splitmix64 is the fixed-seed generator behind the Zobrist keys.
func splitmix64(s *uint64) uint64 {
	*s += 0x9e3779b97f4a7c15
	z := *s
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func newTables() *tables {
	t := &tables{}
	for sq := 0; sq < 64; sq++ {
		f, r := sq%8, sq/8
		for d := 0; d < 4; d++ {
			t.next[d][sq] = -1
			df, dr := 0, 0
			switch d {
			case dirUp:
				dr = 1
			case dirDown:
				dr = -1
			case dirLeft:
				df = -1
			case dirRight:
				df = 1
			}
			for i := 1; ; i++ {
				nf, nr := f+df*i, r+dr*i
				if nf < 0 || nf > 7 || nr < 0 || nr > 7 {
					break
				}
				if i == 1 {
					t.next[d][sq] = int8(nr*8 + nf)
				}
				t.rays[d][sq] |= 1 << uint(nr*8+nf)
			}
		}
		t.relRank[white][sq] = uint8(r)
		t.relRank[black][sq] = uint8(7 - r)
		t.relRankMask[white][r] |= 1 << uint(sq)
		t.relRankMask[black][7-r] |= 1 << uint(sq)
		for sq2 := 0; sq2 < 64; sq2++ {
			f2, r2 := sq2%8, sq2/8
			df := f2 - f
			if df < 0 {
				df = -df
			}
			if sq2 != sq && r2 >= r && df <= r2-r+1 {
				t.cone[white][sq] |= 1 << uint(sq2)
			}
			if sq2 != sq && r2 <= r && df <= r-r2+1 {
				t.cone[black][sq] |= 1 << uint(sq2)
			}
		}
	}
	seed := uint64(0x0d4a_7e5c_1b2f_3a91) // fixed: hashes are stable across runs
	for c := 0; c < 2; c++ {
		for k := 0; k < 2; k++ {
			for sq := 0; sq < 64; sq++ {
				t.zobrist[c][k][sq] = splitmix64(&seed)
			}
		}
	}
	t.zside = splitmix64(&seed)
	return t
}

// firstBlocker returns the square of the nearest piece of the non-empty set
// occ (a subset of a ray) when walking in direction d.
func firstBlocker(occ uint64, d int) int {
	if d == dirUp || d == dirRight {
		return bits.TrailingZeros64(occ)
	}
	return 63 - bits.LeadingZeros64(occ)
}

// slide returns the empty squares a king on sq reaches in direction d.
func slide(sq, d int, occ uint64) uint64 {
	ray := tab.rays[d][sq]
	if b := ray & occ; b != 0 {
		return ray &^ (tab.rays[d][firstBlocker(b, d)] | 1<<uint(firstBlocker(b, d)))
	}
	return ray
}

// shift moves every square of bb one step in direction d, dropping those that
// would leave the board.
func shift(bb uint64, d int) uint64 {
	switch d {
	case dirUp:
		return bb << 8
	case dirDown:
		return bb >> 8
	case dirLeft:
		return (bb &^ fileA) >> 1
	default:
		return (bb &^ fileH) << 1
	}
}

// squareName is the algebraic name of sq ("c3").
func squareName(sq int) string {
	return string([]byte{byte('a' + sq%8), byte('1' + sq/8)})
}
