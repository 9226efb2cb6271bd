package tavla

// board.go holds the position's state, its Zobrist hash, and Make/Unmake.

import (
	"math/rand/v2"

	"oyunbot/ai"
)

const (
	points   = 24
	checkers = 15
	white    = ai.First
	black    = ai.Second
)

// state is everything a position is; Make pushes a copy and Unmake pops it
// (under 100 bytes: simpler and about as cheap as undoing field by field).
type state struct {
	// occ is each point's top stack in White's numbering (index 0 is
	// White's point 1): > 0 White's checkers, < 0 Black's, 0 empty.
	occ [points]int8
	// pins has bit i set when one checker of the other side than occ[i]'s
	// lies pinned under it.
	pins uint32
	off  [2]int8
	// bar is each side's hit checkers waiting to enter (standard tavla);
	// hit says the game is standard tavla (hitting), not hapis (pinning).
	bar [2]int8
	hit bool
	// side moves next: it holds the dice, or (nd == 0) rolls next.
	side ai.Side
	// dice are the dice still to play, largest first; nd how many.
	dice [4]int8
	nd   int8
	// opening: the opening roll (one die each) is next.
	opening bool
	// lost is the last roll that could not be played (0 0: none), and
	// lostBy who rolled it: a prompt explains it once.
	lost   [2]int8
	lostBy ai.Side
	// roll is the last roll, as rolled (for the picture).
	roll [2]int8
	// passes counts the lost rolls in a row; dead is set when neither side
	// can move whatever it rolls (then nothing can change: a draw).
	passes int8
	dead   bool
	// cube is backgammon's doubling cube (cube.go); off in tavla and hapis.
	cube cubeState
	hash uint64
}

// Pos is a tavla position. Not safe for concurrent use.
type Pos struct {
	st        state
	hist      []state
	style     string
	styleSide ai.Side // the side a styled search plays for
	// scratch buffers of the move generator, one per depth of its search
	// for the dice that can be played.
	scratch [5][]ai.Move
}

func newPos() *Pos {
	p := &Pos{hist: make([]state, 0, 256)}
	for i := range p.scratch {
		p.scratch[i] = make([]ai.Move, 0, 64)
	}
	return p
}

// Zobrist keys.
var (
	zOcc  [points][2*checkers + 1]uint64
	zPin  [points]uint64
	zOff  [2][checkers + 1]uint64
	zBar  [2][checkers + 1]uint64
	zSide uint64
	zDice [7][5]uint64 // die value, how many of it remain
	zOpen uint64
)

func init() {
	r := rand.New(rand.NewPCG(0x7461766c61, 1))
	for i := range zOcc {
		for j := range zOcc[i] {
			zOcc[i][j] = r.Uint64()
		}
		zPin[i] = r.Uint64()
	}
	for s := range zOff {
		for j := range zOff[s] {
			zOff[s][j] = r.Uint64()
		}
	}
	zSide, zOpen = r.Uint64(), r.Uint64()
	// Drawn last, so that hapis's keys stay what they were.
	defer func() {
		for s := range zBar {
			for j := range zBar[s] {
				zBar[s][j] = r.Uint64()
			}
		}
	}()
	for v := range zDice {
		for n := range zDice[v] {
			zDice[v][n] = r.Uint64()
		}
	}
}

// computeHash hashes st from scratch (Make keeps it incrementally for the
// board; the dice part is recomputed, it is tiny).
func (p *Pos) computeHash() uint64 {
	st := &p.st
	var h uint64
	for i, v := range st.occ {
		if v != 0 {
			h ^= zOcc[i][int(v)+checkers]
		}
		if st.pins&(1<<i) != 0 {
			h ^= zPin[i]
		}
	}
	h ^= zOff[0][st.off[0]] ^ zOff[1][st.off[1]]
	if st.hit {
		h ^= zBar[0][st.bar[0]] ^ zBar[1][st.bar[1]]
	}
	return h ^ p.diceHash()
}

func (p *Pos) diceHash() uint64 {
	st := &p.st
	var h uint64
	if st.side == black {
		h ^= zSide
	}
	if st.opening {
		h ^= zOpen
	}
	var cnt [7]int
	for _, d := range st.dice[:st.nd] {
		cnt[d]++
	}
	for v := 1; v <= 6; v++ {
		if cnt[v] > 0 {
			h ^= zDice[v][cnt[v]]
		}
	}
	return h
}

// Move encoding. A ply: Lo = kindPly | side<<12 | die<<8 | from index+1
// (the to point follows; from index -1 is the bar, so 0 there with a die). A roll: kindRoll | d1<<4 | d2, d1 >= d2. The
// opening: kindOpen | White's die<<4 | Black's die.
const (
	kindPly  = 1 << 20
	kindRoll = 2 << 20
	kindOpen = 3 << 20
	kindMask = 3 << 20
)

func plyMove(side ai.Side, from, die int) ai.Move {
	return ai.Move{Lo: kindPly | uint64(side)<<12 | uint64(die)<<8 | uint64(from+1)}
}

func rollMove(d1, d2 int) ai.Move {
	if d1 < d2 {
		d1, d2 = d2, d1
	}
	return ai.Move{Lo: kindRoll | uint64(d1)<<4 | uint64(d2)}
}

// passMove is the only move of a side whose roll cannot be played: it
// hands the dice over. It is a ply, so that a search counts it as a turn
// (lost rolls in a row would otherwise chain chance nodes without end).
func passMove(side ai.Side) ai.Move { return ai.Move{Lo: kindPly | uint64(side)<<12} }

func isPass(m ai.Move) bool { return m.Lo&kindMask == kindPly && m.Lo&0xfff == 0 }

func openMove(w, b int) ai.Move { return ai.Move{Lo: kindOpen | uint64(w)<<4 | uint64(b)} }

// decodePly returns a ply's side, from index (bar: -1) and die.
func decodePly(m ai.Move) (side ai.Side, from, die int) {
	return ai.Side(m.Lo >> 12 & 1), int(m.Lo&0xff) - 1, int(m.Lo >> 8 & 0xf)
}

func decodeDice(m ai.Move) (a, b int) { return int(m.Lo >> 4 & 0xf), int(m.Lo & 0xf) }

// sign is +1 for White's checkers in occ, -1 for Black's.
func sign(s ai.Side) int8 {
	if s == white {
		return 1
	}
	return -1
}

// index is the board index of side s's own point q (1..24).
func index(s ai.Side, q int) int {
	if s == white {
		return q - 1
	}
	return points - q
}

// ownPoint is side s's number (1..24) of board index i.
func ownPoint(s ai.Side, i int) int {
	if s == white {
		return i + 1
	}
	return points - i
}

// owner of the top stack at i: white, black, or NoSide.
func (st *state) owner(i int) ai.Side {
	switch v := st.occ[i]; {
	case v > 0:
		return white
	case v < 0:
		return black
	}
	return ai.NoSide
}

func (st *state) count(i int) int {
	v := int(st.occ[i])
	if v < 0 {
		return -v
	}
	return v
}

func (st *state) pinned(i int) bool { return st.pins&(1<<i) != 0 }

// set changes point i's stack and pin, keeping the hash.
func (st *state) set(i int, v int8, pin bool) {
	if st.occ[i] != 0 {
		st.hash ^= zOcc[i][int(st.occ[i])+checkers]
	}
	if st.pinned(i) {
		st.hash ^= zPin[i]
		st.pins &^= 1 << i
	}
	st.occ[i] = v
	if v != 0 {
		st.hash ^= zOcc[i][int(v)+checkers]
	}
	if pin {
		st.pins |= 1 << i
		st.hash ^= zPin[i]
	}
}

// bar is the from index of a checker entering from the bar.
const bar = -1

// setBar sets side s's checkers on the bar, keeping the hash.
func (st *state) setBar(s ai.Side, n int8) {
	st.hash ^= zBar[s][st.bar[s]] ^ zBar[s][n]
	st.bar[s] = n
}

// Make implements ai.Position.
func (p *Pos) Make(m ai.Move) {
	p.hist = append(p.hist, p.st)
	st := &p.st
	if isCube(m) {
		p.makeCube(m)
		return
	}
	st.hash ^= p.diceHash()
	switch m.Lo & kindMask {
	case kindOpen:
		w, b := decodeDice(m)
		st.opening = false
		st.side = white
		if b > w {
			st.side = black
		}
		p.setDice(w, b)
		st.lost = [2]int8{}
		st.hash ^= p.diceHash()
	case kindRoll:
		a, b := decodeDice(m)
		p.setDice(a, b)
		st.hash ^= p.diceHash()
	default:
		if isPass(m) {
			// The roll cannot be played: it is lost.
			st.hash ^= p.diceHash()
			st.lost = [2]int8{st.roll[0], st.roll[1]}
			st.lostBy = st.side
			st.passes++
			p.passTurn()
			if st.passes >= 2 && p.deadlocked() {
				st.dead = true
			}
			return
		}
		st.passes = 0
		p.playPly(m)
		if st.off[st.side] == checkers {
			st.nd = 0 // the game is over
			st.hash ^= p.diceHash()
			return
		}
		st.hash ^= p.diceHash()
		if st.nd == 0 {
			p.passTurn()
		} else if p.maxUse(0) == 0 {
			p.passTurn()
		}
	}
}

// setDice sets a fresh roll (four dice for a double); the lost-roll note
// of an earlier turn is dropped once its reader has seen a roll after it.
func (p *Pos) setDice(a, b int) {
	st := &p.st
	if a < b {
		a, b = b, a
	}
	st.dice = [4]int8{int8(a), int8(b)}
	st.roll = [2]int8{int8(a), int8(b)}
	st.nd = 2
	if a == b {
		st.dice[2], st.dice[3] = int8(a), int8(a)
		st.nd = 4
	}
	if st.lostBy == st.side {
		st.lost, st.lostBy = [2]int8{}, ai.NoSide
	}
}

// passTurn gives the roll to the opponent.
func (p *Pos) passTurn() {
	st := &p.st
	st.hash ^= p.diceHash()
	st.nd = 0
	st.dice = [4]int8{}
	st.side = st.side.Opponent()
	st.hash ^= p.diceHash()
	st.beginTurn()
}

// playPly moves one checker by one die and removes the die (the dice part
// of the hash is the caller's).
func (p *Pos) playPly(m ai.Move) {
	st := &p.st
	s, from, die := decodePly(m)
	sg := sign(s)
	q := die // entering from the bar: own point 0 + die
	switch {
	case from == bar:
		st.setBar(s, st.bar[s]-1)
	case st.count(from) == 1 && st.pinned(from):
		// Leave the source: a pinned opponent checker below a lone
		// checker is freed.
		st.set(from, -sg, false)
		q = ownPoint(s, from) + die
	default:
		st.set(from, st.occ[from]-sg, st.pinned(from))
		q = ownPoint(s, from) + die
	}
	if q > points {
		st.hash ^= zOff[s][st.off[s]]
		st.off[s]++
		st.hash ^= zOff[s][st.off[s]]
	} else {
		to := index(s, q)
		switch st.owner(to) {
		case ai.NoSide:
			st.set(to, sg, false)
		case s:
			st.set(to, st.occ[to]+sg, st.pinned(to))
		default: // a lone opponent checker: pinned, or hit to the bar
			if st.hit {
				st.setBar(s.Opponent(), st.bar[s.Opponent()]+1)
				st.set(to, sg, false)
			} else {
				st.set(to, sg, true)
			}
		}
	}
	// Remove the die (dice are sorted, largest first).
	for k := 0; k < int(st.nd); k++ {
		if int(st.dice[k]) == die {
			copy(st.dice[k:], st.dice[k+1:st.nd])
			st.nd--
			st.dice[st.nd] = 0
			break
		}
	}
}

// Unmake implements ai.Position.
func (p *Pos) Unmake() {
	p.st = p.hist[len(p.hist)-1]
	p.hist = p.hist[:len(p.hist)-1]
}

// Hash implements ai.Position: the board and dice (st.hash) and the cube.
func (p *Pos) Hash() uint64 { return p.st.hash ^ p.st.cubeHash() }

// Turn implements ai.Position.
func (p *Pos) Turn() ai.Side {
	if p.st.nd == 0 && !p.over() {
		switch p.st.cube.phase {
		case cubeDecide:
			return p.st.side
		case cubeAnswer:
			return p.st.side.Opponent()
		}
		return ai.Chance
	}
	return p.st.side
}

func (p *Pos) over() bool {
	return p.st.off[0] == checkers || p.st.off[1] == checkers || p.st.dead || p.st.cube.dropped
}

// deadlocked reports whether neither side has a move with any die: as
// nothing can change the board, no roll ever will be played.
func (p *Pos) deadlocked() bool {
	buf := p.scratch[0][:0]
	for s := white; s <= black; s++ {
		for d := 1; d <= 6; d++ {
			if buf = p.st.dieMoves(s, d, buf[:0]); len(buf) > 0 {
				return false
			}
		}
	}
	return true
}

// Status implements ai.Position: the first side with all fifteen borne
// off wins, two points (mars) if the loser has borne off none.
func (p *Pos) Status() ai.Status {
	if p.st.cube.on {
		return p.cubeStatus()
	}
	for s := white; s <= black; s++ {
		if p.st.off[s] == checkers {
			if p.st.off[s.Opponent()] == 0 {
				return ai.Status{Over: true, Winner: s, Reason: "mars", Points: 2}
			}
			return ai.Status{Over: true, Winner: s, Reason: "borne-off", Points: 1}
		}
	}
	if p.st.dead {
		// DECISION (ours; the rules are silent): a board where neither side
		// can ever move again is a draw.
		return ai.Status{Over: true, Winner: ai.NoSide, Reason: "deadlock"}
	}
	return ai.Status{}
}

// Noisy implements ai.Position: nothing is followed past the horizon.
func (p *Pos) Noisy(ai.Move) bool { return false }

// NoisyMoves implements ai.NoisyGenerator: no ply is noisy, so at the
// horizon the side to move stands pat without generating its plies (which
// costs a search of the dice it can use).
func (p *Pos) NoisyMoves(buf []ai.Move) ([]ai.Move, bool) { return buf, false }
