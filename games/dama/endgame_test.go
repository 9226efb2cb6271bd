package dama

import (
	"math/bits"
	"testing"

	"oyunbot/ai"
)

// endgame_test.go proves by retrograde analysis what loneKingDraw assumes:
// two kings, or a king and a man, against a lone king win only by a short
// combination (at most 6 plies, counted from either side to move); every
// other position is a draw.

// endingIndex numbers the positions of white's two pieces (a king and a
// second king or man) against a black king: the class (0 two kings, 1 king
// and man), the squares and the side to move.
func endingIndex(s *state) (int, bool) {
	if s.men[black] != 0 || bits.OnesCount64(s.kings[black]) != 1 || bits.OnesCount64(s.pieces(white)) != 2 {
		return 0, false
	}
	k := bits.TrailingZeros64(s.kings[black])
	var class, a, b int
	switch {
	case s.men[white] == 0:
		a = bits.TrailingZeros64(s.kings[white])
		b = 63 - bits.LeadingZeros64(s.kings[white])
	case bits.OnesCount64(s.men[white]) == 1 && s.kings[white] != 0:
		class, a, b = 1, bits.TrailingZeros64(s.kings[white]), bits.TrailingZeros64(s.men[white])
	default:
		return 0, false
	}
	return (((class*64+a)*64+b)*64+k)*2 + s.side, true
}

// retro solves the positions by repeated sweeps over the package's own move
// generator. A move out of the set ends the game (a capture leaving one
// piece each, or no black piece). It returns, per endingIndex, plies to a
// win (>0) or a loss (<0) for the side to move; 0 is a draw.
func retro(positions []state) []int16 {
	val := make([]int16, 2*64*64*64*2)
	var buf [ai.MaxMoves]ai.Move
	for changed := true; changed; {
		changed = false
		for i := range positions {
			s := &positions[i]
			id, _ := endingIndex(s)
			if val[id] != 0 {
				continue
			}
			win, lost, longest := 0, true, 0
			for _, m := range s.genMoves(buf[:0]) {
				c := *s
				c.apply(m)
				if c.pieces(black) == 0 {
					win, lost = 1, false
					continue
				}
				cid, ok := endingIndex(&c)
				if !ok { // one piece each
					lost = false
					continue
				}
				switch v := val[cid]; {
				case v == 0:
					lost = false
				case v < 0:
					if win == 0 || int(-v)+1 < win {
						win = int(-v) + 1
					}
					lost = false
				default:
					longest = max(longest, int(v)+1)
				}
			}
			if win > 0 {
				val[id] = int16(win)
				changed = true
			} else if lost {
				val[id] = int16(-max(longest, 1))
				changed = true
			}
		}
	}
	return val
}

func TestLoneKingEndingsAreDrawn(t *testing.T) {
	if testing.Short() {
		t.Skip("retrograde analysis of two endings")
	}
	var twoKings, kingMan []state
	for a := 0; a < 64; a++ {
		for b := 0; b < 64; b++ {
			for k := 0; k < 64; k++ {
				if a == b || a == k || b == k {
					continue
				}
				for side := 0; side < 2; side++ {
					if a < b {
						twoKings = append(twoKings, state{kings: [2]uint64{bit(a) | bit(b), bit(k)}, side: side})
					}
					if b >= 8 && b < 56 { // a white man on ranks 2-7
						kingMan = append(kingMan, state{kings: [2]uint64{bit(a), bit(k)}, men: [2]uint64{bit(b), 0}, side: side})
					}
				}
			}
		}
	}
	val := retro(append(twoKings, kingMan...))
	for _, tc := range []struct {
		name string
		pos  []state
	}{{"two kings v king", twoKings}, {"king and man v king", kingMan}} {
		wins, draws, longest := 0, 0, 0
		for _, s := range tc.pos {
			id, _ := endingIndex(&s)
			v := val[id]
			if s.side == black {
				v = -v
			}
			switch {
			case v < 0:
				t.Fatalf("%s: the lone king wins %v", tc.name, &Position{history: history{St: s}})
			case v == 0:
				draws++
			default:
				wins++
				longest = max(longest, int(v))
			}
		}
		t.Logf("%s: %d positions, %d won for white (at most %d plies), %d drawn", tc.name, len(tc.pos), wins, longest, draws)
		if longest > 6 || draws < len(tc.pos)/2 {
			t.Errorf("%s: longest win %d plies, %d draws of %d: not a drawn ending", tc.name, longest, draws, len(tc.pos))
		}
	}
	// The evaluation knows: a king up there is worth little.
	for _, fen := range []string{
		".......B/......../......../......../......../......../......../WW...... w",
		".......B/......../......../......../......../......../.w....../W....... w",
		".......B/......../......../......../......../......../.w....../.w...... b",
	} {
		if v := mustPos(t, fen).Evaluate(); v > 40 || v < -40 {
			t.Errorf("%s evaluates %d: a drawn ending", fen, v)
		}
	}
	if v := mustPos(t, ".......B/......../......../......../......../......../......../WWW..... w").Evaluate(); v < 300 {
		t.Errorf("three kings v one evaluate %d: a won ending", v)
	}
}
