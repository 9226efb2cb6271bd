package puzzle

// table3.go is the 8-puzzle's distance table: the fewest moves to the goal
// of every one of its 181,440 solvable states, by breadth-first search
// backwards from the goal, indexed by the board's permutation rank (9! =
// 362,880 bytes). Made at first use (about a tenth of a second).

import (
	"math/rand/v2"
	"sync"

	"oyunbot/ai"
)

const states3 = 362880 // 9!

var (
	table3Once sync.Once
	table3     []uint8 // distance by rank; 0xff: unsolvable
)

// rank3 is the Lehmer rank of a 3×3 board.
func rank3(b *[16]uint8) int {
	r := 0
	var used uint16
	for i := range 9 {
		v := b[i]
		r = r*(9-i) + int(v) - popcount16(used&(1<<v-1))
		used |= 1 << v
	}
	return r
}

func popcount16(x uint16) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// Distances3 returns the 8-puzzle's distance table by rank (shared: do not
// change it) and the number of solvable states.
func Distances3() []uint8 {
	table3Once.Do(func() {
		t := make([]uint8, states3)
		for i := range t {
			t[i] = 0xff
		}
		g := Eight.goalPos()
		t[rank3(&g.cells)] = 0
		queue := []*[16]uint8{&g.cells}
		var moves []ai.Move
		for head := 0; head < len(queue); head++ {
			b := queue[head]
			p := newPos(3, *b)
			d := t[rank3(b)]
			moves = p.Moves(moves[:0])
			if d == 0 {
				p.free = true
				moves = p.Moves(moves[:0])
			}
			for _, m := range moves {
				p.slide(uint8(m.Lo))
				if r := rank3(&p.cells); t[r] == 0xff {
					t[r] = d + 1
					c := p.cells
					queue = append(queue, &c)
				}
				p.slide(inverse[m.Lo])
			}
		}
		table3 = t
	})
	return table3
}

// goalPos is the solved position.
func (g Game) goalPos() *Pos {
	var b [16]uint8
	n := g.n()
	for i := range n*n - 1 {
		b[i] = uint8(i + 1)
	}
	return newPos(n, b)
}

// distance3 is the fewest moves from 8-puzzle position p to the goal.
func distance3(p *Pos) int { return int(Distances3()[rank3(&p.cells)]) }

// optimal3 is a shortest solution from p: each move to a neighbour one
// step nearer the goal, the first such in move order.
func optimal3(p *Pos) []ai.Move {
	t := Distances3()
	q := newPos(3, p.cells)
	path := []ai.Move{}
	for d := t[rank3(&q.cells)]; d > 0; d-- {
		for _, m := range q.Moves(nil) {
			q.slide(uint8(m.Lo))
			if t[rank3(&q.cells)] == d-1 {
				path = append(path, m)
				break
			}
			q.slide(inverse[m.Lo])
		}
	}
	return path
}

// random3 is a random 8-puzzle start whose shortest solution has from lo
// to hi moves, uniform among those states.
func random3(r *rand.Rand, lo, hi int) *Pos {
	t := Distances3()
	var pick int
	seen := 0
	for i, d := range t {
		if int(d) >= lo && int(d) <= hi && d != 0xff {
			seen++
			if r.IntN(seen) == 0 { // reservoir sampling
				pick = i
			}
		}
	}
	return newPos(3, unrank3(pick))
}

// unrank3 is the board of a rank.
func unrank3(r int) [16]uint8 {
	var digits [9]int
	for i := 8; i >= 0; i-- {
		digits[i] = r % (9 - i)
		r /= 9 - i
	}
	var b [16]uint8
	var used uint16
	for i, d := range digits {
		for v := range 9 {
			if used&(1<<v) != 0 {
				continue
			}
			if d == 0 {
				b[i] = uint8(v)
				used |= 1 << v
				break
			}
			d--
		}
	}
	return b
}
