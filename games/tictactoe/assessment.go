package tictactoe

// assessment.go tells the post-game analysis how tic-tac-toe is judged:
// by the game's value under perfect play, which a search of all nine plies
// finds at once.

import (
	"oyunbot/ai"
	"oyunbot/games"
)

// Assessment implements games.Assessor. A position is won, drawn or lost
// with best play (a win chance of 1, ½ or 0; values in points: 1 a win,
// -1 a loss); a move that throws away a half point or more (a win into a
// draw, a draw into a loss) is a blunder, as nothing smaller can be lost.
func (Game) Assessment() games.Assessment {
	return games.Assessment{
		Unit: "point", Scale: ai.Win, Ceiling: 1,
		WinChance: resultChance, ByChance: true,
		Blunder: 50,
		Limits:  ai.Limits{Depth: 9},
	}
}

// resultChance is the expected result of a side whose exact score is score.
func resultChance(score int) float64 {
	switch {
	case score > ai.MaxEval:
		return 1
	case score < -ai.MaxEval:
		return 0
	}
	return 0.5
}
