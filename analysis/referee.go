package analysis

// referee.go judges a game by its own reference evaluation, the way GNU
// Backgammon judges a game of backgammon: each decision's equity lost
// against the best play, each roll's luck against the average roll.

import (
	"slices"

	"oyunbot/ai"
	"oyunbot/games"
)

// refereeJudge asks the game's Referee.
type refereeJudge struct {
	ref games.Referee
}

// points: each turn's rating and its roll's value, and the end's value.
func (j *refereeJudge) points(pl *plan) int {
	n := 1
	for _, t := range pl.turns {
		n++
		if t.chance != nil {
			n++
		}
	}
	return n
}

func (j *refereeJudge) judge(rc *run) error {
	r, pl := rc.r, rc.pl
	first := len(r.Turns)
	for i := range first {
		rc.done++
		if pl.turns[i].chance != nil {
			rc.done++
		}
	}
	var carried *float64 // First's value of the position after turn i-1
	for i := first; i < len(pl.turns); i++ {
		t := &pl.turns[i]
		sign := 1.0
		if t.side == ai.Second {
			sign = -1
		}
		var rolled *float64
		if t.chance != nil {
			rolled = carried
			if rolled == nil {
				v, err := j.value(rc, t.chance)
				if err != nil {
					return err
				}
				rolled = &v
			}
		}
		if err := rc.ctx.Err(); err != nil {
			return err
		}
		tr, err := j.ref.Rate(rc.ctx, t.at, t.moves)
		if err != nil {
			return err
		}
		rc.step()
		if len(r.Curve) == 0 {
			start := sign * tr.Best
			if rolled != nil {
				start = *rolled
			}
			r.Curve = append(r.Curve, round6(start))
		}
		out := Turn{
			Ply: t.ply, Side: t.side, Roll: t.roll, Moves: slices.Clone(t.texts),
			Before: round6(tr.Best), After: round6(tr.Played),
			Forced: tr.Choices <= 1, Phase: phase(t.at),
		}
		if rolled != nil {
			out.Luck = round6(tr.Best - sign**rolled)
		}
		if loss := round6(tr.Best - tr.Played); loss > 0 {
			out.Loss = loss
			out.Class = classify(loss, r.Thresholds)
			out.Best = formatLine(t.at, tr.BestTurn)
		}
		after, err := j.value(rc, pl.next(i))
		if err != nil {
			return err
		}
		r.Turns = append(r.Turns, out)
		r.Curve = append(r.Curve, round6(after))
		carried = &after
	}
	if len(pl.turns) == 0 {
		v, err := j.value(rc, pl.end)
		if err != nil {
			return err
		}
		r.Curve = append(r.Curve[:0], round6(v))
	}
	return nil
}

// value is p's value for First, counted as a position evaluated.
func (j *refereeJudge) value(rc *run, p games.Position) (float64, error) {
	if err := rc.ctx.Err(); err != nil {
		return 0, err
	}
	v, err := j.ref.Value(rc.ctx, p)
	if err != nil {
		return 0, err
	}
	rc.step()
	return v, nil
}
