// move.go defines how a move (a simple step or a whole capture path) is
// packed into an ai.Move.

package dama

import "oyunbot/ai"

// Move layout. Lo:
//
//	bits  0-5   from square
//	bits  6-11  final square
//	bits 12-16  number of captures n (0 for a simple move)
//	bit  17     a man is promoted during the move
//	bits 18-62  capture hops 0..8, 5 bits each: direction (2 bits) and distance-1 (3 bits)
//
// Hi holds hops 9..15 the same way from bit 0. Every legal move has from !=
// to or n > 0, so no move is the zero ai.Move. A capture's path (start and
// every landing square) is fully encoded, so two paths are two moves.
const (
	maxHops      = 16
	hopsInLo     = 9
	hopBits      = 5
	hopShift     = 18
	promoBit     = 1 << 17
	capShift     = 12
	toShift      = 6
	squareMask   = 63
	hopMask      = 31
	captureCount = 31
)

func moveFrom(m ai.Move) int      { return int(m.Lo & squareMask) }
func moveTo(m ai.Move) int        { return int(m.Lo >> toShift & squareMask) }
func moveCaptures(m ai.Move) int  { return int(m.Lo >> capShift & captureCount) }
func movePromotes(m ai.Move) bool { return m.Lo&promoBit != 0 }

// moveHop returns hop i of a capture: its direction and distance.
func moveHop(m ai.Move, i int) (dir, dist int) {
	var h uint64
	if i < hopsInLo {
		h = m.Lo >> (hopShift + hopBits*uint(i)) & hopMask
	} else {
		h = m.Hi >> (hopBits * uint(i-hopsInLo)) & hopMask
	}
	return int(h >> 3), int(h&7) + 1
}

// simpleMove packs a non-capturing move.
func simpleMove(from, to int, promo bool) ai.Move {
	lo := uint64(from) | uint64(to)<<toShift
	if promo {
		lo |= promoBit
	}
	return ai.Move{Lo: lo}
}

// movePath returns the start square followed by every landing square.
func movePath(m ai.Move) []int {
	from := moveFrom(m)
	n := moveCaptures(m)
	if n == 0 {
		return []int{from, moveTo(m)}
	}
	path := make([]int, 1, n+1)
	path[0] = from
	cur := from
	for i := 0; i < n; i++ {
		d, dist := moveHop(m, i)
		cur += dirDelta[d] * dist
		path = append(path, cur)
	}
	return path
}
