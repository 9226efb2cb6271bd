package chess

// magic.go: sliding attacks by magic bitboards ("fancy" magics: one shared
// table, a per-square offset and shift). The magic numbers are found at
// start-up by a seeded random search, which takes a few milliseconds and is
// the same on every run.

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

var (
	rookDirs   = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}
	bishopDirs = [4][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}}
)

// slide walks the rays from sq until the edge or the first occupied square.
func slide(sq int, occ uint64, dirs [4][2]int) uint64 {
	var att uint64
	for _, d := range dirs {
		r, f := rankOf(sq)+d[0], fileOf(sq)+d[1]
		for r >= 0 && r < 8 && f >= 0 && f < 8 {
			att |= bit(r*8 + f)
			if occ&bit(r*8+f) != 0 {
				break
			}
			r, f = r+d[0], f+d[1]
		}
	}
	return att
}

func rookAttacksSlow(sq int, occ uint64) uint64   { return slide(sq, occ, rookDirs) }
func bishopAttacksSlow(sq int, occ uint64) uint64 { return slide(sq, occ, bishopDirs) }

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
	rookTable = fillMagics(&rookMagics, &rookMagicNumbers, rookMask, rookAttacksSlow)
	bishopTable = fillMagics(&bishopMagics, &bishopMagicNumbers, bishopMask, bishopAttacksSlow)
}

// fillMagics builds the shared attack table of one slider from its magics.
func fillMagics(ms *[64]magic, numbers *[64]uint64, maskOf func(int) uint64, attacks func(int, uint64) uint64) []uint64 {
	var table []uint64
	for sq := range 64 {
		mask := maskOf(sq)
		shift := uint8(64 - popcount(mask))
		ms[sq] = magic{mask: mask, magic: numbers[sq], shift: shift, offset: uint32(len(table))}
		table = append(table, make([]uint64, 1<<popcount(mask))...)
		for sub := uint64(0); ; {
			table[ms[sq].offset+uint32((sub*numbers[sq])>>shift)] = attacks(sq, sub)
			if sub = (sub - mask) & mask; sub == 0 {
				break
			}
		}
	}
	return table
}
