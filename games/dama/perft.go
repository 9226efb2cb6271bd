package dama

import "oyunbot/ai"

// Perft counts the legal move paths to depth plies (rules only: the draws by
// adjudication do not end a line). Depth 1 is bulk-counted.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(p.St, depth)
}

// perft uses copy-make on the small state, passed by value (a pointer to a
// local of a recursive function would move it to the heap). Make/Unmake
// through the undo stack measures the same within noise (BenchmarkPerft
// depth 6 against BenchmarkPerftMakeUnmake, both 110-170 M nodes/s on the
// shared machine); copy-make leaves the position's history alone.
func perft(s state, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if depth == 1 {
		return s.countMoves()
	}
	var buf [ai.MaxMoves]ai.Move
	moves := s.genMoves(buf[:0])
	var n uint64
	for _, m := range moves {
		c := s
		c.apply(m)
		n += perft(c, depth-1)
	}
	return n
}

// perftMakeUnmake is perft through the Position's Make/Unmake, kept to
// measure against copy-make.
func (p *Position) perftMakeUnmake(depth int) uint64 {
	if depth == 1 {
		return p.St.countMoves()
	}
	var buf [ai.MaxMoves]ai.Move
	moves := p.St.genMoves(buf[:0])
	var n uint64
	for _, m := range moves {
		p.Make(m)
		n += p.perftMakeUnmake(depth - 1)
		p.Unmake()
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
		visit(m, perft(c, depth-1))
	}
}
