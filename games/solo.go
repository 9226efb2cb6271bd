package games

// solo.go is the capability "solo": one-player games (puzzles), their
// random starts at a difficulty, their shortest solutions, and the work
// they need done before they can answer (pattern databases).
//
//	RandomStarter  a start drawn at a level                 (Game; puzzles)
//	Solver         the shortest solution's length          (Position; puzzles)
//	PatientSolver  the same, waiting for Readier's work    (Position; puzzles)

import (
	"context"
	"math/rand/v2"
)

// RandomStarter is implemented by games whose starts the bot draws at a
// chosen difficulty (a puzzle): RandomStart returns a start, as position
// text, for a standard level's name ("easy".."master"), from r.
type RandomStarter interface {
	RandomStart(level string, r *rand.Rand) (string, error)
}

// Solver is implemented by one-player positions (puzzles) that know the
// length of a shortest solution from here; ok is false when it is not
// known (too hard to compute at once).
type Solver interface {
	OptimalLength() (n int, ok bool)
}

// PatientSolver is implemented by one-player positions whose shortest
// solution may need such work (Readier) before it can be searched:
// OptimalLengthWait waits for it, until ctx ends, then searches as
// Solver.OptimalLength does. For a game that ended without its length.
type PatientSolver interface {
	OptimalLengthWait(ctx context.Context) (n int, ok bool)
}
