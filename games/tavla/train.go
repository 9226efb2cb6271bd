package tavla

// train.go teaches a network by TD(λ) self-play (Tesauro's TD-Gammon, and
// Palamedes for plakoto): the network plays both sides, each turn the one
// whose position it rates best (1-ply, greedy: the dice explore), and after
// each game every position it rolled in is moved toward its λ-return: the
// outcome seen through the values of the positions that followed, each
// step weighted by λ (the forward view of TD(λ), applied offline once the
// game is over). tools/tavlatrain runs it.

import (
	"math/rand/v2"
	"slices"

	"oyunbot/ai"
)

// maxTrainTurns ends a self-play game that goes on without end (none has
// been seen; a deadlock ends far sooner): it is not learnt from.
const maxTrainTurns = 2000

// Trainer trains a network; not safe for concurrent use.
type Trainer struct {
	Net *Net
	// Lambda weighs the later positions' values in a target (0: the next
	// position's value alone; 1: the game's outcome alone).
	Lambda float64
	// Alpha is the learning rate (the step on the cross-entropy's
	// gradient), set by the caller for each game.
	Alpha float64

	// Standard trains for standard tavla (hitting) rather than hapis.
	Standard bool

	ev      *evaluator
	gen     *turnGen
	steps   []trainStep
	targets [][numOutputs]float32
	grad    [maxHidden]float32
}

// trainStep is one position the network rolled in, with its value then.
type trainStep struct {
	st     state
	roller ai.Side
	v      [numOutputs]float32
}

// NewTrainer trains n in place.
func NewTrainer(n *Net, lambda, alpha float64) *Trainer {
	return &Trainer{Net: n, Lambda: lambda, Alpha: alpha, ev: newEvaluator(n), gen: newTurnGen(), steps: make([]trainStep, 0, 256)}
}

// GameResult is how a self-play game ended.
type GameResult struct {
	Turns  int
	Winner ai.Side // ai.NoSide: a deadlock (a draw) or too long
	Points int
}

// startBoard is the start (hapis's, or standard tavla's when std), the
// hash the board's own.
func startBoard(std bool) state {
	p := Game{}.Start().(*Pos)
	if std {
		p = Standard{}.Start().(*Pos)
	}
	st := p.st
	st.hash ^= p.diceHash()
	st.opening = false
	return st
}

// rolled returns board (whose hash is the board's own) with side s to
// play the roll a-b, its hash complete.
func rolled(board *state, s ai.Side, a, b int) state {
	var p Pos
	p.st = *board
	p.st.side = s
	p.st.opening = false
	p.setDice(a, b)
	p.st.hash = board.hash ^ p.diceHash()
	return p.st
}

// openingRoll draws the opening: one die each, ties rolled again; the
// higher starts with both.
func openingRoll(rng *rand.Rand) (s ai.Side, a, b int) {
	for {
		w, k := rng.IntN(6)+1, rng.IntN(6)+1
		if w == k {
			continue
		}
		if w > k {
			return white, w, k
		}
		return black, w, k
	}
}

// deadlock reports whether neither side can move with any die on board.
func deadlock(board *state) bool {
	var buf [32]ai.Move
	for s := white; s <= black; s++ {
		for d := 1; d <= 6; d++ {
			if len(board.dieMoves(s, d, buf[:0])) > 0 {
				return false
			}
		}
	}
	return true
}

// PlayGame plays one game against itself with dice from rng and learns
// from it.
func (t *Trainer) PlayGame(rng *rand.Rand) GameResult {
	t.steps = t.steps[:0]
	board := startBoard(t.Standard)
	side, a, b := openingRoll(rng)
	passes := 0
	res := GameResult{Winner: ai.NoSide}
	for turn := 1; ; turn++ {
		res.Turns = turn
		if turn > maxTrainTurns {
			return res
		}
		cur := rolled(&board, side, a, b)
		turns := t.gen.generate(&cur)
		opp := side.Opponent()
		best, bestV := 0, -10.0
		var bestP [numOutputs]float32
		t.ev.setBase(0, &board, opp)
		for i := range turns {
			end := &turns[i].st
			if v, over := finalValue(end, side); over {
				if v > bestV {
					best, bestV = i, v
				}
				continue
			}
			pr := t.ev.fromBase(0, end, opp)
			if v := -equityOf(pr); v > bestV {
				best, bestV, bestP = i, v, pr
			}
		}
		chosen := &turns[best]
		board = chosen.st
		if v, over := finalValue(&board, side); over {
			res.Winner, res.Points = side, int(v)
			t.learn(side, v)
			return res
		}
		if isPass(chosen.Plies[0]) {
			passes++
			if passes >= 2 && deadlock(&board) {
				t.learn(ai.NoSide, 0)
				return res
			}
		} else {
			passes = 0
		}
		t.steps = append(t.steps, trainStep{st: board, roller: opp, v: bestP})
		side = opp
		a, b = rng.IntN(6)+1, rng.IntN(6)+1
	}
}

// flip turns one side's chances into the other's.
func flip(v [numOutputs]float32) [numOutputs]float32 {
	return [numOutputs]float32{1 - v[outWin], v[outMarsLoss], v[outMarsWin]}
}

// learn moves every step's value toward its λ-return; winner won points
// (ai.NoSide: a draw, worth half a win and no mars).
func (t *Trainer) learn(winner ai.Side, points float64) {
	n := len(t.steps)
	if n == 0 {
		return
	}
	// The last step's roller played the last turn: it won, or drew.
	var final [numOutputs]float32
	switch winner {
	case ai.NoSide:
		final = [numOutputs]float32{0.5, 0, 0}
	case t.steps[n-1].roller:
		final = [numOutputs]float32{1, b2f(points > 1), 0}
	default:
		final = [numOutputs]float32{0, 0, b2f(points > 1)}
	}
	t.targets = lambdaReturns(t.steps, final, float32(t.Lambda), t.targets[:0])
	for i := range t.steps {
		t.update(&t.steps[i], t.targets[i])
	}
}

// lambdaReturns appends each step's λ-return to out: for the last step the
// final result (from its roller's side), for step i
//
//	G_i = (1-λ) V(i+1) + λ G_(i+1)
//
// each seen from step i's roller, the other side from step i+1's.
func lambdaReturns(steps []trainStep, final [numOutputs]float32, lam float32, out [][numOutputs]float32) [][numOutputs]float32 {
	n := len(steps)
	out = slices.Grow(out, n)[:n]
	g := final
	for i := n - 1; i >= 0; i-- {
		out[i] = g
		if i > 0 {
			nv, ng := flip(steps[i].v), flip(g)
			for k := range g {
				g[k] = (1-lam)*nv[k] + lam*ng[k]
			}
		}
	}
	return out
}

func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// update takes one gradient step on step's cross-entropy against target.
func (t *Trainer) update(s *trainStep, target [numOutputs]float32) {
	e := t.ev
	n := t.Net
	hn := n.Hidden
	e.f.encode(&s.st, s.roller)
	out := e.forward()
	h := e.h[:hn:hn]
	alpha := float32(t.Alpha)
	grad := t.grad[:hn:hn]
	clear(grad)
	for k := range out {
		d := target[k] - out[k] // -dLoss/dz for a sigmoid with cross-entropy
		w := n.W2[k*hn : k*hn+hn : k*hn+hn]
		for j := range w {
			grad[j] += d * w[j]
			w[j] += alpha * d * h[j]
		}
		n.B2[k] += alpha * d
	}
	for j := range grad {
		grad[j] *= alpha * h[j] * (1 - h[j])
		n.B1[j] += grad[j]
	}
	for k := 0; k < e.f.n; k++ {
		i := int(e.f.idx[k])
		v := e.f.val[k]
		row := n.W1[i*hn : i*hn+hn : i*hn+hn]
		for j := range row {
			row[j] += v * grad[j]
		}
	}
}
