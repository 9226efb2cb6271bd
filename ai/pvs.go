package ai

// pvs.go is the engine's one search: a principal variation search as
// chess engines do it, for every game without dice, whose techniques a
// game switches on by what it lends the engine (the interfaces of
// prune.go) and by its Tuning (Tuner), each with its Options switch.
//
// Every game gets iterative deepening over a null-window search after the
// first move with a transposition table, killers, history, quiescence
// (never standing pat where every move is a capture, or in check) and
// same-side plies (a turn that goes on, as İşlem's capture choice, keeps
// sign and window and, with Limits.Turns, depth). A game without a
// Tuning (tictactoe, dama, islem) gets nothing more, and the rules'
// Status is asked at every node. A Tuner (chess, draughts) adds, as its
// Tuning sets them: aspiration windows at the root, reverse futility,
// null move with adaptive reduction and verification (NullMover),
// late move pruning, futility and SEE pruning per move (Exchanger),
// late move reductions from a logarithmic table adjusted by history,
// singular and check extensions (Checker), internal iterative
// reduction, ProbCut, mate distance pruning, move ordering by exchange
// gain (MoveScorer), counter moves and continuation history
// (MoveKeyer), a capture history (CaptureKeyer) and a correction
// history of the static score (StructureKeyer, SideKeyer); its rules'
// Status is asked only where no move is left: a draw by rule shows as a
// position without moves, and a repetition through Repeater.
//
// The plain alpha-beta of plain.go is the reference it is checked
// against; dice positions are searched there (expectiminimax).

import (
	"math"
)

// Ordering of the one search: the table's move, good captures by
// gain, killers and the counter move, quiet moves by history, then the
// captures that lose material.
const (
	orderCounter  = orderKiller - 1
	orderBadNoisy = -(1 << 24)
	// orderQuietLazy marks a quiet move not yet scored by history: below
	// every history score, above the losing captures. Histories are looked
	// up (cache misses in large tables) only when the search gets to the
	// quiet moves, which a cutoff by the table's move, a capture or a
	// killer often spares.
	orderQuietLazy = -(1 << 22)
	histMax        = 16384 // history values stay within ±histMax (gravity)
	noEval         = math.MinInt32
	maxQuietsSeen  = 64 // quiet moves remembered per node for the history malus
	maxNoisySeen   = 32 // noisy moves remembered per node for the capture history malus
	// noisyScale spreads the gains of noisy moves in the ordering score so
	// that the capture history can order captures of nearly equal gain
	// (noisyOrder keeps a good capture's score above orderNoisy whatever
	// its history).
	noisyScale = 8
)

// tunedState is the one search's per-engine state beyond searchState.
type tunedState struct {
	tn         *Tuning
	tuner      bool       // the game is a Tuner: Status only without moves, mate distance pruning
	staticEval bool       // inner nodes read the static score (a technique of the Tuning needs it)
	ex         Exchanger  // nil: no SEE pruning
	mk         MoveKeyer  // nil: no continuation history
	cg         CheckGiver // nil: a move is made to see whether it checks
	evals      [MaxPly + 2]int
	keys       [MaxPly + 2]int // the key of the move made at each ply (-1: none, or a null move)
	excluded   [MaxPly + 1]Move
	sorted     [MaxPly + 1]bool // the node's remaining moves need no more ordering
	quiets     [MaxPly][maxQuietsSeen]Move
	noisies    [MaxPly][maxNoisySeen]Move
	ck         CaptureKeyer   // nil: no capture history
	capHist    []int16        // capture history by CaptureKey
	capDiv     int            // capture history units per gain unit
	sk         StructureKeyer // nil: no correction history
	corr       [2][]int32     // correction history by side and StructureKey, in 1/corrGrain units
	sdk        SideKeyer      // nil: no side correction histories
	corrSide   [2][2][]int32  // by side to move, then by each side's SideKeys key
	lmr        [64][64]int8
	lmrFor     Tuning // the tuning lmr was built for
	nmpPly     int    // null moves are off for nmpSide below this ply (verification)
	nmpSide    Side
	cont       [2][]int16 // continuation history: [0] one ply back, [1] two, by prevKey*MoveKeys+key
	counter    []Move     // the counter move of each previous move's key
	nkeys      int
}

// noTuning is the Tuning of a game without one, or with Options.Tuned
// off: every technique that needs one is off.
var noTuning Tuning

// setupPVS prepares the one search for p: the game's Tuning (or none)
// and the tables of the techniques it lends what they need.
func (e *Engine) setupPVS(p Position) {
	if e.ts == nil {
		e.ts = &tunedState{}
	}
	ts := e.ts
	t, tuner := p.(Tuner)
	ts.tuner = tuner
	ts.tn = &noTuning
	if tuner && e.opts.Tuned {
		ts.tn = t.Tuning()
		if e.tuning != nil {
			ts.tn = e.tuning
		}
	}
	ts.ex, _ = p.(Exchanger)
	ts.cg, _ = p.(CheckGiver)
	ts.mk = nil
	if mk, ok := p.(MoveKeyer); ok && e.opts.ContHistory && ts.tn.MoveKeys > 0 {
		ts.mk = mk
		if n := ts.tn.MoveKeys; n != ts.nkeys {
			ts.nkeys = n
			ts.cont[0] = make([]int16, n*n)
			ts.cont[1] = make([]int16, n*n)
			ts.counter = make([]Move, n)
		}
	}
	ts.ck = nil
	if ck, ok := p.(CaptureKeyer); ok && ts.tn.CaptureKeys > 0 && ts.tn.CaptureHistDiv > 0 && e.s.ms != nil {
		ts.ck = ck
		ts.capDiv = ts.tn.CaptureHistDiv
		if len(ts.capHist) != ts.tn.CaptureKeys {
			ts.capHist = make([]int16, ts.tn.CaptureKeys)
		}
	}
	ts.sk = nil
	if sk, ok := p.(StructureKeyer); ok && ts.tn.CorrectionSize > 0 && ts.tn.CorrectionSize&(ts.tn.CorrectionSize-1) == 0 {
		ts.sk = sk
		if len(ts.corr[0]) != ts.tn.CorrectionSize {
			ts.corr[0] = make([]int32, ts.tn.CorrectionSize)
			ts.corr[1] = make([]int32, ts.tn.CorrectionSize)
		}
	}
	ts.sdk = nil
	if sdk, ok := p.(SideKeyer); ok && ts.sk != nil && ts.tn.SideCorrection > 0 {
		ts.sdk = sdk
		for i := range ts.corrSide {
			for j := range ts.corrSide[i] {
				if len(ts.corrSide[i][j]) != ts.tn.CorrectionSize {
					ts.corrSide[i][j] = make([]int32, ts.tn.CorrectionSize)
				}
			}
		}
	}
	if ts.lmrFor != *ts.tn {
		ts.lmrFor = *ts.tn
		for d := 1; d < 64; d++ {
			for m := 1; m < 64; m++ {
				r := (float64(ts.tn.LMRBase) + math.Log(float64(d))*math.Log(float64(m))*100/float64(max(ts.tn.LMRDivisor, 1))) / 100
				ts.lmr[d][m] = int8(max(0, min(r, 60)))
			}
		}
	}
	// The static score of an inner node is read only where a technique
	// asks for it (a game without a Tuning spares an evaluation a node).
	ts.staticEval = ts.tn.RFPDepth > 0 || ts.tn.FutilityDepth > 0 || ts.tn.LMPDepth > 0 || ts.tn.NullDepth > 0 ||
		ts.tn.ProbCutDepth > 0 || ts.tn.LMRDivisor > 0 || ts.sk != nil
	ts.nmpPly = 0
	for i := range ts.keys {
		ts.keys[i] = -1
	}
}

// newGame forgets the continuation, capture and correction histories and
// the counter moves.
func (ts *tunedState) newGame() {
	clear(ts.cont[0])
	clear(ts.cont[1])
	clear(ts.counter)
	clear(ts.capHist)
	clear(ts.corr[0])
	clear(ts.corr[1])
	for i := range ts.corrSide {
		for j := range ts.corrSide[i] {
			clear(ts.corrSide[i][j])
		}
	}
}

// The correction history's units: entries are in 1/corrGrain of the
// evaluation's unit, within ±corrLimit units; an update moves an entry by
// at most corrMaxWeight/256 of the way to the new difference.
const (
	corrGrain     = 256
	corrLimit     = 64
	corrMaxWeight = 16
)

// corrKeys are the current position's keys into the correction
// histories, read once a node: the side keys cost a game some work.
type corrKeys struct {
	structure uint64
	sides     [2]uint64
}

// corrKeys returns the correction keys of the current position (none
// without the correction history).
func (ts *tunedState) corrKeys() corrKeys {
	var k corrKeys
	if ts.sk == nil {
		return k
	}
	k.structure = ts.sk.StructureKey()
	if ts.sdk != nil {
		k.sides = ts.sdk.SideKeys()
	}
	return k
}

// correction is what the correction history adds to side's static score
// of the position of keys k (0 without one).
func (ts *tunedState) correction(side Side, k corrKeys) int {
	if ts.sk == nil || side > Second || side < First {
		return 0
	}
	c := ts.corr[side]
	mask := uint64(len(c) - 1)
	v := c[k.structure&mask]
	if ts.sdk != nil {
		cs := &ts.corrSide[side]
		v += cs[0][k.sides[0]&mask] + cs[1][k.sides[1]&mask]
	}
	return int(v) / corrGrain
}

// updateCorrection moves the current structure's correction towards
// best - raw, the searched score less the uncorrected static one, the
// more the deeper the search (a running average). With the sides' tables
// as well, each of the three moves toward its value plus the error of
// their sum.
func (ts *tunedState) updateCorrection(side Side, depth, best, raw int, k corrKeys) {
	c := ts.corr[side]
	mask := uint64(len(c) - 1)
	ent := &c[k.structure&mask]
	w := int32(min(depth+1, corrMaxWeight))
	if ts.sdk == nil {
		diff := int32(max(-corrLimit, min(best-raw, corrLimit))) * corrGrain
		*ent = (*ent*(256-w) + diff*w) / 256
		return
	}
	// Each of the three moves toward its value plus the sum's error (with
	// one table, that is the above).
	cs := &ts.corrSide[side]
	ents := [3]*int32{ent, &cs[0][k.sides[0]&mask], &cs[1][k.sides[1]&mask]}
	errSum := int32(best-raw) * corrGrain
	for _, en := range ents {
		errSum -= *en
	}
	for _, en := range ents {
		target := max(-corrLimit*corrGrain, min(*en+errSum, corrLimit*corrGrain))
		*en = (*en*(256-w) + target*w) / 256
	}
}

// gravity moves a history value by bonus, less the more it already is:
// values stay within ±histMax.
func gravity(h *int32, bonus int) {
	*h += int32(bonus - int(*h)*absInt(bonus)/histMax)
}

func gravity16(h *int16, bonus int) {
	*h += int16(bonus - int(*h)*absInt(bonus)/histMax)
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// quietHistory is a quiet move's history score at ply: its own history
// and its continuation histories after the last two moves.
func (e *Engine) quietHistory(m Move, ply int, side Side) int {
	h := int(e.history[historyIndex(m, side)])
	ts := e.ts
	if ts.mk != nil {
		k := ts.mk.MoveKey(m)
		if p1 := ts.keys[ply]; ply >= 1 && p1 >= 0 {
			h += int(ts.cont[0][p1*ts.nkeys+k])
		}
		if ply >= 2 {
			if p2 := ts.keys[ply-1]; p2 >= 0 {
				h += int(ts.cont[1][p2*ts.nkeys+k])
			}
		}
	}
	return h
}

// Note: ts.keys[ply] is the key of the move that led to ply (made at
// ply-1); the search sets ts.keys[ply+1] before searching a child.

// updateQuietHistory rewards the quiet move best that caused a cutoff at
// ply and punishes the quiet moves tried before it.
func (e *Engine) updateQuietHistory(best Move, tried []Move, ply, depth int, side Side) {
	bonus := min(16*depth*depth+32*depth, 1600)
	ts := e.ts
	update := func(m Move, b int) {
		if e.opts.History {
			gravity(&e.history[historyIndex(m, side)], b)
		}
		if ts.mk != nil {
			k := ts.mk.MoveKey(m)
			if p1 := ts.keys[ply]; p1 >= 0 {
				gravity16(&ts.cont[0][p1*ts.nkeys+k], b)
			}
			if ply >= 1 {
				if p2 := ts.keys[ply-1]; p2 >= 0 {
					gravity16(&ts.cont[1][p2*ts.nkeys+k], b)
				}
			}
		}
	}
	update(best, bonus)
	for _, m := range tried {
		if m != best {
			update(m, -bonus)
		}
	}
	if e.opts.Killers && e.killers[ply][0] != best {
		e.killers[ply][1] = e.killers[ply][0]
		e.killers[ply][0] = best
	}
	if ts.mk != nil {
		if p1 := ts.keys[ply]; p1 >= 0 {
			ts.counter[p1] = best
		}
	}
}

// capHistBonus is the capture history's share of noisy move m's ordering
// score.
func (ts *tunedState) capHistBonus(m Move) int {
	return int(ts.capHist[ts.ck.CaptureKey(m)]) / ts.capDiv
}

// noisyOrder is the ordering score of noisy move m of gain g
// (MoveScorer): captures that do not lose material first, by gain, then
// the losing ones; with the capture history, each is moved by its history
// (at most histMax/capDiv, a fraction of a pawn's gain) and a good capture
// stays above orderNoisy whatever its history.
func (ts *tunedState) noisyOrder(m Move, g int) int32 {
	switch {
	case ts.ck != nil && g >= 0:
		return orderNoisy + int32(min(g, 1<<20)*noisyScale+histMax/ts.capDiv+ts.capHistBonus(m))
	case ts.ck != nil:
		return orderBadNoisy + int32(max(g, -(1<<20))*noisyScale+ts.capHistBonus(m))
	case g >= 0:
		return orderNoisy + int32(min(g, 1<<24))
	}
	return orderBadNoisy + int32(max(g, -(1<<20)))
}

// noisyGain is the gain (MoveScorer) of noisy move m from its ordering
// score v, a good capture's: the inverse of noisyOrder.
func (ts *tunedState) noisyGain(m Move, v int) int {
	if ts.ck == nil {
		return v - orderNoisy
	}
	return (v - orderNoisy - histMax/ts.capDiv - ts.capHistBonus(m)) / noisyScale
}

// updateCaptureHistory rewards the noisy move best that caused a cutoff at
// ply (none: a quiet one did) and punishes the noisy moves tried before it.
func (ts *tunedState) updateCaptureHistory(best Move, tried []Move, depth int) {
	bonus := min(16*depth*depth+32*depth, 1600)
	if !best.IsNone() {
		gravity16(&ts.capHist[ts.ck.CaptureKey(best)], bonus)
	}
	for _, m := range tried {
		if m != best {
			gravity16(&ts.capHist[ts.ck.CaptureKey(m)], -bonus)
		}
	}
}

// scoreMoves fills the ordering scores of the moves at ply.
func (e *Engine) scoreMoves(moves []Move, ply int, side Side, ttMove Move) {
	sc := e.orderScores(ply, len(moves))
	// The switches and tables are read once: a move is never NoMove, so a
	// switched-off table move, killer or counter move matches none.
	if !e.opts.TT {
		ttMove = NoMove
	}
	k0, k1 := NoMove, NoMove
	if e.opts.Killers {
		k0, k1 = e.killers[ply][0], e.killers[ply][1]
	}
	counter := NoMove
	ts := e.ts
	if ts.mk != nil {
		if p1 := ts.keys[ply]; p1 >= 0 {
			counter = ts.counter[p1]
		}
	}
	quiet := int32(0)
	if e.opts.History {
		quiet = orderQuietLazy
	}
	p, ms := e.s.p, e.s.ms
	capHist := ts.ck != nil
	for i, m := range moves {
		v := quiet
		switch {
		case m == ttMove:
			v = orderTT
		case p.Noisy(m):
			v = orderNoisy
			if ms != nil {
				switch g := ms.MoveScore(m); {
				case capHist:
					v = ts.noisyOrder(m, g)
				case g >= 0:
					v = orderNoisy + int32(min(g, 1<<24))
				default:
					v = orderBadNoisy + int32(max(g, -(1<<20)))
				}
			}
		case m == k0:
			v = orderKiller + 1
		case m == k1:
			v = orderKiller
		case m == counter:
			v = orderCounter
		}
		sc[i] = v
	}
	ts.sorted[ply] = false
}

// pickNext returns the i-th move of the node at ply in order, by
// selection: the table's move, captures, killers and the counter move
// first; at the first quiet move, the quiet moves get their history
// scores. Once the node skips its remaining quiet moves (late move
// pruning, futility) the order no longer matters (ts.sorted) and the
// moves come as they lie, sparing a selection each.
func (e *Engine) pickNext(moves []Move, i, ply int, side Side) Move {
	ts := e.ts
	if ts.sorted[ply] {
		return moves[i]
	}
	m := pickMove(moves, e.order[ply][:len(moves)], i)
	sc := e.order[ply][:len(moves)]
	if sc[i] != orderQuietLazy {
		return m
	}
	for j := i; j < len(moves); j++ {
		if sc[j] == orderQuietLazy {
			sc[j] = int32(e.quietHistory(moves[j], ply, side))
		}
	}
	return pickMove(moves, e.order[ply][:len(moves)], i)
}

// pvs searches the current position at depth from ply with the window
// (alpha, beta), scores from the side to move's point of view. cutNode
// marks a node expected to fail high (a null-window child of a PV or
// all node).
func (e *Engine) pvs(depth, ply, alpha, beta int, cutNode bool) int {
	s := &e.s
	ts := e.ts
	tn := ts.tn
	p := s.p
	e.pv.n[ply] = 0
	if depth <= 0 {
		return e.quiesce(ply, alpha, beta)
	}
	s.nodes++
	if s.nodes >= s.nextCheck {
		s.checkLimits()
	}
	if s.stop {
		return 0
	}
	s.selDepth = max(s.selDepth, ply)
	pvNode := beta-alpha > 1
	turn := p.Turn()
	if ply > 0 {
		if s.rep != nil && s.rep.Repeated() {
			s.horizon++
			return 0
		}
		if !ts.tuner {
			// A game without a Tuning may be over with moves left (three
			// in a row), and a win may be worth more than one point.
			if st := p.Status(); st.Over {
				return terminalScore(st, turn, ply)
			}
		} else {
			// Mate distance: no line from here beats a mate already found
			// nearer the root.
			alpha = max(alpha, -Win+ply)
			beta = min(beta, Win-ply-1)
			if alpha >= beta {
				return alpha
			}
		}
	}
	if ply >= MaxPly-1 {
		s.horizon++
		return p.Evaluate()
	}
	inCheck := s.chk != nil && s.chk.InCheck()
	if inCheck && e.opts.CheckExt {
		depth++
	}
	excluded := ts.excluded[ply]

	key := p.Hash()
	ttMove, ttScore, ttDepth, ttBound, ttEval := NoMove, 0, -1, uint8(0), noEvalTT
	if e.tt != nil {
		if ent, ok := e.tt.probe(key); ok {
			ttMove, ttScore, ttDepth, ttBound = ent.move, scoreFromTT(int(ent.score), ply), int(ent.depth), ent.flags&boundMask
			ttEval = int(ent.eval)
			// A game without a Tuning takes the table's cutoffs at PV nodes
			// too, as the plain search does: along a game, the searches of
			// the moves before have left most of the tree in the table
			// (twice the nodes without them, tools/nodecount -line).
			if (!pvNode || !ts.tuner) && excluded.IsNone() && ttDepth >= depth && s.ttCutoff(&ent, ttScore, alpha, beta) {
				if tn.TTCutHistory > 0 && depth >= tn.TTCutHistory && ttScore >= beta && !ttMove.IsNone() && e.hasMove(ply, ttMove) && !p.Noisy(ttMove) {
					e.updateQuietHistory(ttMove, nil, ply, depth, turn)
				}
				return ttScore
			}
		}
	}

	// The static score, and whether it improves on ours two plies ago.
	ev, staticEval := noEval, noEvalTT
	improving := false
	var ck corrKeys // the correction histories' keys, read when not in check
	if !inCheck && ts.staticEval {
		if ttEval != noEvalTT {
			ev = ttEval
		} else {
			ev = p.Evaluate()
		}
		staticEval = ev // the table keeps the uncorrected score
		ck = ts.corrKeys()
		ev += ts.correction(turn, ck)
		if ttBound == boundExact || (ttBound == boundLower && ttScore > ev) || (ttBound == boundUpper && ttScore < ev) {
			if ttScore > -mateBound && ttScore < mateBound {
				ev = ttScore // a searched score is the better guess
			}
		}
		improving = ply >= 2 && ts.evals[ply-2] != noEval && ev > ts.evals[ply-2]
	}
	ts.evals[ply] = ev
	if ply+2 < MaxPly && ts.tuner {
		e.killers[ply+2] = [2]Move{} // the grandchildren's start afresh
	}

	if !pvNode && !inCheck && excluded.IsNone() && ply > 0 {
		// Reverse futility: far above beta near the horizon stays above.
		if e.opts.ReverseFutility && depth <= tn.RFPDepth && beta > -mateBound && ev < mateBound {
			margin := tn.RFPMargin * depth
			if improving {
				margin -= tn.RFPMargin
			}
			if ev-margin >= beta {
				s.horizon++
				return ev
			}
		}
		// Null move: pass, and if a reduced search still fails high, so
		// would a real move.
		if e.opts.NullMove && s.nm != nil && tn.NullDepth > 0 && depth >= tn.NullDepth && ev >= beta &&
			beta > -mateBound && beta < mateBound && !e.nullPly[ply] && (ply >= ts.nmpPly || turn != ts.nmpSide) && s.nm.NullOK() {
			r := tn.NullBase + depth/max(tn.NullDivisor, 1) + min((ev-beta)/max(tn.NullEvalDivisor, 1), 3)
			s.nm.MakeNull()
			e.nullPly[ply+1] = true
			ts.keys[ply+1] = -1
			v := -e.pvs(depth-1-r, ply+1, -beta, -beta+1, !cutNode)
			e.nullPly[ply+1] = false
			s.nm.UnmakeNull()
			if s.stop {
				return 0
			}
			if v >= beta {
				if v >= mateBound {
					v = beta // a null move proves no mate
				}
				if !e.opts.NullVerify || tn.NullVerifyDepth == 0 || depth < tn.NullVerifyDepth || ts.nmpPly != 0 {
					return v
				}
				// Verification: the same reduced search with real moves
				// and no null move for this side near here.
				ts.nmpPly, ts.nmpSide = ply+3*(depth-r)/4, turn
				w := e.pvs(depth-r, ply, beta-1, beta, false)
				ts.nmpPly = 0
				if s.stop {
					return 0
				}
				if w >= beta {
					return v
				}
			}
		}
	}

	// ProbCut: a capture that beats beta by a margin in a shallow search
	// would beat beta in the full one. Skipped when the table already
	// says the node holds less than that at a comparable depth.
	if !pvNode && !inCheck && excluded.IsNone() && ply > 0 && tn.ProbCutDepth > 0 && depth >= tn.ProbCutDepth &&
		ts.ex != nil && beta > -mateBound && beta+tn.ProbCutMargin < mateBound && ev != noEval &&
		!(ttDepth >= depth-tn.ProbCutReduce && ttScore < beta+tn.ProbCutMargin) {
		if v, ok := e.probCut(depth, ply, beta+tn.ProbCutMargin, ev, ttMove, cutNode); ok {
			return v
		} else if s.stop {
			return 0
		}
	}

	// Internal iterative reduction: without a table move the node is
	// probably not worth its full depth.
	if e.opts.IIR && tn.IIRDepth > 0 && depth >= tn.IIRDepth && ttMove.IsNone() && excluded.IsNone() {
		depth--
	}

	// Singular extension: the table's move is the only good one if every
	// other move fails low against its score less a margin. (Searched
	// before this node's moves are listed: it shares their buffers.)
	ext := 0
	if e.opts.Singular && tn.SingularDepth > 0 && depth >= tn.SingularDepth && ply > 0 && excluded.IsNone() &&
		!ttMove.IsNone() && ttBound != boundUpper && ttDepth >= depth-3 && ttScore > -mateBound && ttScore < mateBound &&
		e.hasMove(ply, ttMove) {
		sBeta := ttScore - tn.SingularMargin*depth/8
		ts.excluded[ply] = ttMove
		v := e.pvs((depth-1)/2, ply, sBeta-1, sBeta, cutNode)
		ts.excluded[ply] = NoMove
		if s.stop {
			return 0
		}
		switch {
		case v < sBeta:
			ext = 1
		case sBeta >= beta:
			return sBeta // several moves beat beta: multi-cut
		case ttScore >= beta:
			ext = -tn.SingularNegExt // another move likely holds beta too
		}
	}

	moves := p.Moves(e.moves[ply][:0])
	if len(moves) == 0 {
		// Mate, stalemate or a draw by rule: the rules say which.
		s.horizon++
		if st := p.Status(); st.Over {
			return terminalScore(st, turn, ply)
		}
		return p.Evaluate()
	}
	e.scoreMoves(moves, ply, turn, ttMove)
	horizon0 := s.horizon
	alpha0 := alpha
	best, bestMove := -Inf, NoMove
	searched, quietsSeen := 0, 0
	tried := ts.quiets[ply][:0]
	triedNoisy := 0 // noisy moves searched, in ts.noisies[ply] (with the capture history)
	lmpLimit := tn.LMPBase + depth*depth
	if !improving {
		lmpLimit /= 2
	}
	skipQuiets := false
	ttNoisy := false // the table's move, searched first, is noisy
	for i := range moves {
		m := e.pickNext(moves, i, ply, turn)
		if m == excluded {
			continue
		}
		order := e.order[ply][i]
		noisy := p.Noisy(m)
		quiet := !noisy
		if quiet {
			quietsSeen++
		} else if m == ttMove {
			ttNoisy = true
		}
		// Pruning of moves that cannot matter, once a move that does not
		// lose by force has been found; a move that gives check is kept.
		prune := false
		if ply > 0 && !inCheck && best > -mateBound && order < orderKiller-1 {
			if quiet {
				switch {
				case skipQuiets:
					prune = true
				case e.opts.LMP && tn.LMPDepth > 0 && depth <= tn.LMPDepth && quietsSeen > lmpLimit:
					prune, skipQuiets = true, true
				case e.opts.Futility && depth <= tn.FutilityDepth && ev+tn.FutilityBase+tn.FutilityMargin*depth <= alpha:
					prune, skipQuiets = true, true
				}
				if skipQuiets {
					ts.sorted[ply] = true
				}
			}
			if !prune && e.opts.SEEPrune && ts.ex != nil && depth <= tn.SEEDepth {
				th := -tn.SEEQuietMargin * depth
				if noisy {
					th = -tn.SEECaptureMargin * depth * depth
				}
				prune = !ts.ex.SEEAtLeast(m, th)
			}
		}
		givesCheck := false
		if ts.cg != nil {
			givesCheck = ts.cg.GivesCheck(m)
			if prune && !givesCheck {
				s.horizon++
				continue
			}
		}
		ts.keys[ply+1] = -1
		if ts.mk != nil {
			ts.keys[ply+1] = ts.mk.MoveKey(m)
		}
		p.Make(m)
		if ts.cg == nil {
			givesCheck = s.chk != nil && s.chk.InCheck()
			if prune && !givesCheck {
				p.Unmake()
				s.horizon++
				continue
			}
		}
		newDepth := depth - 1
		if m == ttMove {
			newDepth += ext
		}
		var v int
		if searched == 0 {
			v = e.child(newDepth, ply+1, alpha, beta, turn, false)
		} else {
			r := 0
			if e.opts.LMR && tn.LMRDivisor > 0 && depth >= lmrMinDepth && searched >= 1+boolInt(pvNode) && (quiet || order < 0) {
				r = int(ts.lmr[min(depth, 63)][min(searched+1, 63)])
				if pvNode {
					r--
				}
				if !improving {
					r++
				}
				if cutNode {
					r++
				}
				if givesCheck || inCheck {
					r--
				}
				if order >= orderCounter {
					r-- // a killer or the counter move
				}
				if quiet && ttNoisy {
					r += tn.LMRTTNoisy
				}
				if quiet && tn.LMRHistory > 0 && order < orderCounter {
					r -= max(-2, min(2, int(order)/tn.LMRHistory))
				}
				r = max(0, min(r, newDepth-1))
			}
			v = e.child(newDepth-r, ply+1, alpha, alpha+1, turn, true)
			if v > alpha && r > 0 && !s.stop {
				v = e.child(newDepth, ply+1, alpha, alpha+1, turn, !cutNode)
			}
			if v > alpha && v < beta && !s.stop {
				v = e.child(newDepth, ply+1, alpha, beta, turn, false)
			}
		}
		p.Unmake()
		if s.stop {
			return 0
		}
		searched++
		if v > best {
			best = v
			if v > alpha {
				bestMove = m
				alpha = v
				if pvNode {
					e.pv.update(ply, m)
				}
			}
		}
		if alpha >= beta {
			if quiet {
				e.updateQuietHistory(m, tried, ply, depth, turn)
			}
			if ts.ck != nil {
				cm := NoMove
				if !quiet {
					cm = m
				}
				ts.updateCaptureHistory(cm, ts.noisies[ply][:triedNoisy], depth)
			}
			break
		}
		if quiet && len(tried) < maxQuietsSeen {
			tried = append(tried, m)
		} else if !quiet && ts.ck != nil && triedNoisy < maxNoisySeen {
			ts.noisies[ply][triedNoisy] = m
			triedNoisy++
		}
	}
	if searched == 0 {
		// Every move was excluded (a singular search with one legal move)
		// or pruned.
		if !excluded.IsNone() {
			return alpha
		}
		s.horizon++
		return max(ev, -mateBound)
	}
	if e.tt != nil && excluded.IsNone() {
		e.tt.storeEval(key, depth, ply, best, s.nodeFlags(best, alpha0, beta, horizon0), bestMove, staticEval)
	}
	// The correction history learns from a quiet node's score where its
	// bound says something about the static score: a fail high above it,
	// a fail low below it, or an exact score.
	if ts.sk != nil && !inCheck && excluded.IsNone() && staticEval != noEvalTT && best > -mateBound && best < mateBound &&
		(bestMove.IsNone() || !p.Noisy(bestMove)) {
		corrected := staticEval + ts.correction(turn, ck)
		if !(best >= beta && best <= corrected) && !(best <= alpha0 && best >= corrected) {
			ts.updateCorrection(turn, depth, best, staticEval, ck)
		}
	}
	return best
}

// child searches the position the last Make produced, a move of turn's,
// at depth from ply within (alpha, beta), and returns its score from
// turn's point of view: negated, with the window, when the other side
// moves next; as it is when turn moves again (İşlem's capture choice),
// at no cost in depth when depth counts turns (Limits.Turns).
func (e *Engine) child(depth, ply, alpha, beta int, turn Side, cutNode bool) int {
	if e.s.p.Turn() != turn {
		return -e.pvs(depth, ply, -beta, -alpha, cutNode)
	}
	if e.s.turns {
		depth++
	}
	return e.pvs(depth, ply, alpha, beta, cutNode)
}

// probCut tries the noisy moves at ply whose exchanges lift static score
// ev to pcBeta: each is searched in quiescence, then, if it still holds
// pcBeta, at depth-1-ProbCutReduce. The first that holds pcBeta there
// ends the node (ok) with its score, stored as a lower bound.
func (e *Engine) probCut(depth, ply, pcBeta, ev int, ttMove Move, cutNode bool) (int, bool) {
	s := &e.s
	ts := e.ts
	p := s.p
	turn := p.Turn()
	all := p.Moves(e.moves[ply][:0])
	moves := all[:0]
	for _, m := range all {
		if p.Noisy(m) && ts.ex.SEEAtLeast(m, pcBeta-ev) {
			moves = append(moves, m)
		}
	}
	e.scoreMoves(moves, ply, turn, ttMove)
	d := depth - 1 - ts.tn.ProbCutReduce
	for i := range moves {
		m := pickMove(moves, e.order[ply][:len(moves)], i)
		ts.keys[ply+1] = -1
		if ts.mk != nil {
			ts.keys[ply+1] = ts.mk.MoveKey(m)
		}
		p.Make(m)
		v := -e.quiesce(ply+1, -pcBeta, -pcBeta+1)
		if v >= pcBeta && d > 0 && !s.stop {
			v = -e.pvs(d, ply+1, -pcBeta, -pcBeta+1, !cutNode)
		}
		p.Unmake()
		if s.stop {
			return 0, false
		}
		if v >= pcBeta {
			if e.tt != nil {
				e.tt.storeEval(p.Hash(), d+1, ply, v, boundLower, m, noEvalTT)
			}
			return v, true
		}
	}
	return 0, false
}

// hasMove reports whether m is legal at ply (a table move may come from
// another position with the same key).
func (e *Engine) hasMove(ply int, m Move) bool {
	for _, x := range e.s.p.Moves(e.moves[ply][:0]) {
		if x == m {
			return true
		}
	}
	return false
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// quiesce is the one search's quiescence: noisy moves only, standing
// pat on the static score unless in check, where every move is searched
// (and a mate is found). Captures that lose material, or cannot lift the
// score near alpha, are skipped.
func (e *Engine) quiesce(ply, alpha, beta int) int {
	s := &e.s
	p := s.p
	ts := e.ts
	tn := ts.tn
	e.pv.n[ply] = 0
	s.nodes++
	if s.nodes >= s.nextCheck {
		s.checkLimits()
	}
	if s.stop {
		return 0
	}
	s.selDepth = max(s.selDepth, ply)
	if s.rep != nil && s.rep.Repeated() {
		s.horizon++
		return 0
	}
	if !ts.tuner || !e.opts.Quiescence {
		// (Without quiescence a Tuner's mate at the horizon is found here.)
		if st := p.Status(); st.Over {
			return terminalScore(st, p.Turn(), ply)
		}
	}
	if ply >= MaxPly-1 || !e.opts.Quiescence {
		s.horizon++
		return p.Evaluate()
	}
	pvNode := beta-alpha > 1
	key := p.Hash()
	ttMove, ttDeeper, ttEval := NoMove, false, noEvalTT
	// Quiescence uses the table in a game with a Tuning: in the others,
	// whose quiescence is short, its cache misses cost more than it saves.
	qsTT := e.tt != nil && ts.tuner
	if qsTT {
		if ent, ok := e.tt.probe(key); ok {
			ttMove, ttDeeper, ttEval = ent.move, ent.depth > 0, int(ent.eval)
			if v := scoreFromTT(int(ent.score), ply); !pvNode && boundCuts(ent.flags&boundMask, v, alpha, beta) {
				s.horizon++
				return v
			}
		}
	}
	turn := p.Turn()
	inCheck := s.chk != nil && s.chk.InCheck()
	var moves []Move
	best := -Inf
	standPat, raw := noEval, noEval // the static score, corrected, and as evaluated
	if inCheck {
		moves = p.Moves(e.moves[ply][:0])
		if len(moves) == 0 {
			s.horizon++
			if st := p.Status(); st.Over {
				return terminalScore(st, turn, ply)
			}
			return p.Evaluate()
		}
	} else {
		all := true
		if s.ng != nil {
			moves, all = s.ng.NoisyMoves(e.moves[ply][:0])
		} else {
			ms := p.Moves(e.moves[ply][:0])
			moves = ms[:0]
			for _, m := range ms {
				if p.Noisy(m) {
					moves = append(moves, m)
				}
			}
			all = len(moves) == len(ms)
		}
		if len(moves) == 0 && all {
			s.horizon++
			if st := p.Status(); st.Over {
				return terminalScore(st, turn, ply)
			}
			return p.Evaluate()
		}
		if !all {
			raw = ttEval
			if raw == noEvalTT {
				raw = p.Evaluate()
			}
			standPat = raw + ts.correction(turn, ts.corrKeys())
			best = standPat
			s.horizon++
			if best >= beta || len(moves) == 0 {
				return best
			}
			alpha = max(alpha, best)
		}
	}
	alpha0 := alpha
	bestMove := NoMove
	e.scoreMoves(moves, ply, turn, ttMove)
	for i := range moves {
		m := e.pickNext(moves, i, ply, turn)
		if standPat != noEval && s.ms != nil && m != ttMove {
			g := int(e.order[ply][i])
			if g < orderNoisy {
				break // the rest lose material: standing pat is better
			}
			if tn.QSDelta > 0 && standPat+ts.noisyGain(m, g)+tn.QSDelta <= alpha {
				continue
			}
		}
		p.Make(m)
		var v int
		if p.Turn() == turn {
			v = e.quiesce(ply+1, alpha, beta) // the same side moves again
		} else {
			v = -e.quiesce(ply+1, -beta, -alpha)
		}
		p.Unmake()
		if s.stop {
			return 0
		}
		if v > best {
			best = v
			if v > alpha {
				alpha, bestMove = v, m
				if pvNode {
					e.pv.update(ply, m)
				}
			}
		}
		if alpha >= beta {
			break
		}
	}
	if qsTT && !ttDeeper { // a deeper search's entry is worth more
		flags := boundOf(best, alpha0, beta)
		ev := noEvalTT
		if raw != noEval {
			ev = raw
		}
		e.tt.storeEval(key, 0, ply, best, flags, bestMove, ev)
	}
	return best
}

// searchRoot searches every root move at depth within (alpha, beta)
// and returns the index of the best, its score and how many moves it
// finished. The first move gets the full window, the others a null window
// first. With a root margin (Choose's deliberate mistakes) the window is
// opened below the best score by the margin so that moves within it get
// exact scores.
func (e *Engine) searchRoot(depth, alpha, beta int) (best, bestScore, searched int) {
	s := &e.s
	p := s.p
	ts := e.ts
	turn := p.Turn()
	e.pv.n[0] = 0
	s.nodes++
	bestScore = -Inf
	ts.evals[0] = noEval
	if s.chk == nil || !s.chk.InCheck() {
		ts.evals[0] = p.Evaluate()
	}
	ts.keys[0] = -1
	for i := range e.rootMoves {
		rm := &e.rootMoves[i]
		a := alpha
		if i > 0 && s.rootMargin > 0 {
			a = max(alpha, bestScore-s.rootMargin-1)
		}
		ts.keys[1] = -1
		if ts.mk != nil {
			ts.keys[1] = ts.mk.MoveKey(rm.move)
		}
		p.Make(rm.move)
		var v int
		if i == 0 {
			v = e.child(depth-1, 1, a, beta, turn, false)
		} else {
			v = e.child(depth-1, 1, a, a+1, turn, true)
			if v > a && v < beta && !s.stop {
				v = e.child(depth-1, 1, a, beta, turn, false)
			}
		}
		p.Unmake()
		if s.stop {
			return best, bestScore, i
		}
		rm.score, rm.exact = v, v > a && v < beta
		if v > bestScore {
			bestScore, best = v, i
			if v > alpha || i == 0 {
				e.pv.update(0, rm.move)
			}
		}
		if v > alpha && s.rootMargin == 0 {
			alpha = v
		}
		if alpha >= beta {
			return best, bestScore, i + 1
		}
	}
	if e.tt != nil && bestScore > -Inf {
		flags := s.nodeFlags(bestScore, alpha, beta, 0)
		e.tt.store(p.Hash(), depth, 0, bestScore, flags, e.rootMoves[best].move)
	}
	return best, bestScore, len(e.rootMoves)
}

// iterate runs one iteration at depth with aspiration windows around
// the last score: a result outside the window is searched again with a
// wider one. It returns what searchRoot does for the final window.
func (e *Engine) iterate(depth, last int) (best, score, searched int) {
	tn := e.ts.tn
	alpha, beta := -Inf, Inf
	w := tn.AspirationWindow
	aspire := e.opts.Aspiration && w > 0 && depth >= tn.AspirationDepth && e.s.rootMargin == 0 &&
		last > -mateBound && last < mateBound
	if aspire {
		alpha, beta = max(last-w, -Inf), min(last+w, Inf)
	}
	for {
		best, score, searched = e.searchRoot(depth, alpha, beta)
		if e.s.stop || !aspire {
			return
		}
		switch {
		case score <= alpha:
			beta = (alpha + beta) / 2
			alpha = max(score-w, -Inf)
		case score >= beta:
			beta = min(score+w, Inf)
		default:
			return
		}
		w += w / 2
		if w > 1000 {
			alpha, beta = -Inf, Inf
		}
		e.s.horizon = 0
	}
}
