package analysis

// distance.go judges a one-player puzzle by the distance to its goal: a
// move is right when it keeps a shortest path (the distance falls by the
// move's cost), and what it loses is the moves it adds to the solution.

import (
	"slices"

	"oyunbot/ai"
	"oyunbot/games"
)

// distanceJudge asks each position its distance (games.Solver).
type distanceJudge struct{}

// eval finds point k's distance; at a move that left a shortest path (the
// point after it is done), also a move that keeps one.
func (j *distanceJudge) eval(rc *run, k int) error {
	pl := rc.pl
	p := pl.points[k]
	d := distance(p)
	ev := Eval{Value: float64(d)}
	if i := pl.turnAt(k); i >= 0 && d >= 0 {
		t := &pl.turns[i]
		after := int(rc.r.Evals[pl.nextPoint(i)].Value)
		if after >= 0 && after+moveCost(p, t.moves[0]) > d {
			ev.Best = better(rc, p, d)
		}
	}
	rc.r.Evals[k] = ev
	return nil
}

func (j *distanceJudge) turn(rc *run, i int) Turn {
	pl, evs := rc.pl, rc.r.Evals
	t := &pl.turns[i]
	before, after := int(evs[t.atPt].Value), int(evs[pl.nextPoint(i)].Value)
	out := Turn{Ply: t.ply, Side: t.side, Moves: slices.Clone(t.texts), Phase: phase(t.at)}
	if before < 0 || after < 0 {
		out.Unknown = true
		return out
	}
	cost := moveCost(t.at, t.moves[0])
	out.Before, out.After = float64(-before), float64(-after-cost)
	out.Loss = float64(max(after+cost-before, 0))
	out.Accuracy = 100
	if out.Loss > 0 {
		out.Accuracy = 0
		out.Class = classify(out.Loss, rc.r.Thresholds)
		out.Best = slices.Clone(evs[t.atPt].Best)
	}
	return out
}

// curve: the distance in moves (-1 unknown).
func (j *distanceJudge) curve(rc *run, k int) float64 { return rc.r.Evals[k].Value }

// distance is p's distance to the goal in moves, -1 when unknown.
func distance(p games.Position) int {
	if p.Status().Over {
		return 0
	}
	n, ok := games.CanOf(nil, p).Solver.OptimalLength()
	if !ok {
		return -1
	}
	return n
}

// better is a move from p that keeps a shortest path (of distance d).
func better(rc *run, p games.Position, d int) []string {
	q := p.Clone()
	for _, m := range games.Legal(q, nil) {
		c := moveCost(q, m)
		q.Make(m)
		n := distance(q)
		q.Unmake()
		if n >= 0 && n+c == d {
			return []string{q.FormatMove(m)}
		}
		if rc.ctx.Err() != nil {
			break
		}
	}
	return nil
}

// moveCost is what m costs from p: ai.Puzzle's Cost, 1 without it.
func moveCost(p games.Position, m ai.Move) int {
	if pz, ok := p.(ai.Puzzle); ok {
		return pz.Cost(m)
	}
	return 1
}
