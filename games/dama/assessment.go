package dama

// assessment.go tells the post-game analysis how dama is judged: in men,
// and which phase a position is in.

import (
	"math/bits"

	"oyunbot/ai"
	"oyunbot/games"
)

// Assessment implements games.Assessor. Values are in men (the
// evaluation's 100), within ±5: a side five men up has won, so what
// happens beyond is not judged (with ±3, blunders that left a side still
// three men up went unseen; with ±10, the winner's shuffling in a won
// ending was called blunders: BENCHMARKS.md, "Post-game analysis"). A move is judged by the men it loses
// against the best: a third of a man an inaccuracy, two thirds a mistake,
// a man a blunder. A position is searched 10 plies deep, at most a
// million nodes (a quarter of a CPU second). The win chance (for the graph and the accuracy) is a
// logistic of the evaluation, winChanceK per centi-man.
func (Game) Assessment() games.Assessment {
	return games.Assessment{
		Unit: "man", Scale: 100, Ceiling: 5,
		WinChance:  games.Logistic(winChanceK),
		Inaccuracy: 0.33, Mistake: 0.66, Blunder: 1,
		Limits: ai.Limits{Depth: 10, Nodes: 1_000_000},
	}
}

// winChanceK is the logistic's slope per centi-man.
const winChanceK = 0.0085

// Phases, by the pieces left (so that a game never goes back to a phase):
// the opening while at most four are gone, the endgame once at most ten
// are left.
const (
	openingPieces = 28
	endgamePieces = 10
)

// GamePhase implements games.Phaser.
func (p *Position) GamePhase() string {
	s := &p.St
	n := bits.OnesCount64(s.occ())
	switch {
	case n <= endgamePieces:
		return "endgame"
	case n >= openingPieces:
		return "opening"
	}
	return "middlegame"
}
