// eval.go is the static evaluation the engine searches with, in the
// spirit of real checkers programs: material, the back rank kept while
// the opponent still has men to crown, the centre, mobility, runaway
// men, advancement, kings kept off the edges, trading down when ahead,
// and the exact result of the endings in the endgame table (endgame.go).

package draughts

import "oyunbot/ai"

// Weights are the evaluation's terms, in centi-men. Tune them by self-play
// (tune_test.go); TUNING.md records the matches behind the defaults.
type Weights struct {
	Man  int // a man
	King int // a king
	// Advance is a man's bonus by rank counted from its own side (index
	// 0 is its back rank; 7 is never used: a man there is a king).
	Advance [8]int
	// BackRank is per man on its own back rank while the opponent has
	// men that could be crowned there.
	BackRank int
	// Bridge is for the two back-rank men that guard the crowning
	// squares best (a colour's own squares b and f of its back rank in
	// checkers' geometry: 30 and 32 for White, 1 and 3 for Black), both
	// kept while the opponent has men.
	Bridge int
	// Centre is per man, KingCentre per king, on the eight central squares.
	Centre, KingCentre int
	// Mobility is per step a piece can make.
	Mobility int
	// KingEdge is per king on the board's edge (less mobile, easier to trap).
	KingEdge int
	// Runaway is per man that no enemy piece can stop from being crowned,
	// less RunawayRank for each rank it still has to go.
	Runaway, RunawayRank int
	// Trade is per man of material lead and per piece already off the
	// board: the side ahead gains by trading pieces.
	Trade int
	// Tempo is the side to move's bonus.
	Tempo int
}

// DefaultWeights returns the weights the game's engine plays with.
func (g Game) DefaultWeights() Weights { return g.v.DefaultWeights() }

// DefaultWeights returns the weights v's engine plays with.
func (v *variant) DefaultWeights() Weights {
	// Self-play at depth 6 (TUNING.md): advancement lost 60-110 Elo,
	// the back rank won 50-70, checkers' king was worth more than 140.
	w := Weights{
		Man:         100,
		King:        170,
		BackRank:    16,
		Centre:      4,
		KingCentre:  8,
		Mobility:    2,
		KingEdge:    6,
		Runaway:     60,
		RunawayRank: 6,
		Trade:       2,
		Tempo:       4,
	}
	return w
}

// bridge is each colour's bridge (Weights.Bridge) on the internal board.
var bridge = [2]uint32{bit(29) | bit(31), bit(0) | bit(2)}

// evalTables are the masks the evaluation reads, by colour.
type evalTables struct {
	relRank [2][8]uint32 // squares of each rank counted from a colour's own side
	centre  uint32
	edge    uint32
	// cone[c][sq]: the squares from which an enemy piece could stop a man
	// of colour c on sq before it is crowned.
	cone [2][32]uint32
}

var etab = *newEvalTables()

func newEvalTables() *evalTables {
	t := &evalTables{}
	for sq := 0; sq < 32; sq++ {
		f, r := int(tab.file[sq]), int(tab.rank[sq])
		t.relRank[white][r] |= bit(sq)
		t.relRank[black][7-r] |= bit(sq)
		if f >= 2 && f <= 5 && r >= 2 && r <= 5 {
			t.centre |= bit(sq)
		}
		if f == 0 || f == 7 || r == 0 || r == 7 {
			t.edge |= bit(sq)
		}
		for sq2 := 0; sq2 < 32; sq2++ {
			f2, r2 := int(tab.file[sq2]), int(tab.rank[sq2])
			df := max(f2-f, f-f2)
			// A piece ahead, within one file more than its distance
			// ahead (it reaches the man's path in time), stops it.
			if sq2 != sq && r2 > r && df <= r2-r+1 {
				t.cone[white][sq] |= bit(sq2)
			}
			if sq2 != sq && r2 < r && df <= r-r2+1 {
				t.cone[black][sq] |= bit(sq2)
			}
		}
	}
	return t
}

// SetWeights makes Evaluate use w (Clone shares it; it is never mutated).
func (p *Position) SetWeights(w Weights) { p.w = &w }

// Weights returns the weights Evaluate uses.
func (p *Position) Weights() Weights {
	if p.w == nil {
		return p.v.weights()
	}
	return *p.w
}

func (v *variant) weights() Weights {
	v.wOnce.Do(func() { v.w = v.DefaultWeights() })
	return v.w
}

// Evaluate scores the position for the side to move.
func (p *Position) Evaluate() int {
	if p.style.seed {
		return p.seedEvaluate()
	}
	s := &p.St
	if total := popcount(s.occ()); total <= p.endgameLimit() {
		if v, ok := p.v.endgame().probe(s); ok {
			// Counted from the start of the game (the plies made on
			// this position), so that a win found deeper in the
			// search is measured by its whole length, not only by
			// what is left at the leaf: leaves at every depth compare.
			ply := min(len(p.Hist), 20_000)
			switch {
			case v > 0:
				v -= ply
			case v < 0:
				v += ply
			}
			return v
		}
	}
	w := p.w
	if w == nil {
		d := p.v.weights()
		w = &d
	}
	return p.evalWeights(w)
}

// EvaluateWith is Evaluate with the weights w, for the tuner
// (tools/draughtstune), which scores many positions with one set of
// weights after another: the endgame table is not probed, the style
// not asked.
func (p *Position) EvaluateWith(w *Weights) int { return p.evalWeights(w) }

func (p *Position) evalWeights(w *Weights) int {
	s := &p.St
	us, them := int(s.side), int(s.side^1)
	v := w.Tempo + evalSide(s, us, w) - evalSide(s, them, w)
	// Trading down: the lead counts for more as the board empties.
	lead := (w.Man*(popcount(s.men[us])-popcount(s.men[them])) + w.King*(popcount(s.kings[us])-popcount(s.kings[them]))) / w.Man
	off := 24 - popcount(s.occ())
	v += w.Trade * lead * off
	return max(-ai.MaxEval+1, min(ai.MaxEval-1, v))
}

func evalSide(s *state, c int, w *Weights) int {
	them := c ^ 1
	men, kings := s.men[c], s.kings[c]
	v := w.Man*popcount(men) + w.King*popcount(kings)
	for r := 1; r < 7; r++ {
		v += w.Advance[r] * popcount(men&etab.relRank[c][r])
	}
	if s.men[them] != 0 {
		v += w.BackRank * popcount(men&etab.relRank[c][0])
		if w.Bridge != 0 && men&bridge[c] == bridge[c] {
			v += w.Bridge
		}
	}
	v += w.Centre*popcount(men&etab.centre) + w.KingCentre*popcount(kings&etab.centre) -
		w.KingEdge*popcount(kings&etab.edge)
	empty := ^s.occ()
	f := forwardDirs[c]
	mob := popcount(step(men, f[0])&empty) + popcount(step(men, f[1])&empty)
	if kings != 0 {
		mob += popcount(step(kings, 0)&empty) + popcount(step(kings, 1)&empty) +
			popcount(step(kings, 2)&empty) + popcount(step(kings, 3)&empty)
	}
	v += w.Mobility * mob
	if w.Runaway != 0 {
		enemy := s.pieces(them)
		for m := men; m != 0; m &= m - 1 {
			sq := lowest(m)
			if etab.cone[c][sq]&enemy == 0 {
				togo := 7 - rankFrom(c, sq)
				v += w.Runaway - w.RunawayRank*togo
			}
		}
	}
	return v
}

// rankFrom is sq's rank counted from colour c's own side (0..7).
func rankFrom(c, sq int) int {
	if c == white {
		return int(tab.rank[sq])
	}
	return 7 - int(tab.rank[sq])
}

// Material is plain material for the side to move: a man 1, a king 3
// (the seed documents' count, for the minimax baseline).
func (p *Position) Material() int {
	s := &p.St
	us, them := int(s.side), int(s.side^1)
	return popcount(s.men[us]) + 3*popcount(s.kings[us]) - popcount(s.men[them]) - 3*popcount(s.kings[them])
}
