package analysis

// engine.go judges a game by the common engine's search: every position
// once, from the last to the first, as lichess does with its engine.

import (
	"math"
	"slices"

	"oyunbot/ai"
	"oyunbot/games"
)

// engineJudge searches each position with e within lim.
type engineJudge struct {
	e       *ai.Engine
	lim     ai.Limits
	cleared bool
}

// eval searches point k: a position with a side to move, a finished game,
// or a roll. A roll's value is the average of the values after each
// outcome, searched as the turn after it is (the outcome played is that
// turn's own evaluation), so that the luck of a roll, the value after it
// less the value before it, averages zero.
func (j *engineJudge) eval(rc *run, k int) error {
	if !j.cleared {
		// A clear table: the result must not depend on what the engine
		// searched before (a player's search of the roll actually played
		// would make that roll's value deeper than the others', and its
		// luck biased).
		j.e.Clear()
		j.cleared = true
	}
	p := rc.pl.points[k]
	if p.Turn() != ai.Chance || p.Status().Over {
		ev, err := j.search(rc, p)
		rc.r.Evals[k] = ev
		return err
	}
	var played *Eval
	if i := rc.pl.turnAt(k); i >= 0 {
		if t := &rc.pl.turns[i]; len(t.rolls) == 1 && rc.r.Evals[t.atPt].Done {
			played = &rc.r.Evals[t.atPt]
		}
	}
	var ev Eval
	q := p.Clone()
	for _, o := range q.(ai.Stochastic).Chances(nil) {
		var w Eval
		if i := rc.pl.turnAt(k); played != nil && o.Move == rc.pl.turns[i].rolls[0] {
			w = *played
		} else {
			q.Make(o.Move)
			var err error
			w, err = j.search(rc, q)
			q.Unmake()
			if err != nil {
				return err
			}
		}
		ev.Value += o.Prob * w.Value
		ev.Win += o.Prob * w.Win
	}
	ev.Value, ev.Win = round6(ev.Value), round9(ev.Win)
	rc.r.Evals[k] = ev
	return nil
}

// search searches p, a position with a side to move (or a finished game).
func (j *engineJudge) search(rc *run, p games.Position) (Eval, error) {
	a := rc.a
	if st := p.Status(); st.Over {
		s := terminal(st)
		return Eval{Value: units(a, s), Win: round9(a.WinChance(s))}, nil
	}
	q := p.Clone()
	res := j.e.Search(rc.ctx, q, j.lim, nil)
	if err := rc.ctx.Err(); err != nil {
		return Eval{}, err
	}
	turn := p.Turn()
	score := res.Score
	if turn == ai.Second {
		score = -score
	}
	ev := Eval{Value: units(a, score), Win: round9(a.WinChance(score))}
	if turn == ai.Chance { // a roll inside a turn: no best turn to name
		return ev, nil
	}
	// The best turn: the line's plies while the same side moves.
	var best []ai.Move
	for _, m := range res.PV {
		if q.Turn() != turn {
			break
		}
		best = append(best, m)
		q.Make(m)
	}
	if len(best) == 0 && !res.Best.IsNone() {
		best = []ai.Move{res.Best}
	}
	ev.Best = formatLine(p, best)
	return ev, nil
}

// terminal is a finished game's score for First.
func terminal(st ai.Status) int {
	switch st.Winner {
	case ai.First:
		return ai.Win + (st.WinPoints()-1)*ai.PointScore
	case ai.Second:
		return -(ai.Win + (st.WinPoints()-1)*ai.PointScore)
	}
	return 0
}

// turn judges turn i from its position's evaluation, its roll's and the
// one of the position after it.
func (j *engineJudge) turn(rc *run, i int) Turn {
	a, pl, evs := rc.a, rc.pl, rc.r.Evals
	t := &pl.turns[i]
	cur, after := evs[t.atPt], evs[pl.nextPoint(i)]
	// The mover's units and win chance of a value for First.
	own := func(e Eval) (float64, float64) {
		if t.side == ai.Second {
			return -e.Value, 1 - e.Win
		}
		return e.Value, e.Win
	}
	before, cb := own(cur)
	afterU, ca := own(after)
	out := Turn{
		Ply: t.ply, Side: t.side, Roll: t.roll, Moves: slices.Clone(t.texts),
		Before: round6(before), After: round6(afterU),
		Forced: len(t.moves) == 1 && len(games.Legal(t.at, nil)) == 1,
		Phase:  phase(t.at),
	}
	if t.chancePt >= 0 {
		r, _ := own(evs[t.chancePt])
		out.Luck = round6(before - r)
	}
	if slices.Equal(t.texts, cur.Best) {
		// The engine's own choice: whatever the next search says, it is
		// no loss by this reference.
		out.Accuracy = 100
		return out
	}
	out.Loss = max(before-afterU, 0)
	if a.ByChance {
		out.Loss = 100 * max(cb-ca, 0)
	}
	out.Loss = round6(out.Loss)
	out.Accuracy = moveAccuracy(100*cb, 100*ca)
	if out.Loss > 0 {
		out.Class = classify(out.Loss, rc.r.Thresholds)
		out.Best = slices.Clone(cur.Best)
	}
	return out
}

// curve: First's win chance in percent.
func (j *engineJudge) curve(rc *run, k int) float64 { return round6(100 * rc.r.Evals[k].Win) }

// units reads an engine score as Units within the ceiling; a won or lost
// game is the ceiling.
func units(a games.Assessment, score int) float64 {
	if score > ai.MaxEval || score < -ai.MaxEval {
		return math.Copysign(a.Ceiling, float64(score))
	}
	return round6(min(max(float64(score)/a.Scale, -a.Ceiling), a.Ceiling))
}

// round6 and round9 round to a millionth and a billionth, so that stored
// results read cleanly.
func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }
func round9(x float64) float64 { return math.Round(x*1e9) / 1e9 }

// phase is p's phase key, "" when its game has none.
func phase(p games.Position) string {
	if ph := games.CanOf(nil, p).Phaser; ph != nil {
		return ph.GamePhase()
	}
	return ""
}
