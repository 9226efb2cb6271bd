package tavla

// search.go chooses whole turns with the learned evaluation (or, to
// measure the network against it, the hand-written one): every legal turn
// rated by the evaluation (1-ply); the best few of them searched a chance
// layer deeper, averaging the opponent's 21 rolls and its best reply to
// each (2-ply, expectiminimax with move filtering); at 3-ply each reply is
// itself rated by the mover's 21 rolls after it; and truncated rollouts of
// the finalists, all under the caller's deadline (the rollouts within
// three quarters of the time to it).
//
// Values are equities: the points the side expects from the position, a
// mars worth two, between -2 and 2.

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"oyunbot/ai"
)

// SearchOptions say how a Searcher plays. The zero value rates every turn
// by the embedded network and plays the best (1-ply).
type SearchOptions struct {
	// Plies is the search's depth: 1 rates each turn's position; 2 the
	// opponent's rolls and replies after it; 3 the mover's rolls after
	// those too. 0 means 1; more than 3, 3.
	Plies int
	// Keep is how many candidates, best by 1-ply, go to the deeper plies
	// (0: 8), and Within how far below the best 1-ply value they may be
	// (0: 0.25 points).
	Keep   int
	Within float64
	// DeepKeep and DeepWithin are the same for 3-ply, measured from the
	// best 2-ply value (0: 3 and 0.1 points); with one candidate left
	// there, the search ends at 2-ply.
	DeepKeep   int
	DeepWithin float64
	// Finalists are the candidates, best by the deepest ply, that are
	// rolled out (0: none), those within RolloutWithin of the best (0: all
	// of them; with one left, none is rolled out); each gets up to
	// Rollouts trials of Horizon turns (both sides 1-ply) before the
	// evaluation takes over, the same dice for every finalist.
	Finalists, Rollouts, Horizon int
	RolloutWithin                float64
	// Mistake is the chance of playing a turn other than the best on
	// purpose, drawn among those within Margin points of it.
	Mistake, Margin float64
	// Hand rates positions with the hand-written evaluation (Evaluate,
	// squashed into equity) instead of the network.
	Hand bool
	// Net is the network (nil: the embedded one).
	Net *Net
	// NoBearoff rates the positions where both sides are bearing off by
	// the network too, as before the bear-off database (to measure it):
	// by default the database rates them once it is ready.
	NoBearoff bool
}

// Searcher chooses turns. It keeps its buffers between searches; not safe
// for concurrent use.
type Searcher struct {
	opt  SearchOptions
	ev   *evaluator
	hand Pos // the hand-written evaluation's scratch position
	gens [5]*turnGen
	// cands are the root's turns with their values.
	cands []cand
	// trial draws a rollout's dice from pcg, seeded afresh for each trial.
	pcg   *rand.PCG
	trial *rand.Rand
	vals  []float64

	ctx      context.Context
	start    time.Time
	deadline time.Time
	stopped  bool
	evals    int64
}

// cand is one of the root's turns: its values by each stage reached.
type cand struct {
	turn  Turn
	v     float64 // the deepest stage's value
	trial float64 // rollouts: the trials' sum
}

// NewSearcher returns a searcher playing as o says.
func NewSearcher(o SearchOptions) *Searcher {
	o.Plies = min(max(o.Plies, 1), 3)
	if o.Keep <= 0 {
		o.Keep = 8
	}
	if o.Within <= 0 {
		o.Within = 0.25
	}
	if o.DeepKeep <= 0 {
		o.DeepKeep = 3
	}
	if o.DeepWithin <= 0 {
		o.DeepWithin = 0.1
	}
	if o.Horizon <= 0 {
		o.Horizon = 7
	}
	s := &Searcher{opt: o, pcg: rand.NewPCG(0, 0)}
	if !o.Hand {
		net := o.Net
		if net == nil {
			net = defaultNet()
		}
		s.ev = newEvaluator(net)
		s.ev.bearoff = !o.NoBearoff
	}
	s.trial = rand.New(s.pcg)
	for i := range s.gens {
		s.gens[i] = newTurnGen()
	}
	return s
}

// Choice is a searched turn.
type Choice struct {
	Turn Turn
	// Equity is the turn's value for the mover by the deepest stage the
	// search completed (Depth: 1 to 3 plies, 4 for rollouts).
	Equity float64
	Depth  int
	Evals  int64 // positions evaluated
}

// handScale squashes the hand-written evaluation (about 100 a checker's
// worth of position) into equity: tanh(v/handScale). 400 fits the results
// best (the least squared error against the points of 300 games of the
// 1-ply hand-written search, 28,000 positions, among scales 100 to 1200
// and maxima 1 to 2).
const handScale = 400

// value is st's equity for roller, who rolls next.
func (s *Searcher) value(st *state, roller ai.Side) float64 { return s.valueFrom(-1, st, roller) }

// valueFrom is value, computed from the evaluator's base k when it is
// seen by the same roller (k < 0: none).
func (s *Searcher) valueFrom(k int, st *state, roller ai.Side) float64 {
	if v, over := finalValue(st, roller); over {
		return v
	}
	s.evals++
	if s.evals&63 == 0 {
		s.checkStop()
	}
	if s.opt.Hand {
		s.hand.st = *st
		s.hand.st.side, s.hand.st.nd, s.hand.style = roller, 0, ""
		return math.Tanh(float64(s.hand.Evaluate()) / handScale)
	}
	if k >= 0 && s.ev.bases[k].roller == roller {
		return equityOf(s.ev.fromBase(k, st, roller))
	}
	return equityOf(s.ev.probs(st, roller))
}

// setBase makes board, with roller to roll, the base of level k for the
// network (the turns of a roll from board are evaluated from it).
func (s *Searcher) setBase(k int, board *state, roller ai.Side) {
	if s.ev != nil {
		s.ev.setBase(k, board, roller)
	}
}

func (s *Searcher) checkStop() {
	if s.stopped {
		return
	}
	if (!s.deadline.IsZero() && time.Now().After(s.deadline)) || (s.ctx != nil && s.ctx.Err() != nil) {
		s.stopped = true
	}
}

// after is the value for mover of a turn's end, the other side to roll,
// evaluated from base k (see setBase).
func (s *Searcher) after(k int, end *state, mover ai.Side) float64 {
	if v, over := finalValue(end, mover); over {
		return v
	}
	return -s.valueFrom(k, end, mover.Opponent())
}

// rolls are the 21 distinct rolls and their chances: w in 36ths (a
// double 1, others 2), so that a sum of values weighted by them, divided
// by 36, stays within the values' bounds.
var rolls = func() (r [21]struct {
	a, b int
	w    float64
}) {
	k := 0
	for a := 6; a >= 1; a-- {
		for b := a; b >= 1; b-- {
			r[k].a, r[k].b, r[k].w = a, b, 2
			if a == b {
				r[k].w = 1
			}
			k++
		}
	}
	return r
}()

// rollerValue is the value of board for roller, who rolls next, searched
// depth chance layers deep (0: the evaluation) with turn generators from
// level on. At each roll the roller plays its best turn by 1-ply, whose
// position is then searched a layer less deep.
func (s *Searcher) rollerValue(board *state, roller ai.Side, depth, level int) float64 {
	if depth == 0 {
		return s.value(board, roller)
	}
	if v, over := finalValue(board, roller); over {
		return v
	}
	sum := 0.0
	s.setBase(level, board, roller.Opponent())
	for _, r := range rolls {
		if s.stopped {
			return 0
		}
		cur := rolled(board, roller, r.a, r.b)
		turns := s.gens[level].generate(&cur)
		best, bestV := 0, math.Inf(-1)
		for i := range turns {
			if v := s.after(level, &turns[i].st, roller); v > bestV {
				best, bestV = i, v
			}
		}
		if depth > 1 {
			end := turns[best].st
			bestV = s.after2(&end, roller, depth-1, level+1)
		}
		sum += r.w * bestV
	}
	return sum / 36
}

// after2 is after searched depth layers deep.
func (s *Searcher) after2(end *state, mover ai.Side, depth, level int) float64 {
	if v, over := finalValue(end, mover); over {
		return v
	}
	return -s.rollerValue(end, mover.Opponent(), depth, level)
}

// Choose searches the turn to play in p, which must hold dice (at the
// start of a turn or in the middle of one), until the deadline (zero:
// none) or ctx ends; a stage the deadline cuts short is not used, and
// 3-ply is not begun once a third of the time is gone; rollouts end at
// three quarters of it, and count only with minTrials trials done. rng
// draws the deliberate mistakes (nil: none).
func (s *Searcher) Choose(ctx context.Context, p *Pos, deadline time.Time, rng *rand.Rand) Choice {
	s.ctx, s.start, s.deadline, s.stopped, s.evals = ctx, time.Now(), deadline, false, 0
	st := p.st
	mover := st.side
	turns := s.gens[0].generate(&st)
	s.cands = s.cands[:0]
	s.setBase(0, &st, mover.Opponent())
	for i := range turns {
		c := cand{turn: turns[i]}
		c.v = s.after(0, &c.turn.st, mover)
		s.cands = append(s.cands, c)
	}
	byValue := func(a, b cand) int { return cmpDesc(a.v, b.v) }
	slices.SortStableFunc(s.cands, byValue)
	depth := 1
	if len(s.cands) > 1 && s.opt.Plies > 1 {
		keep, within := s.opt.Keep, s.opt.Within
		for d := 2; d <= s.opt.Plies && !s.stopped; d++ {
			n := 1
			for n < len(s.cands) && n < keep && s.cands[n].v >= s.cands[0].v-within {
				n++
			}
			if n < 2 {
				break
			}
			if d > 2 && !s.deadline.IsZero() && time.Since(s.start) > s.deadline.Sub(s.start)/3 {
				// A third of the time went to the plies before: this one,
				// some times longer, would be cut short and thrown away.
				break
			}
			vals := append(s.vals[:0], make([]float64, n)...)
			s.vals = vals
			for i := range n {
				vals[i] = s.after2(&s.cands[i].turn.st, mover, d-1, 1)
				if s.stopped {
					break
				}
			}
			if s.stopped {
				break
			}
			for i := range n {
				s.cands[i].v = vals[i]
			}
			slices.SortStableFunc(s.cands[:n], byValue)
			depth = d
			keep, within = s.opt.DeepKeep, s.opt.DeepWithin
		}
		f := min(s.opt.Finalists, len(s.cands))
		if w := s.opt.RolloutWithin; w > 0 {
			for k := 1; k < f; k++ {
				if s.cands[k].v < s.cands[0].v-w {
					f = k
					break
				}
			}
		}
		if f > 1 && s.opt.Rollouts > 0 && !s.stopped {
			if !s.deadline.IsZero() {
				// Rollouts end at three quarters of the time: on a busy
				// machine a trial may be descheduled past the deadline,
				// and the turn must still be returned within the budget.
				s.deadline = s.start.Add(s.deadline.Sub(s.start) * 3 / 4)
			}
			if s.rollout(mover, f) {
				depth = 4
			}
		}
	}
	pick := 0
	if rng != nil && s.opt.Mistake > 0 && rng.Float64() < s.opt.Mistake {
		n := 1
		for n < len(s.cands) && s.cands[n].v >= s.cands[0].v-s.opt.Margin {
			n++
		}
		if n > 1 {
			pick = 1 + rng.IntN(n-1)
		}
	}
	c := s.cands[pick]
	return Choice{Turn: c.turn, Equity: c.v, Depth: depth, Evals: s.evals}
}

func cmpDesc(a, b float64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// rolloutBase is the evaluator's base level the rollouts use.
const rolloutBase = maxBases - 1

// minTrials is the fewest trials a rollout needs for its verdict to
// replace the search's.
const minTrials = 36

// rollout plays trials from the first f candidates' positions, the same
// dice for each, until each has had Rollouts trials or the deadline; with
// at least minTrials each it reorders them by their mean and reports true.
func (s *Searcher) rollout(mover ai.Side, f int) bool {
	for i := range f {
		s.cands[i].trial = 0
	}
	done := 0
	for t := 0; t < s.opt.Rollouts; t++ {
		for i := range f {
			// The same dice for every candidate (common random numbers),
			// the first roll stratified over the 36.
			s.pcg.Seed(uint64(t), 0x726f6c6c)
			v := s.trialValue(&s.cands[i].turn.st, mover, t%36)
			if s.stopped {
				break
			}
			s.cands[i].trial += v
		}
		if s.stopped {
			break
		}
		done++
	}
	if done < minTrials {
		return false
	}
	for i := range f {
		s.cands[i].v = s.cands[i].trial / float64(done)
	}
	slices.SortStableFunc(s.cands[:f], func(a, b cand) int { return cmpDesc(a.v, b.v) })
	return true
}

// trialValue plays Horizon turns from end (the other side to roll), both
// sides by 1-ply, and returns the result or the evaluation there, for
// mover. first (0..35) is the first roll.
func (s *Searcher) trialValue(end *state, mover ai.Side, first int) float64 {
	board := *end
	side := mover.Opponent()
	gen := s.gens[len(s.gens)-1]
	for k := 0; k < s.opt.Horizon; k++ {
		if v, over := finalValue(&board, mover); over {
			return v
		}
		a, b := first/6+1, first%6+1
		if k > 0 {
			a, b = s.trial.IntN(6)+1, s.trial.IntN(6)+1
		}
		cur := rolled(&board, side, a, b)
		turns := gen.generate(&cur)
		best, bestV := 0, math.Inf(-1)
		s.setBase(rolloutBase, &board, side.Opponent())
		for i := range turns {
			if v := s.after(rolloutBase, &turns[i].st, side); v > bestV {
				best, bestV = i, v
			}
		}
		board = turns[best].st
		side = side.Opponent()
		if s.stopped {
			return 0
		}
	}
	if v, over := finalValue(&board, mover); over {
		return v
	}
	v := s.value(&board, side)
	if side != mover {
		v = -v
	}
	return v
}
