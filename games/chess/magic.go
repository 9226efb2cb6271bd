package chess

// magic.go: sliding attacks by magic bitboards ("fancy" magics: one shared
// table, a per-square offset and shift). The magic numbers are found at
// start-up by a seeded random search, which takes a few milliseconds and is
// the same on every run.

import "math/bits"

type magic struct {
	mask   uint64
	magic  uint64
	shift  uint8
	offset uint32
}

var (
	rookMagics   [64]magic
	bishopMagics [64]magic
	rookTable    []uint64
	bishopTable  []uint64
)

// RookAttacks is the set of squares a rook on sq attacks given the occupied
// squares occ.
func RookAttacks(sq int, occ uint64) uint64 {
	m := &rookMagics[sq]
	return rookTable[m.offset+uint32(((occ&m.mask)*m.magic)>>m.shift)]
}

// BishopAttacks is the set of squares a bishop on sq attacks given occ.
func BishopAttacks(sq int, occ uint64) uint64 {
	m := &bishopMagics[sq]
	return bishopTable[m.offset+uint32(((occ&m.mask)*m.magic)>>m.shift)]
}

// QueenAttacks is the set of squares a queen on sq attacks given occ.
func QueenAttacks(sq int, occ uint64) uint64 { return RookAttacks(sq, occ) | BishopAttacks(sq, occ) }

// rays[d][sq] are the squares from sq to the edge in direction d: the
// first four run towards higher squares (N, E, NE, NW), the last four
// towards lower ones (S, W, SW, SE).
var rays [8][64]uint64

var rayDirs = [8][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}, {-1, 0}, {0, -1}, {-1, -1}, {-1, 1}}

func initRays() {
	for d, dir := range rayDirs {
		for sq := range 64 {
			for r, f := rankOf(sq)+dir[0], fileOf(sq)+dir[1]; r >= 0 && r < 8 && f >= 0 && f < 8; r, f = r+dir[0], f+dir[1] {
				rays[d][sq] |= bit(r*8 + f)
			}
		}
	}
}

// upRay and downRay are the attacks along ray d (towards higher or lower
// squares), cut after the first occupied square: the table filler's
// reference attacks.
func upRay(d, sq int, occ uint64) uint64 {
	ray := rays[d][sq]
	if b := ray & occ; b != 0 {
		ray ^= rays[d][bits.TrailingZeros64(b)]
	}
	return ray
}

func downRay(d, sq int, occ uint64) uint64 {
	ray := rays[d][sq]
	if b := ray & occ; b != 0 {
		ray ^= rays[d][63-bits.LeadingZeros64(b)]
	}
	return ray
}

func rookAttacksSlow(sq int, occ uint64) uint64 {
	return upRay(0, sq, occ) | upRay(1, sq, occ) | downRay(4, sq, occ) | downRay(5, sq, occ)
}

func bishopAttacksSlow(sq int, occ uint64) uint64 {
	return upRay(2, sq, occ) | upRay(3, sq, occ) | downRay(6, sq, occ) | downRay(7, sq, occ)
}

// rookMask is the relevant occupancy of a rook on sq: its rays without the
// edge squares, whose occupancy never changes the attacks.
func rookMask(sq int) uint64 {
	r, f := rankOf(sq), fileOf(sq)
	var m uint64
	for rr := r + 1; rr < 7; rr++ {
		m |= bit(rr*8 + f)
	}
	for rr := r - 1; rr > 0; rr-- {
		m |= bit(rr*8 + f)
	}
	for ff := f + 1; ff < 7; ff++ {
		m |= bit(r*8 + ff)
	}
	for ff := f - 1; ff > 0; ff-- {
		m |= bit(r*8 + ff)
	}
	return m
}

func bishopMask(sq int) uint64 {
	const edges = fileA | fileH | rank1 | rank8
	return bishopAttacksSlow(sq, 0) &^ edges
}

func initMagics() {
	initRays()
	rookTable = fillMagics(&rookMagics, &rookMagicNumbers, rookMask, rookAttacksSlow)
	bishopTable = fillMagics(&bishopMagics, &bishopMagicNumbers, bishopMask, bishopAttacksSlow)
}

// fillMagics builds the shared attack table of one slider from its magics.
func fillMagics(ms *[64]magic, numbers *[64]uint64, maskOf func(int) uint64, attacks func(int, uint64) uint64) []uint64 {
	size := 0
	for sq := range 64 {
		size += 1 << popcount(maskOf(sq))
	}
	table := make([]uint64, 0, size)
	for sq := range 64 {
		mask := maskOf(sq)
		shift := uint8(64 - popcount(mask))
		ms[sq] = magic{mask: mask, magic: numbers[sq], shift: shift, offset: uint32(len(table))}
		table = table[:len(table)+1<<popcount(mask)]
		for sub := uint64(0); ; {
			table[ms[sq].offset+uint32((sub*numbers[sq])>>shift)] = attacks(sq, sub)
			if sub = (sub - mask) & mask; sub == 0 {
				break
			}
		}
	}
	return table
}
