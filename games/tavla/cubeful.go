package tavla

// cubeful.go is the engine's cube decisions: cubeful equity from the
// network's cubeless chances (before the roll for easy and medium, a roll
// ahead for hard and master: chancesAhead) by Janowski's interpolation (R. Janowski,
// "Take-points in money games", 1993; the model GNU Backgammon's 0-ply
// cube uses), between the dead cube (the cubeless equity) and a fully
// live one, weighted by the cube's efficiency x:
//
//	W = 1 + P(gammon win)/P(win)    the average win, in cube units
//	L = 1 + P(gammon loss)/P(loss)  the average loss
//	TP = (L - 1/2) / (W + L + 1/2)  the live take point
//	CP = (L + 1)   / (W + L + 1/2)  the live cash point (the opponent's take point's complement)
//	E_dead = p·W - (1-p)·L
//	E_live, piecewise linear in p:
//	  the cube mine:    -L at 0 up to 1 at CP, then cash (or play on, if better)
//	  centred:          -L at 0, -1 at TP, +1 at CP, then as mine
//	  the opponent's:   -L at 0, -1 at TP, then up to W at 1
//	E = x·E_live + (1-x)·E_dead
//
// with x = 0.68 in contact and, in a race, 0.55 + 0.00125 per pip of the
// side on roll clamped to 0.6..0.7 (GNU Backgammon's default
// efficiencies). The side on roll doubles when both answers leave it
// more than not doubling (min(double-take, double-pass) > no double: a
// position "too good" to double fails that on the pass side); the taker
// takes when taking (the cube its own, worth twice) costs less than the
// cube's value it would pay by dropping. Backgammons are not modelled
// (the network's outputs are the win and the two gammons, as in tavla).
//
// Matches: the Crawford game has no cube (rules); a side that already
// wins the match by winning the cube's value does not double (its double
// gains nothing) and a double it faces is taken (dropping it loses the
// match); the trailer after the Crawford game doubles at once,
// and the leader, whose gammons no longer count, takes. Otherwise the
// money decisions are used (no match equity table: DECISION, for want of
// time; see BACKGAMMON.md).

import (
	"math"
	"math/rand/v2"

	"oyunbot/ai"
)

// CubeAdvice is a cube decision as the engine sees it, in units of the
// cube's present value for the side on roll (the doubler).
type CubeAdvice struct {
	// Win, GammonWin and GammonLoss are the roller's cubeless chances.
	Win, GammonWin, GammonLoss float64
	// NoDouble, DoubleTake and DoublePass are the roller's cubeful
	// equities (DoublePass is 1).
	NoDouble, DoubleTake, DoublePass float64
	// Double: the roller should double; Take: the opponent should take.
	Double, Take bool
}

// cubeEfficiency is the cube's efficiency x in st for the roller.
func cubeEfficiency(p *Pos, roller ai.Side) float64 {
	if p.stdContact() {
		return 0.68
	}
	pips := p.Pips()[roller]
	return min(max(0.55+0.00125*float64(pips), 0.6), 0.7)
}

// janowski is the cubeful equity of a player with cubeless chances p (to
// win), average win W and loss L, owning the cube (own 1), centred (0)
// or the opponent's (-1), at efficiency x, in cube units.
func janowski(p, w, l float64, own int, x float64) float64 {
	dead := p*w - (1-p)*l
	tp := (l - 0.5) / (w + l + 0.5)
	cp := (l + 1) / (w + l + 0.5)
	var live float64
	switch {
	case own >= 0 && p >= cp:
		live = max(1, dead) // cash, unless playing on for the gammon is better
	case own > 0:
		live = -l + (l+1)*p/cp
	case p <= tp:
		live = -l + (l-1)*p/tp
	case own < 0:
		live = -1 + (w+1)*(p-tp)/(1-tp)
	default:
		live = -1 + 2*(p-tp)/(cp-tp)
	}
	return x*live + (1-x)*dead
}

// averages turns cubeless chances into Janowski's W and L (guarded at
// certainty: a sure win's W is its gammon rate plus one all the same).
func averages(win, gw, gl float64) (w, l float64) {
	const eps = 1e-6
	w = 1 + gw/max(win, eps)
	l = 1 + gl/max(1-win, eps)
	return min(w, 2), min(l, 2)
}

// adviseCube is the money decision for the roller with the given
// chances, owning the cube (own 1) or with it centred (0).
func adviseCube(win, gw, gl float64, own int, x float64) CubeAdvice {
	w, l := averages(win, gw, gl)
	a := CubeAdvice{Win: win, GammonWin: gw, GammonLoss: gl, DoublePass: 1}
	a.NoDouble = janowski(win, w, l, own, x)
	a.DoubleTake = 2 * janowski(win, w, l, -1, x)
	a.Take = a.DoubleTake < a.DoublePass
	// A double the taker should drop that cashes no less than playing on
	// is made (a sure single win, as the bear-off database finds: cashed
	// at once rather than played out).
	a.Double = min(a.DoubleTake, a.DoublePass) > a.NoDouble || (!a.Take && a.DoublePass >= a.NoDouble)
	return a
}

// CubeAdvice returns the engine's decision at p's cube decision (p waits
// for its side to roll or double, or for the answer to a double), by the
// network's chances for the side on roll, with net (nil: standard
// tavla's): at ahead 0, its view of the roller about to roll (GNU
// Backgammon's 0-ply); at 1, the average over the roller's 21 rolls of
// the chances after its best turn by 1-ply (chancesAhead). ok is false
// where no cube decision is due.
func (p *Pos) CubeAdvice(net *Net, ahead int) (CubeAdvice, bool) {
	return p.cubeAdvice(net, ahead, true)
}

// cubeAdvice is CubeAdvice, with the chances of a bear-off by the bear-off
// database (once ready) when bearoff, else by the network.
func (p *Pos) cubeAdvice(net *Net, ahead int, bearoff bool) (CubeAdvice, bool) {
	st := &p.st
	if !st.cube.on || st.cube.phase == cubeNone || p.over() {
		return CubeAdvice{}, false
	}
	if net == nil {
		net = defaultStdNet()
	}
	roller := st.side
	var win, gw, gl float64
	if ahead > 0 {
		win, gw, gl = chancesAhead(st, roller, net, bearoff)
	} else {
		ev := newEvaluator(net)
		ev.bearoff = bearoff
		o := ev.probs(st, roller)
		win, gw, gl = float64(o[outWin]), float64(o[outMarsWin]), float64(o[outMarsLoss])
	}
	own := 0
	if st.cube.owner == roller {
		own = 1
	}
	a := adviseCube(win, gw, gl, own, cubeEfficiency(p, roller))
	p.matchAdjust(&a, roller)
	return a, true
}

// chancesAhead is the roller's cubeless chances in board (to win, to win a
// gammon, to lose one) averaged over its 21 rolls, each played as its
// best turn by the network's equity (1-ply), the chances after it those
// of the network for the opponent then to roll.
func chancesAhead(board *state, roller ai.Side, net *Net, bearoff bool) (win, gw, gl float64) {
	ev := newEvaluator(net)
	ev.bearoff = bearoff
	g := newTurnGen()
	for _, r := range rolls {
		cur := rolled(board, roller, r.a, r.b)
		turns := g.generate(&cur)
		bestV := math.Inf(-1)
		var best [3]float64
		for i := range turns {
			end := &turns[i].st
			var o [3]float64
			if v, over := finalValue(end, roller); over {
				o = [3]float64{1, float64(b2f(v >= 2)), 0}
			} else {
				q := ev.probs(end, roller.Opponent())
				o = [3]float64{1 - float64(q[outWin]), float64(q[outMarsLoss]), float64(q[outMarsWin])}
			}
			if v := 2*o[0] - 1 + o[1] - o[2]; v > bestV {
				bestV, best = v, o
			}
		}
		win += r.w * best[0]
		gw += r.w * best[1]
		gl += r.w * best[2]
	}
	return win / 36, gw / 36, gl / 36
}

// matchAdjust overrides the money decision where a match's score makes it
// plain (see the file's comment).
func (p *Pos) matchAdjust(a *CubeAdvice, roller ai.Side) {
	c := &p.st.cube
	if c.away == [2]int8{} {
		return
	}
	me, opp := int(c.away[roller]), int(c.away[roller.Opponent()])
	cube := 1 << c.log
	switch {
	case me <= cube:
		// Winning the cube's value already wins the match: a double
		// gains nothing; and dropping one would lose the match, so the
		// opponent takes whatever.
		a.Double, a.Take = false, true
	case opp == 1 && !c.crawford:
		a.Double, a.Take = true, true // post-Crawford: the trailer doubles, the leader takes
	}
}

// cubeChoice is a level's cube action at p: the advice (looking a roll
// ahead, ahead 1, or not), loosened for the levels that make mistakes
// (their BlunderProb is also the chance of answering by rough
// thresholds: double from 70% to win, take from 25%).
func (p *Pos) cubeChoice(net *Net, ahead int, bearoff bool, mistake float64, rng *rand.Rand) (ai.Move, CubeAdvice) {
	a, _ := p.cubeAdvice(net, ahead, bearoff)
	double, take := a.Double, a.Take
	if mistake > 0 && rng != nil && rng.Float64() < mistake {
		double = a.Win > 0.70 && a.Win < 0.90
		take = a.Win < 0.75
	}
	if p.st.cube.phase == cubeDecide {
		if double {
			return cubeMove(actDouble), a
		}
		return cubeMove(actRoll), a
	}
	if take {
		return cubeMove(actTake), a
	}
	return cubeMove(actDrop), a
}

// cubeScore is the advice's value of the chosen action for the side that
// chooses it (the roller deciding, the taker answering), in thousandths
// of the cube's present value (the engine's Score of a move).
func (p *Pos) cubeScore(m ai.Move, a CubeAdvice) int {
	v := a.NoDouble
	switch int(m.Lo & cubeAction) {
	case actDouble, actTake:
		v = min(a.DoubleTake, a.DoublePass)
		if int(m.Lo&cubeAction) == actTake {
			v = a.DoubleTake
		}
	case actDrop:
		v = a.DoublePass
	}
	if p.st.cube.phase == cubeAnswer {
		v = -v
	}
	return int(math.Round(v * 1000))
}
