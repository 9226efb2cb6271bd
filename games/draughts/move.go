// move.go defines how a move (a step or a whole capture path) is packed
// into an ai.Move.

package draughts

import "oyunbot/ai"

// Move layout. Lo:
//
//	bits  0-4   from square
//	bits  5-9   final square
//	bits 10-13  number of captures n (0 for a step)
//	bit  14     a man is crowned by the move
//	bits 15-59  landing squares 0..8, 5 bits each (a step has one)
//
// Hi:
//
//	bits  0-31  the captured pieces' squares
//	bits 32-61  landing squares 9..14
//
// A path (start and every landing square) is fully encoded, so two paths
// are two moves; the captured squares follow from the path (short jumps)
// and are kept so that Make removes them at once. Every move has a final
// square other than its start or captures, so none is the zero ai.Move.
// No capture takes more than 12 pieces.
const (
	maxHops       = 15
	hopsInLo      = 9
	toShift       = 5
	countShift    = 10
	crownBit      = 1 << 14
	landShift     = 15
	sqMask        = 31
	countMask     = 15
	hiLandShift   = 32
	capturedMaskH = 0xffffffff
)

func moveFrom(m ai.Move) int     { return int(m.Lo & sqMask) }
func moveTo(m ai.Move) int       { return int(m.Lo >> toShift & sqMask) }
func moveCount(m ai.Move) int    { return int(m.Lo >> countShift & countMask) }
func moveCrowns(m ai.Move) bool  { return m.Lo&crownBit != 0 }
func moveTaken(m ai.Move) uint32 { return uint32(m.Hi & capturedMaskH) }

// moveLanding is landing square i of m.
func moveLanding(m ai.Move, i int) int {
	if i < hopsInLo {
		return int(m.Lo >> (landShift + 5*uint(i)) & sqMask)
	}
	return int(m.Hi >> (hiLandShift + 5*uint(i-hopsInLo)) & sqMask)
}

// stepMove packs a non-capturing move.
func stepMove(from, to int, crown bool) ai.Move {
	lo := uint64(from) | uint64(to)<<toShift | uint64(to)<<landShift
	if crown {
		lo |= crownBit
	}
	return ai.Move{Lo: lo}
}

// capMove packs a capture from from along the landing squares lands,
// taking the pieces on taken.
func capMove(from int, lands []int8, taken uint32, crown bool) ai.Move {
	lo := uint64(from) | uint64(lands[len(lands)-1])<<toShift | uint64(len(lands))<<countShift
	if crown {
		lo |= crownBit
	}
	hi := uint64(taken)
	for i, l := range lands {
		if i < hopsInLo {
			lo |= uint64(l) << (landShift + 5*uint(i))
		} else {
			hi |= uint64(l) << (hiLandShift + 5*uint(i-hopsInLo))
		}
	}
	return ai.Move{Lo: lo, Hi: hi}
}

// movePath returns the start square followed by every landing square.
func movePath(m ai.Move) []int {
	n := max(moveCount(m), 1)
	path := make([]int, 1, n+1)
	path[0] = moveFrom(m)
	for i := 0; i < n; i++ {
		path = append(path, moveLanding(m, i))
	}
	return path
}

// jumped is the square between two squares a jump apart.
func jumped(from, to int) int {
	for d := 0; d < 4; d++ {
		if int(tab.jump[d][from]) == to {
			return int(tab.next[d][from])
		}
	}
	return -1
}
