package tavla

// montecarlo.go is a flat Monte-Carlo player, an opponent that owes
// nothing to the evaluations here, to measure them against
// (tools/tavlamatch): every legal turn is played out to the end of the
// game a number of times, both sides by a greedy policy, and the turn that
// scores the most points on average (a mars two) is played.

import (
	"math/rand/v2"

	"oyunbot/ai"
)

// maxPlayoutTurns ends a playout that goes on without end (scored 0).
const maxPlayoutTurns = 1000

// MonteCarlo is the flat Monte-Carlo player; not safe for concurrent use.
type MonteCarlo struct {
	// Rollouts is the number of playouts of each legal turn.
	Rollouts int
	gen      *turnGen
	p        Pos // scratch for the playouts: only p.st is used
	seeds    *rand.Rand
	pcg      *rand.PCG
	rng      *rand.Rand
	buf      [2][]ai.Move
	cands    []greedyCand
	sums     []float64
}

// NewMonteCarlo returns a player with rollouts playouts a turn; seed
// seeds its dice (a player's choices are reproducible from it).
func NewMonteCarlo(rollouts int, seed uint64) *MonteCarlo {
	m := &MonteCarlo{Rollouts: rollouts, gen: newTurnGen(), seeds: rand.New(rand.NewPCG(seed, 0x6d63)), pcg: rand.NewPCG(0, 0)}
	m.rng = rand.New(m.pcg)
	for i := range m.buf {
		m.buf[i] = make([]ai.Move, 0, 32)
	}
	return m
}

// Choose returns the turn to play in p, which holds dice.
func (m *MonteCarlo) Choose(p *Pos) Turn {
	st := p.st
	mover := st.side
	turns := m.gen.generate(&st)
	if len(turns) == 1 {
		return turns[0]
	}
	m.sums = append(m.sums[:0], make([]float64, len(turns))...)
	base := m.seeds.Uint64()
	for t := 0; t < m.Rollouts; t++ {
		for i := range turns {
			// The same dice for every turn in trial t.
			m.pcg.Seed(base, uint64(t))
			m.sums[i] += m.playout(&turns[i].st, mover)
		}
	}
	best := 0
	for i := range turns {
		if m.sums[i] > m.sums[best] {
			best = i
		}
	}
	return turns[best]
}

// playout plays from board (mover has just played; the other side rolls)
// to the end of the game and returns mover's points.
func (m *MonteCarlo) playout(board *state, mover ai.Side) float64 {
	m.p.st = *board
	st := &m.p.st
	side := mover.Opponent()
	passes := 0
	for range maxPlayoutTurns {
		if v, over := finalValue(st, mover); over {
			return v
		}
		a, b := m.rng.IntN(6)+1, m.rng.IntN(6)+1
		st.side = side
		if a < b {
			a, b = b, a
		}
		st.dice = [4]int8{int8(a), int8(b)}
		st.nd = 2
		if a == b {
			st.dice[2], st.dice[3], st.nd = int8(a), int8(a), 4
		}
		if m.greedyTurn() {
			passes = 0
		} else if passes++; passes >= 2 && deadlock(st) {
			return 0
		}
		side = side.Opponent()
	}
	return 0
}

// greedyTurn plays the dice of the side to move in m.p.st one ply at a
// time, each the ply the greedy score likes best (ties broken at random),
// using both dice of a roll whenever some order allows it and the larger
// one when only one can be played; a double's four plies are each simply
// the best at the time. It reports whether any die was played.
func (m *MonteCarlo) greedyTurn() bool {
	st := &m.p.st
	s := st.side
	played := false
	for st.nd > 0 {
		vals, n := st.distinctDice()
		cands := m.cands[:0]
		for k, d := range vals[:n] {
			buf := st.dieMoves(s, d, m.buf[0][:0])
			m.buf[0] = buf
			for _, mv := range buf {
				cands = append(cands, greedyCand{mv: mv, k: k, score: m.plyScore(mv)*8 + m.rng.IntN(8)})
			}
		}
		m.cands = cands
		if len(cands) == 0 {
			break // no die can be played
		}
		// The best ply after which the other die can still be played;
		// failing that, the best of the larger die (the first listed).
		best := -1
		fallback := -1
		for {
			i := -1
			for j := range cands {
				if cands[j].score > -1<<30 && (i < 0 || cands[j].score > cands[i].score) {
					i = j
				}
			}
			if i < 0 {
				break
			}
			if n < 2 || m.otherPlayable(cands[i].mv, vals[1-cands[i].k]) {
				best = i
				break
			}
			if fallback < 0 || (cands[i].k == 0 && cands[fallback].k == 1) {
				fallback = i
			}
			cands[i].score = -1 << 31 // tried
		}
		if best < 0 {
			best = fallback
		}
		m.p.playPly(cands[best].mv)
		played = true
		if st.off[s] == checkers {
			break
		}
	}
	st.nd, st.dice = 0, [4]int8{}
	return played
}

// greedyCand is a ply the greedy policy considers: k is its die's index
// among the roll's distinct dice (0 the larger).
type greedyCand struct {
	mv    ai.Move
	k     int
	score int
}

// otherPlayable reports whether die d can be played after ply mv.
func (m *MonteCarlo) otherPlayable(mv ai.Move, d int) bool {
	saved := m.p.st
	m.p.playPly(mv)
	ok := m.p.st.off[saved.side] == checkers || len(m.p.st.dieMoves(saved.side, d, m.buf[1][:0])) > 0
	m.p.st = saved
	return ok
}

// plyScore is the greedy policy's liking for a ply: pin an opponent's
// checker above all, then make a door, bear off, stay safe, move a lone
// checker; leaving a lone checker behind, opening a new one or freeing an
// opponent's pinned checker costs; further is better.
func (m *MonteCarlo) plyScore(mv ai.Move) int {
	st := &m.p.st
	s, from, d := decodePly(mv)
	sg := sign(s)
	score := d
	switch n := int(st.occ[from] * sg); {
	case n == 1 && st.pinned(from):
		score -= 40 // the opponent's checker under it goes free
	case n == 1:
		score += 10
	case n == 2:
		score -= 10
	}
	q := ownPoint(s, from) + d
	if q > points {
		return score + 30
	}
	switch v := int(st.occ[index(s, q)] * sg); {
	case v < 0:
		score += 50 // a lone opponent checker: pinned
	case v == 1:
		score += 20
	case v >= 2:
		score += 5
	default:
		score -= 10
	}
	return score
}
