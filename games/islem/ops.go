package islem

// ops.go is the operation detector: starting from the stone just placed or
// moved, it finds every operation that contains it (in a chain or as a
// single-stone part) and counts the distinct chains among them, the turn's
// score. It never allocates: search calls it for every placement scored.

import (
	"math/bits"
	"strconv"
	"strings"
)

// part is one side of an operation: a maximal chain (two stones or more in
// a straight line) or a single stone (dir -1).
type part struct {
	sq   [Size]int8 // from one end stone to the other
	n    int8
	dir  int8
	val  int64
	mask uint64
}

func (p *part) chain() bool { return p.dir >= 0 }

// id names a chain uniquely on a board: a maximal chain is fixed by its
// first square and its direction.
func (p *part) id() int { return int(p.sq[0])*4 + int(p.dir) }

// isEnd reports whether sq is an end stone of p.
func (p *part) isEnd(sq int8) bool { return sq == p.sq[0] || sq == p.sq[p.n-1] }

// single makes the single-stone part on sq.
func single(b *[Squares]cell, sq int) part {
	return part{sq: [Size]int8{int8(sq)}, n: 1, dir: -1, val: int64(value(b[sq])), mask: 1 << sq}
}

// chainThrough returns the maximal chain through sq along direction d, and
// false when the run of the owner's stones there is a single stone.
func chainThrough(b *[Squares]cell, sq, d int) (part, bool) {
	who := owner(b[sq])
	first := sq
	for {
		n := step(first, d, -1)
		if n < 0 || b[n] == 0 || owner(b[n]) != who {
			break
		}
		first = n
	}
	p := part{dir: int8(d)}
	if isProduct(d) {
		p.val = 1
	}
	for s := first; s >= 0 && b[s] != 0 && owner(b[s]) == who; s = step(s, d, 1) {
		p.sq[p.n] = int8(s)
		p.n++
		p.mask |= 1 << s
		if isProduct(d) {
			p.val *= int64(value(b[s]))
		} else {
			p.val += int64(value(b[s]))
		}
	}
	return p, p.n >= 2
}

// maxOps bounds the pairs of parts one stone can join (far more than a
// board allows: each of its five parts meets at most a few partners).
const maxOps = 256

// detector holds the buffers of one scan.
type detector struct {
	xs   [5]part // the parts that contain the stone
	nx   int
	ys   [maxOps]part // the partner of each operation found
	xi   [maxOps]int8 // which xs part it joins
	nops int
}

// scan finds the operations that contain the stone on sq (own is the mask
// of its owner's stones) and returns the number of distinct chains among
// them: the turn's score.
func (d *detector) scan(b *[Squares]cell, own uint64, sq int) int {
	d.collect(b, own, sq)
	k := 0
	for i := 0; i < d.nops; i++ {
		if d.xs[d.xi[i]].val == d.ys[i].val {
			d.ys[k], d.xi[k] = d.ys[i], d.xi[i]
			k++
		}
	}
	d.nops = k
	return d.distinctChains(nil)
}

// scoreValues scores every value of set placed on sq at once: the parts'
// shapes do not depend on the stone's value, only their values do. b[sq]
// holds a stone of the owner (of any value) during the call.
func (d *detector) scoreValues(b *[Squares]cell, own uint64, sq int, set uint16, out *[SetStones]int8) {
	*out = [SetStones]int8{}
	d.collect(b, own, sq)
	if d.nops == 0 {
		return
	}
	// rest[i] is the value of xs[i] without the stone on sq.
	var rest [5]int64
	for i := 0; i < d.nx; i++ {
		x := &d.xs[i]
		if !x.chain() {
			continue
		}
		r := int64(0)
		if isProduct(int(x.dir)) {
			r = 1
		}
		for _, t := range x.sq[:x.n] {
			if int(t) == sq {
				continue
			}
			if isProduct(int(x.dir)) {
				r *= int64(value(b[t]))
			} else {
				r += int64(value(b[t]))
			}
		}
		rest[i] = r
	}
	var match [maxOps]bool
	for v := 0; v < SetStones; v++ {
		if !hasValue(set, v) {
			continue
		}
		any := false
		for k := 0; k < d.nops; k++ {
			x := &d.xs[d.xi[k]]
			xv := int64(v)
			if x.chain() {
				if isProduct(int(x.dir)) {
					xv = rest[d.xi[k]] * int64(v)
				} else {
					xv = rest[d.xi[k]] + int64(v)
				}
			}
			match[k] = xv == d.ys[k].val
			any = any || match[k]
		}
		if any {
			out[v] = int8(d.distinctChains(&match))
		}
	}
}

// collect lists every pair of a part containing the stone on sq and a
// partner part that meets İ1, İ3 and İ4, whatever their values.
func (d *detector) collect(b *[Squares]cell, own uint64, sq int) {
	d.nx, d.nops = 0, 0
	if b[sq] == 0 {
		return
	}
	d.xs[0] = single(b, sq)
	d.nx = 1
	for dir := 0; dir < 4; dir++ {
		if c, ok := chainThrough(b, sq, dir); ok {
			d.xs[d.nx] = c
			d.nx++
		}
	}
	for i := 0; i < d.nx; i++ {
		x := &d.xs[i]
		ends := [2]int8{x.sq[0], x.sq[x.n-1]}
		nEnds := 2
		if x.n == 1 {
			nEnds = 1
		}
		for _, e := range ends[:nEnds] {
			cands := nbrMask[e] & own &^ x.mask
			for cands != 0 {
				t := bits.TrailingZeros64(cands)
				cands &= cands - 1
				if x.chain() {
					d.try(x, i, single(b, t))
				}
				for dir := 0; dir < 4; dir++ {
					y, ok := chainThrough(b, t, dir)
					if ok && y.isEnd(int8(t)) && y.mask&x.mask == 0 {
						d.try(x, i, y)
					}
				}
			}
		}
	}
}

// try records y as x's partner when İ3 and İ4 hold: exactly one pair of
// neighbours joins the two parts, and it joins an end stone of each.
func (d *detector) try(x *part, xi int, y part) {
	if d.nops == maxOps {
		return
	}
	touches := 0
	for k := int8(0); k < x.n; k++ {
		touches += bits.OnesCount64(nbrMask[x.sq[k]] & y.mask)
	}
	if touches != 1 {
		return
	}
	for k := int8(0); k < x.n; k++ {
		m := nbrMask[x.sq[k]] & y.mask
		if m == 0 {
			continue
		}
		if !x.isEnd(x.sq[k]) || !y.isEnd(int8(bits.TrailingZeros64(m))) {
			return
		}
	}
	d.ys[d.nops], d.xi[d.nops] = y, int8(xi)
	d.nops++
}

// distinctChains counts the different chains among the operations found
// (only those marked, when mark is not nil).
func (d *detector) distinctChains(mark *[maxOps]bool) int {
	var seen [maxOps * 2]int
	n := 0
	add := func(p *part) {
		if !p.chain() {
			return
		}
		id := p.id()
		for _, s := range seen[:n] {
			if s == id {
				return
			}
		}
		seen[n] = id
		n++
	}
	for k := 0; k < d.nops; k++ {
		if mark != nil && !mark[k] {
			continue
		}
		add(&d.xs[d.xi[k]])
		add(&d.ys[k])
	}
	return n
}

// Part is one side of an operation as players see it: its squares from
// the end that joins the other part outwards, and its kind.
type Part struct {
	Squares []int
	Values  []int
	Product bool // a diagonal chain; false for a sum chain or a single stone
}

// Op is an operation: two parts of equal value; A contains the stone that
// was placed or moved.
type Op struct {
	A, B  Part
	Value int64
}

// String writes the operation as an equation, each part read towards the
// joint: "(2+4+9=5+10)", "(3×4=12)".
func (o Op) String() string {
	var sb strings.Builder
	sb.WriteByte('(')
	writePart(&sb, o.A, true)
	sb.WriteByte('=')
	writePart(&sb, o.B, false)
	sb.WriteByte(')')
	return sb.String()
}

func writePart(sb *strings.Builder, p Part, reverse bool) {
	sign := "+"
	if p.Product {
		sign = "×"
	}
	for i := range p.Values {
		k := i
		if reverse {
			k = len(p.Values) - 1 - i
		}
		if i > 0 {
			sb.WriteString(sign)
		}
		sb.WriteString(strconv.Itoa(p.Values[k]))
	}
}

// exportPart turns a part into a Part ordered from the joining stone out.
func exportPart(b *[Squares]cell, p *part, joint int8) Part {
	out := Part{Product: p.chain() && isProduct(int(p.dir))}
	sq := p.sq[:p.n]
	rev := sq[0] != joint
	for i := range sq {
		s := sq[i]
		if rev {
			s = sq[len(sq)-1-i]
		}
		out.Squares = append(out.Squares, int(s))
		out.Values = append(out.Values, value(b[s]))
	}
	return out
}

// operations lists the operations the stone on sq completes on board b,
// and the turn's score (the number of distinct chains among them).
func operations(b *[Squares]cell, sq int) ([]Op, int) {
	var d detector
	var own uint64
	for s := 0; s < Squares; s++ {
		if b[s] != 0 && owner(b[s]) == owner(b[sq]) {
			own |= 1 << s
		}
	}
	n := d.scan(b, own, sq)
	ops := make([]Op, 0, d.nops)
	for k := 0; k < d.nops; k++ {
		x, y := &d.xs[d.xi[k]], &d.ys[k]
		// The joint: the only pair of neighbours between the parts.
		var jx, jy int8
		for i := int8(0); i < x.n; i++ {
			if m := nbrMask[x.sq[i]] & y.mask; m != 0 {
				jx, jy = x.sq[i], int8(bits.TrailingZeros64(m))
			}
		}
		ops = append(ops, Op{A: exportPart(b, x, jx), B: exportPart(b, y, jy), Value: x.val})
	}
	return ops, n
}
