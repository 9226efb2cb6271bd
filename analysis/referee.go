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

// eval rates the turn played from a turn's position, or values a roll or
// the last position.
func (j *refereeJudge) eval(rc *run, k int) error {
	pl := rc.pl
	if i := pl.turnAt(k); i >= 0 && pl.turns[i].atPt == k {
		t := &pl.turns[i]
		tr, err := j.ref.Rate(rc.ctx, t.at, t.moves)
		if err != nil {
			return err
		}
		value := tr.Best
		if t.side == ai.Second {
			value = -value
		}
		rc.r.Evals[k] = Eval{Value: round6(value), Played: round6(tr.Played), Rolled: round6(tr.Rolled), Choices: tr.Choices,
			Best: formatLine(t.at, tr.BestTurn)}
		return nil
	}
	v, err := j.ref.Value(rc.ctx, pl.points[k])
	if err != nil {
		return err
	}
	rc.r.Evals[k] = Eval{Value: round6(v)}
	return nil
}

func (j *refereeJudge) turn(rc *run, i int) Turn {
	pl, evs := rc.pl, rc.r.Evals
	t := &pl.turns[i]
	sign := 1.0
	if t.side == ai.Second {
		sign = -1
	}
	cur := evs[t.atPt]
	out := Turn{
		Ply: t.ply, Side: t.side, Roll: t.roll, Moves: slices.Clone(t.texts),
		Before: round6(sign * cur.Value), After: cur.Played,
		Forced: cur.Choices <= 1, Phase: phase(t.at),
	}
	if t.chancePt >= 0 {
		out.Luck = round6(cur.Rolled - sign*evs[t.chancePt].Value)
	}
	if loss := round6(out.Before - out.After); loss > 0 {
		out.Loss = loss
		out.Class = classify(loss, rc.r.Thresholds)
		out.Best = slices.Clone(cur.Best)
	}
	return out
}

// curve: First's value in Units.
func (j *refereeJudge) curve(rc *run, k int) float64 { return rc.r.Evals[k].Value }
