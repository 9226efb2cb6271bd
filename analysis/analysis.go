// Package analysis judges a finished game move by move, as lichess and GNU
// Backgammon do for their players: every position of the game is
// evaluated at a fixed budget, each turn's loss against the best turn is
// classed as an inaccuracy, a mistake or a blunder, and each side gets an
// accuracy figure, its counts, its worst turns with the better ones, and in
// dice games the luck of its rolls.
//
// It knows no game: a game says how it is judged through
// games.Assessment (units, thresholds, win chance, a reference evaluation
// of its own), positions name their phase through games.Phaser, and
// one-player games are judged by their distance to the goal
// (games.Solver). The Result holds numbers and move texts only, no
// sentences, and is meant to be stored as JSON with the game.
package analysis

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
)

// Version is the Result format's version; a stored result of another
// version should be analysed again.
const Version = 2

// Budget bounds the work on each position; zero fields take the game's
// default (its Assessment's Limits). Depth counts plies, or turns where the
// game's default does (ai.Limits.Turns); a game judged by its own
// evaluation (a Referee) reads Depth as that evaluation's plies. A budget
// without Time gives the same result on any machine.
type Budget struct {
	Depth int           `json:"depth,omitempty"`
	Nodes int64         `json:"nodes,omitempty"`
	Time  time.Duration `json:"time,omitempty"` // per position
}

// Options are an analysis's settings; the zero value analyses at the
// game's default budget.
type Options struct {
	Budget Budget
	// Progress, if not nil, is called after each position evaluated with
	// how many of the total are done, on the analysing goroutine.
	Progress func(done, total int)
	// Resume continues an analysis that stopped before its end (a Result
	// with Complete false, of the same game, start, moves and budget):
	// the positions it evaluated are kept and the rest are evaluated. A
	// result that does not fit is ignored.
	Resume *Result
	// Outcome is how the game ended when its last position does not say
	// (a resignation, a flag): it gives the result that tavla's
	// luck-adjusted result starts from. Ignored when the rules ended it.
	Outcome *Outcome
	// Engine searches the positions (nil: a new one with a 16 MiB table).
	// An engine is not safe for concurrent use: one per worker.
	Engine *ai.Engine
}

// Outcome is a game's end off the board.
type Outcome struct {
	Winner ai.Side // ai.NoSide for a draw
	Points int     // what the win was worth (0 means 1)
}

// Method names how a game was judged.
const (
	// MethodEngine: the common engine's search at the budget; values in
	// the game's units, the graph in First's win chance (percent).
	MethodEngine = "engine"
	// MethodReferee: the game's own evaluation (tavla's equities); values
	// and the graph in the game's units (points), error rates and luck.
	MethodReferee = "referee"
	// MethodDistance: a puzzle, by the distance to the goal in moves (the
	// graph); a move is right when it keeps a shortest path.
	MethodDistance = "distance"
)

// Class is a turn's verdict.
type Class string

// Classes, from the smallest loss up; a turn under every threshold has none.
const (
	None       Class = ""
	Inaccuracy Class = "inaccuracy"
	Mistake    Class = "mistake"
	Blunder    Class = "blunder"
)

// Result is a game's analysis. Values are in Unit (Assessment.Unit):
// centipawns, men, stones, points, moves.
type Result struct {
	Version int    `json:"version"`
	Game    string `json:"game"`
	// Start is the start position's text, Plies the record's length
	// (chance outcomes included) and Record a fingerprint of its moves:
	// what a Resume must match.
	Start  string `json:"start"`
	Plies  int    `json:"plies"`
	Record string `json:"record"`
	Budget Budget `json:"budget"`
	Method string `json:"method"`
	Unit   string `json:"unit"`
	// ByChance: Turn.Loss and the thresholds are falls of the mover's win
	// chance in percentage points, not Units.
	ByChance bool `json:"byChance,omitempty"`
	// Thresholds are the smallest losses of an inaccuracy, a mistake and
	// a blunder (0: the class is not used).
	Thresholds [3]float64 `json:"thresholds"`
	// Curve is the graph: its value at the start, then after each turn —
	// First's win chance in percent (MethodEngine), First's value in Units
	// (MethodReferee), the distance to the goal in moves, -1 where unknown
	// (MethodDistance).
	Curve []float64   `json:"curve"`
	Turns []Turn      `json:"turns"`
	Sides []SideStats `json:"sides"`
	// Over, Winner and Points are how the game ended (the rules' status, or
	// Options.Outcome); Winner is ai.NoSide for a draw or a game not over.
	Over   bool    `json:"over,omitempty"`
	Winner ai.Side `json:"winner"`
	Points int     `json:"points,omitempty"`
	// Evals are the positions evaluated, in the record's order: each
	// turn's roll (in a dice game), the turn's position, and the last
	// position. They are evaluated from the last to the first, as lichess
	// does, so that what the search found later in the game (a combination
	// that ends it) is in its table when it searches the moves leading
	// there.
	Evals []Eval `json:"evals"`
	// Complete is false for an analysis stopped before its end (its
	// context cancelled): only some Evals are done, Turns, Curve and
	// Sides are empty, and Options.Resume can finish it.
	Complete bool `json:"complete"`
	// Elapsed is the time the analysis took (this run's, after a resume).
	Elapsed time.Duration `json:"elapsed"`
}

// Eval is a position's evaluation (see Result.Evals).
type Eval struct {
	Done bool `json:"done,omitempty"`
	// Value is First's value in Units; with MethodDistance the distance to
	// the goal in moves (-1: unknown).
	Value float64 `json:"value"`
	// Win is First's win chance from 0 to 1 (MethodEngine).
	Win float64 `json:"win,omitempty"`
	// Best is the best turn from here: the search's line (MethodEngine),
	// the reference's best turn (MethodReferee), a move that keeps a
	// shortest path when the one played does not (MethodDistance).
	Best []string `json:"best,omitempty"`
	// Played is the mover's value of the turn played from here, Rolled
	// its value with the dice in hand as the luck counts it
	// (games.TurnRating), and Choices the turns it had (MethodReferee).
	Played  float64 `json:"played,omitempty"`
	Rolled  float64 `json:"rolled,omitempty"`
	Choices int     `json:"choices,omitempty"`
}

// Turn is one side's turn: its moves, and its roll before them in a dice
// game. Values are from the mover's point of view.
type Turn struct {
	// Ply is the index in the record of the turn's first move (its roll).
	Ply  int     `json:"ply"`
	Side ai.Side `json:"side"`
	// Roll is the chance outcome that began the turn ("65:"), Moves the
	// turn's plies, as the game writes them (FormatMove).
	Roll  string   `json:"roll,omitempty"`
	Moves []string `json:"moves"`
	// Best is the reference's best turn, when the turn played lost to it.
	Best []string `json:"best,omitempty"`
	// Before is the mover's value before the turn (after its roll): what
	// the best turn keeps. After is its value after the turn played.
	Before float64 `json:"before"`
	After  float64 `json:"after"`
	// Loss is what Class is judged by (0 for the best turn): Before-After
	// in Units, or with ByChance the fall of the mover's win chance in
	// percentage points.
	Loss  float64 `json:"loss"`
	Class Class   `json:"class,omitempty"`
	// Accuracy is lichess's accuracy of the move (0..100) from the mover's
	// win chance (MethodEngine); 100 or 0 for a move that kept or left a
	// shortest path (MethodDistance); 0 for MethodReferee.
	Accuracy float64 `json:"accuracy"`
	// Luck is what the roll gave the mover, in Units: the value after it
	// less the average over all rolls.
	Luck float64 `json:"luck,omitempty"`
	// Forced: the turn was the only one (not judged where a choice counts:
	// MethodReferee). Unknown: the reference could not judge it (a
	// puzzle's distance not found within its budget).
	Forced  bool   `json:"forced,omitempty"`
	Unknown bool   `json:"unknown,omitempty"`
	Phase   string `json:"phase,omitempty"` // games.Phaser's key before the turn
}

// SideStats sums up one side's turns.
type SideStats struct {
	Side ai.Side `json:"side"`
	// Turns are the turns the side played, Judged those judged (not forced
	// in MethodReferee, not unknown in MethodDistance).
	Turns  int `json:"turns"`
	Judged int `json:"judged"`
	// Accuracy (0..100): lichess's game accuracy over the side's turns
	// (MethodEngine); the share of moves that kept a shortest path
	// (MethodDistance); 0 for MethodReferee (see ErrorRate).
	Accuracy float64 `json:"accuracy"`
	// AverageLoss is the mean of Before-After over the judged turns, in
	// Units (chess's average centipawn loss).
	AverageLoss float64 `json:"averageLoss"`
	// ErrorRate is AverageLoss in thousandths of a Unit (MethodReferee:
	// GNU Backgammon's error rate in millipoints per unforced decision),
	// and Rating and RatingClass what the game makes of it (a rating
	// estimate and a class key such as "world-class"), if anything.
	ErrorRate   float64 `json:"errorRate,omitempty"`
	Rating      int     `json:"rating,omitempty"`
	RatingClass string  `json:"ratingClass,omitempty"`

	Inaccuracies int `json:"inaccuracies"`
	Mistakes     int `json:"mistakes"`
	Blunders     int `json:"blunders"`
	// Worst indexes Result.Turns: the side's worst turns (with a loss, at
	// most three), the worst first.
	Worst []int `json:"worst"`
	// Optimal counts the moves that kept a shortest path (MethodDistance).
	Optimal int `json:"optimal,omitempty"`
	// Luck is the sum of the side's rolls' luck in Units; Result what it
	// won (a win's points, negative for a loss, 0 for a draw or a game not
	// over), and LuckAdjusted that result less its net luck (its luck less
	// the opponent's), as GNU Backgammon counts it. Dice games only.
	Luck         float64 `json:"luck,omitempty"`
	Result       float64 `json:"result,omitempty"`
	LuckAdjusted float64 `json:"luckAdjusted,omitempty"`
}

// MaxWorst is how many worst turns a side lists.
const MaxWorst = 3

// Errors the analysis returns (wrapped with the details).
var (
	// ErrBadRecord: the record does not replay (an illegal move, a move
	// after the end).
	ErrBadRecord = errors.New("analysis: bad record")
	// ErrNotJudged: the game cannot be judged (a one-player game whose
	// positions do not know their distance to the goal).
	ErrNotJudged = errors.New("analysis: game cannot be judged")
)

// CanJudge reports whether games of g from start can be judged: an
// ErrNotJudged (wrapped) for a one-player game whose positions do not know
// their distance to the goal.
func CanJudge(g games.Game, start games.Position) error {
	if g.Players() == 1 && games.CanOf(nil, start).Solver == nil {
		return fmt.Errorf("%w: %s positions do not know their distance to the goal", ErrNotJudged, g.Name())
	}
	return nil
}

// Analyse judges the game of g played from start (not changed) with moves
// (chance outcomes included, as the game records them). It returns a
// complete Result, or, when ctx is cancelled, the evaluations done so far
// (Complete false: pass it as Options.Resume to go on) with ctx's error.
func Analyse(ctx context.Context, g games.Game, start games.Position, moves []ai.Move, opts Options) (*Result, error) {
	began := time.Now()
	a := games.AssessmentOf(g)
	pl, err := replay(start, moves, g.Players() == 1)
	if err != nil {
		return nil, err
	}
	r := &Result{
		Version: Version, Game: g.Name(), Start: start.String(), Plies: len(moves), Record: fingerprint(moves),
		Budget: opts.Budget, Unit: a.Unit, Winner: ai.NoSide,
		Thresholds: [3]float64{a.Inaccuracy, a.Mistake, a.Blunder},
	}
	var j judge
	switch {
	case g.Players() == 1:
		if err := CanJudge(g, start); err != nil {
			return nil, err
		}
		r.Method, r.Unit = MethodDistance, "move"
		if games.CanOf(g, nil).Assessor == nil {
			r.Thresholds = [3]float64{1, 2, 4} // moves added to the solution
		}
		j = &distanceJudge{}
	case a.Referee != nil:
		r.Method = MethodReferee
		j = &refereeJudge{ref: a.Referee(opts.Budget.Depth)}
	default:
		r.Method, r.ByChance = MethodEngine, a.ByChance
		e := opts.Engine
		if e == nil {
			e = ai.NewEngine(ai.DefaultOptions())
		}
		j = &engineJudge{e: e, lim: limits(a.Limits, opts.Budget)}
	}
	r.Evals = make([]Eval, len(pl.points))
	resumeFrom(r, opts.Resume)
	rc := &run{ctx: ctx, a: a, r: r, pl: pl, progress: opts.Progress, total: len(pl.points)}
	for _, e := range r.Evals {
		if e.Done {
			rc.done++
		}
	}
	// From the last position to the first (see Result.Evals).
	for k := len(pl.points) - 1; k >= 0; k-- {
		if r.Evals[k].Done {
			continue
		}
		if err := ctx.Err(); err != nil {
			r.Elapsed = time.Since(began)
			return r, err
		}
		if err := j.eval(rc, k); err != nil {
			r.Elapsed = time.Since(began)
			if ctx.Err() != nil {
				r.Evals[k] = Eval{}
				return r, ctx.Err()
			}
			return nil, err
		}
		r.Evals[k].Done = true
		rc.done++
		if rc.progress != nil {
			rc.progress(rc.done, rc.total)
		}
	}
	for i := range pl.turns {
		r.Turns = append(r.Turns, j.turn(rc, i))
	}
	r.Curve = make([]float64, 0, len(pl.turns)+1)
	r.Curve = append(r.Curve, j.curve(rc, pl.startPoint()))
	for i := range pl.turns {
		r.Curve = append(r.Curve, j.curve(rc, pl.nextPoint(i)))
	}
	end := pl.end.Status()
	switch {
	case end.Over:
		r.Over, r.Winner, r.Points = true, end.Winner, end.WinPoints()
	case opts.Outcome != nil:
		r.Over, r.Winner = true, opts.Outcome.Winner
		if r.Winner == ai.First || r.Winner == ai.Second {
			r.Points = min(max(opts.Outcome.Points, 1), ai.MaxPoints)
		}
	}
	r.Complete = true
	summarise(r, g.Players())
	if r.Method == MethodReferee && a.Rating != nil {
		for i := range r.Sides {
			if st := &r.Sides[i]; st.Judged > 0 {
				st.Rating, st.RatingClass = a.Rating(st.AverageLoss)
			}
		}
	}
	r.Elapsed = time.Since(began)
	return r, nil
}

// limits is the search of a position: the game's default, overridden by
// the budget's fields that are set.
func limits(def ai.Limits, b Budget) ai.Limits {
	l := def
	if b.Depth > 0 {
		l.Depth = b.Depth
	}
	if b.Nodes > 0 {
		l.Nodes = b.Nodes
	}
	if b.Time > 0 {
		l.Time = b.Time
	}
	return l
}

// resumeFrom keeps the evaluations of a stopped analysis of the same
// record at the same budget.
func resumeFrom(r *Result, old *Result) {
	if old == nil || old.Complete || old.Version != r.Version || old.Game != r.Game || old.Start != r.Start ||
		old.Plies != r.Plies || old.Record != r.Record || old.Budget != r.Budget || old.Method != r.Method || len(old.Evals) != len(r.Evals) {
		return
	}
	copy(r.Evals, old.Evals)
}

// fingerprint is a hash of moves (FNV-1a of their 128 bits), in hex.
func fingerprint(moves []ai.Move) string {
	h := fnv.New64a()
	var b [16]byte
	for _, m := range moves {
		binary.LittleEndian.PutUint64(b[:8], m.Lo)
		binary.LittleEndian.PutUint64(b[8:], m.Hi)
		h.Write(b[:])
	}
	return strconv.FormatUint(h.Sum64(), 16)
}

// run is one analysis's state shared with the judges.
type run struct {
	ctx         context.Context
	a           games.Assessment
	r           *Result
	pl          *plan
	done, total int
	progress    func(done, total int)
}

// judge is one way of judging a game.
type judge interface {
	// eval evaluates the plan's point k into r.Evals[k]; the points after
	// it are done.
	eval(rc *run, k int) error
	// turn judges turn i from the evaluations.
	turn(rc *run, i int) Turn
	// curve is the graph's value at point k.
	curve(rc *run, k int) float64
}

// classify is the class of a loss under the thresholds.
func classify(loss float64, th [3]float64) Class {
	for i, c := range [...]Class{Blunder, Mistake, Inaccuracy} {
		if t := th[2-i]; t > 0 && loss >= t {
			return c
		}
	}
	return None
}

// summarise fills r.Sides from r.Turns.
func summarise(r *Result, players int) {
	r.Sides = make([]SideStats, players)
	var accs [2][]float64
	var ws [2][]float64
	var weights []float64
	if r.Method == MethodEngine {
		weights = volatilityWeights(r.Curve)
	}
	var lossSum [2]float64
	for i, t := range r.Turns {
		s := int(t.Side)
		if s < 0 || s >= players {
			continue
		}
		st := &r.Sides[s]
		st.Turns++
		st.Luck += t.Luck
		if (r.Method == MethodReferee && t.Forced) || t.Unknown {
			continue
		}
		st.Judged++
		lossSum[s] += max(t.Before-t.After, 0)
		switch t.Class {
		case Inaccuracy:
			st.Inaccuracies++
		case Mistake:
			st.Mistakes++
		case Blunder:
			st.Blunders++
		}
		switch r.Method {
		case MethodEngine:
			accs[s] = append(accs[s], t.Accuracy)
			ws[s] = append(ws[s], weights[i])
		case MethodDistance:
			if t.Loss == 0 {
				st.Optimal++
			}
		}
	}
	for s := range r.Sides {
		st := &r.Sides[s]
		st.Side = ai.Side(s)
		if st.Judged > 0 {
			st.AverageLoss = lossSum[s] / float64(st.Judged)
		}
		switch r.Method {
		case MethodEngine:
			st.Accuracy, _ = gameAccuracy(accs[s], ws[s])
		case MethodDistance:
			if st.Judged > 0 {
				st.Accuracy = 100 * float64(st.Optimal) / float64(st.Judged)
			}
		case MethodReferee:
			st.ErrorRate = 1000 * st.AverageLoss
		}
		st.Worst = worst(r.Turns, ai.Side(s))
		if st.Worst == nil {
			st.Worst = []int{}
		}
	}
	if players == 2 && (r.Sides[0].Luck != 0 || r.Sides[1].Luck != 0 || r.Method == MethodReferee) {
		for s := range r.Sides {
			st, op := &r.Sides[s], &r.Sides[1-s]
			if r.Over && r.Winner == st.Side {
				st.Result = float64(r.Points)
			} else if r.Over && r.Winner == op.Side {
				st.Result = -float64(r.Points)
			}
			st.LuckAdjusted = st.Result - (st.Luck - op.Luck)
		}
	}
}

// worst lists side's turns with a loss, the worst first (the earlier of
// equal ones first), at most MaxWorst.
func worst(turns []Turn, side ai.Side) []int {
	var idx []int
	for i, t := range turns {
		if t.Side == side && t.Loss > 0 && !t.Unknown && !t.Forced {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case turns[a].Loss > turns[b].Loss:
			return -1
		case turns[a].Loss < turns[b].Loss:
			return 1
		}
		return 0
	})
	if len(idx) > MaxWorst {
		idx = idx[:MaxWorst]
	}
	return idx
}
