package chess

// perft.go: bulk-counted perft (the last ply counts moves without making
// them) on copies of the state, with no allocation.

// Perft counts the legal move paths of the given depth.
// Draws by rule do not end paths, as in the standard perft tables.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(p.st, depth)
}

// perft takes the state by value: a pointer to a copy passed down a
// recursive call would move every copy to the heap.
func perft(s State, depth int) uint64 {
	if depth == 1 {
		return s.count()
	}
	var l moveList
	s.gen(&l, false)
	var n uint64
	for _, m := range l.moves[:l.n] {
		c := s
		c.apply(m)
		n += perft(c, depth-1)
	}
	return n
}

// Divide calls visit with every legal move and its perft(depth-1), for
// `bot perft -divide`.
func (p *Position) Divide(depth int, visit func(m Move, nodes uint64)) {
	if depth <= 0 {
		return
	}
	var l moveList
	p.st.gen(&l, false)
	for _, m := range l.moves[:l.n] {
		c := p.st
		c.apply(m)
		n := uint64(1)
		if depth > 1 {
			n = perft(c, depth-1)
		}
		visit(m, n)
	}
}
