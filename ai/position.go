// Package ai is the common game-AI engine: one principal variation search
// (pvs.go) with iterative deepening under a context deadline, a
// transposition table, move ordering and quiescence, whose selective
// techniques a game switches on by lending what they need (NullMover,
// Checker, MoveScorer, Tuner...: see prune.go); the plain alpha-beta with
// expectiminimax chance nodes (plain.go) as its seed/teaching reference;
// single-agent puzzle search; levels and an opening book (Booker).
// It knows no game: a game is anything that implements Position.
//
// Decisions every game follows (they are the engine's contract):
//
//   - Multi-part turns are sequences of plies by the same side. After Make the
//     side to move may be unchanged (İşlem's placement then capture choice,
//     tavla's one die at a time); the engine negates scores only when the side
//     to move changes.
//   - Chance: a position whose Turn is Chance lists its outcomes (e.g. the 21
//     distinct dice rolls) through Chances instead of Moves; Make plays an
//     outcome like a move. The engine averages over outcomes (expectiminimax).
//   - One player: a puzzle has a single side; single-agent search uses the same
//     Moves/Make/Unmake/Hash plus the Puzzle interface (cost and heuristic).
//   - Moves are compact values (Move); the zero Move is NoMove and no game
//     encodes a legal move as zero.
package ai

// Side identifies who acts in a position.
type Side int8

// Sides. First moves first in the start position (white, x).
const (
	NoSide Side = -1 // no one: used as the winner of a draw
	First  Side = 0
	Second Side = 1
	Chance Side = 2 // the next event is random (dice): see Stochastic
)

// Opponent returns the other player; Chance and NoSide are returned unchanged.
func (s Side) Opponent() Side {
	switch s {
	case First:
		return Second
	case Second:
		return First
	}
	return s
}

// Move is a game-defined compact move: 128 bits are enough to name a dama
// capture path of up to 16 hops, a chess move, a die played in tavla or an
// İşlem placement. The engine only stores, compares and hashes moves.
type Move struct{ Lo, Hi uint64 }

// NoMove is the zero Move: "no move" (game over, or no result yet).
var NoMove Move

// IsNone reports whether m is NoMove.
func (m Move) IsNone() bool { return m == NoMove }

// MaxMoves is the usual capacity of move buffers: enough for nearly every
// position of every game, so buffers of this capacity rarely grow on the hot
// path. It is not a hard bound (a dama king can have hundreds of
// maximum-capture paths): code that stores moves must grow past it.
const MaxMoves = 256

// Status is a position's game-theoretic state as the rules see it.
type Status struct {
	Over   bool
	Winner Side   // First, Second, or NoSide for a draw (when Over)
	Reason string // stable key naming the rule that ended the game, e.g. "no-moves", "repetition"
	// Points is what the win is worth (tavla's mars: 2; backgammon's
	// result times the cube, up to 3 × 64); 0 means 1. Ignored for a
	// draw. At most MaxPoints.
	Points int
}

// WinPoints is the points a finished game gives its winner (at least 1,
// at most MaxPoints); 0 for a draw or a game not over.
func (s Status) WinPoints() int {
	if !s.Over || (s.Winner != First && s.Winner != Second) {
		return 0
	}
	return min(max(s.Points, 1), MaxPoints)
}

// Score bounds. Evaluate must stay strictly inside ±MaxEval; mate-like scores
// (a won or lost game) are Win-ply for a one-point win, so shorter wins
// score higher, and PointScore more for each further point, so a win worth
// more points scores higher whatever its length.
const (
	Win        = 1_000_000
	MaxEval    = 100_000
	MaxPoints  = 192   // backgammon's backgammon (3) on a cube of 64
	PointScore = 1_000 // more than any ply count
	Inf        = Win + (MaxPoints-1)*PointScore + 1
)

// Position is what the engine needs from a game. Implementations are not safe
// for concurrent use: search a Clone.
type Position interface {
	// Turn reports who acts next: First, Second or Chance.
	Turn() Side
	// Moves appends the legal moves of the side to move to buf and returns it.
	// When Turn is Chance it appends the chance outcomes (see Stochastic).
	// A position whose Status is Over has no moves.
	Moves(buf []Move) []Move
	// Make plays m, which must be legal (or a chance outcome); Unmake takes
	// back the last Make. Make/Unmake pairs nest to any depth.
	Make(m Move)
	Unmake()
	// Hash is a Zobrist hash of everything that decides the legal moves and
	// their outcome (board, side to move, dice), equal for equal positions.
	Hash() uint64
	// Status reports whether the game is over and why.
	Status() Status
	// Evaluate is a static score from the side to move's point of view,
	// within ±MaxEval. Unused at Chance nodes.
	Evaluate() int
	// Noisy reports whether m is a move that quiescence search must follow
	// (captures). When every legal move is noisy (compulsory capture) the
	// quiescence search may not stand pat.
	Noisy(m Move) bool
}

// NoisyGenerator is optionally implemented by games that can list their
// noisy moves faster than all their moves (captures without the quiet
// moves). Quiescence search uses it when present. NoisyMoves appends the
// legal moves that Noisy accepts, in Moves' order, and reports whether they
// are all the legal moves (then the side to move may not stand pat; with no
// legal move at all it reports true).
type NoisyGenerator interface {
	NoisyMoves(buf []Move) (moves []Move, all bool)
}

// Repeater is implemented by games with a repetition rule (dama's third
// occurrence draws). Repeated reports whether the current position, with the
// same side to move, occurred earlier in the game, the history before the
// search included, since the last irreversible move.
//
// Search (and Minimax) score a repeated position below the root as a draw
// without searching it: going back to a position makes no progress, so the
// side that wants more has to find it elsewhere. This keeps the engine from
// shuffling into a third repetition when its evaluation is optimistic, and
// from trusting a table entry for a position stored before a repetition was
// within reach.
type Repeater interface {
	Repeated() bool
}

// ChanceOutcome is one random event of a Chance node with its probability.
type ChanceOutcome struct {
	Move Move
	Prob float64
}

// Stochastic is implemented by games with chance nodes (dice). At a position
// whose Turn is Chance, Chances appends every distinct outcome with its
// probability (summing to 1); Make plays an outcome.
type Stochastic interface {
	Chances(buf []ChanceOutcome) []ChanceOutcome
}

// Puzzle is implemented by single-player games for single-agent search: the
// cost of a move, an admissible heuristic estimate of the remaining cost, and
// the goal test.
//
// Solve searches it (breadth-first, depth-first, depth-limited, iterative
// deepening, bidirectional, uniform-cost, greedy, A*, IDA*); Search treats
// a Puzzle as an ordinary position.
type Puzzle interface {
	Position
	IsGoal() bool
	Cost(m Move) int
	Heuristic() int
}
