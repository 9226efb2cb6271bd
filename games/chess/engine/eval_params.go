package engine

// eval_params.go names the evaluation's parameters: evalParams holds a
// middlegame/endgame pair for each, kingDanger the weights of the king
// danger sum (eval.go). The values are Texel-tuned (tools/chesstune); the
// layout is the contract between the evaluation, its trace and the tuner.

// Parameter indexes into evalParams.
const (
	pMaterial   = 0               // [7] by Kind (Pawn to Queen)
	pPST        = pMaterial + 7   // [6][64] by Kind-1 and square as White sees it (a1 = 0)
	pMobKnight  = pPST + 6*64     // [9] by safe squares attacked
	pMobBishop  = pMobKnight + 9  // [14]
	pMobRook    = pMobBishop + 14 // [15]
	pMobQueen   = pMobRook + 15   // [28]
	pDoubled    = pMobQueen + 28  // a pawn with another of ours in front on its file
	pIsolated   = pDoubled + 1    // no pawn of ours on the files beside
	pBackward   = pIsolated + 1   // cannot be supported and its stop square is held by an enemy pawn
	pPhalanx    = pBackward + 1   // [8] by relative rank: a pawn of ours beside it
	pSupported  = pPhalanx + 8    // [8] defended by a pawn of ours
	pPassed     = pSupported + 8  // [8] a passed pawn by relative rank
	pPassedFree = pPassed + 8     // [8] and nothing stands on its way to the last rank
	pPassedSafe = pPassed + 16    // [8] and the enemy does not attack its stop square
	pPassedOwnK = pPassed + 24    // [8] by our king's distance to its stop square
	pPassedOppK = pPassed + 32    // [8] by the enemy king's distance to its stop square
	pBishopPair = pPassed + 40    //
	pOutpostN   = pBishopPair + 1 // a knight on an outpost (ranks 4-6, pawn-defended, no enemy pawn can chase it)
	pOutpostB   = pOutpostN + 1   // a bishop on one
	pRookOpen   = pOutpostB + 1   // a rook on a file without pawns
	pRookSemi   = pRookOpen + 1   // a rook on a file without pawns of ours
	pRook7th    = pRookSemi + 1   // a rook on the seventh rank
	pBadBishop  = pRook7th + 1    // per pawn of ours on the bishop's colour
	pShelter    = pBadBishop + 1  // [8] per file at the king: relative rank of our nearest pawn in front (0: none)
	pStorm      = pShelter + 8    // [8] per file at the king: relative rank (ours) of the nearest enemy pawn (0: none)
	pKingOpen   = pStorm + 8      // per file at the king without pawns of ours
	pThreatPawn = pKingOpen + 1   // [7] an enemy piece of this kind attacked by a pawn of ours
	pThreatMin  = pThreatPawn + 7 // [7] attacked by a minor piece of ours (pieces worth more, or undefended)
	pThreatRook = pThreatMin + 7  // [7] attacked by a rook of ours (the queen, or undefended)
	pHanging    = pThreatRook + 7 // an undefended enemy piece we attack
	pThreatKing = pHanging + 1    // an undefended enemy piece our king attacks
	pPushThreat = pThreatKing + 1 // a safe pawn push of ours that would attack an enemy piece
	pTempo      = pPushThreat + 1 // the side to move
	// Terms added after the first tuning (appended, so that the tuned
	// values keep their places).
	pRookBehind  = pTempo + 1       // a rook of ours behind our passed pawn on its file
	pKingPawn    = pRookBehind + 1  // [8] by the king's distance to the nearest pawn
	pMinorShield = pKingPawn + 8    // a knight or bishop right behind a pawn of ours
	pFlankEmpty  = pMinorShield + 1 // no pawns on the king's flank
	pSpace       = pFlankEmpty + 1  // safe central squares behind our pawns
	pRookQFile   = pSpace + 1       // a rook on the file of the enemy queen
	pLongDiag    = pRookQFile + 1   // a bishop on a long diagonal seeing two centre squares
	// Terms added after the third tuning.
	pKnightOnQueen = pLongDiag + 1      // a safe square from which a knight of ours would attack the enemy's only queen
	pSliderOnQueen = pKnightOnQueen + 1 // the same for a bishop or rook of ours, the square attacked twice by us
	pRestricted    = pSliderOnQueen + 1 // a square both sides attack and the enemy does not hold strongly
	nParams        = pRestricted + 1
)

// King danger features: each side's sum of their weights (in units) is
// turned into a penalty for that side, units²/4096 in the middlegame and
// units/16 in the endgame (eval.go).
const (
	kdAttacker  = 0              // [7] per enemy piece of this kind attacking the king's zone
	kdZone      = kdAttacker + 7 // per attack on a square of the zone
	kdSafeCheck = kdZone + 1     // [7] per safe checking square of an enemy piece of this kind
	kdWeak      = kdSafeCheck + 7
	kdNoQueen   = kdWeak + 1 // the enemy has no queen
	kdBase      = kdNoQueen + 1
	kdShelter   = kdBase + 1 // per pawn of ours missing from the shelter
	// Features added after the third tuning (appended).
	kdFlank       = kdShelter + 1  // per enemy attack on our camp on the king's flank (twice for a double attack)
	kdFlankDef    = kdFlank + 1    // per square of our camp on the king's flank that we attack
	kdUnsafeCheck = kdFlankDef + 1 // per checking square an enemy piece reaches that is not safe for it
	nKD           = kdUnsafeCheck + 1
)

// kingDanger are the king danger weights, by feature.
var kingDanger = tunedKingDanger

// initialKingDanger are the king danger weights the tuning started from.
var initialKingDanger = [nKD]int{
	kdAttacker + Knight: 40, kdAttacker + Bishop: 30, kdAttacker + Rook: 40, kdAttacker + Queen: 80,
	kdZone:               12,
	kdSafeCheck + Knight: 80, kdSafeCheck + Bishop: 60, kdSafeCheck + Rook: 90, kdSafeCheck + Queen: 80,
	kdWeak:        20,
	kdNoQueen:     -200,
	kdBase:        -40,
	kdShelter:     15,
	kdFlank:       8,
	kdFlankDef:    -4,
	kdUnsafeCheck: 15,
}

// evalParams are the evaluation's weights, by parameter index
// (eval_tuned.go).
var evalParams = tunedParams

// initialParams are the weights the tuning started from: the hand-set
// evaluation of before, spread over the new layout.
func initialParams() [nParams]score {
	var w [nParams]score
	for k, v := range [7]score{{}, {85, 115}, {320, 295}, {335, 315}, {470, 525}, {960, 950}, {}} {
		w[pMaterial+k] = v
	}
	centre := [7]score{Knight: {10, 8}, Bishop: {5, 5}, Rook: {1, 1}, Queen: {2, 6}, King: {0, 14}}
	for k := Pawn; k <= King; k++ {
		for sq := 0; sq < 64; sq++ {
			f, r := fileOf(sq), rankOf(sq)
			v := centre[k].times(min(f, 7-f, r, 7-r))
			switch k {
			case Pawn:
				v = v.add(score{2, 9}.times(max(r-1, 0)))
				if (f == 3 || f == 4) && (r == 3 || r == 4) {
					v = v.add(score{14, 0})
				}
			case King:
				v = v.add(score{-14, 0}.times(r))
				if f <= 1 || f >= 6 {
					v = v.add(score{18, -6})
				}
			}
			w[pPST+(int(k)-1)*64+sq] = v
		}
	}
	mob := func(at, n int, per score, base int) {
		for i := 0; i < n; i++ {
			w[at+i] = per.times(i - base)
		}
	}
	mob(pMobKnight, 9, score{4, 4}, 4)
	mob(pMobBishop, 14, score{5, 5}, 6)
	mob(pMobRook, 15, score{2, 4}, 6)
	mob(pMobQueen, 28, score{1, 2}, 12)
	w[pDoubled] = score{-8, -18}
	w[pIsolated] = score{-10, -10}
	w[pBackward] = score{-6, -4}
	for r := 1; r < 7; r++ {
		w[pPhalanx+r] = score{2 * r, 2 * r}
		w[pSupported+r] = score{3 * r / 2, 2 * r}
	}
	for r, v := range [8]score{{}, {0, 10}, {4, 14}, {8, 24}, {18, 42}, {34, 72}, {58, 110}, {}} {
		w[pPassed+r] = v
		w[pPassedFree+r] = score{r, 3 * r}
		w[pPassedSafe+r] = score{r, 2 * r}
	}
	for d := 0; d < 8; d++ {
		w[pPassedOwnK+d] = score{0, -3 * d}
		w[pPassedOppK+d] = score{0, 4 * d}
	}
	w[pBishopPair] = score{28, 48}
	w[pOutpostN] = score{20, 10}
	w[pOutpostB] = score{12, 6}
	w[pRookOpen] = score{24, 8}
	w[pRookSemi] = score{11, 6}
	w[pRook7th] = score{12, 24}
	w[pBadBishop] = score{-2, -4}
	for r, v := range [8]int{-20, 0, 12, 6, 2, 0, 0, 0} {
		w[pShelter+r] = score{v, 0}
	}
	for r, v := range [8]int{0, 0, 0, -6, -12, -20, -4, 0} {
		w[pStorm+r] = score{v, 0}
	}
	w[pKingOpen] = score{-12, 0}
	for k, v := range [7]int{0, 0, 45, 45, 60, 70, 0} {
		w[pThreatPawn+k] = score{v, v / 2}
	}
	for k, v := range [7]int{0, 5, 15, 15, 40, 50, 0} {
		w[pThreatMin+k] = score{v, v}
	}
	for k, v := range [7]int{0, 3, 10, 10, 10, 40, 0} {
		w[pThreatRook+k] = score{v, v}
	}
	w[pHanging] = score{30, 15}
	w[pThreatKing] = score{5, 20}
	w[pPushThreat] = score{10, 8}
	w[pTempo] = score{10, 6}
	w[pRookBehind] = score{5, 15}
	for d := 0; d < 8; d++ {
		w[pKingPawn+d] = score{0, -4 * d}
	}
	w[pMinorShield] = score{10, 3}
	w[pFlankEmpty] = score{-10, -20}
	w[pSpace] = score{2, 0}
	w[pRookQFile] = score{5, 5}
	w[pLongDiag] = score{15, 0}
	w[pKnightOnQueen] = score{10, 7}
	w[pSliderOnQueen] = score{38, 12}
	w[pRestricted] = score{4, 4}
	return w
}
