package draughts

// assessment.go tells the post-game analysis how Italian draughts and
// checkers are judged: in men, as dama is, and which phase a position is
// in.

import (
	"oyunbot/ai"
	"oyunbot/games"
)

// Assessment implements games.Assessor, the same for both games. Values
// are in men (the evaluation's Man, 100; a king is 170), within ±5: a side
// five men up of twelve has won. A move is judged by the men it loses
// against the best: a third of a man an inaccuracy, two thirds a mistake,
// a man a blunder. A position is searched 14 plies deep, at most a
// million nodes (about 50 ms of one core: a game of 100 plies in 6 s;
// at 10 plies the analysis called twice as many of master's own moves
// blunders). The win chance (for the graph and the accuracy) is a
// logistic of the evaluation, winChanceK per centi-man. The thresholds,
// the search and the slope were measured: BENCHMARKS.md, "Post-game
// analysis".
func (Game) Assessment() games.Assessment {
	return games.Assessment{
		Unit: "man", Scale: 100, Ceiling: 5,
		WinChance:  games.Logistic(winChanceK),
		Inaccuracy: 0.33, Mistake: 0.66, Blunder: 1,
		Limits: ai.Limits{Depth: 14, Nodes: 1_000_000},
	}
}

// winChanceK is the logistic's slope per centi-man.
const winChanceK = 0.0085

// Phases, by the pieces left of the 24 (so that a game never goes back to
// a phase): the opening while at most four are gone, the endgame once at
// most eight (a third) are left.
const (
	openingPieces = 20
	endgamePhase  = 8
)

// GamePhase implements games.Phaser.
func (p *Position) GamePhase() string {
	n := popcount(p.st.occ())
	switch {
	case n <= endgamePhase:
		return "endgame"
	case n >= openingPieces:
		return "opening"
	}
	return "middlegame"
}
