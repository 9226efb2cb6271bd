// endgame.go is the endgame table: every position of at most three
// pieces (both sides still on the board), solved by retrograde analysis
// under the variant's rules, with the distance to the end in plies. The
// evaluation returns its exact result there, so the engine wins two kings
// against one instead of shuffling, and knows a lone king against a lone
// king is a draw. The forty-move rule and repetitions are left out: every
// win in the table takes fewer than 80 plies (endgame_test.go).

package draughts

import (
	"slices"

	"oyunbot/ai"
)

// endgamePieces is the most pieces on the board the table covers.
const endgamePieces = 3

// endgameWin scores a won table position, less the plies to the win:
// above any evaluation, below the engine's scores for finished games.
const endgameWin = 60_000

// Piece kinds of the table's index, in index order.
const (
	kindWM = iota
	kindWK
	kindBM
	kindBK
	kinds
)

// endgameTable holds a value per position: 0 a draw, n > 0 a win in n
// plies for the side to move, -(n+1) a loss in n plies. Indexed by the
// number of pieces (2 or 3), the side to move, and the combination of the
// pieces' codes (kind*32 + square) in the combinatorial number system.
type endgameTable struct {
	vals [endgamePieces + 1][2][]int16
}

// binom[n][k] is n choose k for the index.
var binom = func() (b [kinds*32 + 1][endgamePieces + 1]int) {
	for n := range b {
		b[n][0] = 1
		for k := 1; k <= endgamePieces && k <= n; k++ {
			b[n][k] = b[n-1][k-1] + b[n-1][k]
		}
	}
	return b
}()

// codes lists the pieces of s as kind*32+square, ascending.
func codes(s *state, buf []int) []int {
	for kind, bb := range [kinds]uint32{s.men[white], s.kings[white], s.men[black], s.kings[black]} {
		for ; bb != 0; bb &= bb - 1 {
			buf = append(buf, kind*32+lowest(bb))
		}
	}
	return buf // kinds in order, squares ascending within: sorted
}

func comboIndex(cs []int) int {
	i := 0
	for k, c := range cs {
		i += binom[c][k+1]
	}
	return i
}

// endgame returns v's table, solving it at first use (about 0.2 s).
func (v *variant) endgame() *endgameTable {
	v.egOnce.Do(func() { v.eg = solveEndgames(v.italian) })
	return v.eg
}

// Ready implements games.Readier: closed once the endgame table is
// solved. The bot calls it at start, so the table is solved in the
// background then, not during the first game that reaches it.
func (g Game) Ready() <-chan struct{} {
	g.v.readyOnce.Do(func() {
		g.v.ready = make(chan struct{})
		go func() {
			g.v.endgame()
			close(g.v.ready)
		}()
	})
	return g.v.ready
}

// probe returns the table's score of s for the side to move, or false
// when s is not in the table.
func (t *endgameTable) probe(s *state) (int, bool) {
	if s.pieces(white) == 0 || s.pieces(black) == 0 {
		return 0, false
	}
	var buf [endgamePieces + 1]int
	cs := codes(s, buf[:0])
	if len(cs) > endgamePieces {
		return 0, false
	}
	return scoreOf(t.vals[len(cs)][s.side][comboIndex(cs)]), true
}

// EndgameResult reports the table's verdict on the position, if it has one: the
// winner (ai.NoSide for a draw) and the plies to the end.
func (p *Position) EndgameResult() (winner ai.Side, plies int, ok bool) {
	s := &p.st
	if popcount(s.occ()) > endgamePieces || s.pieces(white) == 0 || s.pieces(black) == 0 {
		return ai.NoSide, 0, false
	}
	var buf [endgamePieces + 1]int
	cs := codes(s, buf[:0])
	v := p.v.endgame().vals[len(cs)][s.side][comboIndex(cs)]
	switch {
	case v > 0:
		return p.Turn(), int(v), true
	case v < 0:
		return p.Turn().Opponent(), int(-v - 1), true
	}
	return ai.NoSide, 0, true
}

func scoreOf(v int16) int {
	switch {
	case v > 0:
		return endgameWin - int(v)
	case v < 0:
		return -(endgameWin - int(-v-1))
	}
	return 0
}

// solveEndgames solves every position of 2 and 3 pieces by retrograde
// analysis: positions without a move are lost; a position with a move to
// a lost one is won, one ply further; a position all of whose moves lead
// to won ones is lost, one ply further than the longest; the rest are
// draws. Breadth first, so distances are exact (the shortest win, the
// longest loss).
func solveEndgames(italian bool) *endgameTable {
	t := &endgameTable{}
	// Every index of every table is a node: base[n] + side*size + combo.
	var base [endgamePieces + 2]int
	for n := 2; n <= endgamePieces; n++ {
		base[n+1] = base[n] + 2*binom[kinds*32][n]
	}
	total := base[endgamePieces+1]
	nodeOf := func(n, side, idx int) int32 { return int32(base[n] + side*binom[kinds*32][n] + idx) }
	const lastPiece = -1 // a child where the mover took the last piece
	// The moves of every position, as children: those of node i are
	// kids[first[i]:end[i]].
	first := make([]int32, total)
	end := make([]int32, total)
	kids := make([]int32, 0, total)
	valid := make([]bool, total)
	var buf [ai.MaxMoves]ai.Move
	var cbuf [endgamePieces + 1]int
	cs := make([]int, endgamePieces)
	for n := 2; n <= endgamePieces; n++ {
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
				i := nodeOf(n, side, comboIndex(cs[:n]))
				valid[i] = true
				first[i] = int32(len(kids))
				for _, m := range s.genMoves(buf[:0]) {
					c := s
					c.apply(m)
					if c.pieces(int(c.side)) == 0 {
						kids = append(kids, lastPiece)
						continue
					}
					ccs := codes(&c, cbuf[:0])
					kids = append(kids, nodeOf(len(ccs), int(c.side), comboIndex(ccs)))
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
	for n := 2; n <= endgamePieces; n++ {
		for side := 0; side < 2; side++ {
			i := nodeOf(n, side, 0)
			t.vals[n][side] = val[i : int(i)+binom[kinds*32][n]]
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
