package tavla

// stdeval.go is standard tavla's hand-made evaluation, the race and
// contact split of backgammon engines in its simplest form: in a race the
// pip counts (and checkers off) decide; in contact the pips count less and
// the blots the opponent can hit, the checkers on the bar, the points
// made in one's home and the primes in the opponent's way count too.

import "oyunbot/ai"

// Weights, in the engine's units (about 100 a checker's worth).
const (
	sPip       = 3   // per pip of lead in contact
	sPipRace   = 7   // per pip of lead in a race
	sOff       = 8   // per checker borne off, beyond its pips
	sBar       = 40  // per checker on the bar, beyond its 25 pips
	sBlot      = 110 // a blot hit by all 36 rolls (scaled by the shots)
	sBlotBack  = 2   // more per pip the hit would lose (its own point)
	sHomePoint = 18  // per point made in one's home (own 19..24)
	sPoint     = 6   // per other point made
	sPrime     = 12  // times (run length - 1)^2 for consecutive points
	sAnchor    = 20  // per point held in the opponent's home (own 1..6)
	sTempo     = 8   // the side to move
)

// stdEval implements Evaluate for standard tavla, from the side to move's
// point of view.
func (p *Pos) stdEval() int {
	st := &p.st
	me := st.side
	pips := p.Pips()
	contact := p.stdContact()
	v := sTempo
	if !contact {
		v += sPipRace*(pips[me.Opponent()]-pips[me]) + sOff*(int(st.off[me])-int(st.off[me.Opponent()]))
		return min(max(v, -ai.MaxEval+1), ai.MaxEval-1)
	}
	v += sPip * (pips[me.Opponent()] - pips[me])
	v += p.stdSide(me, true) - p.stdSide(me.Opponent(), false)
	return min(max(v, -ai.MaxEval+1), ai.MaxEval-1)
}

// stdContact reports whether a checker can still meet an opponent's (the
// bar counts as behind everything).
func (p *Pos) stdContact() bool {
	st := &p.st
	if st.bar[0] > 0 || st.bar[1] > 0 {
		return true
	}
	lowW, highB := points, -1
	for i := range points {
		if st.occ[i] > 0 {
			lowW = min(lowW, i)
		}
		if st.occ[i] < 0 {
			highB = i
		}
	}
	return lowW < highB
}

// stdSide is s's position apart from the pips: its made points and
// primes, its anchors, its checkers on the bar, and its blots weighted by
// the opponent's direct and combined shots (halved for the side to move,
// which may cover them first).
func (p *Pos) stdSide(s ai.Side, toMove bool) int {
	st := &p.st
	sg := sign(s)
	v := -sBar * int(st.bar[s])
	run := 0
	// Where the opponent's checkers are, in s's own numbering (0: its bar,
	// which is behind s's own point 1 from the opponent's side: the
	// opponent moves down s's numbering, entering at s's 19..24).
	var oppAt [points + 2]bool
	if st.bar[s.Opponent()] > 0 {
		oppAt[points+1] = true
	}
	for q := 1; q <= points; q++ {
		if st.occ[index(s, q)]*sg < 0 {
			oppAt[q] = true
		}
	}
	for q := 1; q <= points; q++ {
		n := int(st.occ[index(s, q)] * sg)
		if n >= 2 {
			run++
			switch {
			case q >= 19:
				v += sHomePoint
			case q <= 6:
				v += sAnchor
			default:
				v += sPoint
			}
			continue
		}
		if run > 1 {
			v += sPrime * (run - 1) * (run - 1)
		}
		run = 0
		if n == 1 {
			// Shots: opponent checkers above q (they move down s's
			// numbering) at distance k.
			hit := 0
			for o := q + 1; o <= points+1; o++ {
				if oppAt[o] && o-q < len(shots) {
					hit = max(hit, shots[o-q])
				}
			}
			cost := hit * (sBlot + sBlotBack*q) / shotsScale
			if toMove {
				cost /= 2
			}
			v -= cost
		}
	}
	if run > 1 {
		v += sPrime * (run - 1) * (run - 1)
	}
	return v
}
