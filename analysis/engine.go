package analysis

// engine.go judges a game by the common engine's search: every position
// once, as lichess does with its engine.

import (
	"math"
	"slices"

	"oyunbot/ai"
	"oyunbot/games"
)

// engineJudge searches each position with e within lim.
type engineJudge struct {
	e   *ai.Engine
	lim ai.Limits
}

// points: each turn's position (and its roll's), and the end.
func (j *engineJudge) points(pl *plan) int {
	n := 1
	for _, t := range pl.turns {
		n++
		if t.chance != nil {
			n++
		}
	}
	return n
}

// searched is a position's value for First, in Units and as a win chance
// (0..1), and the best turn of the side to move (none at a roll or the end).
type searched struct {
	units, win float64
	best       []ai.Move
	// outcomes are a roll's outcomes' values, by outcome.
	outcomes map[ai.Move]searched
}

// judge evaluates, in order, each turn's roll, the turn's position and the
// position after it; turn i is done when the position after it is.
func (j *engineJudge) judge(rc *run) error {
	r, pl := rc.r, rc.pl
	first := len(r.Turns)
	// A clear table: the result must not depend on what the engine
	// searched before (a player's search of the roll actually played
	// would make that roll's value deeper than the others', and its luck
	// biased).
	j.e.Clear()
	// The points a resumed analysis has done already count as done.
	for i := range first {
		rc.done++
		if pl.turns[i].chance != nil {
			rc.done++
		}
	}
	// carried is the search of the position that begins turn i (its
	// roll's, or its own), done as the position after turn i-1.
	var carried *searched
	for i := first; i < len(pl.turns); i++ {
		t := &pl.turns[i]
		var (
			rolled *searched
			cur    searched
			err    error
		)
		if t.chance != nil {
			rolled = carried
			if rolled == nil {
				v, err := j.eval(rc, t.chance)
				if err != nil {
					return err
				}
				rolled = &v
			}
			// The roll's own outcome was searched with the others: the
			// same search, so that the luck is the roll's alone.
			if w, ok := rolled.outcomes[t.rolls[0]]; ok && len(t.rolls) == 1 {
				cur = w
				rc.step()
			} else if cur, err = j.eval(rc, t.at); err != nil {
				return err
			}
		} else if carried != nil {
			cur = *carried
		} else if cur, err = j.eval(rc, t.at); err != nil {
			return err
		}
		if len(r.Curve) == 0 {
			start := cur
			if rolled != nil {
				start = *rolled
			}
			r.Curve = append(r.Curve, 100*start.win)
		}
		after, err := j.eval(rc, pl.next(i))
		if err != nil {
			return err
		}
		r.Turns = append(r.Turns, j.turn(rc, t, cur, rolled, after))
		r.Curve = append(r.Curve, 100*after.win)
		carried = &after
	}
	if len(pl.turns) == 0 { // a record without a turn: the start alone
		v, err := j.eval(rc, pl.end)
		if err != nil {
			return err
		}
		r.Curve = append(r.Curve[:0], 100*v.win)
	}
	return nil
}

// eval searches p (or scores it when the game is over) and counts it. A
// roll's value is the average of the values after each outcome, searched
// as the turn after it is, so that the luck of a roll, the value after it
// less the value before, averages zero.
func (j *engineJudge) eval(rc *run, p games.Position) (searched, error) {
	if err := rc.ctx.Err(); err != nil {
		return searched{}, err
	}
	defer rc.step()
	if p.Turn() != ai.Chance || p.Status().Over {
		return j.search(rc, p)
	}
	v := searched{outcomes: map[ai.Move]searched{}}
	q := p.Clone()
	for _, o := range q.(ai.Stochastic).Chances(nil) {
		q.Make(o.Move)
		w, err := j.search(rc, q)
		q.Unmake()
		if err != nil {
			return searched{}, err
		}
		v.units += o.Prob * w.units
		v.win += o.Prob * w.win
		v.outcomes[o.Move] = w
	}
	return v, nil
}

// search searches p, a position with a side to move (or a finished game).
func (j *engineJudge) search(rc *run, p games.Position) (searched, error) {
	a := rc.a
	if st := p.Status(); st.Over {
		s := terminal(st)
		return searched{units: units(a, s), win: a.WinChance(s)}, nil
	}
	q := p.Clone()
	res := j.e.Search(rc.ctx, q, j.lim, nil)
	if err := rc.ctx.Err(); err != nil {
		return searched{}, err
	}
	turn := p.Turn()
	score := res.Score
	if turn == ai.Second {
		score = -score
	}
	v := searched{units: units(a, score), win: a.WinChance(score)}
	if turn == ai.Chance { // a roll within a search budget too small to take each outcome
		return v, nil
	}
	// The best turn: the line's plies while the same side moves.
	for _, m := range res.PV {
		if q.Turn() != turn {
			break
		}
		v.best = append(v.best, m)
		q.Make(m)
	}
	if len(v.best) == 0 && !res.Best.IsNone() {
		v.best = []ai.Move{res.Best}
	}
	return v, nil
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

// turn judges turn t from its position's search, its roll's and the
// search of the position after it.
func (j *engineJudge) turn(rc *run, t *planTurn, cur searched, rolled *searched, after searched) Turn {
	a := rc.a
	// The mover's units and win chance of a value for First.
	own := func(v searched) (float64, float64) {
		if t.side == ai.Second {
			return -v.units, 1 - v.win
		}
		return v.units, v.win
	}
	before, cb := own(cur)
	afterU, ca := own(after)
	out := Turn{
		Ply: t.ply, Side: t.side, Roll: t.roll, Moves: slices.Clone(t.texts),
		Before: round6(before), After: round6(afterU),
		Forced: len(t.moves) == 1 && len(games.Legal(t.at, nil)) == 1,
		Phase:  phase(t.at),
	}
	if rolled != nil {
		r, _ := own(*rolled)
		out.Luck = round6(before - r)
	}
	if playedBest(t.moves, cur.best) {
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
		out.Best = formatLine(t.at, cur.best)
	}
	return out
}

// playedBest reports whether the turn played is the engine's best turn.
func playedBest(played, best []ai.Move) bool {
	return len(best) > 0 && slices.Equal(played, best)
}

// units reads an engine score as Units within the ceiling; a won or lost
// game is the ceiling.
func units(a games.Assessment, score int) float64 {
	if score > ai.MaxEval || score < -ai.MaxEval {
		return math.Copysign(a.Ceiling, float64(score))
	}
	return round6(min(max(float64(score)/a.Scale, -a.Ceiling), a.Ceiling))
}

// round6 rounds to a millionth, so that stored results read cleanly.
func round6(x float64) float64 { return math.Round(x*1e6) / 1e6 }

// phase is p's phase key, "" when its game has none.
func phase(p games.Position) string {
	if ph, ok := p.(games.Phaser); ok {
		return ph.GamePhase()
	}
	return ""
}
