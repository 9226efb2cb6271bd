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

// points: every position of the record, the end included.
func (j *distanceJudge) points(pl *plan) int {
	n := 1
	for _, t := range pl.turns {
		n += len(t.moves)
	}
	return n
}

func (j *distanceJudge) judge(rc *run) error {
	r, pl := rc.r, rc.pl
	for i := range len(r.Turns) {
		rc.done += len(pl.turns[i].moves)
	}
	var carried *int
	for i := len(r.Turns); i < len(pl.turns); i++ {
		t := &pl.turns[i]
		before := carried
		if before == nil {
			d, err := j.distance(rc, t.at)
			if err != nil {
				return err
			}
			before = &d
		}
		if len(r.Curve) == 0 {
			r.Curve = append(r.Curve, float64(*before))
		}
		// A one-player game's turn is one move (replay cuts it so).
		after, err := j.distance(rc, pl.next(i))
		if err != nil {
			return err
		}
		out := Turn{Ply: t.ply, Side: t.side, Moves: slices.Clone(t.texts), Phase: phase(t.at)}
		cost := moveCost(t.at, t.moves[0])
		switch {
		case *before < 0 || after < 0:
			out.Unknown = true
		default:
			out.Before, out.After = float64(-*before), float64(-after-cost)
			out.Loss = float64(max(after+cost-*before, 0))
			out.Accuracy = 100
			if out.Loss > 0 {
				out.Accuracy = 0
				out.Class = classify(out.Loss, r.Thresholds)
				out.Best = j.better(rc, t.at, *before)
			}
		}
		r.Turns = append(r.Turns, out)
		r.Curve = append(r.Curve, float64(after))
		carried = &after
	}
	if len(pl.turns) == 0 {
		d, err := j.distance(rc, pl.end)
		if err != nil {
			return err
		}
		r.Curve = append(r.Curve[:0], float64(d))
	}
	return nil
}

// distance is p's distance to the goal in moves, -1 when unknown.
func (j *distanceJudge) distance(rc *run, p games.Position) (int, error) {
	if err := rc.ctx.Err(); err != nil {
		return 0, err
	}
	defer rc.step()
	if st := p.Status(); st.Over {
		return 0, nil
	}
	n, ok := p.(games.Solver).OptimalLength()
	if !ok {
		return -1, nil
	}
	return n, nil
}

// better is a move from p that keeps a shortest path (of distance d).
func (j *distanceJudge) better(rc *run, p games.Position, d int) []string {
	q := p.Clone()
	for _, m := range games.Legal(q, nil) {
		c := moveCost(q, m)
		q.Make(m)
		n, ok := 0, q.Status().Over
		if !ok {
			n, ok = q.(games.Solver).OptimalLength()
		}
		q.Unmake()
		if ok && n+c == d {
			return []string{q.FormatMove(m)}
		}
		if rc.ctx.Err() != nil {
			return nil
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
