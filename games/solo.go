package games

// solo.go is the capability "solo": one-player games (puzzles), their
// random starts at a difficulty, their shortest solutions, and the work
// they need done before they can answer (pattern databases).
//
//	RandomStarter  a start drawn at a level                 (Game; puzzles)
//	Readier        work done before the first game         (Game; puzzles)
//	Solver         the shortest solution's length          (Position; puzzles)
//	PatientSolver  the same, waiting for Readier's work    (Position; puzzles)
//
// Readier's Ready starts the work: the program calls it once at start for
// every game that has it (it replaced a separate Warmer, whose Warm did
// the same).

import (
	"context"
	"errors"
	"math/rand/v2"
)

// RandomStarter is implemented by games whose starts the bot draws at a
// chosen difficulty (a puzzle): RandomStart returns a start, as position
// text, for a standard level's name ("easy".."master"), from r.
type RandomStarter interface {
	RandomStart(level string, r *rand.Rand) (string, error)
}

// Readier is implemented by games whose commands or solutions need work
// done first (the 15-puzzle's pattern databases, built once): Ready
// returns a channel closed once it is done, and starts the work in the
// background if it has not started. A command refused for want of it
// (puzzle.ErrPDBNotReady, said as "being prepared") can be answered when
// the channel closes.
type Readier interface {
	Ready() <-chan struct{}
}

// ErrNotReady is wrapped by a command's error that says the game's
// preparation (Readier) is not done yet: the bot says so and answers the
// command again once Ready's channel closes, instead of asking the person
// to try again.
var ErrNotReady = errors.New("games: the game's preparation is not done yet")

// NotReadyError is a command's error for want of the game's preparation:
// Msg says so to the person, in their language.
type NotReadyError struct{ Msg string }

func (e *NotReadyError) Error() string { return e.Msg }

// Unwrap makes it an ErrNotReady.
func (e *NotReadyError) Unwrap() error { return ErrNotReady }

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
