package chess

// eval.go is the engine's evaluation: a tapered score, each term a pair of
// middlegame and endgame weights blended by the game phase (24 with all
// pieces on the board, 0 with pawns and kings only). Terms: material,
// piece-square values built from a few shape weights (pawn advance and
// centre, centralisation, king shelter in the middlegame and activity in
// the endgame), mobility, bishop pair, pawn structure (passed, doubled,
// isolated), rooks on open files and the seventh rank, king safety
// (shelter pawns and attacks on the king's zone) and the right to move.
//
// The weights in evalWeights are set by hand. tune_test.go Texel-tunes
// them on positions with known results (from the engine's self-play or
// from Stockfish's, tools/strength -gen), but every tuned set so far lost
// its verification match against these (BENCHMARKS.md), so they stay.
// SetStyle("seed") switches to the thesis's evaluation (eval_seed.go).

import "oyunbot/ai"

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

// weights are the evaluation's parameters.
type weights struct {
	Value      [7]score // by Kind
	PawnAdv    score    // per rank a pawn has advanced
	PawnCentre score    // a d- or e-pawn on the fourth or fifth rank
	Centre     [7]score // per step towards the centre, by Kind
	KingRank   score    // per rank the king has left its back rank
	KingWing   score    // a king on the a, b, g or h file
	Mobility   [7]score // per safe square a piece attacks, beyond its usual count
	BishopPair score
	Passed     [8]score // a passed pawn by relative rank (index 1: second rank)
	Doubled    score
	Isolated   score
	RookOpen   score
	RookSemi   score
	Rook7th    score
	Shelter    score // a pawn of ours in front of our king
	KingAttack score // a square of the king's zone the enemy attacks
	Tempo      score
}

// evalWeights are the weights in use (set by hand: see above).
var evalWeights = weights{
	Value:      [7]score{{}, {85, 115}, {320, 295}, {335, 315}, {470, 525}, {960, 950}, {}},
	PawnAdv:    score{2, 9},
	PawnCentre: score{14, 0},
	Centre:     [7]score{Knight: {10, 8}, Bishop: {5, 5}, Rook: {1, 1}, Queen: {2, 6}, King: {0, 14}},
	KingRank:   score{-14, 0},
	KingWing:   score{18, -6},
	Mobility:   [7]score{Knight: {4, 4}, Bishop: {5, 5}, Rook: {2, 4}, Queen: {1, 2}},
	BishopPair: score{28, 48},
	Passed:     [8]score{{}, {0, 10}, {4, 14}, {8, 24}, {18, 42}, {34, 72}, {58, 110}, {}},
	Doubled:    score{-8, -18},
	Isolated:   score{-10, -10},
	RookOpen:   score{24, 8},
	RookSemi:   score{11, 6},
	Rook7th:    score{12, 24},
	Shelter:    score{11, 0},
	KingAttack: score{-7, 0},
	Tempo:      score{10, 6},
}

// mobilityBase is the usual number of safe squares of each kind: mobility
// counts squares beyond it, so that material stays the piece's worth.
var mobilityBase = [7]int{Knight: 4, Bishop: 6, Rook: 6, Queen: 12}

// pst[c][k][sq] is the material plus piece-square score of a piece of
// colour c and kind k on sq, built from evalWeights by buildPST.
var pst [2][7][64]score

// Geometry the evaluation uses, computed once.
var (
	centreSteps   [64]int       // 0 on the rim, 3 on d4, e4, d5, e5
	adjacentFiles [8]uint64     // the files beside each file
	passedSpan    [2][64]uint64 // squares in front on this and the adjacent files
	frontSpan     [2][64]uint64 // squares in front on this file
	kingZone      [64]uint64    // the king's square and its neighbours
	shelterZone   [2][64]uint64 // the two ranks in front of a king, three files wide
)

func init() {
	for sq := 0; sq < 64; sq++ {
		f, r := fileOf(sq), rankOf(sq)
		centreSteps[sq] = min(f, 7-f, r, 7-r)
		kingZone[sq] = kingAtt[sq] | bit(sq)
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
					if d := rr - r; d == 1 || d == 2 || d == -1 || d == -2 {
						shelterZone[c][sq] |= bit(rr*8 + ff)
					}
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
	buildPST()
}

// buildPST fills pst from evalWeights (again after tuning changes them).
func buildPST() {
	w := &evalWeights
	for k := Pawn; k <= King; k++ {
		for sq := 0; sq < 64; sq++ {
			f := fileOf(sq)
			rel := rankOf(sq) // White's relative rank
			v := w.Value[k].add(w.Centre[k].times(centreSteps[sq]))
			switch k {
			case Pawn:
				v = v.add(w.PawnAdv.times(max(rel-1, 0)))
				if (f == 3 || f == 4) && (rel == 3 || rel == 4) {
					v = v.add(w.PawnCentre)
				}
			case King:
				v = v.add(w.KingRank.times(rel))
				if f <= 1 || f >= 6 {
					v = v.add(w.KingWing)
				}
			}
			pst[White][k][sq] = v
			pst[Black][k][sq^56] = v
		}
	}
}

// Evaluate scores the position from the side to move's point of view, in
// the current style, within ±ai.MaxEval.
func (p *Position) Evaluate() int {
	if p.style == StyleSeed {
		return p.seedEvaluate()
	}
	return p.evaluate()
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

// evaluate is the standard evaluation.
func (p *Position) evaluate() int {
	s := &p.st
	w := &evalWeights
	occ := s.occ()
	pawns := [2]uint64{s.bb[Pawn] & s.col[White], s.bb[Pawn] & s.col[Black]}
	pawnAtt := [2]uint64{
		(pawns[White]&^fileA)<<7 | (pawns[White]&^fileH)<<9,
		(pawns[Black]&^fileA)>>9 | (pawns[Black]&^fileH)>>7,
	}
	var total [2]score
	var attacks [2]int // attacks on the enemy king's zone
	ksq := [2]int{s.kingSq(White), s.kingSq(Black)}
	for c := White; c <= Black; c++ {
		them := c ^ 1
		t := &total[c]
		own := s.col[c]
		safe := ^own &^ pawnAtt[them]
		zone := kingZone[ksq[them]]
		for b := own &^ s.bb[Pawn]; b != 0; b &= b - 1 {
			sq := lsb(b)
			k := Kind(s.board[sq] & 7)
			*t = t.add(pst[c][k][sq])
			var att uint64
			switch k {
			case Knight:
				att = knightAtt[sq]
			case Bishop:
				att = BishopAttacks(sq, occ)
			case Rook:
				att = RookAttacks(sq, occ)
				file := fileA << uint(fileOf(sq))
				switch {
				case file&s.bb[Pawn] == 0:
					*t = t.add(w.RookOpen)
				case file&pawns[c] == 0:
					*t = t.add(w.RookSemi)
				}
				if rel := relRank(c, sq); rel == 6 {
					*t = t.add(w.Rook7th)
				}
			case Queen:
				att = QueenAttacks(sq, occ)
			default:
				continue
			}
			*t = t.add(w.Mobility[k].times(popcount(att&safe) - mobilityBase[k]))
			attacks[c] += popcount(att & zone)
		}
		if popcount(s.bb[Bishop]&own) >= 2 {
			*t = t.add(w.BishopPair)
		}
		for b := pawns[c]; b != 0; b &= b - 1 {
			sq := lsb(b)
			*t = t.add(pst[c][Pawn][sq])
			if passedSpan[c][sq]&pawns[them] == 0 && frontSpan[c][sq]&pawns[c] == 0 {
				*t = t.add(w.Passed[relRank(c, sq)])
			}
			if frontSpan[c][sq]&pawns[c] != 0 {
				*t = t.add(w.Doubled)
			}
			if adjacentFiles[fileOf(sq)]&pawns[c] == 0 {
				*t = t.add(w.Isolated)
			}
		}
		*t = t.add(w.Shelter.times(popcount(shelterZone[c][ksq[c]] & pawns[c])))
	}
	total[White] = total[White].add(w.KingAttack.times(attacks[Black]))
	total[Black] = total[Black].add(w.KingAttack.times(attacks[White]))
	total[s.side] = total[s.side].add(w.Tempo)
	d := total[White].sub(total[Black])
	phase := min(p.Phase(), 24)
	v := d.taper(phase)
	v = scaleDrawish(s, v)
	if s.side == Black {
		v = -v
	}
	return max(min(v, ai.MaxEval-1), -(ai.MaxEval - 1))
}

// scaleDrawish shrinks White's score v when the side ahead has no pawns
// and at most a minor piece more: such endings are seldom won.
func scaleDrawish(s *state, v int) int {
	strong := White
	if v < 0 {
		strong = Black
	}
	if s.bb[Pawn]&s.col[strong] != 0 {
		return v
	}
	nonPawn := func(c Color) int {
		return 3*popcount((s.bb[Knight]|s.bb[Bishop])&s.col[c]) + 5*popcount(s.bb[Rook]&s.col[c]) + 9*popcount(s.bb[Queen]&s.col[c])
	}
	if nonPawn(strong)-nonPawn(strong^1) <= 3 {
		return v / 8
	}
	return v
}

// relRank is sq's rank from colour c's side (0: its back rank).
func relRank(c Color, sq int) int {
	if c == White {
		return rankOf(sq)
	}
	return 7 - rankOf(sq)
}
