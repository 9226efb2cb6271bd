package ai_test

import (
	"context"
	"math/rand/v2"
	"testing"

	"oyunbot/ai"
)

// plain_test.go checks the one search (pvs.go) against its references:
// the plain alpha-beta of plain.go (Options.Plain) and Minimax.

// playerTree is a tree game without dice: the tree's Position methods and
// not its Chances (a Stochastic game is the plain search's alone).
type playerTree struct{ t *tree }

func (p playerTree) Turn() ai.Side                 { return p.t.Turn() }
func (p playerTree) Moves(buf []ai.Move) []ai.Move { return p.t.Moves(buf) }
func (p playerTree) Make(m ai.Move)                { p.t.Make(m) }
func (p playerTree) Unmake()                       { p.t.Unmake() }
func (p playerTree) Hash() uint64                  { return p.t.Hash() }
func (p playerTree) Status() ai.Status             { return p.t.Status() }
func (p playerTree) Evaluate() int                 { return p.t.Evaluate() }
func (p playerTree) Noisy(m ai.Move) bool          { return p.t.Noisy(m) }

// randomPlayerTree is randomTree without chance nodes: mostly alternating
// turns, some same-side plies (İşlem's capture choice), finished games
// won, lost and drawn, noisy moves.
func randomPlayerTree(r *rand.Rand, depth int, noisy bool) playerTree {
	b := &builder{}
	b.add(node{})
	var grow func(idx int, turn ai.Side, depth int)
	grow = func(idx int, turn ai.Side, depth int) {
		n := node{turn: turn, eval: r.IntN(401) - 200}
		if depth == 0 || (idx != 0 && r.IntN(10) == 0) {
			if r.IntN(3) == 0 {
				n.over = true
				n.winner = []ai.Side{ai.First, ai.Second, ai.NoSide}[r.IntN(3)]
			}
			b.t.nodes[idx] = n
			return
		}
		n.kids = make([]int, 1+r.IntN(3))
		for i := range n.kids {
			n.kids[i] = b.add(node{})
			if noisy {
				n.noisy = append(n.noisy, r.IntN(3) == 0)
			}
		}
		b.t.nodes[idx] = n
		for _, kid := range n.kids {
			next := turn.Opponent()
			if r.IntN(5) == 0 {
				next = turn // a same-side ply
			}
			grow(kid, next, depth-1)
		}
	}
	grow(0, ai.Side(r.IntN(2)), depth)
	b.t.salt = r.Uint64()
	return playerTree{&b.t}
}

// TestOneSearchAgreesWithPlainAndMinimax: on random trees with same-side
// plies and finished games, the one search, the plain alpha-beta and
// Minimax find the same value at every depth, with depth counted in plies
// or in turns (the searches against each other); with noisy moves and
// quiescence, the one search and the plain one still agree.
func TestOneSearchAgreesWithPlainAndMinimax(t *testing.T) {
	r := rand.New(rand.NewPCG(38, 1))
	one := ai.DefaultOptions()
	one.TTSizeMB = 1
	one.Quiescence = false
	plain := one
	plain.Plain = true
	withQS, plainQS := one, plain
	withQS.Quiescence, plainQS.Quiescence = true, true
	// One engine per setting and depth count serves every tree, as in
	// TestSearchAgreesWithMinimaxRandomTrees: trees share no positions
	// and each is searched at growing depths.
	engines := map[bool][4]*ai.Engine{}
	for _, turns := range []bool{false, true} {
		engines[turns] = [4]*ai.Engine{ai.NewEngine(one), ai.NewEngine(plain), ai.NewEngine(withQS), ai.NewEngine(plainQS)}
	}
	for i := 0; i < 300; i++ {
		tr := randomPlayerTree(r, 1+r.IntN(6), false)
		noisy := randomPlayerTree(r, 1+r.IntN(5), true)
		for depth := 1; depth <= 6; depth++ {
			want := ai.Minimax(tr, depth, nil)
			for _, turns := range []bool{false, true} {
				lim := ai.Limits{Depth: depth, Turns: turns}
				e := engines[turns]
				a := e[0].Search(context.Background(), tr, lim, nil)
				b := e[1].Search(context.Background(), tr, lim, nil)
				if a.Score != b.Score || (!turns && a.Score != want.Score) {
					t.Fatalf("tree %d depth %d turns %v: one search %d, plain %d, Minimax %d", i, depth, turns, a.Score, b.Score, want.Score)
				}
				a = e[2].Search(context.Background(), noisy, lim, nil)
				b = e[3].Search(context.Background(), noisy, lim, nil)
				if a.Score != b.Score {
					t.Fatalf("noisy tree %d depth %d turns %v: one search %d, plain %d (quiescence)", i, depth, turns, a.Score, b.Score)
				}
			}
		}
	}
}

// TestPlainOptionSearchesPlain: Options.Plain (the switch "pvs") searches
// with the plain alpha-beta: on tic-tac-toe, which has no Tuning, its
// node count is the plain search's and differs from the one search's.
func TestPlainOptionSearchesPlain(t *testing.T) {
	p := ttt(t, "x........ o")
	opts := ai.DefaultOptions()
	one := ai.NewEngine(opts).Search(context.Background(), p, ai.Limits{Depth: 8}, nil)
	ai.Switches()["pvs"](&opts)
	if !opts.Plain {
		t.Fatal(`the switch "pvs" does not set Options.Plain`)
	}
	plain := ai.NewEngine(opts).Search(context.Background(), p, ai.Limits{Depth: 8}, nil)
	if one.Score != plain.Score {
		t.Errorf("one search %d, plain %d", one.Score, plain.Score)
	}
	if one.Nodes == plain.Nodes {
		t.Errorf("both searched %d nodes: Options.Plain changed nothing", one.Nodes)
	}
}
