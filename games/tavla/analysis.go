package tavla

// analysis.go is the evaluation as a reference for judging games (the
// post-game analysis: error rates and luck). Equities are in points, a
// mars two, from -2 to 2, for the side the position's Side names.

import (
	"context"
	"fmt"
	"slices"
	"time"

	"oyunbot/ai"
)

// Analyser rates positions and turns with the embedded network (its
// version is NetVersion) searched Plies deep: 1 rates a turn by the
// network's value of the position it leaves; 2 by the opponent's 21 rolls
// and best replies after it (about 21 times the work). Not safe for
// concurrent use; its results depend on the position only.
type Analyser struct {
	Plies int
	s     *Searcher
}

// NewAnalyser returns an analyser searching plies deep (1 or 2).
func NewAnalyser(plies int) *Analyser {
	plies = min(max(plies, 1), 2)
	return &Analyser{Plies: plies, s: NewSearcher(SearchOptions{Plies: plies})}
}

// RatedTurn is one legal turn and its equity for the side playing it.
type RatedTurn struct {
	Moves  []ai.Move
	Equity float64
	end    uint64 // the board it leaves
}

// Turns rates every legal turn of the dice p holds, best first (one turn,
// a pass, when the roll cannot be played). p must hold dice.
func (a *Analyser) Turns(p *Pos) ([]RatedTurn, error) {
	if p.over() || p.st.nd == 0 {
		return nil, fmt.Errorf("tavla: no dice to play in %s", p)
	}
	s := a.s
	s.ctx, s.deadline, s.stopped = context.Background(), time.Time{}, false
	st := p.st
	mover := st.side
	turns := s.gens[0].generate(&st)
	out := make([]RatedTurn, len(turns))
	s.setBase(0, &st, mover.Opponent())
	for i := range turns {
		t := &turns[i]
		v := s.after(0, &t.st, mover)
		if a.Plies > 1 {
			v = s.after2(&t.st, mover, 1, 1)
		}
		out[i] = RatedTurn{Moves: slices.Clone(t.Moves()), Equity: v, end: t.st.hash}
	}
	slices.SortStableFunc(out, func(x, y RatedTurn) int { return cmpDesc(x.Equity, y.Equity) })
	return out, nil
}

// Rate rates the turn played (its plies from p, which holds the dice)
// against the best: the played turn's equity and the best one's; their
// difference is the error. The plies must make a whole legal turn.
func (a *Analyser) Rate(p *Pos, plies []ai.Move) (played, best float64, err error) {
	turns, err := a.Turns(p)
	if err != nil {
		return 0, 0, err
	}
	q := p.Clone().(*Pos)
	for _, m := range plies {
		if !slices.Contains(q.Moves(nil), m) {
			return 0, 0, fmt.Errorf("tavla: %s is not legal in %s", q.FormatMove(m), q)
		}
		q.Make(m)
	}
	if !q.over() && (q.st.nd > 0 || q.st.side == p.st.side) {
		return 0, 0, fmt.Errorf("tavla: the turn is not finished after %d plies", len(plies))
	}
	end := boardHashOf(&q.st)
	for _, t := range turns {
		if t.end == end {
			return t.Equity, turns[0].Equity, nil
		}
	}
	return 0, 0, fmt.Errorf("tavla: the turn played is not among the turns listed")
}

// Equity is p's value for p's side (Side): with dice in hand, the best
// turn's (Turns); waiting for a roll, the average over the 21 rolls of
// the best turn's, so that a roll's luck, Equity after it less Equity
// before it, averages zero; a finished game is its result. The opening
// roll is worth 0 (the sides are alike).
func (a *Analyser) Equity(p *Pos) float64 {
	if v, over := finalValue(&p.st, p.st.side); over || p.st.dead {
		return v
	}
	if p.st.opening {
		return 0
	}
	if p.st.nd > 0 {
		turns, _ := a.Turns(p)
		return turns[0].Equity
	}
	sum := 0.0
	q := p.Clone().(*Pos)
	for _, r := range rolls {
		q.Make(rollMove(r.a, r.b))
		turns, _ := a.Turns(q)
		q.Unmake()
		sum += r.w * turns[0].Equity
	}
	return sum / 36
}

// boardHashOf is st's board hash (no side, no dice).
func boardHashOf(st *state) uint64 {
	q := Pos{st: *st}
	return q.computeHash() ^ q.diceHash()
}
