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

// retro solves every position of the given material (white's pieces and one
// black king, either side to move) over the package's own move generator. A
// move into a position outside the set must end the game (a capture leaving
// one piece each, or no black piece) or promote into a solved position (of
// the earlier table). It returns, per position key, plies to a win (>0) or
// a loss (<0) for the side to move; missing keys are draws.
func retro(positions []state, earlier map[state]int16) map[state]int16 {
	val := make(map[state]int16, len(positions))
	lookup := func(s state) (int16, bool) {
		if v, ok := val[s]; ok {
			return v, true
		}
		v, ok := earlier[s]
		return v, ok
	}
	var buf [ai.MaxMoves]ai.Move
	for changed := true; changed; {
		changed = false
		for _, s := range positions {
			if _, done := val[s]; done {
				continue
			}
			win, lost, longest := 0, true, 0
			for _, m := range s.genMoves(buf[:0]) {
				c := s
				c.apply(m)
				c.hash, c.quiet, c.rev = 0, 0, 0
				nw, nb := bits.OnesCount64(c.pieces(white)), bits.OnesCount64(c.pieces(black))
				switch {
				case nb == 0:
					win, lost = 1, false
				case nw == 1 && nb == 1:
					lost = false
				default:
					v, _ := lookup(c)
					switch {
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
			}
			if win > 0 {
				val[s] = int16(win)
				changed = true
			} else if lost {
				val[s] = int16(-max(longest, 1))
				changed = true
			}
		}
	}
	return val
}

func TestLoneKingEndingsAreDrawn(t *testing.T) {
	if testing.Short() {
		t.Skip("retrograde analysis of two endings: a few seconds")
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
	kk := retro(twoKings, nil)
	km := retro(kingMan, kk)
	for _, tc := range []struct {
		name string
		pos  []state
		val  map[state]int16
	}{{"two kings v king", twoKings, kk}, {"king and man v king", kingMan, km}} {
		wins, draws, longest := 0, 0, 0
		for _, s := range tc.pos {
			v := tc.val[s]
			if s.side == black {
				v = -v
			}
			switch {
			case v < 0:
				t.Fatalf("%s: the lone king wins %v", tc.name, &Position{st: s})
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
