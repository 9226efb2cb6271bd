package engine

// eval.go is the engine's evaluation: a tapered score, each term a pair of
// middlegame and endgame weights (eval_params.go) blended by the game
// phase (24 with all pieces on the board, 0 with pawns and kings only).
// Terms: material and piece-square tables; mobility by the number of safe
// squares; pawn structure (doubled, isolated, backward, phalanx,
// supported); passed pawns by rank, free path, safe stop square and the
// kings' distances; bishop pair, outposts, rooks on open files and the
// seventh, bad bishops; king shelter and pawn storms; threats (pieces
// attacked by pawns, minors and rooks, hanging pieces, safe pawn pushes
// that attack); king danger, a sum of attackers, attacks on the king's
// zone, safe checks and weak squares turned into a penalty that grows with
// its square; and the right to move. Drawish endings are scaled down.
//
// The weights are Texel-tuned (tools/chesstune, with tune.go) on positions labelled here;
// the evaluation can record, for the tuner, how often each weight counts
// (evalTrace). SetStyle("seed") switches to the thesis's evaluation
// (eval_seed.go).

import (
	"math/bits"

	"oyunbot/ai"
	"oyunbot/games/chess"
)

// Style names for SetStyle.
const (
	StyleStandard = ""
	StyleSeed     = "seed"
)

// score is a middlegame/endgame pair.
type score struct{ mg, eg int }

func (a score) add(b score) score   { return score{a.mg + b.mg, a.eg + b.eg} }
func (a score) sub(b score) score   { return score{a.mg - b.mg, a.eg - b.eg} }
func (a score) times(n int) score   { return score{a.mg * n, a.eg * n} }
func (a score) taper(phase int) int { return (a.mg*phase + a.eg*(24-phase)) / 24 }

// Geometry the evaluation uses, computed once.
var (
	adjacentFiles [8]uint64     // the files beside each file
	passedSpan    [2][64]uint64 // squares in front on this and the adjacent files
	frontSpan     [2][64]uint64 // squares in front on this file
	kingZone      [64]uint64    // the king's square and its neighbours
	distance      [64][64]int   // king steps between two squares
	camp          [2]uint64     // a side's five home ranks
)

func init() {
	camp = [2]uint64{rank1 * 0x0101010101, rank1 << 24 * 0x0101010101}
	for sq := 0; sq < 64; sq++ {
		f, r := fileOf(sq), rankOf(sq)
		kingZone[sq] = chess.KingAttacks(sq) | bit(sq)
		for to := 0; to < 64; to++ {
			distance[sq][to] = max(abs(fileOf(to)-f), abs(rankOf(to)-r))
		}
		for c := White; c <= Black; c++ {
			for rr := 0; rr < 8; rr++ {
				ahead := rr > r
				if c == Black {
					ahead = rr < r
				}
				if !ahead {
					continue
				}
				frontSpan[c][sq] |= bit(rr*8 + f)
				for ff := max(f-1, 0); ff <= min(f+1, 7); ff++ {
					passedSpan[c][sq] |= bit(rr*8 + ff)
				}
			}
		}
	}
	for f := 0; f < 8; f++ {
		if f > 0 {
			adjacentFiles[f] |= fileA << uint(f-1)
		}
		if f < 7 {
			adjacentFiles[f] |= fileA << uint(f+1)
		}
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// Evaluate scores the position from the side to move's point of view, in
// the current style, within ±ai.MaxEval.
func (p *Position) Evaluate() int {
	if p.style == StyleSeed {
		return p.seedEvaluate()
	}
	return p.cachedEvaluate()
}

// evalCacheSize is the number of entries of a position's evaluation cache.
const evalCacheSize = 1 << 15

// evalEntry is the evaluation cache's record of a position's evaluation.
type evalEntry struct {
	key uint64 // the Zobrist hash; 0: empty
	v   int32
}

// cachedEvaluate is the standard evaluation through the position's
// evaluation cache: a search meets many positions again whose table entry
// (and the evaluation in it) is gone or was never stored, such as those
// reverse futility returns from. The evaluation depends on the pieces and
// the side to move alone, which the hash covers; like the pawn cache, the
// cache belongs to the position and is not shared by clones.
func (p *Position) cachedEvaluate() int {
	h := p.State().Hash
	if h == 0 {
		return p.evaluate(nil)
	}
	if p.evalCache == nil {
		p.evalCache = new([evalCacheSize]evalEntry)
	}
	e := &p.evalCache[h&(evalCacheSize-1)]
	if e.key == h {
		return int(e.v)
	}
	v := p.evaluate(nil)
	*e = evalEntry{key: h, v: int32(v)}
	return v
}

// SetStyle switches the evaluation (ai.Styler): "seed" is the thesis's;
// anything else is the standard one. It returns the previous style.
func (p *Position) SetStyle(name string) string {
	prev := p.style
	p.style = StyleStandard
	if name == StyleSeed {
		p.style = StyleSeed
	}
	return prev
}

// evalTrace records what the evaluation counted, for the tuner: each
// weight's count for White less Black's, each side's king danger
// features, the phase and the drawish scale.
type evalTrace struct {
	coef  [nParams]int
	kd    [2][nKD]int
	phase int
	scale int // of 64
}

// A packed score holds a middlegame/endgame pair in one integer (the
// endgame part times 2³²), so that a sum of pairs is one addition.
func pack(s score) int64 { return int64(s.eg)<<32 + int64(s.mg) }

func unpack(v int64) score {
	mg := int64(int32(v))
	return score{int(mg), int((v - mg) >> 32)}
}

// Packed forms of the weights, made once: every weight, and each piece's
// material and square together by colour, kind and square.
var (
	packedParams [nParams]int64
	pieceSquare  [2][7][64]int64
)

func init() {
	for i, w := range evalParams {
		packedParams[i] = pack(w)
	}
	for k := Pawn; k <= King; k++ {
		for sq := 0; sq < 64; sq++ {
			v := packedParams[pMaterial+int(k)] + packedParams[pPST+(int(k)-1)*64+sq]
			pieceSquare[White][k][sq] = v
			pieceSquare[Black][k][sq^56] = v
		}
	}
}

// psqValue is pieceSquare without the pawns: what chess.State.PSQ adds up
// as the pieces move (set here by chess.SetSquareWeights). It is made from
// the weights directly (not in init) so that a position made while the
// package's variables are initialized already has it.
var psqValue = func() (t [2][7][64]int64) {
	for k := Knight; k <= King; k++ {
		for sq := 0; sq < 64; sq++ {
			v := pack(evalParams[pMaterial+int(k)]) + pack(evalParams[pPST+(int(k)-1)*64+sq])
			t[White][k][sq] = v
			t[Black][k][sq^56] = v
		}
	}
	chess.SetSquareWeights(&t)
	return t
}()

// evalAcc sums the weights for each side and, when tracing, their counts.
type evalAcc struct {
	sum [2]int64 // packed
	tr  *evalTrace
}

// piece counts a piece's material and square.
func (a *evalAcc) piece(c Color, k Kind, sq int) {
	if a.tr != nil {
		a.tracePiece(c, k, sq)
		return
	}
	a.sum[c] += pieceSquare[c][k][sq]
}

func (a *evalAcc) tracePiece(c Color, k Kind, sq int) {
	flip := 0
	if c == Black {
		flip = 56
	}
	a.add(c, pMaterial+int(k), 1)
	a.add(c, pPST+(int(k)-1)*64+(sq^flip), 1)
}

func (a *evalAcc) add(c Color, i, n int) {
	a.sum[c] += packedParams[i] * int64(n)
	if a.tr != nil {
		if c == White {
			a.tr.coef[i] += n
		} else {
			a.tr.coef[i] -= n
		}
	}
}

// sideAttacks are one side's attacks, by kind of attacker.
type sideAttacks struct {
	by     [7]uint64 // by Kind; by[0] is every attack
	double uint64    // squares attacked at least twice
}

func (a *sideAttacks) note(k Kind, att uint64) {
	a.double |= a.by[0] & att
	a.by[0] |= att
	a.by[k] |= att
}

// evaluate is the standard evaluation; tr, when not nil, records it.
func (p *Position) evaluate(tr *evalTrace) int {
	s := p.State()
	acc := evalAcc{tr: tr}
	occ := s.Occ()
	pawns := [2]uint64{s.Kinds[Pawn] & s.Colors[White], s.Kinds[Pawn] & s.Colors[Black]}
	pawnAtt := [2]uint64{
		(pawns[White]&^fileA)<<7 | (pawns[White]&^fileH)<<9,
		(pawns[Black]&^fileA)>>9 | (pawns[Black]&^fileH)>>7,
	}
	ksq := [2]int{s.KingSq(White), s.KingSq(Black)}
	var att [2]sideAttacks
	var kd [2][nKD]int // king danger features, by the side whose king is in danger
	for c := White; c <= Black; c++ {
		att[c].note(Pawn, pawnAtt[c])
		att[c].note(King, chess.KingAttacks(ksq[c]))
	}

	// Pieces: material, placement, mobility, attacks on the enemy king.
	for c := White; c <= Black; c++ {
		them := c ^ 1
		own := s.Colors[c]
		area := ^(pawns[c] | bit(ksq[c]) | pawnAtt[them])
		zone := kingZone[ksq[them]]
		for b := own &^ s.Kinds[Pawn] &^ s.Kinds[King]; b != 0; b &= b - 1 {
			sq := lsb(b)
			k := Kind(s.Squares[sq] & 7)
			if tr != nil {
				acc.tracePiece(c, k, sq) // else counted in s.PSQ
			}
			var a uint64
			switch k {
			case Knight:
				a = chess.KnightAttacks(sq)
				acc.add(c, pMobKnight+popcount(a&area), 1)
				if p.outpost(c, sq, pawns, pawnAtt) {
					acc.add(c, pOutpostN, 1)
				}
			case Bishop:
				a = chess.BishopAttacks(sq, occ&^(s.Kinds[Queen]&own)) // through our own queen
				acc.add(c, pMobBishop+popcount(a&area), 1)
				if p.outpost(c, sq, pawns, pawnAtt) {
					acc.add(c, pOutpostB, 1)
				}
				colour := darkSq
				if bit(sq)&darkSq == 0 {
					colour = ^darkSq
				}
				acc.add(c, pBadBishop, popcount(pawns[c]&colour))
			case Rook:
				a = chess.RookAttacks(sq, occ&^((s.Kinds[Rook]|s.Kinds[Queen])&own)) // through our own heavy pieces
				acc.add(c, pMobRook+popcount(a&area), 1)
				file := fileA << uint(fileOf(sq))
				switch {
				case file&s.Kinds[Pawn] == 0:
					acc.add(c, pRookOpen, 1)
				case file&pawns[c] == 0:
					acc.add(c, pRookSemi, 1)
				}
				if relRank(c, sq) == 6 {
					acc.add(c, pRook7th, 1)
				}
			case Queen:
				a = chess.QueenAttacks(sq, occ)
				acc.add(c, pMobQueen+popcount(a&area), 1)
			default:
				continue
			}
			att[c].note(k, a)
			if a&zone != 0 {
				kd[them][kdAttacker+int(k)]++
				kd[them][kdZone] += popcount(a & zone)
			}
		}
		if popcount(s.Kinds[Bishop]&own) >= 2 {
			acc.add(c, pBishopPair, 1)
		}
	}

	// Pawns: structure (from the pawn cache) and passed pawns.
	var passed [2]uint64
	if tr != nil {
		passed = pawnStructure(s, &acc, pawns, pawnAtt)
	} else {
		e := p.pawnEntry(pawns, pawnAtt)
		acc.sum[White] += e.score
		passed = e.passed
	}
	for c := White; c <= Black; c++ {
		them := c ^ 1
		fwd := 8
		if c == Black {
			fwd = -8
		}
		for b := passed[c]; b != 0; b &= b - 1 {
			sq := lsb(b)
			rel := relRank(c, sq)
			stop := sq + fwd
			if frontSpan[c][sq]&occ == 0 {
				acc.add(c, pPassedFree+rel, 1)
			}
			if att[them].by[0]&bit(stop) == 0 {
				acc.add(c, pPassedSafe+rel, 1)
			}
			acc.add(c, pPassedOwnK+distance[ksq[c]][stop], 1)
			acc.add(c, pPassedOppK+distance[ksq[them]][stop], 1)
		}
	}

	// Kings: placement, shelter and storm, and the danger they are in.
	for c := White; c <= Black; c++ {
		them := c ^ 1
		k := ksq[c]
		if tr != nil {
			acc.tracePiece(c, King, k)
		} else {
			acc.sum[c] += s.PSQ[c] // the pieces' and the king's material and squares
		}
		kf := min(max(fileOf(k), 1), 6)
		forward := ^uint64(0) << uint(rankOf(k)*8) // the king's rank and those in front
		if c == Black {
			forward = ^uint64(0) >> uint(56-rankOf(k)*8)
		}
		missing := 0
		for f := kf - 1; f <= kf+1; f++ {
			file := fileA << uint(f)
			ahead := file & forward
			ours := ahead & pawns[c]
			r := 0
			if ours != 0 {
				r = relRank(c, nearest(c, ours))
			} else {
				missing++
			}
			acc.add(c, pShelter+r, 1)
			theirs := ahead & pawns[them]
			r = 0
			if theirs != 0 {
				r = relRank(c, nearest(c, theirs))
			}
			acc.add(c, pStorm+r, 1)
			if file&pawns[c] == 0 {
				acc.add(c, pKingOpen, 1)
			}
		}
		// Danger: enemy attackers and attacks on the zone (counted with
		// the pieces), safe checks, weak squares.
		d := &kd[c]
		if d[kdAttacker+Knight]+d[kdAttacker+Bishop]+d[kdAttacker+Rook]+d[kdAttacker+Queen] == 0 {
			*d = [nKD]int{}
			continue
		}
		safe := ^s.Colors[them] &^ att[c].by[0]
		rookLines, bishopLines := chess.RookAttacks(k, occ), chess.BishopAttacks(k, occ)
		rookCheck, bishopCheck := rookLines&safe, bishopLines&safe
		d[kdSafeCheck+Knight] = popcount(chess.KnightAttacks(k) & safe & att[them].by[Knight])
		d[kdSafeCheck+Bishop] = popcount(bishopCheck & att[them].by[Bishop])
		d[kdSafeCheck+Rook] = popcount(rookCheck & att[them].by[Rook])
		d[kdSafeCheck+Queen] = popcount((rookCheck | bishopCheck) & att[them].by[Queen] &^ att[them].by[Rook] &^ att[them].by[Bishop])
		// Checks the enemy reaches on squares that are not safe for it.
		unsafe := ^s.Colors[them] &^ safe
		d[kdUnsafeCheck] = popcount(chess.KnightAttacks(k)&att[them].by[Knight]&unsafe) +
			popcount(bishopLines&att[them].by[Bishop]&unsafe) +
			popcount(rookLines&att[them].by[Rook]&unsafe)
		flank := kingFlank[fileOf(k)] & camp[c]
		d[kdFlank] = popcount(att[them].by[0]&flank) + popcount(att[them].double&flank)
		d[kdFlankDef] = popcount(att[c].by[0] & flank)
		// Weak: attacked by the enemy, defended at most once, by our king or queen.
		weak := att[them].by[0] & chess.KingAttacks(k) &^ att[c].double & (^att[c].by[0] | att[c].by[King] | att[c].by[Queen])
		d[kdWeak] = popcount(weak)
		if s.Kinds[Queen]&s.Colors[them] == 0 {
			d[kdNoQueen] = 1
		}
		d[kdBase] = 1
		d[kdShelter] = missing
	}

	// Threats.
	for c := White; c <= Black; c++ {
		them := c ^ 1
		enemy := s.Colors[them]
		nonPawn := enemy &^ s.Kinds[Pawn] &^ s.Kinds[King]
		defended := att[them].by[0]
		for b := nonPawn & att[c].by[Pawn]; b != 0; b &= b - 1 {
			acc.add(c, pThreatPawn+int(s.Squares[lsb(b)]&7), 1)
		}
		minorAtt := att[c].by[Knight] | att[c].by[Bishop]
		for b := enemy &^ s.Kinds[King] & minorAtt; b != 0; b &= b - 1 {
			sq := lsb(b)
			k := Kind(s.Squares[sq] & 7)
			if k >= Rook || defended&bit(sq) == 0 {
				acc.add(c, pThreatMin+int(k), 1)
			}
		}
		for b := enemy &^ s.Kinds[King] & att[c].by[Rook]; b != 0; b &= b - 1 {
			sq := lsb(b)
			k := Kind(s.Squares[sq] & 7)
			if k == Queen || defended&bit(sq) == 0 {
				acc.add(c, pThreatRook+int(k), 1)
			}
		}
		undefended := nonPawn &^ defended
		acc.add(c, pHanging, popcount(undefended&att[c].by[0]))
		acc.add(c, pThreatKing, popcount(enemy&^defended&att[c].by[King]))
		// Safe pawn pushes that would attack a piece.
		push := pawnShift(pawns[c], c) &^ occ
		if c == White {
			push |= (push & rank3) << 8 &^ occ
		} else {
			push |= (push & rank6) >> 8 &^ occ
		}
		push &^= att[them].by[Pawn]
		push &= att[c].by[0] | ^att[them].by[0]
		var pushAtt uint64
		if c == White {
			pushAtt = (push&^fileA)<<7 | (push&^fileH)<<9
		} else {
			pushAtt = (push&^fileA)>>9 | (push&^fileH)>>7
		}
		acc.add(c, pPushThreat, popcount(pushAtt&nonPawn))
		// Squares the enemy holds strongly: by a pawn, or twice where we
		// attack once at most.
		strong := att[them].by[Pawn] | att[them].double&^att[c].double
		if q := s.Kinds[Queen] & enemy; q != 0 && q&(q-1) == 0 {
			qsq, safe := lsb(q), ^s.Colors[c]&^strong
			acc.add(c, pKnightOnQueen, popcount(chess.KnightAttacks(qsq)&att[c].by[Knight]&safe))
			sliders := chess.BishopAttacks(qsq, occ)&att[c].by[Bishop] | chess.RookAttacks(qsq, occ)&att[c].by[Rook]
			acc.add(c, pSliderOnQueen, popcount(sliders&safe&att[c].double))
		}
		acc.add(c, pRestricted, popcount(att[them].by[0]&^strong&att[c].by[0]))
	}

	p.positionalTerms(&acc, pawns, pawnAtt, passed, ksq)
	acc.add(s.Side, pTempo, 1)
	phase := min(p.Phase(), 24)
	d := unpack(acc.sum[White] - acc.sum[Black])
	for c := White; c <= Black; c++ {
		units := max(dangerUnits(&kd[c]), 0)
		pen := score{units * units / 4096, units / 16}
		if c == White {
			d = d.sub(pen)
		} else {
			d = d.add(pen)
		}
	}
	v := d.taper(phase)
	scale := drawishScale(s, v)
	v = v * scale / 64
	if tr != nil {
		tr.kd, tr.phase, tr.scale = kd, phase, scale
	}
	if s.Side == Black {
		v = -v
	}
	return max(min(v, ai.MaxEval-1), -(ai.MaxEval - 1))
}

// pawnStructure adds the terms that depend on the pawns alone (their
// material and squares, doubled, isolated, backward, phalanx, supported
// and passed pawns by rank) and returns the passed pawns of each side.
func pawnStructure(s *chess.State, acc *evalAcc, pawns, pawnAtt [2]uint64) (passed [2]uint64) {
	for c := White; c <= Black; c++ {
		them := c ^ 1
		fwd := 8
		if c == Black {
			fwd = -8
		}
		for b := pawns[c]; b != 0; b &= b - 1 {
			sq := lsb(b)
			rel := relRank(c, sq)
			acc.piece(c, Pawn, sq)
			if frontSpan[c][sq]&pawns[c] != 0 {
				acc.add(c, pDoubled, 1)
			}
			neighbours := adjacentFiles[fileOf(sq)] & pawns[c]
			switch {
			case neighbours == 0:
				acc.add(c, pIsolated, 1)
			case neighbours&^passedSpan[c][sq] != 0:
				// supportable: a neighbour level or behind
			default:
				if pawnAtt[them]&bit(sq+fwd) != 0 {
					acc.add(c, pBackward, 1)
				}
			}
			if neighbours&rankBits(sq) != 0 {
				acc.add(c, pPhalanx+rel, 1)
			}
			if pawnAtt[c]&bit(sq) != 0 {
				acc.add(c, pSupported+rel, 1)
			}
			if passedSpan[c][sq]&pawns[them] == 0 && frontSpan[c][sq]&pawns[c] == 0 {
				acc.add(c, pPassed+rel, 1)
				passed[c] |= bit(sq)
			}
		}
	}
	return passed
}

// pawnTableSize is the number of entries of a position's pawn cache.
const pawnTableSize = 1 << 13

// pawnEntry is the pawn cache's record of a pawn structure: its terms'
// sum (White's less Black's, packed) and the passed pawns.
type pawnEntry struct {
	key    uint64
	score  int64
	passed [2]uint64
}

// pawnEntry returns the pawn structure's entry, computed on a miss. The
// cache belongs to the position (made on first use, not shared by
// clones), so that searches on clones in other goroutines do not race.
func (p *Position) pawnEntry(pawns, pawnAtt [2]uint64) *pawnEntry {
	if p.pawnCache == nil {
		p.pawnCache = new([pawnTableSize]pawnEntry)
	}
	s := p.State()
	e := &p.pawnCache[s.PawnKey&(pawnTableSize-1)]
	if e.key != s.PawnKey || e.key == 0 && s.Kinds[Pawn] != 0 {
		var acc evalAcc
		e.passed = pawnStructure(s, &acc, pawns, pawnAtt)
		e.score = acc.sum[White] - acc.sum[Black]
		e.key = s.PawnKey
	}
	return e
}

// positionalTerms adds the terms appended after the first tuning: rooks
// behind passed pawns, the king's distance to the pawns, minor pieces
// shielded by a pawn, a king on a flank without pawns, space, rooks on the
// enemy queen's file and bishops on the long diagonals.
func (p *Position) positionalTerms(acc *evalAcc, pawns, pawnAtt, passed [2]uint64, ksq [2]int) {
	s := p.State()
	occ := s.Occ()
	allPawns := pawns[White] | pawns[Black]
	for c := White; c <= Black; c++ {
		them := c ^ 1
		own := s.Colors[c]
		rooks := s.Kinds[Rook] & own
		for b := passed[c]; b != 0; b &= b - 1 {
			sq := lsb(b)
			if chess.RookAttacks(sq, occ)&frontSpan[them][sq]&rooks != 0 {
				acc.add(c, pRookBehind, 1)
			}
		}
		if allPawns != 0 {
			k := ksq[c]
			d := 0
			for d < 7 && kingRing[k][d]&allPawns == 0 {
				d++
			}
			acc.add(c, pKingPawn+d, 1)
		}
		minors := (s.Kinds[Knight] | s.Kinds[Bishop]) & own
		acc.add(c, pMinorShield, popcount(pawnShift(minors, c)&pawns[c]))
		if kingFlank[fileOf(ksq[c])]&allPawns == 0 {
			acc.add(c, pFlankEmpty, 1)
		}
		area := spaceArea[c] &^ pawns[c] &^ pawnAtt[them]
		behind := pawns[c]
		if c == White {
			behind |= behind>>8 | behind>>16 | behind>>24
		} else {
			behind |= behind<<8 | behind<<16 | behind<<24
		}
		acc.add(c, pSpace, popcount(area)+popcount(area&behind))
		if q := s.Kinds[Queen] & s.Colors[them]; q != 0 {
			for b := rooks; b != 0; b &= b - 1 {
				if fileA<<uint(fileOf(lsb(b)))&q != 0 {
					acc.add(c, pRookQFile, 1)
				}
			}
		}
		for b := s.Kinds[Bishop] & own; b != 0; b &= b - 1 {
			sq := lsb(b)
			if bit(sq)&longDiagonals != 0 && popcount(chess.BishopAttacks(sq, allPawns)&centreSquares) > 1 {
				acc.add(c, pLongDiag, 1)
			}
		}
	}
}

// Geometry of positionalTerms.
var (
	kingRing      [64][8]uint64 // the squares at each king distance (0 to 7) from a square
	kingFlank     [8]uint64     // the files of the king's flank, by its file
	spaceArea     = [2]uint64{(fileA<<2 | fileA<<3 | fileA<<4 | fileA<<5) & (rank2 | rank3 | rank1<<24), (fileA<<2 | fileA<<3 | fileA<<4 | fileA<<5) & (rank7 | rank6 | rank1<<32)}
	longDiagonals = uint64(0x8040201008040201 | 0x0102040810204080)
	centreSquares = bit(27) | bit(28) | bit(35) | bit(36)
)

func init() {
	for sq := 0; sq < 64; sq++ {
		for to := 0; to < 64; to++ {
			if d := distance[sq][to]; d <= 7 {
				kingRing[sq][d] |= bit(to)
			}
		}
	}
	files := func(a, b int) uint64 {
		var m uint64
		for f := a; f <= b; f++ {
			m |= fileA << uint(f)
		}
		return m
	}
	for f, r := range [8][2]int{{0, 2}, {0, 3}, {0, 3}, {2, 5}, {2, 5}, {4, 7}, {4, 7}, {5, 7}} {
		kingFlank[f] = files(r[0], r[1])
	}
}

// dangerUnits is the weighted sum of a side's king danger features: the
// features a position can have, written out (a loop over all of them
// cost a fifth of the king's evaluation).
func dangerUnits(d *[nKD]int) int {
	if d[kdBase] == 0 {
		return 0 // no attacker: every feature is zero
	}
	w := &kingDanger
	return w[kdAttacker+Knight]*d[kdAttacker+Knight] + w[kdAttacker+Bishop]*d[kdAttacker+Bishop] +
		w[kdAttacker+Rook]*d[kdAttacker+Rook] + w[kdAttacker+Queen]*d[kdAttacker+Queen] +
		w[kdZone]*d[kdZone] +
		w[kdSafeCheck+Knight]*d[kdSafeCheck+Knight] + w[kdSafeCheck+Bishop]*d[kdSafeCheck+Bishop] +
		w[kdSafeCheck+Rook]*d[kdSafeCheck+Rook] + w[kdSafeCheck+Queen]*d[kdSafeCheck+Queen] +
		w[kdWeak]*d[kdWeak] + w[kdNoQueen]*d[kdNoQueen] + w[kdBase] + w[kdShelter]*d[kdShelter] +
		w[kdFlank]*d[kdFlank] + w[kdFlankDef]*d[kdFlankDef] + w[kdUnsafeCheck]*d[kdUnsafeCheck]
}

// outpost reports a minor piece of colour c on sq on an outpost: ranks 4
// to 6, defended by a pawn of ours, and no enemy pawn can ever attack it.
func (p *Position) outpost(c Color, sq int, pawns, pawnAtt [2]uint64) bool {
	rel := relRank(c, sq)
	return rel >= 3 && rel <= 5 && pawnAtt[c]&bit(sq) != 0 &&
		(passedSpan[c][sq]&^frontSpan[c][sq])&pawns[c^1] == 0
}

// rankBits is the rank of sq, without sq.
func rankBits(sq int) uint64 { return rank1 << uint(sq&^7) &^ bit(sq) }

// nearest is the square of set nearest to colour c's side of the board.
func nearest(c Color, set uint64) int {
	if c == White {
		return lsb(set)
	}
	return 63 - bits.LeadingZeros64(set)
}

// drawishScale is how much of White's score v stands, in 64ths: little
// when the side ahead has no pawns and at most a minor piece more (such
// endings are seldom won), half with bishops of opposite colours and
// pawns only besides.
func drawishScale(s *chess.State, v int) int {
	strong := White
	if v < 0 {
		strong = Black
	}
	nonPawn := func(c Color) int {
		return 3*popcount((s.Kinds[Knight]|s.Kinds[Bishop])&s.Colors[c]) + 5*popcount(s.Kinds[Rook]&s.Colors[c]) + 9*popcount(s.Kinds[Queen]&s.Colors[c])
	}
	if s.Kinds[Pawn]&s.Colors[strong] == 0 && nonPawn(strong)-nonPawn(strong^1) <= 3 {
		return 8
	}
	wb, bb := s.Kinds[Bishop]&s.Colors[White], s.Kinds[Bishop]&s.Colors[Black]
	if s.Kinds[Knight]|s.Kinds[Rook]|s.Kinds[Queen] == 0 && popcount(wb) == 1 && popcount(bb) == 1 &&
		(wb&darkSq == 0) != (bb&darkSq == 0) {
		return 32
	}
	return 64
}

// relRank is sq's rank from colour c's side (0: its back rank).
func relRank(c Color, sq int) int {
	if c == White {
		return rankOf(sq)
	}
	return 7 - rankOf(sq)
}
