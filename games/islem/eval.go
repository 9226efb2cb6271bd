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

// NoisyMoves implements ai.NoisyGenerator: none, so that quiescence stands
// pat at once instead of generating (and ordering) every move to find none.
// There is always a legal move (a pass at worst), so they are not all.
func (p *Position) NoisyMoves(buf []ai.Move) ([]ai.Move, bool) { return buf, p.Status().Over }

// stoneWorth is a capture's worth in evaluation units.
const stoneWorth = 100

// Evaluate implements ai.Position, from the side to move's view: the
// capture balance (captures owed count as made), plus most of the best
// score the side to move can make at once (its threat: the opponent's
// turn is over, its own is coming), plus the squares where a stone would
// touch two of one's stones or more (what phase 2 and 3 operations are
// made of) for each side.
func (p *Position) Evaluate() int {
	me, opp := p.turn, p.turn.Opponent()
	v := stoneWorth * (int(p.caps[me]) - int(p.caps[opp]) + int(p.owed))
	if p.owed == 0 {
		v += threatWorth * p.bestReply(me, ^uint64(0))
	}
	empty := ^(p.occ[0] | p.occ[1])
	v += potentialWorth * (popcount(meeting(p.occ[me])&empty) - popcount(meeting(p.occ[opp])&empty))
	return v
}

// Evaluation weights: a capture is stoneWorth; a threat is not yet made
// (the opponent may block it), and a meeting square is a chance at best.
const (
	threatWorth    = 70
	potentialWorth = 6
)

// meeting is the mask of squares next to two stones of own or more.
func meeting(own uint64) uint64 {
	var once, twice uint64
	for m := own; m != 0; m &= m - 1 {
		n := nbrMask[trailing(m)]
		twice |= once & n
		once |= n
	}
	return twice
}

// seedMove is the seed document's move: the highest-scoring placement (or
// move) onto a square next to a stone, ties broken at random; a capture
// removes the stone that leaves the opponent the lowest best score.
// Random choices come from the position's hash, so a game replays alike.
func (p *Position) seedMove() (ai.Move, bool) {
	ms := p.legal(p.buf[:0], p.activeSet(p.turn) == 0)
	p.buf = ms[:0]
	if len(ms) == 0 {
		return ai.NoMove, false
	}
	if len(ms) == 1 {
		return ms[0], true
	}
	if p.activeSet(p.turn) == 0 {
		// Phase 1 scores nothing: a square next to the stones there are.
		occ := p.occ[0] | p.occ[1]
		k := 0
		for _, m := range ms {
			if kindOf(m) == kindPlace && nbrMask[toOf(m)]&occ != 0 {
				ms[k] = m
				k++
			}
		}
		if k > 0 {
			ms = ms[:k]
		}
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
