package tavla

// assessment.go tells the post-game analysis how tavla is judged — the
// way GNU Backgammon judges backgammon: each decision's equity lost
// against the best turn of the reference evaluation (Analyser), the error
// rate and a rating estimate from it, each roll's luck against the average
// of the 21 rolls — and which phase a position is in.

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
)

// AnalysisPlies is the reference's depth at the analysis's default budget
// (the master level's search; BENCHMARKS.md: a game of 100 plies in a few
// seconds of one core).
const AnalysisPlies = 3

// Assessment implements games.Assessor. Equities are in points (a mars
// is 2); the thresholds are GNU Backgammon's (doubtful 0.04, bad 0.08,
// very bad 0.16). A budget's Depth is the reference's plies: 1 rates each
// turn by the network's value of the position it leaves; 2 the best eight
// of those (within 0.25 points) and the turn played by the opponent's 21
// rolls and best replies; 3 (the master level's search) the best three of
// those (within 0.1) and the turn played a roll further.
func (Game) Assessment() games.Assessment {
	return games.Assessment{
		Unit: "point", Scale: 1, Ceiling: 2,
		Inaccuracy: 0.04, Mistake: 0.08, Blunder: 0.16,
		Referee: func(depth int) games.Referee {
			if depth <= 0 {
				depth = AnalysisPlies
			}
			return newReferee(depth)
		},
		Rating: Rating,
	}
}

// Rating is GNU Backgammon's reading of an error rate (equity lost per
// unforced decision, in points): the error-based absolute FIBS rating of
// Kees van den Doel, 2050 − 8798·rate (checker play in a long match, no
// cube), and GNU Backgammon's class of the rate (its thresholds 0.002,
// 0.005, 0.008, 0.012, 0.018, 0.026, 0.035).
func Rating(rate float64) (int, string) {
	r := int(math.Round(max(2050-8798*rate, 0)))
	classes := []struct {
		below float64
		key   string
	}{
		{0.002, "supernatural"}, {0.005, "world-class"}, {0.008, "expert"}, {0.012, "advanced"},
		{0.018, "intermediate"}, {0.026, "casual"}, {0.035, "beginner"},
	}
	for _, c := range classes {
		if rate < c.below {
			return r, c.key
		}
	}
	return r, "awful"
}

// referee is games.Referee the way GNU Backgammon analyses a decision:
// every turn rated by 1-ply, the best of them searched deeper stage by
// stage as the master level searches (SearchOptions' Keep and Within),
// and the turn played always searched as deep as the best, so that the
// two are compared at one depth. Luck is valued at 1-ply (the Analyser's
// Equity), as GNU Backgammon values it at 0-ply.
type referee struct {
	s    *Searcher
	luck *Analyser
	// start is the start's board hash; opening, once known, the mover's
	// mean value after the opening roll (the average of the 30 rolls'
	// best turns).
	start   uint64
	opening *float64
}

func newReferee(plies int) *referee {
	o := masterOptions()
	o.Plies = min(max(plies, 1), 3)
	if o.Plies == 2 {
		o.Keep = 8
	}
	start := Game{}.Start().(*Pos)
	return &referee{s: NewSearcher(o), luck: NewAnalyser(1), start: boardHashOf(&start.st)}
}

// openingMean is the mover's mean value after the opening roll: the luck
// of the opening roll is measured from it, as GNU Backgammon does, so
// that winning the opening roll is not counted as luck (its worth is the
// same for both sides before the roll).
func (r *referee) openingMean() float64 {
	if r.opening != nil {
		return *r.opening
	}
	p := Game{}.Start().(*Pos)
	sum := 0.0
	for _, o := range p.Chances(nil) {
		q := p.Clone().(*Pos)
		q.Make(o.Move)
		turns, err := r.luck.Turns(q)
		if err != nil {
			continue
		}
		sum += o.Prob * turns[0].Equity
	}
	r.opening = &sum
	return sum
}

// Rate implements games.Referee.
func (r *referee) Rate(ctx context.Context, p games.Position, turn []ai.Move) (games.TurnRating, error) {
	pos, ok := p.(*Pos)
	if !ok {
		return games.TurnRating{}, fmt.Errorf("tavla: not a tavla position")
	}
	if pos.over() || pos.st.nd == 0 {
		return games.TurnRating{}, fmt.Errorf("tavla: no dice to play in %s", pos)
	}
	q := pos.Clone().(*Pos)
	for _, m := range turn {
		if !slices.Contains(q.Moves(nil), m) {
			return games.TurnRating{}, fmt.Errorf("tavla: %s is not legal in %s", q.FormatMove(m), q)
		}
		q.Make(m)
	}
	s := r.s
	s.ctx, s.start, s.deadline, s.stopped, s.evals = ctx, time.Now(), time.Time{}, false, 0
	st := pos.st
	mover := st.side
	turns := s.gens[0].generate(&st)
	vals := make([]float64, len(turns))
	s.setBase(0, &st, mover.Opponent())
	for i := range turns {
		vals[i] = s.after(0, &turns[i].st, mover)
	}
	pool := make([]int, len(turns)) // the turns still searched, best first
	for i := range pool {
		pool[i] = i
	}
	byValue := func(a, b int) int { return cmpDesc(vals[a], vals[b]) }
	slices.SortStableFunc(pool, byValue)
	rolled := vals[pool[0]]
	if boardHashOf(&st) == r.start && st.off == [2]int8{} {
		rolled -= r.openingMean() // the first turn: its roll is the opening's
	}
	played := -1
	if q.over() || (q.st.nd == 0 && q.st.side != mover) {
		end := boardHashOf(&q.st)
		for i := range turns {
			if turns[i].st.hash == end {
				played = i
			}
		}
		if played < 0 {
			return games.TurnRating{}, fmt.Errorf("tavla: the turn played is not among the turns listed")
		}
	} else {
		// A turn left unfinished (the record ends, or the player resigned
		// within it): judged by its best finish.
		for _, i := range pool {
			if ms := turns[i].Moves(); len(ms) >= len(turn) && slices.Equal(ms[:len(turn)], turn) {
				played = i
				break
			}
		}
		if played < 0 {
			played = pool[0]
		}
	}
	keep, within := s.opt.Keep, s.opt.Within
	for d := 2; d <= s.opt.Plies; d++ {
		n := 1
		for n < len(pool) && n < keep && vals[pool[n]] >= vals[pool[0]]-within {
			n++
		}
		next := slices.Clone(pool[:n])
		if !slices.Contains(next, played) {
			next = append(next, played)
		}
		if len(next) < 2 {
			break
		}
		for _, i := range next {
			vals[i] = s.after2(&turns[i].st, mover, d-1, 1)
		}
		if s.stopped {
			return games.TurnRating{}, ctx.Err()
		}
		slices.SortStableFunc(next, byValue)
		pool = next
		keep, within = s.opt.DeepKeep, s.opt.DeepWithin
	}
	return games.TurnRating{Played: vals[played], Best: vals[pool[0]], BestTurn: slices.Clone(turns[pool[0]].Moves()),
		Choices: len(turns), Rolled: rolled}, nil
}

// Value implements games.Referee: the Analyser's 1-ply equity, for First.
func (r *referee) Value(ctx context.Context, p games.Position) (float64, error) {
	pos, ok := p.(*Pos)
	if !ok {
		return 0, fmt.Errorf("tavla: not a tavla position")
	}
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	v := r.luck.Equity(pos)
	if pos.Side() == ai.Second {
		v = -v
	}
	return v, nil
}

// GamePhase implements games.Phaser as GNU Backgammon classes positions:
// "contact" while checkers can still meet, then "race", and "bearoff"
// once a side has all its checkers home.
func (p *Pos) GamePhase() string {
	if p.contact() {
		return "contact"
	}
	st := &p.st
	home := [2]bool{true, true}
	for i, v := range st.occ {
		if v > 0 && i < points-6 {
			home[0] = false
		}
		if v < 0 && i >= 6 {
			home[1] = false
		}
	}
	if home[0] || home[1] {
		return "bearoff"
	}
	return "race"
}
