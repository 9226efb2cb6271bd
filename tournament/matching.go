// matching.go implements maximum-weight matching in general graphs
// (Edmonds' blossom method with primal-dual updates, O(n³)), following the
// presentation in Galil, "Efficient Algorithms for Finding Maximum Matching in
// Graphs", ACM Computing Surveys 1986, and the structure of Joris van
// Rantwijk's well-known reference implementation. Swiss pairing reduces to it.

package tournament

// wedge is an undirected weighted edge between vertices u and v.
type wedge struct {
	u, v int
	w    int64
}

// Labels of top-level blossoms during a stage.
const (
	labFree = 0
	labS    = 1
	labT    = 2
	labMark = 4 // breadcrumb bit used while scanning for a blossom base
)

// matcher holds the state of one maximum-weight matching computation.
// Vertices are 0..nv-1; non-trivial blossoms are numbered nv..2nv-1. Edge k
// has endpoints 2k (its u) and 2k+1 (its v); "remote endpoint" p names the
// vertex endpoint[p] seen from the other end.
type matcher struct {
	nv      int
	edges   []wedge
	maxCard bool

	endpoint  []int   // endpoint[p] is the vertex at endpoint p
	neighbend [][]int // neighbend[v] lists the remote endpoints of v's edges
	mate      []int   // mate[v] is the remote endpoint of v's matched edge, or -1

	label     []int // per top-level blossom: labFree, labS, labT
	labelend  []int // remote endpoint through which the blossom got its label
	inblossom []int // top-level blossom containing vertex v

	parent   []int   // immediate parent blossom, -1 at top level
	childs   [][]int // sub-blossoms starting at the base, round the cycle
	base     []int   // base vertex of a blossom
	endps    [][]int // endps[b][i] connects childs[b][i] to childs[b][i+1]
	bestedge []int   // least-slack edge (see the delta computations)
	bestList [][]int // least-slack edges of a top-level S-blossom, nil if unknown
	unused   []int   // free blossom numbers

	dual  []int64 // 2·u(v) for vertices, z(b) for blossoms
	allow []bool  // edge known to have zero slack
	queue []int   // S-vertices to scan
}

// maxWeightMatching returns mate, where mate[v] is the vertex matched to v or
// -1. With maxCard it maximises weight among maximum-cardinality matchings
// only. Weights must be small enough that twice their sum fits in int64.
func maxWeightMatching(nv int, edges []wedge, maxCard bool) []int {
	mate := make([]int, nv)
	for i := range mate {
		mate[i] = -1
	}
	if len(edges) == 0 || nv == 0 {
		return mate
	}
	m := newMatcher(nv, edges, maxCard)
	m.solve()
	for v := 0; v < nv; v++ {
		if m.mate[v] >= 0 {
			mate[v] = m.endpoint[m.mate[v]]
		}
	}
	return mate
}

func newMatcher(nv int, edges []wedge, maxCard bool) *matcher {
	m := &matcher{nv: nv, edges: edges, maxCard: maxCard}
	var maxw int64
	for _, e := range edges {
		if e.w > maxw {
			maxw = e.w
		}
	}
	m.endpoint = make([]int, 2*len(edges))
	m.neighbend = make([][]int, nv)
	for k, e := range edges {
		m.endpoint[2*k] = e.u
		m.endpoint[2*k+1] = e.v
		m.neighbend[e.u] = append(m.neighbend[e.u], 2*k+1)
		m.neighbend[e.v] = append(m.neighbend[e.v], 2*k)
	}
	m.mate = fill(nv, -1)
	m.label = make([]int, 2*nv)
	m.labelend = fill(2*nv, -1)
	m.inblossom = make([]int, nv)
	for v := range m.inblossom {
		m.inblossom[v] = v
	}
	m.parent = fill(2*nv, -1)
	m.childs = make([][]int, 2*nv)
	m.base = fill(2*nv, -1)
	for v := 0; v < nv; v++ {
		m.base[v] = v
	}
	m.endps = make([][]int, 2*nv)
	m.bestedge = fill(2*nv, -1)
	m.bestList = make([][]int, 2*nv)
	for b := 2*nv - 1; b >= nv; b-- {
		m.unused = append(m.unused, b)
	}
	m.dual = make([]int64, 2*nv)
	for v := 0; v < nv; v++ {
		m.dual[v] = maxw
	}
	m.allow = make([]bool, len(edges))
	return m
}

func fill(n, x int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = x
	}
	return s
}

// slack returns twice the slack of edge k (valid between top-level blossoms).
func (m *matcher) slack(k int) int64 {
	e := m.edges[k]
	return m.dual[e.u] + m.dual[e.v] - 2*e.w
}

// leaves appends the vertices of blossom b to dst.
func (m *matcher) leaves(b int, dst []int) []int {
	if b < m.nv {
		return append(dst, b)
	}
	for _, t := range m.childs[b] {
		dst = m.leaves(t, dst)
	}
	return dst
}

// assignLabel labels the top-level blossom of w with t, reached through
// remote endpoint p; a T-blossom's mate becomes S in turn.
func (m *matcher) assignLabel(w, t, p int) {
	for {
		b := m.inblossom[w]
		m.label[w], m.label[b] = t, t
		m.labelend[w], m.labelend[b] = p, p
		m.bestedge[w], m.bestedge[b] = -1, -1
		if t == labS {
			m.queue = m.leaves(b, m.queue)
			return
		}
		mb := m.mate[m.base[b]]
		w, t, p = m.endpoint[mb], labS, mb^1
	}
}

// scanBlossom traces back from v and w to find the base of a new blossom,
// or returns -1 when the two paths end at different single vertices (an
// augmenting path).
func (m *matcher) scanBlossom(v, w int) int {
	var path []int
	base := -1
	for v != -1 || w != -1 {
		b := m.inblossom[v]
		if m.label[b]&labMark != 0 {
			base = m.base[b]
			break
		}
		path = append(path, b)
		m.label[b] = labS | labMark
		if m.labelend[b] == -1 {
			v = -1
		} else {
			v = m.endpoint[m.labelend[b]]
			b = m.inblossom[v]
			v = m.endpoint[m.labelend[b]]
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		m.label[b] = labS
	}
	return base
}

// addBlossom makes a new S-blossom with the given base from the cycle closed
// by edge k between two S-vertices.
func (m *matcher) addBlossom(base, k int) {
	v, w := m.edges[k].u, m.edges[k].v
	bb, bv, bw := m.inblossom[base], m.inblossom[v], m.inblossom[w]
	b := m.unused[len(m.unused)-1]
	m.unused = m.unused[:len(m.unused)-1]
	m.base[b] = base
	m.parent[b] = -1
	m.parent[bb] = b

	var path, endps []int
	for bv != bb {
		m.parent[bv] = b
		path = append(path, bv)
		endps = append(endps, m.labelend[bv])
		v = m.endpoint[m.labelend[bv]]
		bv = m.inblossom[v]
	}
	path = append(path, bb)
	reverse(path)
	reverse(endps)
	endps = append(endps, 2*k)
	for bw != bb {
		m.parent[bw] = b
		path = append(path, bw)
		endps = append(endps, m.labelend[bw]^1)
		w = m.endpoint[m.labelend[bw]]
		bw = m.inblossom[w]
	}
	m.childs[b] = path
	m.endps[b] = endps

	m.label[b] = labS
	m.labelend[b] = m.labelend[bb]
	m.dual[b] = 0
	for _, x := range m.leaves(b, nil) {
		if m.label[m.inblossom[x]] == labT {
			// A T-vertex inside a new S-blossom becomes S and must be scanned.
			m.queue = append(m.queue, x)
		}
		m.inblossom[x] = b
	}

	// Least-slack edges from the new blossom to each neighbouring S-blossom.
	bestTo := fill(2*m.nv, -1)
	for _, sub := range path {
		var lists [][]int
		if m.bestList[sub] == nil {
			for _, x := range m.leaves(sub, nil) {
				l := make([]int, len(m.neighbend[x]))
				for i, p := range m.neighbend[x] {
					l[i] = p / 2
				}
				lists = append(lists, l)
			}
		} else {
			lists = [][]int{m.bestList[sub]}
		}
		for _, l := range lists {
			for _, kk := range l {
				// Look at the end outside the new blossom.
				j := m.edges[kk].v
				if m.inblossom[j] == b {
					j = m.edges[kk].u
				}
				bj := m.inblossom[j]
				if bj != b && m.label[bj] == labS &&
					(bestTo[bj] == -1 || m.slack(kk) < m.slack(bestTo[bj])) {
					bestTo[bj] = kk
				}
			}
		}
		m.bestList[sub] = nil
		m.bestedge[sub] = -1
	}
	best := make([]int, 0, 8)
	for _, kk := range bestTo {
		if kk != -1 {
			best = append(best, kk)
		}
	}
	m.bestList[b] = best
	m.bestedge[b] = -1
	for _, kk := range best {
		if m.bestedge[b] == -1 || m.slack(kk) < m.slack(m.bestedge[b]) {
			m.bestedge[b] = kk
		}
	}
}

func reverse(s []int) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

func indexOf(s []int, x int) int {
	for i, y := range s {
		if y == x {
			return i
		}
	}
	return -1
}

// at indexes s with Python-style negative indices.
func at(s []int, i int) int {
	if i < 0 {
		i += len(s)
	}
	return s[i]
}

// expandBlossom dissolves top-level blossom b into its sub-blossoms. During a
// stage (endstage false) the sub-blossoms of a T-blossom are relabelled.
func (m *matcher) expandBlossom(b int, endstage bool) {
	for _, s := range m.childs[b] {
		m.parent[s] = -1
		switch {
		case s < m.nv:
			m.inblossom[s] = s
		case endstage && m.dual[s] == 0:
			m.expandBlossom(s, endstage)
		default:
			for _, x := range m.leaves(s, nil) {
				m.inblossom[x] = s
			}
		}
	}
	if !endstage && m.label[b] == labT {
		ch, ep := m.childs[b], m.endps[b]
		entry := m.inblossom[m.endpoint[m.labelend[b]^1]]
		j := indexOf(ch, entry)
		var jstep, trick int
		if j&1 != 0 {
			j -= len(ch)
			jstep, trick = 1, 0
		} else {
			jstep, trick = -1, 1
		}
		p := m.labelend[b]
		for j != 0 {
			// Relabel the T-sub-blossom and step over the S-sub-blossom.
			m.label[m.endpoint[p^1]] = labFree
			m.label[m.endpoint[at(ep, j-trick)^trick^1]] = labFree
			m.assignLabel(m.endpoint[p^1], labT, p)
			m.allow[at(ep, j-trick)/2] = true
			j += jstep
			p = at(ep, j-trick) ^ trick
			m.allow[p/2] = true
			j += jstep
		}
		// The base sub-blossom becomes T without labelling its mate.
		bv := at(ch, j)
		m.label[m.endpoint[p^1]], m.label[bv] = labT, labT
		m.labelend[m.endpoint[p^1]], m.labelend[bv] = p, p
		m.bestedge[bv] = -1
		j += jstep
		for at(ch, j) != entry {
			bv = at(ch, j)
			if m.label[bv] == labS {
				j += jstep
				continue
			}
			reached := -1
			for _, x := range m.leaves(bv, nil) {
				if m.label[x] != labFree {
					reached = x
					break
				}
			}
			if reached >= 0 {
				m.label[reached] = labFree
				m.label[m.endpoint[m.mate[m.base[bv]]]] = labFree
				m.assignLabel(reached, labT, m.labelend[reached])
			}
			j += jstep
		}
	}
	m.label[b], m.labelend[b] = -1, -1
	m.childs[b], m.endps[b] = nil, nil
	m.base[b] = -1
	m.bestList[b] = nil
	m.bestedge[b] = -1
	m.unused = append(m.unused, b)
}

// augmentBlossom swaps matched and unmatched edges along the even path inside
// blossom b from vertex v to the base, making v the new base.
func (m *matcher) augmentBlossom(b, v int) {
	t := v
	for m.parent[t] != b {
		t = m.parent[t]
	}
	if t >= m.nv {
		m.augmentBlossom(t, v)
	}
	ch, ep := m.childs[b], m.endps[b]
	i := indexOf(ch, t)
	j := i
	var jstep, trick int
	if i&1 != 0 {
		j -= len(ch)
		jstep, trick = 1, 0
	} else {
		jstep, trick = -1, 1
	}
	for j != 0 {
		j += jstep
		t = at(ch, j)
		p := at(ep, j-trick) ^ trick
		if t >= m.nv {
			m.augmentBlossom(t, m.endpoint[p])
		}
		j += jstep
		t = at(ch, j)
		if t >= m.nv {
			m.augmentBlossom(t, m.endpoint[p^1])
		}
		m.mate[m.endpoint[p]] = p ^ 1
		m.mate[m.endpoint[p^1]] = p
	}
	m.childs[b] = append(append([]int{}, ch[i:]...), ch[:i]...)
	m.endps[b] = append(append([]int{}, ep[i:]...), ep[:i]...)
	m.base[b] = m.base[m.childs[b][0]]
}

// augmentMatching flips the augmenting path through edge k.
func (m *matcher) augmentMatching(k int) {
	e := m.edges[k]
	for _, sp := range [2][2]int{{e.u, 2*k + 1}, {e.v, 2 * k}} {
		s, p := sp[0], sp[1]
		for {
			bs := m.inblossom[s]
			if bs >= m.nv {
				m.augmentBlossom(bs, s)
			}
			m.mate[s] = p
			if m.labelend[bs] == -1 {
				break
			}
			t := m.endpoint[m.labelend[bs]]
			bt := m.inblossom[t]
			s = m.endpoint[m.labelend[bt]]
			j := m.endpoint[m.labelend[bt]^1]
			if bt >= m.nv {
				m.augmentBlossom(bt, j)
			}
			m.mate[j] = m.labelend[bt]
			p = m.labelend[bt] ^ 1
		}
	}
}

// solve runs stages until no augmenting path improves the matching.
func (m *matcher) solve() {
	nv := m.nv
	for stage := 0; stage < nv; stage++ {
		for i := range m.label {
			m.label[i] = labFree
			m.bestedge[i] = -1
		}
		for b := nv; b < 2*nv; b++ {
			m.bestList[b] = nil
		}
		for i := range m.allow {
			m.allow[i] = false
		}
		m.queue = m.queue[:0]
		for v := 0; v < nv; v++ {
			if m.mate[v] == -1 && m.label[m.inblossom[v]] == labFree {
				m.assignLabel(v, labS, -1)
			}
		}
		augmented := false
		for {
			for len(m.queue) > 0 && !augmented {
				v := m.queue[len(m.queue)-1]
				m.queue = m.queue[:len(m.queue)-1]
				for _, p := range m.neighbend[v] {
					k := p / 2
					w := m.endpoint[p]
					if m.inblossom[v] == m.inblossom[w] {
						continue
					}
					var kslack int64
					if !m.allow[k] {
						kslack = m.slack(k)
						if kslack <= 0 {
							m.allow[k] = true
						}
					}
					bw := m.inblossom[w]
					switch {
					case m.allow[k]:
						switch {
						case m.label[bw] == labFree:
							m.assignLabel(w, labT, p^1)
						case m.label[bw] == labS:
							if base := m.scanBlossom(v, w); base >= 0 {
								m.addBlossom(base, k)
							} else {
								m.augmentMatching(k)
								augmented = true
							}
						case m.label[w] == labFree:
							// w sits unreached inside a T-blossom; remember
							// how to reach it for a later expansion.
							m.label[w] = labT
							m.labelend[w] = p ^ 1
						}
					case m.label[bw] == labS:
						b := m.inblossom[v]
						if m.bestedge[b] == -1 || kslack < m.slack(m.bestedge[b]) {
							m.bestedge[b] = k
						}
					case m.label[w] == labFree:
						if m.bestedge[w] == -1 || kslack < m.slack(m.bestedge[w]) {
							m.bestedge[w] = k
						}
					}
					if augmented {
						break
					}
				}
			}
			if augmented {
				break
			}

			// No augmenting path with the current duals: move them.
			deltaType := -1
			var delta int64
			deltaEdge, deltaBlossom := -1, -1
			if !m.maxCard {
				deltaType = 1
				delta = m.dual[0]
				for v := 1; v < nv; v++ {
					delta = min(delta, m.dual[v])
				}
			}
			for v := 0; v < nv; v++ {
				if m.label[m.inblossom[v]] == labFree && m.bestedge[v] != -1 {
					if d := m.slack(m.bestedge[v]); deltaType == -1 || d < delta {
						delta, deltaType, deltaEdge = d, 2, m.bestedge[v]
					}
				}
			}
			for b := 0; b < 2*nv; b++ {
				if m.parent[b] == -1 && m.label[b] == labS && m.bestedge[b] != -1 {
					if d := m.slack(m.bestedge[b]) / 2; deltaType == -1 || d < delta {
						delta, deltaType, deltaEdge = d, 3, m.bestedge[b]
					}
				}
			}
			for b := nv; b < 2*nv; b++ {
				if m.base[b] >= 0 && m.parent[b] == -1 && m.label[b] == labT &&
					(deltaType == -1 || m.dual[b] < delta) {
					delta, deltaType, deltaBlossom = m.dual[b], 4, b
				}
			}
			if deltaType == -1 {
				// Maximum cardinality reached; final update keeps duals valid.
				deltaType = 1
				delta = m.dual[0]
				for v := 1; v < nv; v++ {
					delta = min(delta, m.dual[v])
				}
				delta = max(0, delta)
			}
			for v := 0; v < nv; v++ {
				switch m.label[m.inblossom[v]] {
				case labS:
					m.dual[v] -= delta
				case labT:
					m.dual[v] += delta
				}
			}
			for b := nv; b < 2*nv; b++ {
				if m.base[b] >= 0 && m.parent[b] == -1 {
					switch m.label[b] {
					case labS:
						m.dual[b] += delta
					case labT:
						m.dual[b] -= delta
					}
				}
			}
			switch deltaType {
			case 1:
				return
			case 2:
				m.allow[deltaEdge] = true
				// Continue the search from the S end of the edge.
				i := m.edges[deltaEdge].u
				if m.label[m.inblossom[i]] == labFree {
					i = m.edges[deltaEdge].v
				}
				m.queue = append(m.queue, i)
			case 3:
				m.allow[deltaEdge] = true
				m.queue = append(m.queue, m.edges[deltaEdge].u)
			case 4:
				m.expandBlossom(deltaBlossom, false)
			}
		}
		// End of stage: expand S-blossoms whose dual reached zero.
		for b := nv; b < 2*nv; b++ {
			if m.parent[b] == -1 && m.base[b] >= 0 && m.label[b] == labS && m.dual[b] == 0 {
				m.expandBlossom(b, true)
			}
		}
	}
}
