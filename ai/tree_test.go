package ai_test

// tree_test.go defines small test games: an explicit game tree (with chance
// nodes, same-side plies, noisy moves and finished games wherever wanted) and
// an endless game for limit tests.

import (
	"math/rand/v2"

	"oyunbot/ai"
)

// node is one position of a tree game. eval is from the side to move's view.
type node struct {
	turn   ai.Side
	kids   []int
	probs  []float64 // chance nodes: one per kid
	noisy  []bool    // per kid; nil means all quiet
	eval   int
	over   bool
	winner ai.Side
	points int // a finished game's worth (0: one point)
}

// tree is a game over an explicit tree; node 0 is the root.
type tree struct {
	nodes []node
	path  []int
	salt  uint64 // keeps the hashes of different trees apart
}

func (t *tree) cur() *node {
	if len(t.path) == 0 {
		return &t.nodes[0]
	}
	return &t.nodes[t.path[len(t.path)-1]]
}

func (t *tree) Turn() ai.Side { return t.cur().turn }

func (t *tree) Moves(buf []ai.Move) []ai.Move {
	n := t.cur()
	if n.over {
		return buf
	}
	for i := range n.kids {
		buf = append(buf, ai.Move{Lo: uint64(i + 1)})
	}
	return buf
}

func (t *tree) Chances(buf []ai.ChanceOutcome) []ai.ChanceOutcome {
	n := t.cur()
	for i := range n.kids {
		buf = append(buf, ai.ChanceOutcome{Move: ai.Move{Lo: uint64(i + 1)}, Prob: n.probs[i]})
	}
	return buf
}

func (t *tree) Make(m ai.Move) { t.path = append(t.path, t.cur().kids[m.Lo-1]) }
func (t *tree) Unmake()        { t.path = t.path[:len(t.path)-1] }

func (t *tree) Hash() uint64 {
	id := uint64(0)
	if len(t.path) > 0 {
		id = uint64(t.path[len(t.path)-1])
	}
	return mix(id+1) ^ t.salt
}

func (t *tree) Status() ai.Status {
	n := t.cur()
	if n.over {
		return ai.Status{Over: true, Winner: n.winner, Reason: "test", Points: n.points}
	}
	return ai.Status{}
}

func (t *tree) Evaluate() int { return t.cur().eval }

func (t *tree) Noisy(m ai.Move) bool {
	n := t.cur()
	return n.noisy != nil && n.noisy[m.Lo-1]
}

func mix(z uint64) uint64 {
	z *= 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// builder makes trees in tests: add returns the new node's index.
type builder struct{ t tree }

func (b *builder) add(n node) int {
	b.t.nodes = append(b.t.nodes, n)
	return len(b.t.nodes) - 1
}

// leaf is a quiet position of side s with evaluation e (from s's view) and
// no moves: tests only reach it at the depth horizon.
func leaf(s ai.Side, e int) node { return node{turn: s, eval: e} }

// randomTree builds a random tree of at most depth player plies: mostly
// alternating turns, some same-side plies, chance nodes and finished games.
// Node 0 is the root.
func randomTree(r *rand.Rand, depth int, noisy bool) *tree {
	b := &builder{}
	b.add(node{}) // the root, filled in below
	var grow func(idx int, turn ai.Side, depth int)
	grow = func(idx int, turn ai.Side, depth int) {
		n := node{turn: turn, eval: r.IntN(401) - 200}
		switch {
		case depth == 0 || (idx != 0 && r.IntN(10) == 0):
			if r.IntN(3) == 0 {
				n.over = true
				n.winner = []ai.Side{ai.First, ai.Second, ai.NoSide}[r.IntN(3)]
			}
			b.t.nodes[idx] = n
			return
		case r.IntN(7) == 0:
			n.turn = ai.Chance
		}
		k := 1 + r.IntN(3)
		n.kids = make([]int, k)
		total := 0.0
		for i := range n.kids {
			n.kids[i] = b.add(node{})
			n.probs = append(n.probs, float64(1+r.IntN(4)))
			total += n.probs[i]
			if noisy {
				n.noisy = append(n.noisy, r.IntN(3) == 0)
			}
		}
		for i := range n.probs {
			n.probs[i] /= total
		}
		b.t.nodes[idx] = n
		for _, kid := range n.kids {
			next := turn.Opponent()
			if turn == ai.Chance || r.IntN(5) == 0 {
				next = ai.Side(r.IntN(2)) // after dice anyone; sometimes a same-side ply
			}
			d := depth - 1
			if n.turn == ai.Chance {
				d = depth // chance events use no depth
			}
			grow(kid, next, d)
		}
	}
	grow(0, ai.Side(r.IntN(2)), depth)
	b.t.salt = r.Uint64()
	return &b.t
}

// restrictRoot returns a copy of t whose root has only its k-th move.
func restrictRoot(t *tree, k int) *tree {
	c := &tree{nodes: append([]node(nil), t.nodes...), salt: t.salt}
	root := c.nodes[0]
	root.kids = []int{root.kids[k]}
	if root.noisy != nil {
		root.noisy = []bool{root.noisy[k]}
	}
	root.probs = nil
	c.nodes[0] = root
	return c
}

// endless is a game that never ends: three moves everywhere (or width), an
// evaluation hashed from the path. It keeps a search busy until a limit
// stops it.
type endless struct {
	path  []uint64
	width int
}

func (g *endless) top() uint64 {
	if len(g.path) == 0 {
		return 1
	}
	return g.path[len(g.path)-1]
}
func (g *endless) Turn() ai.Side { return ai.Side(len(g.path) & 1) }
func (g *endless) Moves(buf []ai.Move) []ai.Move {
	for i := 1; i <= max(g.width, 3); i++ {
		buf = append(buf, ai.Move{Lo: uint64(i)})
	}
	return buf
}
func (g *endless) Make(m ai.Move)     { g.path = append(g.path, mix(g.top()*4+m.Lo)) }
func (g *endless) Unmake()            { g.path = g.path[:len(g.path)-1] }
func (g *endless) Hash() uint64       { return g.top() }
func (g *endless) Status() ai.Status  { return ai.Status{} }
func (g *endless) Evaluate() int      { return int(g.top()%201) - 100 }
func (g *endless) Noisy(ai.Move) bool { return false }

// noisyTree is a tree that lists its noisy moves itself (ai.NoisyGenerator).
type noisyTree struct{ *tree }

func (t noisyTree) NoisyMoves(buf []ai.Move) ([]ai.Move, bool) {
	all := true
	for _, m := range t.Moves(nil) {
		if t.Noisy(m) {
			buf = append(buf, m)
		} else {
			all = false
		}
	}
	return buf, all
}
