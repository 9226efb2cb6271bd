package draughts

// assessment.go tells the post-game analysis how Italian draughts and
// checkers are judged: in men, as dama is, and which phase a position is
// in.

import (
	"oyunbot/ai"
	"oyunbot/games"
)

// Assessment implements games.Assessor. Values are in men (the
// evaluation's Man, 100; a king is 170), within ±5: a side five men up of
// twelve has won. A move is judged by the men it loses against the best,
// as in dama: a third of a man an inaccuracy, two thirds a mistake, a man
// a blunder. A position is searched 14 plies deep, at most a million
// nodes (about 50 ms of one core: a game of 100 plies in 6 s; at 10
// plies the analysis called twice as many of master's own moves
// blunders). The win chance (for the graph and the accuracy) is a
// logistic of the evaluation, its slope fitted for each game on
// self-play: a man up wins more surely in checkers. The search and the
// slopes were measured: BENCHMARKS.md, "Post-game analysis".
func (g Game) Assessment() games.Assessment {
	return games.Assessment{
		Unit: "man", Scale: 100, Ceiling: 5,
		WinChance:  games.Logistic(g.winChanceK()),
		Inaccuracy: 0.33, Mistake: 0.66, Blunder: 1,
		Limits: ai.Limits{Depth: 14, Nodes: 1_000_000},
	}
}

// The logistic's slopes per centi-man, fitted on 100 self-play games of
// each at depth 10 (TestFitWinChance; 95% intervals by resampling the
// games: Italian 0.0090-0.0169, checkers 0.0181-0.0288).
const (
	italianWinChanceK  = 0.012
	checkersWinChanceK = 0.022
)

func (g Game) winChanceK() float64 {
	if g.v.italian {
		return italianWinChanceK
	}
	return checkersWinChanceK
}

// Phases, by the pieces left of the 24 (so that a game never goes back to
// a phase): the opening while at most four are gone, the endgame once at
// most eight (a third) are left.
const (
	openingPieces = 20
	endgamePhase  = 8
)

// GamePhase implements games.Phaser.
func (p *Position) GamePhase() string {
	n := popcount(p.St.occ())
	switch {
	case n <= endgamePhase:
		return "endgame"
	case n >= openingPieces:
		return "opening"
	}
	return "middlegame"
}
