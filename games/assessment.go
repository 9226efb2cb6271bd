package games

// assessment.go is what a game tells the post-game analysis (package
// analysis) about judging its moves: the units its scores mean, when a
// move's loss is an inaccuracy, a mistake or a blunder, the chance of
// winning a score stands for, and, for a game judged by an evaluation of
// its own (tavla's equities), that evaluation. Games declare it here
// rather than in analysis because they implement it with these types.

import (
	"context"
	"math"

	"oyunbot/ai"
)

// Assessor is implemented by games that say how their moves are judged
// after a game; a game without it is judged by DefaultAssessment.
type Assessor interface {
	Assessment() Assessment
}

// Assessment says how a game's moves are judged.
//
// The analysis reads an engine score (Evaluate's scale, from a side's point
// of view) as score/Scale Units, clamped to ±Ceiling, a won or lost game
// (a mate-like score) counting as ±Ceiling. A move's loss is what its
// mover's value fell by from the best move's; with ByChance it is the fall
// of the mover's WinChance in percentage points instead. The thresholds are
// in the loss's units; zero means the class is not used.
type Assessment struct {
	// Unit names the unit of values and losses as a stable key ("centipawn",
	// "man", "stone", "point", "move"), for the presentation to translate.
	Unit string
	// Scale is engine score per Unit (1 for centipawns, 100 for dama's men).
	Scale float64
	// Ceiling bounds values in Units (a forced win counts as +Ceiling).
	Ceiling float64
	// WinChance maps an engine score, from a side's point of view, to that
	// side's expected result from 0 to 1 (a draw counting a half). It draws
	// the graph and gives the accuracy; nil means DefaultWinChance.
	WinChance func(score int) float64
	// ByChance judges losses in WinChance percentage points (as lichess
	// does) rather than in Units.
	ByChance bool
	// Inaccuracy, Mistake and Blunder are the smallest losses of each class.
	Inaccuracy, Mistake, Blunder float64
	// Limits is the search of each position at the default budget: keep a
	// game of 100 plies within 30 s of one core.
	Limits ai.Limits
	// Referee, when set, judges the game by the game's own evaluation
	// instead of the engine's search (tavla's equities): the analysis makes
	// one per game it analyses, searching depth plies (0: the game's
	// default).
	Referee func(depth int) Referee
	// Rating maps a Referee game's error rate (its mean loss per unforced
	// decision, in Units) to a rating estimate and a class key
	// ("world-class"); nil means none.
	Rating func(errorRate float64) (rating int, class string)
}

// Referee judges a game's turns by the game's own reference evaluation, in
// the Assessment's Units. Not safe for concurrent use.
type Referee interface {
	// Rate rates the turn played from p (its plies in order; p's side to
	// move is to play them, dice in hand) against the best turn: both
	// values for the mover, the best turn's plies, and how many different
	// turns the position allows (1: the turn was forced).
	Rate(ctx context.Context, p Position, turn []ai.Move) (TurnRating, error)
	// Value is p's value for First: waiting for a roll, the average over
	// the rolls of the best play after each, so that a roll's luck (the
	// value after it less the value before it) averages zero.
	Value(ctx context.Context, p Position) (float64, error)
}

// TurnRating is a Referee's judgement of a turn.
type TurnRating struct {
	Played, Best float64 // for the mover, in Units
	BestTurn     []ai.Move
	Choices      int // different turns the position allowed
	// Rolled is the mover's value with the dice in hand as Value counts
	// it (its best turn's, at Value's depth): a roll's luck is Rolled less
	// the Value before the roll, so it averages zero whatever depth the
	// turns are judged at.
	Rolled float64
}

// Phaser is implemented by positions that say which phase of the game they
// are in, as a stable key ("opening", "middlegame", "endgame"; tavla's
// "contact", "race", "bearoff"), for the analysis graph's shading.
type Phaser interface {
	GamePhase() string
}

// DefaultAssessment judges a game that says nothing about itself: the
// engine's scores in hundredths of a basic piece (as ai's Level margins
// assume), by the win chance DefaultWinChance gives them and lichess's
// thresholds of 5, 10 and 15 points, searched 6 plies deep.
func DefaultAssessment() Assessment {
	return Assessment{Unit: "piece", Scale: 100, Ceiling: 10, ByChance: true,
		Inaccuracy: 5, Mistake: 10, Blunder: 15, Limits: ai.Limits{Depth: 6, Nodes: 2_000_000}}
}

// AssessmentOf returns g's Assessment with its zero fields defaulted.
func AssessmentOf(g Game) Assessment {
	a := DefaultAssessment()
	if as := CanOf(g, nil).Assessor; as != nil {
		a = as.Assessment()
	}
	if a.Scale <= 0 {
		a.Scale = 1
	}
	if a.Ceiling <= 0 {
		a.Ceiling = float64(ai.MaxEval) / a.Scale
	}
	if a.WinChance == nil {
		scale := a.Scale
		a.WinChance = func(score int) float64 { return DefaultWinChance(float64(score) / scale * 100) }
	}
	return a
}

// DefaultWinChance is lichess's logistic for centipawns, read as
// hundredths of a basic piece: 0.5 + 0.5·(2/(1+e^(-0.00368208·x)) - 1),
// x clamped to ±1000 (see analysis's lichess.go for the source).
func DefaultWinChance(hundredths float64) float64 {
	x := min(max(hundredths, -1000), 1000)
	return 1 / (1 + math.Exp(-0.00368208*x))
}

// Logistic returns the win chance 1/(1+e^(-k·score)) of a side whose
// engine score is score, k per unit of score, a forced win or loss (beyond
// ai.MaxEval) counting 1 or 0: the draughts games' WinChance, each with its
// slope.
func Logistic(k float64) func(score int) float64 {
	return func(score int) float64 {
		switch {
		case score > ai.MaxEval:
			return 1
		case score < -ai.MaxEval:
			return 0
		}
		return 1 / (1 + math.Exp(-k*float64(score)))
	}
}
