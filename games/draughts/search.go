package draughts

// search.go lends the engine's modern selective search (ai/pvs.go, the
// one chess plays with) what it needs from a draughts game:
//
//   - "Check" is a compulsory capture (ai.Checker): the side to move must
//     take, so the position is searched one ply deeper (the capture
//     extension: a forced exchange never ends at the horizon half done),
//     quiescence never stands pat in it, and a move that offers the
//     opponent a capture (an exchange or a shot) is never pruned and is
//     reduced less. The captures searched are the rule set's legal ones:
//     Italian's precedence leaves only the longest and weightiest, English
//     free choice every capture.
//   - No null move: draughts is full of zugzwang (a side that must move
//     gives up its position), so passing proves nothing. Reverse futility,
//     late move pruning and futility pruning of quiet moves, checked by
//     the capture extension above, are the pruning in its place.
//   - Move keys (ai.MoveKeyer) for the continuation history and counter
//     moves: the moving piece's kind and colour and its target square.

import "oyunbot/ai"

// The compile-time statement of the search capabilities is in
// capabilities.go.

// searchTuning is the modern search's parameters for both games, in
// centi-men (a man is 100): chess's, with narrower margins for an
// evaluation whose differences are smaller, and no SEE, null move or
// capture history. The search as a whole passed an SPRT in fixed nodes
// against the plain search it replaced (BENCHMARKS.md, "Draughts
// search"); the parameters one by one are not tuned for draughts yet.
var searchTuning = ai.Tuning{
	AspirationWindow: 25, AspirationDepth: 5,
	RFPDepth: 6, RFPMargin: 60,
	FutilityDepth: 6, FutilityBase: 80, FutilityMargin: 60,
	LMPDepth: 6, LMPBase: 3,
	SingularDepth: 8, SingularMargin: 16,
	LMRBase: 75, LMRDivisor: 225, LMRHistory: 6000,
	IIRDepth: 4,
	MoveKeys: moveKeys,
}

// moveKeys bounds MoveKey: colour, man or king, target square.
const moveKeys = 2 * 2 * 32

// Tuning implements ai.Tuner: a copy of the games' search parameters.
func (p *Position) Tuning() *ai.Tuning {
	t := searchTuning
	return &t
}

// InCheck implements ai.Checker: the side to move must capture.
func (p *Position) InCheck() bool { return p.St.canCapture() }

// MoveKey implements ai.MoveKeyer: (colour·2 + kind)·32 + target square,
// kind 1 for a king's move, of the side to move's legal move m.
func (p *Position) MoveKey(m ai.Move) int {
	us := int(p.St.side)
	kind := 0
	if p.St.kings[us]&bit(moveFrom(m)) != 0 {
		kind = 1
	}
	return (us*2+kind)*32 + moveTo(m)
}

// StructureKey implements ai.StructureKeyer: the men of both colours,
// the structure the evaluation's errors follow (back rank, runaways,
// the men's mobility), for the correction history.
func (p *Position) StructureKey() uint64 {
	return mix64(uint64(p.St.men[white])<<32 | uint64(p.St.men[black]))
}

// SideKeys implements ai.SideKeyer: each colour's kings.
func (p *Position) SideKeys() [2]uint64 {
	return [2]uint64{mix64(uint64(p.St.kings[white]) | 1<<40), mix64(uint64(p.St.kings[black]) | 1<<41)}
}

// mix64 is a bijective 64-bit mixer (splitmix64's finaliser).
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}
