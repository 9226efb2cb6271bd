package islem

// assessment.go tells the post-game analysis how İşlem is judged: in
// captured stones, and which phase a position is in.

import (
	"oyunbot/ai"
	"oyunbot/games"
)

// Assessment implements games.Assessor. Values are in stones (a capture,
// the evaluation's stoneWorth), within ±10 (half the 21 that win). A
// turn is judged by the stones it loses against the best turn, captures to
// come included: half a stone an inaccuracy, one a mistake, two a blunder.
// The win chance (for the graph and the accuracy) is a logistic of the
// evaluation, winChanceK per hundredth of a stone. A position is searched
// two whole turns deep (a turn and the reply), as the hard level does, but
// at most 1500 nodes: İşlem's evaluation weighs the opponent's best reply,
// so a node costs about a quarter of a millisecond, and a game of 100
// plies must stay within 30 s.
func (Game) Assessment() games.Assessment {
	return games.Assessment{
		Unit: "stone", Scale: stoneWorth, Ceiling: 10,
		WinChance:  games.Logistic(winChanceK),
		Inaccuracy: 0.5, Mistake: 1, Blunder: 2,
		Limits: ai.Limits{Depth: 2, Turns: true, Nodes: 1500},
	}
}

// winChanceK is the logistic's slope per hundredth of a stone.
const winChanceK = 0.004

// GamePhase implements games.Phaser: the phase the game has reached, the
// further of the two sides' ("first-set", "second-set", "moves").
func (p *Position) GamePhase() string {
	return [...]string{"first-set", "second-set", "moves"}[max(p.Phase(ai.First), p.Phase(ai.Second))-1]
}
