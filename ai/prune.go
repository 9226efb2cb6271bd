package ai

// prune.go holds the optional interfaces through which a game lends the
// one search (pvs.go) what it needs for the selective techniques of a
// real chess engine (null-move pruning, check extension, late-move
// reductions, capture ordering by exchange value, the histories) and
// the Tuning that sets their depths and margins. A game that implements
// none of them gets a principal variation search with a table, killers,
// history and quiescence; each technique is also switchable in Options
// so that self-play can measure it alone.

import (
	"fmt"
	"reflect"
)

// NullMover is implemented by games in which passing (a null move) is a
// sound test of a position's strength: null-move pruning gives the opponent
// a free move and, if a reduced search still fails high, cuts the node.
// NullOK reports whether the side to move may pass here: it must be false
// where passing would change what is true of the position, above all in
// check and in zugzwang-prone positions (chess: a side with pawns and king
// only). MakeNull passes the turn (clearing an en-passant square, say);
// UnmakeNull takes it back. They nest with Make and Unmake.
type NullMover interface {
	NullOK() bool
	MakeNull()
	UnmakeNull()
}

// Checker is implemented by games with check: InCheck reports whether the
// side to move is in check. The engine extends the search of a position in
// check by one ply (Options.CheckExt), reduces a move that gives or
// escapes check less and never prunes it, and never stands pat in check
// (draughts: a compulsory capture is a check).
type Checker interface {
	InCheck() bool
}

// MoveScorer is implemented by games that can rank their noisy moves better
// than "all noisy moves alike": MoveScore returns a capture's expected gain
// in evaluation units (a static exchange evaluation, or
// most-valuable-victim/least-valuable-attacker). Moves are tried best
// first; a noisy move with a negative score (it loses material) is tried
// after the killers, and quiescence skips it when the side to move may
// stand pat. MoveScore is asked about noisy moves only.
type MoveScorer interface {
	MoveScore(m Move) int
}

// lmrMinDepth is the depth from which late moves are reduced.
const lmrMinDepth = 3

// Tuner is implemented by games that tune the one search's selective
// techniques (pvs.go): aspiration windows, reverse futility, null move
// with verification, late move pruning and reductions by history, SEE
// pruning, singular extension, internal iterative reduction, ProbCut,
// the capture and correction histories. Its margins are in evaluation
// units, so the game supplies them, tuned to its evaluation; a game
// without a Tuning is searched with none of them. A Tuner also promises
// what chess and draughts are: Moves is empty where the game is over
// (the search asks Status only there, where a game without a Tuning has
// it asked at every node) and a win is worth one point (mate distance
// pruning). Options.Tuned switches the Tuning on; each technique has its
// own switch besides.
type Tuner interface {
	Tuning() *Tuning
}

// MaxCorrectionSize bounds Tuning.CorrectionSize (8 MiB a table).
const MaxCorrectionSize = 1 << 21

// Check says what in t the engine cannot use, whatever the game, or
// returns nil: CorrectionSize is 0 (off) or a power of two up to
// MaxCorrectionSize (its keys are masked; the search would silently leave
// another size off), and no depth, margin or size is negative. A game's
// own requirements are its TuningChecker's.
func (t *Tuning) Check() error {
	if n := t.CorrectionSize; n < 0 || n > MaxCorrectionSize || n&(n-1) != 0 {
		return fmt.Errorf("CorrectionSize is 0 (off) or a power of two up to %d, not %d", MaxCorrectionSize, n)
	}
	v := reflect.ValueOf(t).Elem()
	for i := range v.NumField() {
		if f := v.Field(i); f.Kind() == reflect.Int && f.Int() < 0 {
			return fmt.Errorf("%s is %d: no setting is negative", v.Type().Field(i).Name, f.Int())
		}
	}
	return nil
}

// TuningChecker is implemented by games whose Tuning holds values that
// must fit the game, such as the bounds of MoveKeyer's and CaptureKeyer's
// keys (a bound below the game's keys would index past its tables):
// CheckTuning says what is wrong with t, or returns nil.
type TuningChecker interface {
	CheckTuning(t *Tuning) error
}

// Exchanger is implemented by games with a static exchange evaluation of
// any move, quiet or not: SEEAtLeast reports whether m, once the exchanges
// on its target square are played out with the cheapest pieces, wins at
// least threshold (in evaluation units; negative thresholds allow a loss).
// SEE pruning (Options.SEEPrune) uses it.
type Exchanger interface {
	SEEAtLeast(m Move, threshold int) bool
}

// MoveKeyer is implemented by games whose moves the continuation history
// and counter-move tables index by what they do: MoveKey is a number in
// [0, Tuning.MoveKeys) naming the moving piece (with its side) and its
// target square, such as 64·piece + square in chess.
type MoveKeyer interface {
	MoveKey(m Move) int
}

// CaptureKeyer is implemented by games whose noisy moves the capture
// history indexes by what they do: CaptureKey is a number in [0,
// Tuning.CaptureKeys) naming the moving piece (with its side), its target
// square and what it captures, such as (64·piece + square)·8 + captured
// kind in chess.
type CaptureKeyer interface {
	CaptureKey(m Move) int
}

// StructureKeyer is implemented by games whose static evaluation errs
// alike in positions that share a structure, such as chess's pawns:
// StructureKey is a hash of it, by which the correction history learns
// how far searches find the evaluation off and corrects it.
type StructureKeyer interface {
	StructureKey() uint64
}

// SideKeyer is implemented by StructureKeyers whose evaluation also errs
// alike in positions where a side's other pieces stand alike: SideKeys
// are a hash of each side's pieces beyond the structure (the first
// player's first), by which two more correction histories learn
// (Tuning.SideCorrection).
type SideKeyer interface {
	SideKeys() [2]uint64
}

// CheckGiver is implemented by games that can tell whether a legal move
// gives check without making it; the one search then prunes a move
// before making it (it never prunes a check).
type CheckGiver interface {
	GivesCheck(m Move) bool
}

// Tuning holds a game's parameters of the modern selective search. Depths
// are in plies, margins in evaluation units; a zero depth switches a
// technique off for the game.
type Tuning struct {
	// AspirationWindow is the half-width of the first root window around
	// the last iteration's score, from depth AspirationDepth on; a failed
	// window is widened by half again its size and more each time.
	AspirationWindow, AspirationDepth int
	// Reverse futility: up to RFPDepth, a node whose static score exceeds
	// beta by RFPMargin per ply of depth (one ply less when the position
	// improves on the one two plies before) returns that score.
	RFPDepth, RFPMargin int
	// Futility: up to FutilityDepth, quiet moves are skipped at a node
	// whose static score plus FutilityBase + FutilityMargin·depth is
	// below alpha.
	FutilityDepth, FutilityBase, FutilityMargin int
	// Late move pruning: up to LMPDepth, quiet moves after the first
	// (LMPBase + depth²), halved when the position is not improving, are
	// skipped.
	LMPDepth, LMPBase int
	// SEE pruning: up to SEEDepth, a quiet move losing more than
	// SEEQuietMargin·depth, or a capture losing more than
	// SEECaptureMargin·depth², in exchanges is skipped (Exchanger).
	SEEDepth, SEEQuietMargin, SEECaptureMargin int
	// Null move from NullDepth, reduced by NullBase + depth/NullDivisor +
	// min((static-beta)/NullEvalDivisor, 3) plies; from NullVerifyDepth a
	// cutoff is verified by a search without null moves for the side.
	NullDepth, NullBase, NullDivisor, NullEvalDivisor, NullVerifyDepth int
	// Singular extension from SingularDepth: the table's move is searched
	// one ply deeper when every other move fails low against the table's
	// score less SingularMargin·depth/8 at half the depth.
	SingularDepth, SingularMargin int
	// Late move reductions: LMRBase + ln(depth)·ln(moves)/LMRDivisor
	// plies (both times 100), less one ply per LMRHistory of the move's
	// history (LMRDivisor 0: no reductions).
	LMRBase, LMRDivisor, LMRHistory int
	// Internal iterative reduction: a node without a table move searched
	// at IIRDepth or more is searched one ply less.
	IIRDepth int
	// QSDelta: quiescence skips a capture whose gain (MoveScorer) cannot
	// lift the static score within QSDelta of alpha.
	QSDelta int
	// MoveKeys bounds MoveKeyer's keys (0: no continuation history or
	// counter moves).
	MoveKeys int
	// SingularNegExt: when the singular search finds other moves good
	// enough but not beyond beta, and the table's score is at least beta,
	// the table's move is searched this many plies shallower (0: off).
	SingularNegExt int
	// LMRTTNoisy: late quiet moves are reduced this many plies more when
	// the table's move is noisy (a capture is the likely answer; 0: off).
	LMRTTNoisy int
	// CaptureKeys bounds CaptureKeyer's keys (0: no capture history). The
	// capture history orders good captures (MoveScorer's gain >= 0) by
	// gain plus history/CaptureHistDiv, and the losing ones likewise.
	CaptureKeys, CaptureHistDiv int
	// CorrectionSize is the number of entries a side of the correction
	// history (StructureKeyer), a power of two (0: off). Each holds a
	// running average of the searched score less the static one over
	// positions of that structure, added to their static scores.
	CorrectionSize int
	// ProbCut from ProbCutDepth (0: off; needs an Exchanger): at a node
	// expected to fail high, a noisy move whose exchanges win enough to
	// beat beta+ProbCutMargin over the static score, and that beats it in
	// quiescence and then in a search ProbCutReduce+1 plies shallower,
	// ends the node with that score.
	ProbCutDepth, ProbCutMargin, ProbCutReduce int
	// TTCutHistory (0: off): a table cutoff at TTCutHistory plies or more
	// by a quiet table move rewards it in the histories, killers and
	// counter moves as a searched cutoff would (from a few plies, the
	// legality check of the move costs little against the subtree).
	TTCutHistory int
	// SideCorrection (1: on): with the correction history, two more of
	// CorrectionSize entries, by each side's key (SideKeyer), whose
	// entries are added to the structure's; each of the three then moves
	// toward its value plus the search's difference from their sum.
	SideCorrection int
}
