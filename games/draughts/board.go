// board.go holds the geometry of the 32 dark squares: neighbours, the
// bitboard steps in each diagonal direction, masks and Zobrist keys.

package draughts

import "math/bits"

// Colours index the bitboard pairs.
const (
	white = 0
	black = 1
)

// Directions on the internal (English) board. White men go up (towards
// rank 8, lower square numbers), black men down.
const (
	upLeft    = 0
	upRight   = 1
	downLeft  = 2
	downRight = 3
)

// forwardDirs are each colour's forward directions, dirMask the same as
// bits (1<<direction).
var (
	forwardDirs = [2][2]int{{upLeft, upRight}, {downLeft, downRight}}
	dirMask     = [2]uint8{1<<upLeft | 1<<upRight, 1<<downLeft | 1<<downRight}
)

// Rows (rank 8 first) and masks of the internal board.
const (
	row8      uint32 = 0x0000000f // rank 8: squares 1-4
	row1      uint32 = 0xf0000000 // rank 1: squares 29-32
	allSquare uint32 = 0xffffffff
)

// promoRow is each colour's crowning rank.
var promoRow = [2]uint32{row8, row1}

// step moves every square of bb one square in direction d, dropping those
// that would leave the board. On the 4-wide rows the step is 4 one way
// and 3 or 5 the other, depending on the row's parity: even rows (ranks
// 8, 6, 4, 2) hold files b d f h, odd rows files a c e g.
func step(bb uint32, d int) uint32 {
	switch d {
	case upLeft:
		return (bb&0x0f0f0f00)>>4 | (bb&0xe0e0e0e0)>>5
	case upRight:
		return (bb&0x07070700)>>3 | (bb&0xf0f0f0f0)>>4
	case downLeft:
		return (bb&0x0f0f0f0f)<<4 | (bb&0x00e0e0e0)<<3
	default:
		return (bb&0x07070707)<<5 | (bb&0x00f0f0f0)<<4
	}
}

// tables are computed once into read-only values.
type tables struct {
	// next[d][sq]: the neighbour of sq in direction d, or -1.
	next [4][32]int8
	// jump[d][sq]: the square two steps from sq in direction d, or -1.
	jump [4][32]int8
	// file and rank (0..7, rank 0 is rank 1) of each internal square.
	file, rank [32]uint8
	// zobrist[colour][king][sq] and the side-to-move key.
	zobrist [2][2][32]uint64
	zside   uint64
	// square maps file+8*rank to the internal square, or -1 on a light square.
	square [64]int8
}

var tab = *newTables()

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
	for i := range t.square {
		t.square[i] = -1
	}
	for sq := 0; sq < 32; sq++ {
		row, c := sq/4, sq%4
		f := 2 * c
		if row%2 == 0 {
			f++
		}
		t.file[sq], t.rank[sq] = uint8(f), uint8(7-row)
		t.square[f+8*(7-row)] = int8(sq)
	}
	at := func(f, r int) int8 {
		if f < 0 || f > 7 || r < 0 || r > 7 {
			return -1
		}
		return t.square[f+8*r]
	}
	for sq := 0; sq < 32; sq++ {
		f, r := int(t.file[sq]), int(t.rank[sq])
		for d, fr := range [4][2]int{{-1, 1}, {1, 1}, {-1, -1}, {1, -1}} {
			t.next[d][sq] = at(f+fr[0], r+fr[1])
			t.jump[d][sq] = at(f+2*fr[0], r+2*fr[1])
		}
	}
	seed := uint64(0x6a09_e667_f3bc_c908) // fixed: hashes are stable across runs
	for c := 0; c < 2; c++ {
		for k := 0; k < 2; k++ {
			for sq := 0; sq < 32; sq++ {
				t.zobrist[c][k][sq] = splitmix64(&seed)
			}
		}
	}
	t.zside = splitmix64(&seed)
	return t
}

func bit(sq int) uint32 { return 1 << uint(sq) }

// lowest is the square of the lowest set bit of a non-empty set.
func lowest(bb uint32) int { return bits.TrailingZeros32(bb) }

func popcount(bb uint32) int { return bits.OnesCount32(bb) }

// squareName is the algebraic name of internal square sq in variant v.
func (v *variant) squareName(sq int) string {
	f := tab.file[sq]
	if v.mirrored {
		f = 7 - f
	}
	return string([]byte{'a' + f, '1' + tab.rank[sq]})
}

// squareNumber is the standard number (1..32) of internal square sq in v:
// rows of four from rank 8 down, left to right as the variant's board is
// seen from White.
func (v *variant) squareNumber(sq int) int {
	if v.mirrored {
		return sq - sq%4 + (3 - sq%4) + 1
	}
	return sq + 1
}

// fromNumber is the internal square of the standard number n (1..32).
func (v *variant) fromNumber(n int) int {
	sq := n - 1
	if v.mirrored {
		sq = sq - sq%4 + (3 - sq%4)
	}
	return sq
}

// fromFileRank is the internal square of the variant's file f and rank r
// (0..7 each), or -1 on a light square.
func (v *variant) fromFileRank(f, r int) int {
	if v.mirrored {
		f = 7 - f
	}
	return int(tab.square[f+8*r])
}
