package puzzle

import (
	"fmt"
	"math/rand/v2"

	"oyunbot/ai"
)

// Difficulty of random starts by level (ai's standard level names, any
// language: easy/kolay, medium/orta, hard/zor, master/usta). On the
// 8-puzzle a level is a range of shortest-solution lengths, drawn uniformly
// from the states in it; on the 15-puzzle a random walk of that many moves
// (never straight back), master a uniformly random solvable arrangement.
var (
	levels3 = map[string][2]int{"easy": {4, 10}, "medium": {11, 18}, "hard": {19, 25}, "master": {26, 31}}
	walks4  = map[string]int{"easy": 12, "medium": 25, "hard": 45, "master": 0}
)

// RandomStart returns a random solvable start of the level's difficulty in
// the position text format (for a custom start, so that the game replays
// from its record). An unknown level is an error.
func (g Game) RandomStart(level string, r *rand.Rand) (string, error) {
	l, ok := ai.ParseLevel(level)
	if !ok {
		return "", fmt.Errorf("puzzle: unknown level %q", level)
	}
	if g.n() == 3 {
		rg := levels3[l.Name]
		return random3(r, rg[0], rg[1]).String(), nil
	}
	if walks4[l.Name] == 0 {
		return randomPermutation(r, 4).String(), nil
	}
	return randomWalk(r, 4, walks4[l.Name]).String(), nil
}

// randomWalk is the goal after k random moves of the blank, none undoing
// the one before, retried until the position is not solved.
func randomWalk(r *rand.Rand, n, k int) *Pos {
	for {
		p := Game{Size: n}.goalPos()
		p.free = true
		var last uint8
		var moves []ai.Move
		for range k {
			moves = p.Moves(moves[:0])
			for {
				m := moves[r.IntN(len(moves))]
				if uint8(m.Lo) != inverse[last] {
					p.slide(uint8(m.Lo))
					last = uint8(m.Lo)
					break
				}
			}
		}
		p.free = false
		if !p.IsGoal() {
			return newPos(n, p.cells)
		}
	}
}

// randomPermutation is a uniformly random solvable arrangement (not the
// goal): a random permutation, with two tiles swapped when it is
// unsolvable (a swap of two tiles flips the inversions' parity).
func randomPermutation(r *rand.Rand, n int) *Pos {
	for {
		var b [16]uint8
		for i := range n * n {
			b[i] = uint8(i)
		}
		r.Shuffle(n*n, func(i, j int) { b[i], b[j] = b[j], b[i] })
		if Solvable(n, b[:n*n]) != nil {
			i, j := 0, 1
			if b[i] == 0 {
				i = 2
			} else if b[j] == 0 {
				j = 2
			}
			b[i], b[j] = b[j], b[i]
		}
		if p := newPos(n, b); !p.IsGoal() {
			return p
		}
	}
}
