// seed.go is the engine of seed document 003 (dama-deger.lisp's
// evaluation, dama-alg.lisp's alpha-beta) as the style "seed", for the
// level of that name: a fixed depth of 6 plies, no iterative deepening,
// no quiescence, and among moves of equal value the first in the LISP's
// order of generation.
//
// The evaluation is the LISP's as printed, from the side to move at the
// leaf: own pieces × own weight + opponent's pieces × opponent's weight +
// own kings × king weight + own legal moves × mobility weight (the
// opponent's pieces count positively: that is the seed's; its unit test
// expects 1620 for the start). The weights are the defence ones (king 50,
// mobility 60, own 70, opponent's 30) until the computer, the side the
// search is for, has made 7 moves, the attack ones (100, 60, 20, 70)
// after. The LISP generates moves for the computer's colour at every
// level and never negates a returned value; as the rule file decides, the
// search here is a correct negamax over both sides' moves. At a position
// with no move the LISP returns its alpha bound; here the game is lost,
// as the common engine scores it.
//
// The level runs on the common engine (Plain, to depth 6, TT off for a
// style), whose result is the same minimax value; what the LISP adds is
// its tie-break, the first move in its generation order with the best
// value. Evaluate in this style therefore returns the LISP's value (in
// tens: its weights are all multiples of ten) times seedScale plus a
// tie-break below seedScale that is constant under each root move and
// greatest for the LISP's first: the best root move is then unique and is
// the LISP's. seedChoice is the reference search without that device; a
// test checks that the level plays its moves.

package draughts

import (
	"slices"

	"oyunbot/ai"
)

// StyleSeed is the seed document's engine (ai.Styler).
const StyleSeed = "seed"

// seedDepth is the seed level's fixed depth in plies (a DECISION of the
// rule file: the LISP searched 10 with a material-only test evaluation).
const seedDepth = 6

// seedAttackAfter is the number of its own moves after which the LISP's
// computer plays with the attack weights.
const seedAttackAfter = 7

// seedScale scales the LISP's value (in tens) under the tie-break; the
// largest value (12 pieces each at 70, 12 kings at 100, 48 steps at 60:
// 5,760, 576 tens) times it stays within ai.MaxEval.
const seedScale = 160

// seedWeights are dama-deger.lisp's weights.
type seedWeights struct{ king, mobility, own, opponent int }

var (
	seedDefence = seedWeights{king: 50, mobility: 60, own: 70, opponent: 30}
	seedAttack  = seedWeights{king: 100, mobility: 60, own: 20, opponent: 70}
)

// styleState is what the seed style knows of the search it evaluates for.
type styleState struct {
	seed     bool
	attack   bool      // the root side has made seedAttackAfter moves
	rootPly  int       // len(hist) at the root
	rootSide uint8     // the side the search is for
	order    []ai.Move // the root's legal moves in the LISP's order
	cur      int       // the index in order of the root move being searched
}

// SetStyle implements ai.Styler: "seed" evaluates as the seed document's
// program did, for the side to move now; any other name the standard way.
func (p *Position) SetStyle(name string) string {
	prev := ""
	if p.style.seed {
		prev = StyleSeed
	}
	if name != StyleSeed {
		p.style = styleState{}
		return prev
	}
	p.style = styleState{
		seed:     true,
		attack:   p.movesMadeBy(p.St.side) >= seedAttackAfter,
		rootPly:  len(p.Hist),
		rootSide: p.St.side,
		order:    p.lispOrder(p.Moves(nil)),
	}
	return prev
}

// trackRoot notes which root move a Make in the seed style plays.
func (p *Position) trackRoot(m ai.Move) {
	if len(p.Hist) == p.style.rootPly {
		p.style.cur = slices.Index(p.style.order, m)
	}
}

// movesMadeBy is how many moves colour c has made since the position was
// set up (its start, or the custom start of its game).
func (p *Position) movesMadeBy(c uint8) int {
	n := 0
	for i := range p.Hist {
		if p.Hist[i].side == c {
			n++
		}
	}
	return n
}

// seedValue is the LISP's evaluation for the side to move.
func (p *Position) seedValue(attack bool) int {
	s := &p.St
	us, them := int(s.side), int(s.side^1)
	w := seedDefence
	if attack {
		w = seedAttack
	}
	return popcount(s.pieces(us))*w.own + popcount(s.pieces(them))*w.opponent +
		popcount(s.kings[us])*w.king + int(s.countMoves())*w.mobility
}

// seedEvaluate is Evaluate in the seed style: the LISP's value with the
// tie-break (see the file's comment).
func (p *Position) seedEvaluate() int {
	v := p.seedValue(p.style.attack) / 10 * seedScale
	t := 0
	if i := p.style.cur; i >= 0 && len(p.Hist) > p.style.rootPly {
		t = seedScale - 1 - min(i, seedScale-1)
	}
	if p.St.side != p.style.rootSide {
		t = -t
	}
	return v + t
}

// lispOrder sorts moves (all captures or all steps) into the order the
// LISP generates them: pieces by file, then from rank 8 down (its x, then
// y); a piece's steps up-left, down-left, up-right, down-right; its jumps
// down-right, up-right, down-left, up-left at every hop, depth first.
// Files are the variant's own (Italian's h1 is dark, as in the LISP).
func (p *Position) lispOrder(moves []ai.Move) []ai.Move {
	key := func(m ai.Move) []int {
		path := movePath(m)
		sq := path[0]
		f, r := p.fileRank(sq)
		k := []int{f, -r}
		for i := 1; i < len(path); i++ {
			f2, r2 := p.fileRank(path[i])
			df, dr := sign(f2-f), sign(r2-r)
			if moveCount(m) == 0 {
				k = append(k, lispSteps[[2]int{df, dr}])
			} else {
				k = append(k, lispJumps[[2]int{df, dr}])
			}
			f, r = f2, r2
		}
		return k
	}
	out := slices.Clone(moves)
	slices.SortStableFunc(out, func(a, b ai.Move) int { return slices.Compare(key(a), key(b)) })
	return out
}

// The LISP's direction orders by (file, rank) step: its steps (x-1,y-1)
// (x-1,y+1) (x+1,y-1) (x+1,y+1) and jumps (+2,+2) (+2,-2) (-2,+2) (-2,-2),
// where x is the file and y grows from rank 8 down.
var (
	lispSteps = map[[2]int]int{{-1, 1}: 0, {-1, -1}: 1, {1, 1}: 2, {1, -1}: 3}
	lispJumps = map[[2]int]int{{1, -1}: 0, {1, 1}: 1, {-1, -1}: 2, {-1, 1}: 3}
)

// fileRank is the variant's file and rank (0..7) of internal square sq.
func (p *Position) fileRank(sq int) (f, r int) {
	f, r = int(tab.file[sq]), int(tab.rank[sq])
	if p.v.mirrored {
		f = 7 - f
	}
	return f, r
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// seedChoice is the reference for the seed level: plain minimax (alpha-beta
// prunes nothing of the result) to depth plies over moves in the LISP's
// order, keeping the first of the best, with the LISP's evaluation at the
// leaves and the engine's scores for finished games. It returns the move
// and its value (from the side to move; unscaled LISP values).
func (p *Position) seedChoice(depth int) (ai.Move, int) {
	attack := p.movesMadeBy(p.St.side) >= seedAttackAfter
	var search func(d, ply int) (ai.Move, int)
	search = func(d, ply int) (ai.Move, int) {
		if st := p.Status(); st.Over {
			if st.Winner == ai.NoSide {
				return ai.NoMove, 0
			}
			if st.Winner == p.Turn() {
				return ai.NoMove, ai.Win - ply
			}
			return ai.NoMove, -(ai.Win - ply)
		}
		if d == 0 {
			return ai.NoMove, p.seedValue(attack)
		}
		best, bestV := ai.NoMove, -ai.Inf
		for _, m := range p.lispOrder(p.Moves(nil)) {
			p.Make(m)
			_, v := search(d-1, ply+1)
			p.Unmake()
			if -v > bestV {
				best, bestV = m, -v
			}
		}
		return best, bestV
	}
	return search(depth, 0)
}
