package puzzle

// assessment.go tells the post-game analysis how a sliding puzzle is
// judged: by the distance to the goal (OptimalLength), a move being right
// when it keeps a shortest path.

import "oyunbot/games"

// Assessment implements games.Assessor. A slide off a shortest path costs
// two moves (one away, one back, or a path as much longer): an inaccuracy;
// the other classes are not used.
func (Game) Assessment() games.Assessment {
	return games.Assessment{Unit: "move", Scale: 1, Inaccuracy: 2}
}
