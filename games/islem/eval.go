package islem

// eval.go is the engines' evaluation and the seed document's greedy player.

import "oyunbot/ai"

// Styles.
const (
	StyleSeed = "seed" // the thesis's greedy one-move player
)

// SetStyle implements ai.Styler.
func (p *Position) SetStyle(name string) string {
	prev := p.style
	p.style = ""
	if name == StyleSeed {
		p.style = name
	}
	return prev
}

// Noisy implements ai.Position: nothing needs quiescence, as depth counts
// whole turns (Limits.Turns) and a turn's captures never reach the horizon.
func (p *Position) Noisy(ai.Move) bool { return false }

// stoneWorth is a capture's worth in evaluation units.
const stoneWorth = 100

// Evaluate implements ai.Position: the capture balance from the side to
// move's view (captures owed count as made), less the best score the
// opponent of the side to move could answer with was it its turn, and, in
// phase 1, a little for stones in the middle (the thesis's advice).
func (p *Position) Evaluate() int {
	me := p.turn
	v := stoneWorth * (int(p.caps[me]) - int(p.caps[me.Opponent()]) + int(p.owed))
	if p.activeSet(me) == 0 || p.activeSet(me.Opponent()) == 0 {
		v += 2 * (popcount(p.stones(me)&center) - popcount(p.stones(me.Opponent())&center))
	}
	return v
}

// seedMove is the seed document's move: the highest-scoring placement (or
// move) onto a square next to a stone, ties broken at random; a capture
// removes the stone that leaves the opponent the lowest best score.
// Random choices come from the position's hash, so a game replays alike.
func (p *Position) seedMove() (ai.Move, bool) {
	ms := p.legal(p.buf[:0], false)
	p.buf = ms[:0]
	if len(ms) == 0 {
		return ai.NoMove, false
	}
	if len(ms) == 1 {
		return ms[0], true
	}
	rnd := p.hash | 1
	pick := func(n int) bool { // reservoir sampling among n ties
		rnd ^= rnd << 13
		rnd ^= rnd >> 7
		rnd ^= rnd << 17
		return rnd%uint64(n) == 0
	}
	best, bestScore, ties := ms[0], -1<<30, 0
	opp := p.turn.Opponent()
	for _, m := range ms {
		var s int
		switch kindOf(m) {
		case kindCapture:
			sq := toOf(m)
			c := p.board[sq]
			p.poke(sq, 0)
			s = -p.bestReply(opp, ^uint64(0))
			p.poke(sq, c)
		default:
			s = p.immediate(m)
		}
		switch {
		case s > bestScore:
			best, bestScore, ties = m, s, 1
		case s == bestScore:
			ties++
			if pick(ties) {
				best = m
			}
		}
	}
	return best, true
}
