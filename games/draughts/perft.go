package draughts

import "oyunbot/ai"

// Perft counts the legal move paths to depth plies (rules only: the draws
// by adjudication do not end a line). Depth 1 is bulk-counted.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(p.St, depth)
}

// perftMoves is the capacity of perft's move buffers: more than the legal
// moves of nearly every position (12 kings have 48 steps), and a quarter
// of ai.MaxMoves, whose 4 KiB the stack would clear at every node. A
// position with more moves grows the buffer.
const perftMoves = 64

// perft uses copy-make on the small state, passed by value (a pointer to
// a local of a recursive function would move it to the heap).
func perft(s state, depth int) uint64 {
	if depth == 1 {
		return s.countMoves()
	}
	var buf [perftMoves]ai.Move
	moves := s.genMoves(buf[:0])
	var n uint64
	if depth == 2 {
		for _, m := range moves {
			c := s
			c.apply(m)
			n += c.countMoves()
		}
		return n
	}
	for _, m := range moves {
		c := s
		c.apply(m)
		n += perft(c, depth-1)
	}
	return n
}

// Divide calls visit with every legal move (in generation order) and the
// perft count below it at depth-1. The counts sum to Perft(depth).
func (p *Position) Divide(depth int, visit func(m ai.Move, nodes uint64)) {
	if depth <= 0 {
		return
	}
	var buf [ai.MaxMoves]ai.Move
	for _, m := range p.St.genMoves(buf[:0]) {
		c := p.St
		c.apply(m)
		var n uint64 = 1
		if depth > 1 {
			n = perft(c, depth-1)
		}
		visit(m, n)
	}
}
