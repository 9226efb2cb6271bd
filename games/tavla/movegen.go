package tavla

// movegen.go generates the legal plies: every single-die move, then only
// those that begin a turn using as many dice as possible, and the larger
// die when only one of two different dice can be played.

import "oyunbot/ai"

// canBearOff reports whether side s may bear off: all its checkers left on
// the board are in its home (own points 19..24) and none is pinned.
func (st *state) canBearOff(s ai.Side) bool {
	if st.bar[s] > 0 {
		return false
	}
	sg := sign(s)
	home := 0
	for q := 19; q <= points; q++ {
		i := index(s, q)
		if st.occ[i]*sg > 0 {
			home += st.count(i)
		} else if st.occ[i] != 0 && st.pinned(i) {
			return false // one of s's checkers is pinned here
		}
	}
	return home+int(st.off[s]) == checkers
}

// farthest is side s's lowest own point holding a free checker of s (25 if
// none).
func (st *state) farthest(s ai.Side) int {
	sg := sign(s)
	for q := 1; q <= points; q++ {
		if st.occ[index(s, q)]*sg > 0 {
			return q
		}
	}
	return points + 1
}

// dieMoves appends the plies of side s with die d, ignoring how many dice
// the turn must use.
func (st *state) dieMoves(s ai.Side, d int, buf []ai.Move) []ai.Move {
	sg := sign(s)
	if st.bar[s] > 0 {
		// A checker on the bar enters first, on own point d, unless the
		// opponent holds it with two or more.
		if st.occ[index(s, d)]*sg >= -1 {
			buf = append(buf, plyMove(s, bar, d))
		}
		return buf
	}
	bear := -1 // whether bearing off is allowed, computed on demand
	for q := 1; q <= points; q++ {
		from := index(s, q)
		if st.occ[from]*sg <= 0 {
			continue
		}
		t := q + d
		if t <= points {
			to := index(s, t)
			v := st.occ[to] * sg
			if v < -1 || (v == -1 && st.pinned(to)) {
				continue // a door, or our own checker pinned there
			}
			buf = append(buf, plyMove(s, from, d))
			continue
		}
		if bear < 0 {
			bear = 0
			if st.canBearOff(s) {
				bear = 1
			}
		}
		if bear == 0 {
			continue
		}
		if t == points+1 || q == st.farthest(s) {
			buf = append(buf, plyMove(s, from, d))
		}
	}
	return buf
}

// distinctDice returns the different values among the dice left, largest
// first.
func (st *state) distinctDice() (vals [2]int, n int) {
	for _, d := range st.dice[:st.nd] {
		if n == 0 || vals[n-1] != int(d) {
			vals[n] = int(d)
			n++
		}
	}
	return vals, n
}

// maxUse is how many of the dice left the side to move can play, searching
// at scratch depth k; it stops as soon as all can be.
func (p *Pos) maxUse(k int) int {
	st := &p.st
	if st.nd == 0 || p.over() {
		return 0
	}
	vals, n := st.distinctDice()
	best := 0
	for _, d := range vals[:n] {
		buf := st.dieMoves(st.side, d, p.scratch[k][:0])
		p.scratch[k] = buf
		for _, m := range buf {
			saved := p.st
			p.playPly(m)
			u := 1
			if p.st.off[saved.side] < checkers {
				u += p.maxUse(k + 1)
			}
			p.st = saved
			if u > best {
				best = u
				if best == int(st.nd) {
					return best
				}
			}
		}
	}
	return best
}

// Moves implements ai.Position: the rolls at a chance turn, else the plies
// that keep the turn to the rules.
func (p *Pos) Moves(buf []ai.Move) []ai.Move {
	st := &p.st
	if p.over() {
		return buf
	}
	if st.cube.phase != cubeNone {
		return p.cubeMoves(buf)
	}
	if st.nd == 0 {
		if st.opening {
			for w := 1; w <= 6; w++ {
				for b := 1; b <= 6; b++ {
					if w != b {
						buf = append(buf, openMove(w, b))
					}
				}
			}
			return buf
		}
		for a := 6; a >= 1; a-- {
			for b := a; b >= 1; b-- {
				buf = append(buf, rollMove(a, b))
			}
		}
		return buf
	}
	start := len(buf)
	vals, n := st.distinctDice()
	for _, d := range vals[:n] {
		buf = st.dieMoves(st.side, d, buf)
	}
	if len(buf) == start {
		return append(buf, passMove(st.side)) // the roll is lost
	}
	if st.nd == 1 {
		return buf
	}
	// Keep the plies after which the most dice can still be played.
	uses := p.scratch[4][:0]
	best := 0
	for _, m := range buf[start:] {
		saved := p.st
		p.playPly(m)
		u := 0
		if p.st.off[saved.side] < checkers {
			u = p.maxUse(1)
		}
		p.st = saved
		uses = append(uses, ai.Move{Lo: uint64(u)})
		best = max(best, u)
	}
	p.scratch[4] = uses
	kept := buf[:start]
	larger := false
	if best == 0 && n == 2 {
		// Only one die can be played: the larger one if it can.
		for _, m := range buf[start:] {
			if _, _, d := decodePly(m); d == vals[0] {
				larger = true
			}
		}
	}
	for i, m := range buf[start:] {
		if int(uses[i].Lo) != best {
			continue
		}
		if _, _, d := decodePly(m); larger && d != vals[0] {
			continue
		}
		kept = append(kept, m)
	}
	return kept
}

// Chances implements ai.Stochastic: the 21 distinct rolls (1/18 each, a
// double 1/36), or the opening's 30 ordered pairs of one die each (ties
// are rolled again, so each is 1/30).
func (p *Pos) Chances(buf []ai.ChanceOutcome) []ai.ChanceOutcome {
	if p.st.opening {
		for w := 1; w <= 6; w++ {
			for b := 1; b <= 6; b++ {
				if w != b {
					buf = append(buf, ai.ChanceOutcome{Move: openMove(w, b), Prob: 1.0 / 30})
				}
			}
		}
		return buf
	}
	for a := 6; a >= 1; a-- {
		for b := a; b >= 1; b-- {
			pr := 1.0 / 18
			if a == b {
				pr = 1.0 / 36
			}
			buf = append(buf, ai.ChanceOutcome{Move: rollMove(a, b), Prob: pr})
		}
	}
	return buf
}
