package islem

// movegen.go lists moves. Every legal turn is counted by Perft and accepted
// by ParseMove; Moves, which the engine searches, leaves out placements and
// moves in phases 2 and 3 to squares next to no stone at all (they cannot
// score, and the thesis's programme did not try them either) and phase-1
// placements outside b2-g7 while squares there are free (the thesis's
// advice), and lists the rest best first by their immediate score.

import "oyunbot/ai"

// legal appends side to move's legal moves; all includes the placements and
// moves that Moves leaves out. Captures go in ascending square order, so
// that each set of captured stones is one sequence of plies.
func (p *Position) legal(buf []ai.Move, all bool) []ai.Move {
	if p.Status().Over {
		return buf
	}
	me := p.turn
	if p.owed > 0 {
		opp := p.stones(me.Opponent())
		above := opp &^ (uint64(1)<<uint(p.floor+1) - 1)
		if popcount(above) < int(p.owed) {
			above = opp // captures typed out of order: any stone will do
		}
		// A stone is listed when enough stones remain after it for the
		// captures still owed, so each set is one ascending sequence.
		left := popcount(above)
		for m := above; m != 0 && left >= int(p.owed); m &= m - 1 {
			buf = append(buf, captureMove(trailing(m)))
			left--
		}
		return buf
	}
	occ := p.occ[0] | p.occ[1]
	empty := ^occ
	own := p.stones(me)
	switch set := p.activeSet(me); set {
	case 0:
		var near uint64
		for m := own; m != 0; m &= m - 1 {
			near |= nbrMask[trailing(m)]
		}
		targets := empty &^ near
		if targets == 0 {
			for v := 0; v < SetStones; v++ {
				if hasValue(p.hand[me][0], v) {
					buf = append(buf, forfeitMove(v))
				}
			}
			return buf
		}
		if !all && targets&center != 0 {
			targets &= center // the thesis: open in the middle
		}
		for v := 0; v < SetStones; v++ {
			if hasValue(p.hand[me][0], v) {
				for m := targets; m != 0; m &= m - 1 {
					buf = append(buf, placeMove(v, trailing(m)))
				}
			}
		}
	case 1:
		targets := empty
		if !all {
			targets &= nearAny(occ)
			if targets == 0 {
				targets = empty
			}
		}
		for v := 0; v < SetStones; v++ {
			if hasValue(p.hand[me][1], v) {
				for m := targets; m != 0; m &= m - 1 {
					buf = append(buf, placeMove(v, trailing(m)))
				}
			}
		}
	default:
		if own == 0 || empty == 0 {
			return append(buf, passMove())
		}
		for f := own; f != 0; f &= f - 1 {
			from := trailing(f)
			targets := empty
			if !all {
				rest := occ &^ bit(from)
				targets &= nearAny(rest)
			}
			for m := targets; m != 0; m &= m - 1 {
				buf = append(buf, moveMove(from, trailing(m)))
			}
		}
		if len(buf) == 0 {
			for f := own; f != 0; f &= f - 1 { // nothing near: any move
				for m := empty; m != 0; m &= m - 1 {
					buf = append(buf, moveMove(trailing(f), trailing(m)))
				}
			}
		}
	}
	return buf
}

// nearAny is the mask of squares next to a stone of occ.
func nearAny(occ uint64) uint64 {
	var near uint64
	for m := occ; m != 0; m &= m - 1 {
		near |= nbrMask[trailing(m)]
	}
	return near
}

// Moves implements ai.Position: in the seed style the seed's one move;
// otherwise the moves worth searching, best immediate score first.
func (p *Position) Moves(buf []ai.Move) []ai.Move {
	if p.style == StyleSeed {
		if m, ok := p.seedMove(); ok {
			return append(buf, m)
		}
		return buf
	}
	start := len(buf)
	buf = p.legal(buf, false)
	p.order(buf[start:])
	return buf
}

// order sorts moves by their immediate score, best first (a stable bucket
// sort: the scores are small), and captures by the harm they do.
func (p *Position) order(ms []ai.Move) {
	if len(ms) < 2 {
		return
	}
	if cap(p.scr) < len(ms) {
		p.scr = make([]int8, len(ms))
	}
	sc := p.scr[:len(ms)]
	hi := int8(0)
	for i, m := range ms {
		sc[i] = int8(p.immediate(m))
		hi = max(hi, sc[i])
	}
	if hi == 0 {
		return
	}
	p.buf = append(p.buf[:0], ms...)
	k := 0
	for s := hi; s >= 0; s-- {
		for i, m := range p.buf {
			if sc[i] == s {
				ms[k] = m
				k++
			}
		}
	}
}

// immediate is what m scores at once: a placement's or a move's score, or,
// for a capture, how much it lowers the opponent's best reply (so the most
// harmful capture comes first).
func (p *Position) immediate(m ai.Move) int {
	switch kindOf(m) {
	case kindPlace:
		if p.activeSet(p.turn) == 0 {
			return 0
		}
		return int(p.placeScores(p.turn, toOf(m))[valueOf(m)])
	case kindMove:
		return p.tryMove(fromOf(m), toOf(m))
	case kindCapture:
		opp := p.turn.Opponent()
		sq := toOf(m)
		c := p.board[sq]
		before := p.bestReply(opp, nbrMask[sq])
		p.poke(sq, 0)
		after := p.bestReply(opp, nbrMask[sq])
		p.poke(sq, c)
		return max(before-after, 0)
	}
	return 0
}

// tryPlace scores side s placing v on the empty square to.
func (p *Position) tryPlace(s ai.Side, v, to int) int {
	if nbrMask[to]&p.stones(s) == 0 {
		return 0
	}
	p.poke(to, stone(s, v))
	n := p.det.scan(&p.board, p.occ[s], to)
	p.poke(to, 0)
	return n
}

// placeScores is the score of each stone of side s's second set placed on
// the empty square to, cached for the current position.
func (p *Position) placeScores(s ai.Side, to int) *[SetStones]int8 {
	c := &p.pc[s]
	if c.hash != p.hash {
		c.hash, c.done = p.hash, 0
	}
	if c.done&bit(to) == 0 {
		c.done |= bit(to)
		if nbrMask[to]&p.occ[s] == 0 || p.hand[s][1] == 0 {
			c.score[to] = [SetStones]int8{}
		} else {
			p.poke(to, stone(s, 0))
			p.det.scoreValues(&p.board, p.occ[s], to, p.hand[s][1], &c.score[to])
			p.poke(to, 0)
		}
	}
	return &c.score[to]
}

// placeCache holds placement scores for one position (by hash).
type placeCache struct {
	hash  uint64
	done  uint64
	score [Squares][SetStones]int8
}

// tryMove scores the side to move moving its stone from from to to.
func (p *Position) tryMove(from, to int) int {
	c := p.board[from]
	p.poke(from, 0)
	n := 0
	if nbrMask[to]&p.stones(owner(c)) != 0 {
		p.poke(to, c)
		n = p.det.scan(&p.board, p.occ[owner(c)], to)
		p.poke(to, 0)
	}
	p.poke(from, c)
	return n
}

// bestReply is the best score side s can make next turn, trying only
// placements or moves onto squares of region (all squares for ^0): the
// seed's "lowest best score" for the opponent.
func (p *Position) bestReply(s ai.Side, region uint64) int {
	set := p.activeSet(s)
	if set == 0 {
		return 0 // phase 1 does not score
	}
	own := p.stones(s)
	occ := p.occ[0] | p.occ[1]
	best := 0
	if set == 1 {
		targets := ^occ & nearAny(own) & region
		var sc [SetStones]int8
		for m := targets; m != 0; m &= m - 1 {
			to := trailing(m)
			p.poke(to, stone(s, 0))
			p.det.scoreValues(&p.board, p.occ[s], to, p.hand[s][1], &sc)
			p.poke(to, 0)
			for _, n := range sc {
				best = max(best, int(n))
			}
		}
		return best
	}
	for f := own; f != 0; f &= f - 1 {
		from := trailing(f)
		targets := ^occ & nearAny(own&^bit(from))
		for m := targets; m != 0; m &= m - 1 {
			best = max(best, p.tryMove(from, trailing(m)))
		}
	}
	return best
}

// Perft counts the legal turns to depth turns (games.Perfter): a turn is
// a placement or a move and all its captures, each set of captured stones
// counted once.
func (p *Position) Perft(depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range p.legal(make([]ai.Move, 0, 1024), true) {
		n += p.perftAfter(m, depth)
	}
	return n
}

// perftAfter counts below m: the same depth while its turn goes on.
func (p *Position) perftAfter(m ai.Move, depth int) uint64 {
	me := p.turn
	p.Make(m)
	defer p.Unmake()
	if p.turn == me && p.owed > 0 {
		return p.Perft(depth)
	}
	return p.Perft(depth - 1)
}

// Divide calls visit with every legal first ply and the turns counted below
// it (bot perft -divide).
func (p *Position) Divide(depth int, visit func(m ai.Move, nodes uint64)) {
	if depth == 0 {
		return
	}
	for _, m := range p.legal(make([]ai.Move, 0, 1024), true) {
		visit(m, p.perftAfter(m, depth))
	}
}

// LegalMoves appends every legal move of the side to move, those Moves
// leaves out for the search included (a phase-1 stone on the edge, a stone
// placed away from all others): for lists of legal moves and tap boards.
func (p *Position) LegalMoves(buf []ai.Move) []ai.Move { return p.legal(buf, true) }
