package draughts

// endgame_ref_test.go is the first endgame table (every position of up to
// three pieces, solved by a plain retrograde analysis over the explicit
// graph of all positions), kept as the reference the database is compared
// with: two solvers written apart must agree on every position.

import (
	"slices"

	"oyunbot/ai"
)

// refPieces is the most pieces on the board the table covers.
const refPieces = 3

// Piece kinds of the table's index, in index order.
const (
	kindWM = iota
	kindWK
	kindBM
	kindBK
	kinds
)

// refTable holds a value per position: 0 a draw, n > 0 a win in n
// plies for the side to move, -(n+1) a loss in n plies. Indexed by the
// number of pieces (2 or 3), the side to move, and the combination of the
// pieces' codes (kind*32 + square) in the combinatorial number system.
type refTable struct {
	vals [refPieces + 1][2][]int16
}

// refBinom[n][k] is n choose k for the index.
var refBinom = func() (b [kinds*32 + 1][refPieces + 1]int) {
	for n := range b {
		b[n][0] = 1
		for k := 1; k <= refPieces && k <= n; k++ {
			b[n][k] = b[n-1][k-1] + b[n-1][k]
		}
	}
	return b
}()

// codes lists the pieces of s as kind*32+square, ascending.
func refCodes(s *state, buf []int) []int {
	for kind, bb := range [kinds]uint32{s.men[white], s.kings[white], s.men[black], s.kings[black]} {
		for ; bb != 0; bb &= bb - 1 {
			buf = append(buf, kind*32+lowest(bb))
		}
	}
	return buf // kinds in order, squares ascending within: sorted
}

func refIndex(cs []int) int {
	i := 0
	for k, c := range cs {
		i += refBinom[c][k+1]
	}
	return i
}

// refSolve solves every position of 2 and 3 pieces by retrograde
// analysis: positions without a move are lost; a position with a move to
// a lost one is won, one ply further; a position all of whose moves lead
// to won ones is lost, one ply further than the longest; the rest are
// draws. Breadth first, so distances are exact (the shortest win, the
// longest loss).
func refSolve(italian bool) *refTable {
	t := &refTable{}
	// Every index of every table is a node: base[n] + side*size + combo.
	var base [refPieces + 2]int
	for n := 2; n <= refPieces; n++ {
		base[n+1] = base[n] + 2*refBinom[kinds*32][n]
	}
	total := base[refPieces+1]
	nodeOf := func(n, side, idx int) int32 { return int32(base[n] + side*refBinom[kinds*32][n] + idx) }
	const lastPiece = -1 // a child where the mover took the last piece
	// The moves of every position, as children: those of node i are
	// kids[first[i]:end[i]].
	first := make([]int32, total)
	end := make([]int32, total)
	kids := make([]int32, 0, total)
	valid := make([]bool, total)
	var buf [ai.MaxMoves]ai.Move
	var cbuf [refPieces + 1]int
	cs := make([]int, refPieces)
	for n := 2; n <= refPieces; n++ {
		var rec func(k, from int)
		rec = func(k, from int) {
			if k < n {
				for c := from; c < kinds*32; c++ {
					cs[k] = c
					rec(k+1, c+1)
				}
				return
			}
			s, ok := stateOf(cs[:n], italian)
			if !ok {
				return
			}
			for side := 0; side < 2; side++ {
				s.side = uint8(side)
				i := nodeOf(n, side, refIndex(cs[:n]))
				valid[i] = true
				first[i] = int32(len(kids))
				for _, m := range s.genMoves(buf[:0]) {
					c := s
					c.apply(m)
					if c.pieces(int(c.side)) == 0 {
						kids = append(kids, lastPiece)
						continue
					}
					ccs := refCodes(&c, cbuf[:0])
					kids = append(kids, nodeOf(len(ccs), int(c.side), refIndex(ccs)))
				}
				end[i] = int32(len(kids))
			}
		}
		rec(0, 0)
	}
	// The parents of every node (CSR), each edge once per move.
	pfirst := make([]int32, total+1)
	for i := 0; i < total; i++ {
		if valid[i] {
			for _, j := range kids[first[i]:end[i]] {
				if j >= 0 {
					pfirst[j+1]++
				}
			}
		}
	}
	for i := 0; i < total; i++ {
		pfirst[i+1] += pfirst[i]
	}
	parents := make([]int32, pfirst[total])
	fill := slices.Clone(pfirst[:total])
	for i := 0; i < total; i++ {
		if valid[i] {
			for _, j := range kids[first[i]:end[i]] {
				if j >= 0 {
					parents[fill[j]] = int32(i)
					fill[j]++
				}
			}
		}
	}
	val := make([]int16, total)
	left := make([]int32, total)
	// The queue holds positions by distance, nondecreasing: the lost
	// ones (0 plies) before the won in one.
	var queue, wins []int32
	for i := 0; i < total; i++ {
		if !valid[i] {
			continue
		}
		ks := kids[first[i]:end[i]]
		left[i] = int32(len(ks))
		switch {
		case len(ks) == 0:
			val[i] = -1 // lost now
			queue = append(queue, int32(i))
		case slices.Contains(ks, lastPiece):
			val[i] = 1
			wins = append(wins, int32(i))
		}
	}
	queue = append(queue, wins...)
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		v := val[i]
		for _, p := range parents[pfirst[i]:pfirst[i+1]] {
			if val[p] != 0 {
				continue
			}
			if v < 0 { // a move to a lost position wins
				val[p] = -v
				queue = append(queue, p)
				continue
			}
			if left[p]--; left[p] == 0 { // every move leads to a win for the other
				val[p] = -(v + 2)
				queue = append(queue, p)
			}
		}
	}
	for n := 2; n <= refPieces; n++ {
		for side := 0; side < 2; side++ {
			i := nodeOf(n, side, 0)
			t.vals[n][side] = val[i : int(i)+refBinom[kinds*32][n]]
		}
	}
	return t
}

// stateOf is the board of the sorted piece codes cs, or false when it is
// no position (two pieces on one square, a side without pieces, a man on
// its crowning rank).
func stateOf(cs []int, italian bool) (state, bool) {
	s := state{italian: italian}
	var seen uint32
	for _, c := range cs {
		kind, sq := c/32, c%32
		b := bit(sq)
		if seen&b != 0 {
			return s, false
		}
		seen |= b
		switch kind {
		case kindWM:
			s.men[white] |= b
		case kindWK:
			s.kings[white] |= b
		case kindBM:
			s.men[black] |= b
		default:
			s.kings[black] |= b
		}
	}
	if s.pieces(white) == 0 || s.pieces(black) == 0 ||
		s.men[white]&promoRow[white] != 0 || s.men[black]&promoRow[black] != 0 {
		return s, false
	}
	return s, true
}
