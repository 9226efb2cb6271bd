// Package islem is the İşlem board game (Naim Çağman, 2009) as the rule file
// fixes it: numbered stones on an 8x8 board forming sum chains (rows and
// columns) and product chains (diagonals) whose values are joined into
// operations, a turn's operations capturing the opponent's stones.
//
// A turn is several plies by one side: a placement (or, in phase 3, a move
// of a stone), then one ply per stone it captures. Squares are numbered
// rank*8+file from a1 = 0.
package islem

import "oyunbot/ai"

// Board geometry and equipment.
const (
	Size      = 8
	Squares   = Size * Size
	MaxValue  = 13 // stones are numbered 0..13
	SetStones = MaxValue + 1
	// WinCaptures is how many captures end the game (with equal moves).
	WinCaptures = 21
	// TurnLimit is the number of turns in all after which the game ends.
	TurnLimit = 200
)

// fullSet is a set (takım) of stones: one of each value, as a bit mask.
const fullSet uint16 = 1<<SetStones - 1

// A cell is 0 when empty, else 1+value for the first player's stone and
// 17+value for the second's.
type cell = uint8

func stone(s ai.Side, v int) cell { return cell(1 + v + 16*int(s)) }

func owner(c cell) ai.Side { return ai.Side((c - 1) >> 4) }

func value(c cell) int { return int((c - 1) & 15) }

// SquareName is a square's name ("d6").
func SquareName(sq int) string {
	return string([]byte{byte('a' + sq%Size), byte('1' + sq/Size)})
}

// ParseSquare reads a square's name, case-insensitively.
func ParseSquare(s string) (int, bool) {
	if len(s) != 2 {
		return 0, false
	}
	f, r := s[0]|0x20, s[1]
	if f < 'a' || f > 'h' || r < '1' || r > '8' {
		return 0, false
	}
	return int(r-'1')*Size + int(f-'a'), true
}

// Precomputed geometry: every square's neighbours (edge and corner) as a
// mask, and the step to the next square along each line direction.
var (
	nbrMask [Squares]uint64
	nbrList [Squares][]int8
	center  uint64 // b2..g7: the thesis's advised opening region
)

// The four line directions: two sum lines (row, column) then two product
// lines (the diagonals). dirs[d] is the (file, rank) step.
var dirs = [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}

// isProduct reports whether line direction d makes product chains.
func isProduct(d int) bool { return d >= 2 }

// step returns the square one step from sq along direction d times k (k is
// 1 or -1), or -1 off the board.
func step(sq, d, k int) int { return int(steps[sq][d][(k+1)/2]) }

// steps[sq][d] is the square before and after sq along direction d (-1 off
// the board).
var steps [Squares][4][2]int8

func slowStep(sq, d, k int) int {
	f, r := sq%Size+dirs[d][0]*k, sq/Size+dirs[d][1]*k
	if f < 0 || f >= Size || r < 0 || r >= Size {
		return -1
	}
	return r*Size + f
}

func init() {
	for sq := 0; sq < Squares; sq++ {
		for d := 0; d < 4; d++ {
			steps[sq][d] = [2]int8{int8(slowStep(sq, d, -1)), int8(slowStep(sq, d, 1))}
		}
		f, r := sq%Size, sq/Size
		if f >= 1 && f <= 6 && r >= 1 && r <= 6 {
			center |= 1 << sq
		}
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				nf, nr := f+df, r+dr
				if (df == 0 && dr == 0) || nf < 0 || nf >= Size || nr < 0 || nr >= Size {
					continue
				}
				n := nr*Size + nf
				nbrMask[sq] |= 1 << n
				nbrList[sq] = append(nbrList[sq], int8(n))
			}
		}
	}
}

// Zobrist keys: a cell on a square, a hand bit, captures, the side to move,
// the captures still owed and the capture floor, the turn count.
var (
	zCell  [Squares][32]uint64
	zHand  [2][2][SetStones]uint64
	zCaps  [2][64]uint64
	zSide  uint64
	zOwed  [64]uint64
	zFloor [65]uint64
	zTurns [TurnLimit + 2]uint64
)

func init() {
	x := uint64(0x1d8e4e27c47d124f)
	next := func() uint64 { // splitmix64
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for i := range zCell {
		for j := range zCell[i] {
			zCell[i][j] = next()
		}
	}
	for s := range zHand {
		for t := range zHand[s] {
			for v := range zHand[s][t] {
				zHand[s][t][v] = next()
			}
		}
	}
	for s := range zCaps {
		for i := range zCaps[s] {
			zCaps[s][i] = next()
		}
	}
	zSide = next()
	for i := range zOwed {
		zOwed[i] = next()
	}
	for i := range zFloor {
		zFloor[i] = next()
	}
	for i := range zTurns {
		zTurns[i] = next()
	}
}
