package islem

// position.go is the game state and its make/unmake: a turn is a placement
// (or a move, in phase 3) and then one capture ply per stone owed.

import (
	"math/bits"

	"oyunbot/ai"
	"oyunbot/games"
)

// Move kinds, in the low four bits of Move.Lo; the target square is in bits
// 8-15, the source square (a phase-3 move) in bits 16-23, the stone's value
// in bits 24-31.
const (
	kindPlace   = 1
	kindMove    = 2
	kindCapture = 3
	kindForfeit = 4 // phase 1: no square left, the stone goes to the opponent
	kindPass    = 5
)

func placeMove(v, to int) ai.Move     { return ai.Move{Lo: kindPlace | uint64(to)<<8 | uint64(v)<<24} }
func moveMove(from, to int) ai.Move   { return ai.Move{Lo: kindMove | uint64(to)<<8 | uint64(from)<<16} }
func captureMove(sq int) ai.Move      { return ai.Move{Lo: kindCapture | uint64(sq)<<8} }
func forfeitMove(v int) ai.Move       { return ai.Move{Lo: kindForfeit | uint64(v)<<24} }
func passMove() ai.Move               { return ai.Move{Lo: kindPass} }
func kindOf(m ai.Move) int            { return int(m.Lo & 15) }
func toOf(m ai.Move) int              { return int(m.Lo >> 8 & 255) }
func fromOf(m ai.Move) int            { return int(m.Lo >> 16 & 255) }
func valueOf(m ai.Move) int           { return int(m.Lo >> 24 & 255) }
func bit(sq int) uint64               { return 1 << uint(sq) }
func popcount(x uint64) int           { return bits.OnesCount64(x) }
func setBits(x uint16) int            { return bits.OnesCount16(x) }
func hasValue(set uint16, v int) bool { return set&(1<<v) != 0 }

// state is everything Make changes; Unmake restores the saved copy.
type state struct {
	board [Squares]cell
	occ   [2]uint64    // each side's stones on the board
	hand  [2][2]uint16 // [side][set]: the values still in hand, a bit each
	caps  [2]int16     // stones each side has captured (lost stones included)
	turn  ai.Side
	owed  int8  // captures the side to move still owes this turn
	floor int8  // this turn's captures so far are on squares <= floor (-1: none)
	turns int16 // turns completed
	last  int8  // the square of the stone last placed or moved, -1 for none
	score int8  // the score of that placement (distinct chains)
	hash  uint64
}

// Position is an İşlem position. Not safe for concurrent use.
type Position struct {
	state
	hist  []state
	moves []ai.Move
	style string
	det   detector
	buf   []ai.Move // scratch for the seed style and move ordering
	scr   []int8
	pc    [2]placeCache
}

var (
	_ games.Position    = (*Position)(nil)
	_ games.TurnReader  = (*Position)(nil)
	_ games.Prompter    = (*Position)(nil)
	_ ai.Styler         = (*Position)(nil)
	_ ai.NoisyGenerator = (*Position)(nil)
	_ games.Perfter     = (*Position)(nil)
	_ games.Highlighter = (*Position)(nil)
)

// newStart is the start position: both hands full, the first player to move.
func newStart() *Position {
	p := &Position{}
	p.last, p.floor = -1, -1
	for s := 0; s < 2; s++ {
		p.hand[s] = [2]uint16{fullSet, fullSet}
	}
	p.hash = p.computeHash()
	return p
}

// computeHash hashes the state from scratch (Make keeps it incrementally).
func (p *Position) computeHash() uint64 {
	p.syncOcc()
	var h uint64
	for sq, c := range p.board {
		if c != 0 {
			h ^= zCell[sq][c]
		}
	}
	for s := 0; s < 2; s++ {
		for t := 0; t < 2; t++ {
			for v := 0; v < SetStones; v++ {
				if hasValue(p.hand[s][t], v) {
					h ^= zHand[s][t][v]
				}
			}
		}
		h ^= zCaps[s][p.caps[s]&63]
	}
	if p.turn == ai.Second {
		h ^= zSide
	}
	h ^= zOwed[p.owed&63] ^ zFloor[p.floor+1] ^ zTurns[min(int(p.turns), TurnLimit+1)]
	return h
}

// activeSet is the set side s places from: 0 in phase 1, 1 in phase 2,
// -1 when its hand is empty (phase 3).
func (p *Position) activeSet(s ai.Side) int {
	switch {
	case p.hand[s][0] != 0:
		return 0
	case p.hand[s][1] != 0:
		return 1
	}
	return -1
}

// Phase is side s's phase: 1 (first set), 2 (second set) or 3 (moves).
func (p *Position) Phase(s ai.Side) int {
	if set := p.activeSet(s); set >= 0 {
		return set + 1
	}
	return 3
}

// stones is the mask of side s's stones on the board.
func (p *Position) stones(s ai.Side) uint64 { return p.occ[s] }

// poke changes a square without touching the hash: a trial placement,
// taken back at once.
func (p *Position) poke(sq int, c cell) {
	if old := p.board[sq]; old != 0 {
		p.occ[owner(old)] &^= bit(sq)
	}
	p.board[sq] = c
	if c != 0 {
		p.occ[owner(c)] |= bit(sq)
	}
}

// syncOcc recomputes the stone masks from the board.
func (p *Position) syncOcc() {
	p.occ = [2]uint64{}
	for sq, c := range p.board {
		if c != 0 {
			p.occ[owner(c)] |= bit(sq)
		}
	}
}

// Turn implements ai.Position.
func (p *Position) Turn() ai.Side { return p.turn }

// Hash implements ai.Position.
func (p *Position) Hash() uint64 { return p.hash }

func (p *Position) setCell(sq int, c cell) {
	if old := p.board[sq]; old != 0 {
		p.hash ^= zCell[sq][old]
		p.occ[owner(old)] &^= bit(sq)
	}
	p.board[sq] = c
	if c != 0 {
		p.hash ^= zCell[sq][c]
		p.occ[owner(c)] |= bit(sq)
	}
}

func (p *Position) takeFromHand(s ai.Side, set, v int) {
	p.hand[s][set] &^= 1 << v
	p.hash ^= zHand[s][set][v]
}

func (p *Position) addCapture(s ai.Side) {
	p.hash ^= zCaps[s][p.caps[s]&63]
	p.caps[s]++
	p.hash ^= zCaps[s][p.caps[s]&63]
}

func (p *Position) setOwed(owed, floor int8) {
	p.hash ^= zOwed[p.owed&63] ^ zFloor[p.floor+1]
	p.owed, p.floor = owed, floor
	p.hash ^= zOwed[p.owed&63] ^ zFloor[p.floor+1]
}

// endTurn passes the turn to the opponent.
func (p *Position) endTurn() {
	p.setOwed(0, -1)
	p.hash ^= zTurns[min(int(p.turns), TurnLimit+1)]
	p.turns++
	p.hash ^= zTurns[min(int(p.turns), TurnLimit+1)]
	p.turn = p.turn.Opponent()
	p.hash ^= zSide
}

// Make implements ai.Position.
func (p *Position) Make(m ai.Move) {
	p.hist = append(p.hist, p.state)
	p.moves = append(p.moves, m)
	me := p.turn
	switch kindOf(m) {
	case kindPlace:
		set := p.activeSet(me)
		v, to := valueOf(m), toOf(m)
		p.takeFromHand(me, set, v)
		p.setCell(to, stone(me, v))
		p.last, p.score = int8(to), 0
		if set == 0 {
			p.endTurn() // phase 1 does not score
			return
		}
		p.scored(to)
	case kindMove:
		from, to := fromOf(m), toOf(m)
		c := p.board[from]
		p.setCell(from, 0)
		p.setCell(to, c)
		p.last, p.score = int8(to), 0
		p.scored(to)
	case kindCapture:
		p.setCell(toOf(m), 0)
		p.addCapture(me)
		if p.owed <= 1 {
			p.endTurn()
			return
		}
		p.setOwed(p.owed-1, int8(max(toOf(m), int(p.floor))))
	case kindForfeit:
		p.takeFromHand(me, 0, valueOf(m))
		p.addCapture(me.Opponent())
		p.last, p.score = -1, 0
		p.endTurn()
	default: // pass
		p.last, p.score = -1, 0
		p.endTurn()
	}
}

// scored scores the stone just put on sq and owes that many captures (all
// the opponent's stones on the board when fewer remain).
func (p *Position) scored(sq int) {
	n := p.det.scan(&p.board, p.occ[p.turn], sq)
	p.score = int8(n)
	n = min(n, popcount(p.stones(p.turn.Opponent())))
	if n == 0 {
		p.endTurn()
		return
	}
	p.setOwed(int8(n), -1)
}

// Unmake implements ai.Position.
func (p *Position) Unmake() {
	n := len(p.hist) - 1
	p.state = p.hist[n]
	p.hist = p.hist[:n]
	p.moves = p.moves[:len(p.moves)-1]
}

// Status implements ai.Position: the game ends after the second player's
// turn once either side has 21 captures (so both have had as many turns),
// or after TurnLimit turns; more captures wins, equal is a draw.
func (p *Position) Status() ai.Status {
	if p.owed > 0 {
		return ai.Status{}
	}
	reason := ""
	switch {
	case p.turn == ai.First && (p.caps[0] >= WinCaptures || p.caps[1] >= WinCaptures):
		reason = ReasonCaptures
	case p.turns >= TurnLimit:
		reason = ReasonTurnLimit
	default:
		return ai.Status{}
	}
	st := ai.Status{Over: true, Winner: ai.NoSide, Reason: reason}
	switch {
	case p.caps[0] > p.caps[1]:
		st.Winner = ai.First
	case p.caps[1] > p.caps[0]:
		st.Winner = ai.Second
	}
	return st
}

// Status reasons.
const (
	ReasonCaptures  = "captures"   // a side reached 21 captures, moves equal
	ReasonTurnLimit = "turn-limit" // 200 turns in all
)

// Clone implements games.Position.
func (p *Position) Clone() games.Position {
	q := &Position{state: p.state, style: p.style}
	q.hist = append([]state(nil), p.hist...)
	q.moves = append([]ai.Move(nil), p.moves...)
	return q
}

// Captures returns how many stones each side has captured.
func (p *Position) Captures() [2]int { return [2]int{int(p.caps[0]), int(p.caps[1])} }

// Owed is how many captures the side to move still owes this turn.
func (p *Position) Owed() int { return int(p.owed) }

// Hand lists side s's stones in hand by set (values ascending).
func (p *Position) Hand(s ai.Side) [2][]int {
	var out [2][]int
	for t := 0; t < 2; t++ {
		for v := 0; v < SetStones; v++ {
			if hasValue(p.hand[s][t], v) {
				out[t] = append(out[t], v)
			}
		}
	}
	return out
}

// Stone returns the stone on sq: its owner and value, ok false when empty.
func (p *Position) Stone(sq int) (s ai.Side, v int, ok bool) {
	c := p.board[sq]
	if c == 0 {
		return ai.NoSide, 0, false
	}
	return owner(c), value(c), true
}

// Turns is the number of turns completed.
func (p *Position) Turns() int { return int(p.turns) }

// LastOperations returns the square of the stone last placed or moved (-1
// when the last turn placed none, or the position was read from text), the
// operations it completed and its score (distinct chains).
func (p *Position) LastOperations() (sq int, ops []Op, score int) {
	if p.last < 0 || p.score == 0 {
		return int(p.last), nil, 0
	}
	// The operations as they were when the stone landed, before captures.
	b := p.board
	for i := len(p.hist) - 1; i >= 0; i-- {
		if k := kindOf(p.moves[i]); k == kindPlace || k == kindMove {
			b = p.hist[i].board
			m := p.moves[i]
			if k == kindMove {
				b[fromOf(m)] = 0
				b[toOf(m)] = p.hist[i].board[fromOf(m)]
			} else {
				b[toOf(m)] = stone(p.hist[i].turn, valueOf(m))
			}
			break
		}
	}
	ops, n := operations(&b, int(p.last))
	return int(p.last), ops, n
}
