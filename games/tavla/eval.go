package tavla

// eval.go scores positions: the standard evaluation (race, doors, primes,
// pins held and suffered, exposure of open checkers) and the seed
// document's greedy exposure heuristic as the style "seed".

import "oyunbot/ai"

// Weights of the standard evaluation, in the engine's units (a basic piece
// is worth about 100).
const (
	wPip        = 3   // per pip of race lead while checkers can still meet
	wPipRace    = 6   // per pip once they cannot
	wOff        = 6   // per checker borne off, beyond its pips
	wDoor       = 10  // per door (two or more checkers)
	wHomeDoor   = 6   // extra per door in the opponent's way home (own 13..24)
	wPrime      = 14  // times (run length - 1)^2 for consecutive doors
	wPinBase    = 90  // a pinned checker
	wPinBack    = 6   // more per point it still has to go
	wStack      = 3   // per checker beyond five on a point
	wTempo      = 8   // the side to move (it holds the dice)
	hitKeep     = 0.8 // share of a pin's worth a possible hit with the dice in hand counts
	shotsScale  = 36  // shots are counted out of 36 rolls
	backMotherQ = 1   // own point 1: a checker pinned there is the worst
)

// shots[k] is how many of the 36 rolls move some checker exactly k points
// with one die or a combination, ignoring doors in between.
var shots = [25]int{0, 11, 12, 14, 15, 15, 17, 6, 6, 5, 3, 2, 3, 0, 0, 1, 1, 0, 1, 0, 1, 0, 0, 0, 1}

// pinCost is what a checker of s pinned at own point q costs s.
func pinCost(q int) int {
	c := wPinBase + wPinBack*(points+1-q)
	if q == backMotherQ {
		c += 120 // under the opponent's home: hardly ever freed in time
	}
	return c
}

// Evaluate implements ai.Position, from the side to move's point of view.
func (p *Pos) Evaluate() int {
	if p.st.hit {
		return p.stdEval()
	}
	if p.style == "seed" {
		return p.seedEval()
	}
	st := &p.st
	me := st.side
	contact := p.contact()
	v := p.sideScore(me, contact) - p.sideScore(me.Opponent(), contact) + wTempo
	if contact {
		v += p.threat(me) - p.threat(me.Opponent())
	}
	return min(max(v, -ai.MaxEval+1), ai.MaxEval-1)
}

// contact reports whether any checker can still meet an opponent's: some
// White checker stands behind some Black one.
func (p *Pos) contact() bool {
	st := &p.st
	lowW, highB := points, -1
	for i := range points {
		v := st.occ[i]
		if v > 0 || (v < 0 && st.pinned(i)) {
			lowW = min(lowW, i)
		}
		if v < 0 || (v > 0 && st.pinned(i)) {
			highB = i
		}
	}
	return lowW < highB
}

// sideScore is s's own assets: race, borne-off checkers, doors and primes,
// stacking, and the pins it suffers.
func (p *Pos) sideScore(s ai.Side, contact bool) int {
	st := &p.st
	sg := sign(s)
	pip, v, run := 0, 0, 0
	for q := 1; q <= points; q++ {
		i := index(s, q)
		n := int(st.occ[i] * sg)
		if n < 0 && st.pinned(i) {
			pip += points + 1 - q
			v -= pinCost(q)
		}
		if n <= 0 {
			run = 0
			continue
		}
		pip += n * (points + 1 - q)
		if n >= 2 {
			v += wDoor
			if q >= 13 {
				v += wHomeDoor
			}
			run++
			v += wPrime * (2*run - 3) * b2i(run >= 2) // adds (run-1)^2 in total
		} else {
			run = 0
		}
		if n > 5 {
			v -= wStack * (n - 5)
		}
	}
	w := wPip
	if !contact {
		w = wPipRace
	}
	return v - w*pip + wOff*int(st.off[s])
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// threat is what side s may win by pinning the other side's open checkers
// (single, not pinning anything): with the dice in hand when s holds a
// fresh roll (so that a chance node averages exact hits), else by the
// number of shots out of 36.
func (p *Pos) threat(s ai.Side) int {
	st := &p.st
	o := s.Opponent()
	sg := sign(s)
	withDice := st.side == s && st.nd >= 2
	total := 0
	for t := 2; t <= points; t++ {
		i := index(s, t)
		if st.occ[i]*sg != -1 || st.pinned(i) {
			continue
		}
		// An open checker of o at s's point t: s's free checkers behind it.
		worth := pinCost(ownPoint(o, i))
		if withDice {
			if p.canHit(s, t) {
				total += int(hitKeep * float64(worth))
			}
			continue
		}
		n := 0
		for r := max(1, t-24); r < t; r++ {
			if st.occ[index(s, r)]*sg > 0 {
				n += shots[t-r]
			}
		}
		total += worth * min(n, shotsScale) / shotsScale
	}
	return total
}

// canHit reports whether side s, holding its fresh roll, can land on its
// own point t with one die or a chain of them, from a free checker, through
// points that are not doors.
func (p *Pos) canHit(s ai.Side, t int) bool {
	st := &p.st
	sg := sign(s)
	a, b := int(st.dice[0]), int(st.dice[1])
	open := func(q int) bool { // s may land on or pass through own point q
		v := st.occ[index(s, q)] * sg
		return v >= 0 || (v == -1 && !st.pinned(index(s, q)))
	}
	from := func(q int) bool { return q >= 1 && st.occ[index(s, q)]*sg > 0 }
	if a == b {
		for k := 1; k <= 4; k++ {
			r := t - k*a
			if r < 1 {
				break
			}
			if k > 1 && !open(t-(k-1)*a) {
				break // the way is shut by a door
			}
			if from(r) {
				return true
			}
		}
		return false
	}
	if from(t-a) || from(t-b) {
		return true
	}
	return from(t-a-b) && (open(t-a) || open(t-b))
}

// seedEval is the seed document's heuristic: minus the exposure (zarToplamı)
// of the open checkers of the side the search plays for, from the side to
// move's point of view.
func (p *Pos) seedEval() int {
	x := int(p.seedExposure(p.styleSide) * 100)
	if p.st.side == p.styleSide {
		return -x
	}
	return x
}

// seedExposure sums, over s's open checkers, tekZar/6 + ikiZarınToplamı/18 +
// çiftZar/36: the opponent's points that can pin it with one die, the ways
// two different dice add up to the distance, and the ways a double does.
func (p *Pos) seedExposure(s ai.Side) float64 {
	st := &p.st
	o := s.Opponent()
	og := sign(o)
	total := 0.0
	for i := range points {
		if st.occ[i]*sign(s) != 1 || st.pinned(i) {
			continue
		}
		t := ownPoint(o, i) // the checker at the opponent's point t
		tek, iki, cift := 0, 0, 0
		for r := max(1, t-24); r < t; r++ {
			if st.occ[index(o, r)]*og <= 0 {
				continue
			}
			k := t - r
			if k <= 6 {
				tek++
			}
			for a := 1; a <= 6; a++ {
				if b := k - a; b > a && b <= 6 {
					iki++
				}
				for m := 2; m <= 4; m++ {
					if m*a == k {
						cift++
					}
				}
			}
		}
		total += float64(tek)/6 + float64(iki)/18 + float64(cift)/36
	}
	return total
}

// SetStyle implements ai.Styler: "seed" plays the seed document's greedy
// heuristic for the side to move now; "classic" the hand-written
// evaluation searched by the common engine, as every level was before the
// learned evaluation (a reference for measurements); anything else the
// standard evaluation.
func (p *Pos) SetStyle(name string) string {
	prev := p.style
	p.style = ""
	if p.st.hit {
		return prev // standard tavla has one evaluation
	}
	switch name {
	case "seed":
		p.style = "seed"
		p.styleSide = p.st.side
	case "classic":
		p.style = "classic"
	}
	return prev
}
