package ai

import "time"

// Limits bound a search. Zero fields are unlimited; a search with no limit at
// all stops at MaxDepth. The context's deadline bounds it too.
type Limits struct {
	Depth int           // iterative deepening stops after this depth
	Nodes int64         // stop after about this many nodes
	Time  time.Duration // stop after this long (never overrun by more than a few percent)
	// SoftTime is when iterative deepening starts no new iteration (a
	// clock's "optimum" time; Time is then the hard limit). Zero means
	// half the time budget (Time or the context's deadline), which is
	// how a level's budget is spent in chat.
	SoftTime time.Duration
	// Turns makes depth count turns, not plies: a ply after which the same
	// side moves again (tavla's second die, İşlem's capture choice) costs
	// no depth, so depth 2 sees a whole turn and the reply to it. A game's
	// levels should all count depth one way: the transposition table keeps
	// the depths it is given.
	Turns bool
}

// MaxDepth is the deepest iteration any search runs.
const MaxDepth = 64

// Info reports a completed iteration to a progress callback.
type Info struct {
	Depth    int
	Score    int
	Nodes    int64
	Elapsed  time.Duration
	PV       []Move
	SelDepth int // the deepest ply any line reached, quiescence included
}

// Result is what a search found. Best is NoMove only when the position has no
// legal move. Depth is the last completed iteration.
type Result struct {
	Best    Move
	Score   int // from the side to move's point of view
	Depth   int
	Nodes   int64
	Elapsed time.Duration
	PV      []Move
}

// Options switch the engine's techniques on and off one by one, so that a
// level is a preset and a feature can be measured alone. Every game is
// searched by the one search (pvs.go) with the techniques switched on
// here that the game lends what they need for (the interfaces of
// prune.go); a game's Tuning (Tuner) sets their margins and depths, and a
// game without one gets none of the techniques that need them.
type Options struct {
	AlphaBeta  bool // alpha-beta pruning; off: the plain search's full-width negamax (plain.go)
	TT         bool // transposition table of TTSizeMB MiB
	TTSizeMB   int
	Quiescence bool // follow noisy moves past the depth horizon
	Killers    bool // two killer moves per ply
	History    bool // history heuristic
	// PVS gives the plain search (plain.go) a null window after the first
	// move, searched again with the full window only when it beats alpha
	// (needs AlphaBeta). The one search always has it.
	PVS bool
	// Plain searches with the plain alpha-beta (plain.go), the seed and
	// teaching reference, instead of the one search: as a level with
	// Plain does, and to measure the one search against it
	// (tools/selfplay's "hard-pvs").
	Plain bool
	// The selective techniques below take effect only in games that
	// implement the interface named (see prune.go); others are searched
	// as without them.
	NullMove  bool // null-move pruning (NullMover, Tuning.NullDepth; needs AlphaBeta)
	CheckExt  bool // a position in check is searched one ply deeper (Checker)
	LMR       bool // late moves searched shallower first (Tuning.LMRDivisor)
	GameOrder bool // captures ordered, and losing ones skipped in quiescence, by the game's MoveScorer
	// Futility: within Tuning.FutilityDepth plies of the horizon, quiet
	// moves of a node whose static score is far below alpha are skipped.
	Futility bool
	// Tuned uses the game's Tuning (Tuner); off, or in a game without
	// one, the techniques that need one are off (a zero Tuning). The
	// techniques below take effect only with a Tuning that sets them.
	Tuned           bool
	Aspiration      bool // aspiration windows at the root
	ReverseFutility bool // a node far above beta returns its static score
	LMP             bool // late move pruning of quiet moves
	SEEPrune        bool // moves that lose material in exchanges skipped near the horizon (Exchanger)
	NullVerify      bool // deep null-move cutoffs verified (needs NullMove)
	Singular        bool // singular extension of the table's move
	IIR             bool // internal iterative reduction without a table move
	ContHistory     bool // continuation history and counter moves (MoveKeyer)
}

// DefaultOptions enables every technique of the one search with a 16 MiB
// table (Plain off).
func DefaultOptions() Options {
	return Options{AlphaBeta: true, TT: true, TTSizeMB: 16, Quiescence: true, Killers: true, History: true, PVS: true,
		NullMove: true, CheckExt: true, LMR: true, GameOrder: true, Futility: true,
		Tuned: true, Aspiration: true, ReverseFutility: true, LMP: true, SEEPrune: true, NullVerify: true,
		Singular: true, IIR: true, ContHistory: true}
}

// Engine searches positions of any game. It owns a transposition table and
// ordering tables, so it is not safe for concurrent use: one per worker.
//
// Every buffer the search needs is allocated here, once: the hot path does
// not allocate. Reuse an engine from game to game (call NewGame between
// games); its table entries stay valid, as they are keyed by position.
type Engine struct {
	opts Options
	tt   *ttable // nil when Options.TT is off

	s         searchState
	moves     [MaxPly][]Move
	order     [MaxPly][]int32         // grows past MaxMoves when a position needs it
	chances   [MaxPly][]ChanceOutcome // allocated on first use (dice games)
	killers   [MaxPly][2]Move
	history   [1 << historyBits]int32
	pv        pvTable
	rootMoves []rootMove
	lastRoot  []rootMove       // root moves of the last completed iteration
	nullPly   [MaxPly + 1]bool // the move into this ply was a null move
	ts        *tunedState      // the one search's state (pvs.go), made on first use
	tuning    *Tuning          // replaces the game's Tuning when not nil (SetTuning)
	own       any              // a game's own search's state (OwnSearcher)
}

// SetTuning makes the one search use t instead of the game's own
// Tuning (nil: the game's again), so that a parameter can be tried
// without rebuilding the game.
func (e *Engine) SetTuning(t *Tuning) {
	if t != nil {
		c := *t
		t = &c
	}
	e.tuning = t
}

// NewEngine returns an engine with the given techniques. A TT size of zero
// or less means 1 MiB.
func NewEngine(opts Options) *Engine {
	e := &Engine{opts: opts}
	if opts.TT {
		e.tt = newTT(opts.TTSizeMB)
	}
	for i := range e.moves {
		e.moves[i] = make([]Move, 0, MaxMoves)
		e.order[i] = make([]int32, MaxMoves)
	}
	return e
}

// Options returns the techniques the engine was built with.
func (e *Engine) Options() Options { return e.opts }

// NewGame prepares the engine for an unrelated game: it forgets killers and
// history and ages the transposition table (whose entries stay correct, as
// they depend on the position only, but are replaced first).
func (e *Engine) NewGame() {
	e.killers = [MaxPly][2]Move{}
	clear(e.history[:])
	if e.ts != nil {
		e.ts.newGame()
	}
	if e.tt != nil {
		e.tt.age()
	}
}

// HashFull is how full the transposition table is, in permille of its
// entries holding a result of the current or the last search (sampled on
// the first thousand entries); 0 without a table.
func (e *Engine) HashFull() int {
	if e.tt == nil {
		return 0
	}
	return e.tt.full()
}

// Clear empties the transposition table and the ordering tables, so that
// the next search behaves exactly like one on a new engine.
func (e *Engine) Clear() {
	e.NewGame()
	if e.tt != nil {
		e.tt.clear()
	}
	e.own = nil // a game's own search starts afresh too
}

// Level is a playing strength: a search budget plus deliberate, humane
// imperfection at the easy end.
type Level struct {
	Name   string // "easy", "medium", "hard", "master"
	Limits Limits
	// BlunderProb is the chance of choosing a weaker move on purpose; Margin
	// is how much worse (in evaluation units) such a move may be. Games
	// score a basic piece (a dama man) about 100, so margins mean the same
	// from game to game.
	BlunderProb float64
	Margin      int
	// Style names an engine variant the level plays with (a seed
	// document's own evaluation: "seed"); "" is the game's standard
	// evaluation. Choose sets it on a position that is a Styler for the
	// search and restores the previous style after.
	Style string
	// NoBook keeps a Booker game's opening book closed (a match from
	// chosen openings), while the level's deliberate mistakes still
	// happen (they need Choose's rng, which would also open the book).
	NoBook bool
	// Plain searches with the plain alpha-beta (plain.go) full width to
	// Limits.Depth and no further, as a seed document's engine did: no
	// quiescence, check extension, null move, reductions or futility
	// pruning (alpha-beta and move ordering do not change the result).
	Plain bool
}

// Styler is implemented by positions that can evaluate in more than one
// style (the seed documents' engines beside the real one). SetStyle
// switches Evaluate (and whatever else the style changes, such as move
// ordering) to the named style and returns the style it replaces; an
// unknown name selects the standard style.
type Styler interface {
	SetStyle(name string) (previous string)
}

// MaterialEvaluator is implemented by games that can score bare material
// (the seed documents' evaluation, used by the minimax3 baseline).
// Material is the bare material balance (pieces counted by their usual
// worth, nothing else) from the side to move's point of view, within
// ±MaxEval.
type MaterialEvaluator interface {
	Material() int
}
