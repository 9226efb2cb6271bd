package ai

// tt.go implements the transposition table: fixed size, Zobrist keyed, two
// entries per bucket (one depth-preferred, one always-replace).

// Bound kinds of a stored score.
const (
	boundExact uint8 = 1 + iota
	boundLower       // score >= true value's lower bound (fail high)
	boundUpper       // score <= ... (fail low)
	boundMask  uint8 = 3
	// flagComplete marks a subtree searched to its terminal positions
	// everywhere (no depth horizon): its value holds at any greater depth.
	flagComplete uint8 = 4
	// The generation is kept in the flags' upper five bits.
	genShift = 3
	genMask  = 31
)

// boundCuts reports whether a table score v with bound settles a node
// searched within (alpha, beta): an exact score does, a lower bound at or
// above beta, an upper bound at or below alpha.
func boundCuts(bound uint8, v, alpha, beta int) bool {
	switch bound {
	case boundExact:
		return true
	case boundLower:
		return v >= beta
	case boundUpper:
		return v <= alpha
	}
	return false
}

// boundOf is the bound of a node's best score searched within (alpha0,
// beta): a lower bound at or above beta (a cutoff), an upper bound at or
// below alpha0 (no move reached the window), else exact.
func boundOf(best, alpha0, beta int) uint8 {
	switch {
	case best >= beta:
		return boundLower
	case best <= alpha0:
		return boundUpper
	}
	return boundExact
}

// ttCutoff reports whether the table entry ent, whose score is v at this
// ply, settles a node searched within (alpha, beta) at depth or less; a
// subtree the entry did not search to its end counts as a horizon met.
func (s *searchState) ttCutoff(ent *ttEntry, v, alpha, beta int) bool {
	if !boundCuts(ent.flags&boundMask, v, alpha, beta) {
		return false
	}
	if ent.flags&flagComplete == 0 {
		s.horizon++
	}
	return true
}

// nodeFlags are the table flags of a node's best score searched within
// (alpha0, beta): its bound, and flagComplete when the search under it
// met no horizon since the count was horizon0.
func (s *searchState) nodeFlags(best, alpha0, beta int, horizon0 int64) uint8 {
	flags := boundOf(best, alpha0, beta)
	if s.horizon == horizon0 {
		flags |= flagComplete
	}
	return flags
}

// NoEval marks a table entry without a static evaluation.
const noEvalTT = -1 << 15

// mateBound separates win/loss scores (Win-ply) from heuristic ones; MaxPly
// is far below 1000, so any |score| above it is a win or loss at some ply.
const mateBound = Win - 1000

// ttEntry is 32 bytes: two make a 64-byte bucket (one cache line).
type ttEntry struct {
	key   uint64
	move  Move
	score int32
	eval  int16 // the position's static evaluation (noEvalTT: none)
	depth int8
	flags uint8 // bound, flagComplete, and the generation << genShift
}

// gen is the search generation that stored the entry.
func (e *ttEntry) gen() uint8 { return e.flags >> genShift }

type ttBucket [2]ttEntry

type ttable struct {
	buckets []ttBucket
	mask    uint64
	gen     uint8
}

// newTT returns a table of at most sizeMB MiB (a power of two of buckets,
// at least one).
func newTT(sizeMB int) *ttable {
	if sizeMB < 1 {
		sizeMB = 1
	}
	n := uint64(sizeMB) << 20 / 64
	size := uint64(1)
	for size*2 <= n {
		size *= 2
	}
	return &ttable{buckets: make([]ttBucket, size), mask: size - 1}
}

func (t *ttable) clear() {
	clear(t.buckets)
	t.gen = 0
}

// age starts a new search generation: entries of older generations are
// replaced first. Generations count modulo 32.
func (t *ttable) age() { t.gen = (t.gen + 1) & genMask }

// full is the permille of the first 1000 entries (500 buckets) that hold
// an entry of this generation or the one before.
func (t *ttable) full() int {
	n, used := 0, 0
	for i := 0; i < len(t.buckets) && n < 1000; i++ {
		for _, e := range t.buckets[i] {
			n++
			if e.flags != 0 && (e.gen() == t.gen || e.gen() == (t.gen-1)&genMask) {
				used++
			}
		}
	}
	return used * 1000 / n
}

// probe returns the entry stored for key.
func (t *ttable) probe(key uint64) (ttEntry, bool) {
	b := &t.buckets[key&t.mask]
	if b[0].key == key && b[0].flags != 0 {
		return b[0], true
	}
	if b[1].key == key && b[1].flags != 0 {
		return b[1], true
	}
	return ttEntry{}, false
}

// store records a search result. score is relative to the node at ply; win
// and loss scores are stored relative to the node itself (distance to the
// end) so that they stay right wherever the position recurs.
func (t *ttable) store(key uint64, depth, ply, score int, flags uint8, move Move) {
	t.storeEval(key, depth, ply, score, flags, move, noEvalTT)
}

// storeEval is store with the position's static evaluation.
func (t *ttable) storeEval(key uint64, depth, ply, score int, flags uint8, move Move, eval int) {
	b := &t.buckets[key&t.mask]
	if eval < -32000 || eval > 32000 {
		eval = noEvalTT // beyond int16: not kept
	}
	e := ttEntry{key: key, move: move, score: int32(scoreToTT(score, ply)), eval: int16(eval), depth: int8(depth), flags: flags | t.gen<<genShift}
	slot := 1
	switch {
	case b[0].key == key || b[0].flags == 0 || b[0].gen() != t.gen || int(b[0].depth) <= depth:
		slot = 0
		if b[1].key == key {
			b[1] = ttEntry{} // keep one copy per key
		}
	}
	old := &b[slot]
	if move.IsNone() && old.key == key {
		e.move = old.move // a fail-low node has no best move: keep the old one
	}
	if e.eval == noEvalTT && old.key == key {
		e.eval = old.eval // the position's evaluation stays known
	}
	*old = e
}

func scoreToTT(s, ply int) int {
	switch {
	case s > mateBound:
		return s + ply
	case s < -mateBound:
		return s - ply
	}
	return s
}

func scoreFromTT(s, ply int) int {
	switch {
	case s > mateBound:
		return s - ply
	case s < -mateBound:
		return s + ply
	}
	return s
}
