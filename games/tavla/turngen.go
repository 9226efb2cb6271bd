package tavla

// turngen.go lists a roll's whole turns: every distinct position the side
// holding the dice can reach with a legal turn, with the plies that reach
// it. The learned evaluation's search, its training, the Monte-Carlo
// player and the analysis all choose among whole turns; Pos.Moves, which
// the games are played through, still checks every ply.

import "oyunbot/ai"

// Turn is one legal way to play the dice held: its plies in order (one
// pass when the roll cannot be played) and the position it leaves.
type Turn struct {
	Plies [4]ai.Move
	N     int // plies used
	st    state
}

// Moves returns the turn's plies.
func (t *Turn) Moves() []ai.Move { return t.Plies[:t.N] }

// seenSize is the open-addressing table of a turn's positions (ends and
// the states in between). A double in a crowded middle game reaches a few
// hundred; the table is kept under half full.
const seenSize = 1 << 12

// turnGen enumerates turns without allocating once its buffers have grown.
// Not safe for concurrent use.
type turnGen struct {
	p     Pos // scratch: only p.st is used
	turns []Turn
	// seen keys the states met in this enumeration: a state with the same
	// dice left is searched once, an end recorded once. stamp[i] ==
	// gen marks slot i as used in this enumeration.
	seen   [seenSize]uint64
	stamp  [seenSize]uint32
	gen    uint32
	nseen  int
	most   int // the most dice a turn found so far uses
	larger bool
	big    int // the larger die of a roll of two different dice (else 0)
	mover  ai.Side
	base   uint64 // the dice part of the start's hash
	path   [4]ai.Move
	bufs   [5][]ai.Move
}

func newTurnGen() *turnGen {
	g := &turnGen{turns: make([]Turn, 0, 64)}
	for i := range g.bufs {
		g.bufs[i] = make([]ai.Move, 0, 32)
	}
	return g
}

// diceKey mixes the dice left into a state's key.
func diceKey(st *state) uint64 {
	k := uint64(st.nd)
	for _, d := range st.dice[:st.nd] {
		k = k*7 + uint64(d)
	}
	return (k + 1) * 0x9e3779b97f4a7c15
}

// full reports whether the table holds all it may (never seen in
// practice): then the states between plies are no longer deduplicated,
// which costs time, not correctness, and ends are compared one by one.
func (g *turnGen) full() bool { return g.nseen >= seenSize/2 }

// mark records key in the table; false when it was there already (or the
// table is full).
func (g *turnGen) mark(key uint64) bool {
	if g.full() {
		return true
	}
	i := int(key>>52) & (seenSize - 1)
	for g.stamp[i] == g.gen {
		if g.seen[i] == key {
			return false
		}
		i = (i + 1) & (seenSize - 1)
	}
	g.stamp[i], g.seen[i] = g.gen, key
	g.nseen++
	return true
}

// gen lists the turns of st's side with st's dice into g.turns (one turn,
// a pass, when the roll cannot be played). st must hold dice.
func (g *turnGen) generate(st *state) []Turn {
	g.turns = g.turns[:0]
	g.gen++
	if g.gen == 0 { // wrapped: clear the stamps once
		clear(g.stamp[:])
		g.gen = 1
	}
	g.nseen, g.most, g.larger = 0, 0, false
	g.big = 0
	if st.nd == 2 && st.dice[0] != st.dice[1] {
		g.big = int(st.dice[0])
	}
	g.mover = st.side
	g.p.st = *st
	g.base = g.p.diceHash()
	g.walk(0, false)
	if len(g.turns) == 0 || g.most == 0 {
		g.turns = g.turns[:0]
		t := Turn{N: 1, st: *st}
		t.Plies[0] = passMove(st.side)
		t.st.nd, t.st.dice = 0, [4]int8{}
		t.st.hash ^= g.base
		g.turns = append(g.turns, t)
		return g.turns
	}
	if g.most == 1 && g.big != 0 && g.larger {
		// Only one die can be played: the larger one.
		kept := g.turns[:0]
		for _, t := range g.turns {
			if _, _, d := decodePly(t.Plies[0]); d == g.big {
				kept = append(kept, t)
			}
		}
		g.turns = kept
	}
	return g.turns
}

// walk plays every ply from g.p.st (k plies played so far); bigFirst says
// whether the first ply used the larger die.
func (g *turnGen) walk(k int, bigFirst bool) {
	st := &g.p.st
	if k > 0 && !g.mark(st.hash^diceKey(st)) {
		return // reached before with the same dice left
	}
	played := false
	if st.nd > 0 {
		vals, n := st.distinctDice()
		for _, d := range vals[:n] {
			buf := st.dieMoves(g.mover, d, g.bufs[k][:0])
			g.bufs[k] = buf
			for _, m := range buf {
				played = true
				saved := g.p.st
				g.p.playPly(m)
				g.path[k] = m
				bf := bigFirst
				if k == 0 {
					bf = d == g.big
				}
				if g.p.st.off[g.mover] == checkers {
					g.addEnd(k+1, bf)
				} else {
					g.walk(k+1, bf)
				}
				g.p.st = saved
			}
		}
	}
	if !played && k > 0 {
		g.addEnd(k, bigFirst)
	}
}

// addEnd records the position g.p.st reached by k plies, if it uses as
// many dice as the best turn so far and was not reached before.
func (g *turnGen) addEnd(k int, bigFirst bool) {
	if k < g.most {
		return
	}
	if k > g.most {
		g.most = k
		g.turns = g.turns[:0]
		g.larger = false
	}
	if k == 1 && bigFirst {
		g.larger = true
	}
	st := &g.p.st
	// An end's key is its board and how many plies reached it (the dice
	// part of st.hash is the same for every path: playPly leaves it).
	if g.full() {
		for i := range g.turns {
			if g.turns[i].st.hash == st.hash^g.base {
				return
			}
		}
	} else if !g.mark(st.hash ^ uint64(k+1)*0x5bd1e9955bd1e995) {
		return
	}
	t := Turn{N: k, st: *st}
	copy(t.Plies[:], g.path[:k])
	t.st.nd, t.st.dice = 0, [4]int8{}
	t.st.hash ^= g.base // the board's own hash: no side, no dice
	g.turns = append(g.turns, t)
}
