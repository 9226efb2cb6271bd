package analysis

// plan.go replays a record and cuts it into turns.

import (
	"fmt"
	"slices"

	"oyunbot/ai"
	"oyunbot/games"
)

// plan is a replayed record cut into turns, and the positions to evaluate.
type plan struct {
	turns  []planTurn
	end    games.Position // the last position
	points []games.Position
	endPt  int // the last position's point
}

// planTurn is one turn of the record.
type planTurn struct {
	ply  int     // the record's index of its first move (its roll)
	side ai.Side // who played it
	// chance is the position before its roll (nil without one), at the
	// position before its first move.
	chance, at games.Position
	roll       string    // the roll's text (outcomes joined by spaces)
	rolls      []ai.Move // the roll's outcomes
	moves      []ai.Move
	texts      []string
	// chancePt and atPt are the points of chance (-1 without) and at.
	chancePt, atPt int
}

// replay plays moves from start (a copy) and cuts them into turns: a turn
// is a run of moves of one side, with the chance outcomes just before it
// (its roll); with eachMove (a one-player game) every move is a turn. A
// roll ends the turn before it, so a side that rolls again begins a new
// turn. Outcomes after the last move are left out.
func replay(start games.Position, moves []ai.Move, eachMove bool) (*plan, error) {
	p := start.Clone()
	pl := &plan{}
	var (
		cur      *planTurn
		chance   games.Position
		rollPly  = -1
		rollText []string
		rolls    []ai.Move
		buf      []ai.Move
		outs     []ai.ChanceOutcome
	)
	for k, m := range moves {
		if st := p.Status(); st.Over {
			return nil, fmt.Errorf("%w: move %d comes after the end of the game (%s)", ErrBadRecord, k+1, st.Reason)
		}
		turn := p.Turn()
		if turn == ai.Chance {
			sp, ok := p.(ai.Stochastic)
			if !ok {
				return nil, fmt.Errorf("%w: move %d: a chance position of a game without chance", ErrBadRecord, k+1)
			}
			outs = sp.Chances(outs[:0])
			if !slices.ContainsFunc(outs, func(o ai.ChanceOutcome) bool { return o.Move == m }) {
				return nil, fmt.Errorf("%w: move %d is not a possible roll", ErrBadRecord, k+1)
			}
			if rollPly < 0 {
				chance, rollPly = p.Clone(), k
			}
			rollText = append(rollText, p.FormatMove(m))
			rolls = append(rolls, m)
			cur = nil
			p.Make(m)
			continue
		}
		buf = games.Legal(p, buf[:0])
		if !slices.Contains(buf, m) {
			return nil, fmt.Errorf("%w: move %d is not legal in %s", ErrBadRecord, k+1, p.String())
		}
		if cur == nil || cur.side != turn || eachMove {
			pl.turns = append(pl.turns, planTurn{ply: k, side: turn, at: p.Clone()})
			cur = &pl.turns[len(pl.turns)-1]
			if rollPly >= 0 {
				cur.ply, cur.chance = rollPly, chance
				cur.roll, cur.rolls = joinTexts(rollText), rolls
			}
			chance, rollPly, rollText, rolls = nil, -1, nil, nil
		}
		cur.moves = append(cur.moves, m)
		cur.texts = append(cur.texts, p.FormatMove(m))
		p.Make(m)
	}
	pl.end = p
	for i := range pl.turns {
		t := &pl.turns[i]
		t.chancePt = -1
		if t.chance != nil {
			t.chancePt = len(pl.points)
			pl.points = append(pl.points, t.chance)
		}
		t.atPt = len(pl.points)
		pl.points = append(pl.points, t.at)
	}
	pl.endPt = len(pl.points)
	pl.points = append(pl.points, p)
	return pl, nil
}

// startPoint is the point of the game's first position.
func (pl *plan) startPoint() int {
	if len(pl.turns) == 0 {
		return pl.endPt
	}
	if t := pl.turns[0]; t.chancePt >= 0 {
		return t.chancePt
	}
	return pl.turns[0].atPt
}

// nextPoint is the point after turn i: the next turn's first (its roll's,
// if it has one), or the end.
func (pl *plan) nextPoint(i int) int {
	if i+1 == len(pl.turns) {
		return pl.endPt
	}
	if t := pl.turns[i+1]; t.chancePt >= 0 {
		return t.chancePt
	}
	return pl.turns[i+1].atPt
}

// turnAt is the turn whose position (or roll) is point k, -1 for the end.
func (pl *plan) turnAt(k int) int {
	for i, t := range pl.turns {
		if t.atPt == k || t.chancePt == k {
			return i
		}
	}
	return -1
}

func joinTexts(ts []string) string {
	s := ""
	for i, t := range ts {
		if i > 0 {
			s += " "
		}
		s += t
	}
	return s
}

// formatLine writes moves played in turn from p (left as it was).
func formatLine(p games.Position, moves []ai.Move) []string {
	q := p.Clone()
	out := make([]string, 0, len(moves))
	for _, m := range moves {
		out = append(out, q.FormatMove(m))
		q.Make(m)
	}
	return out
}
