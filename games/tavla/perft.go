package tavla

// perft.go counts what one turn can reach, for checking the move generator
// against ../shared/perft/tavla.txt.

import "oyunbot/ai"

// Perft implements games.Perfter, counting in turns rather than plies: at
// depth 1, the number of distinct positions the side holding the dice can
// reach with a legal full turn (1 when the roll cannot be played: the
// position passes as it is). At depth d > 1 it sums, over those positions
// and each of the 21 rolls that follow, the count at depth d-1. A position
// waiting for a roll counts each of the rolls at the same depth.
func (p *Pos) Perft(depth int) uint64 {
	if depth <= 0 || p.over() {
		return 1
	}
	if p.st.nd == 0 {
		var n uint64
		for _, m := range p.Moves(nil) {
			p.Make(m)
			n += p.Perft(depth)
			p.Unmake()
		}
		return n
	}
	ends := map[uint64]bool{}
	var keep []*Pos
	p.turnEnds(func() {
		if !ends[p.st.hash] {
			ends[p.st.hash] = true
			if depth > 1 {
				keep = append(keep, p.Clone().(*Pos))
			}
		}
	})
	if depth == 1 {
		return uint64(len(ends))
	}
	var n uint64
	for _, q := range keep {
		n += q.Perft(depth - 1)
	}
	return n
}

// turnEnds calls visit at every position where the current turn ends
// (once per way of playing it).
func (p *Pos) turnEnds(visit func()) {
	s := p.st.side
	if p.st.nd == 0 || p.Turn() != s {
		visit()
		return
	}
	moves := p.Moves(make([]ai.Move, 0, 32))
	if len(moves) == 0 {
		visit() // the roll is lost
		return
	}
	for _, m := range moves {
		p.Make(m)
		p.turnEnds(visit)
		p.Unmake()
	}
}
