package ai

// prune.go holds the optional interfaces through which a game lends the
// engine what it needs for the selective techniques of a real chess engine
// (null-move pruning, check extension, late-move reductions, capture
// ordering by exchange value). A game that implements none of them is
// searched exactly as before; each technique is also switchable in Options
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
// check by one ply (Options.CheckExt), never reduces or prunes a move that
// gives or escapes check, and never stands pat in check. Late-move
// reductions and futility pruning are used only in games that implement
// it: a reduction must not hide a forcing move.
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

// Tuning of the selective techniques.
const (
	nullMinDepth = 3 // null-move pruning from this depth up
	lmrMinDepth  = 3 // late-move reductions from this depth up
	lmrMinMove   = 3 // the first moves in order are never reduced
	// futilityDepth is the depth up to which futility pruning applies;
	// futilityMargin (per ply of depth, in evaluation units: a pawn is
	// about 100) is how far outside the window the static score must be.
	futilityDepth  = 3
	futilityMargin = 110
)

// lmrReduction is how many plies the i-th move is reduced at depth: one,
// two for a very late move in a deep search, one less at a PV node, never
// leaving less than one ply. (A reduction of ln(depth)·ln(i)/2 plies, as
// some engines use, scored 24-16-30 against no reductions at 100 ms a
// move; this one 19-12-9: BENCHMARKS.md.)
func lmrReduction(depth, i int, pv bool) int {
	r := 1
	if depth >= 6 && i >= 12 {
		r = 2
	}
	if pv {
		r--
	}
	return max(0, min(r, depth-2))
}

// nullReduction is the depth saved by a null move: 2, 3 from depth 7 up.
func nullReduction(depth int) int {
	if depth >= 7 {
		return 3
	}
	return 2
}

// noisyOrder is the ordering score of a noisy move the game scores gain:
// winning and even captures above the killers, best gain first; losing
// ones between the killers and history.
func noisyOrder(gain int) int32 {
	g := int32(max(min(gain, 1<<24), -(1 << 24)))
	if g >= 0 {
		return orderNoisy + g
	}
	return orderKiller/2 + g
}

// nullMove tries null-move pruning at a node: the side to move passes and
// a search reduced by nullReduction still scores at least beta, so a real
// move will too. ok reports a cutoff with its score. Not at the root, in
// check, at PV nodes, after another null move, near a mate score, or where
// the game says passing is unsound (NullOK).
func (e *Engine) nullMove(depth, ply, beta int, turn Side, inCheck, pvNode bool) (v int, ok bool) {
	s := &e.s
	if s.nm == nil || ply == 0 || inCheck || pvNode || depth < nullMinDepth || e.nullPly[ply] ||
		beta >= mateBound || beta <= -mateBound || !s.nm.NullOK() || s.p.Evaluate() < beta {
		return 0, false
	}
	s.nm.MakeNull()
	e.nullPly[ply+1] = true
	v = -e.negamax(depth-1-nullReduction(depth), ply+1, -beta, -beta+1, turn.Opponent())
	e.nullPly[ply+1] = false
	s.nm.UnmakeNull()
	if s.stop || v < beta {
		return 0, false
	}
	return beta, true // a bound only: a null move proves no mate
}

// lateReduction is how many plies less the i-th move (just made) is first
// searched: a quiet move late in order, when reduce allows it at this node.
func (e *Engine) lateReduction(reduce bool, depth, i, ply int, turn Side, pvNode bool) int {
	if !reduce || i < lmrMinMove || !e.quietMove(ply, i, turn) {
		return 0
	}
	return lmrReduction(depth, i, pvNode)
}

// quietMove reports whether the i-th move at ply, just made, is quiet in
// the selective techniques' sense: not the table's move, a noisy move or a
// killer, and it neither gives check nor leaves the side's turn
// unfinished. Only for games with checks (e.s.chk set).
func (e *Engine) quietMove(ply, i int, turn Side) bool {
	if e.order[ply][i] >= orderKiller/2-(1<<24) {
		return false // a TT move, a capture or a killer
	}
	p := e.s.p
	return p.Turn() != turn && p.Turn() != Chance && !e.s.chk.InCheck()
}

// Tuner is implemented by games that want the engine's modern selective
// search (pvs.go): principal variation search with aspiration windows,
// reverse futility, null move with verification, late move pruning and
// reductions by history, SEE pruning, singular and check extensions, and
// move ordering by history, continuation history and counter moves. Its
// margins are in evaluation units, so the game supplies them, tuned to its
// evaluation. The modern search assumes what chess is: two players taking
// turns one ply at a time, no chance, and a Checker; a game that is not so
// must not implement Tuner (the engine ignores it for a Stochastic game).
// Options.Tuned switches the modern search on; each technique has its own
// switch besides.
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
// gives check without making it; the modern search then prunes a move
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
	// history.
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
