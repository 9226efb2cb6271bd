package ai_test

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"oyunbot/ai"
	"oyunbot/games/dama"
	"oyunbot/games/tictactoe"
)

// Option presets the tests run through: every technique alone and together.
func presets() map[string]ai.Options {
	all := ai.DefaultOptions()
	all.TTSizeMB = 1
	return map[string]ai.Options{
		"plain":     {},
		"alphabeta": {AlphaBeta: true},
		"tt":        {TT: true, TTSizeMB: 1},
		"ab+tt":     {AlphaBeta: true, TT: true, TTSizeMB: 1},
		"ab+order":  {AlphaBeta: true, Killers: true, History: true},
		"ab+pvs":    {AlphaBeta: true, PVS: true},
		"all":       all,
	}
}

func ttt(t testing.TB, s string) *tictactoe.Position {
	t.Helper()
	p, err := tictactoe.ParsePosition(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSearchAgreesWithMinimaxTicTacToe: on reachable tic-tac-toe positions
// and depths 1..4, Search at a fixed depth (fresh tables) scores as plain
// minimax does, with every preset; the node counts of the last iteration are
// logged beside Minimax's. Every other position is enough; presets with a
// table clear it for every search, which costs more than the search: they
// run on every tenth.
func TestSearchAgreesWithMinimaxTicTacToe(t *testing.T) {
	ps := reachable(t)
	for name, opts := range presets() {
		e := ai.NewEngine(opts)
		var mmNodes, searchNodes int64
		positions := 0
		for i, p := range ps {
			if p.Status().Over || (opts.TT && i%5 != 0) || i%2 != 0 {
				continue
			}
			positions++
			for depth := 1; depth <= 4; depth++ {
				want := ai.Minimax(p, depth, nil)
				e.Clear()
				before := p.String()
				var last, prev int64
				got := e.Search(context.Background(), p, ai.Limits{Depth: depth}, func(in ai.Info) { prev, last = last, in.Nodes })
				if p.String() != before {
					t.Fatalf("%s: Search changed the position %q to %q", name, before, p)
				}
				if got.Score != want.Score {
					t.Fatalf("%s: %q depth %d: Search %d, Minimax %d", name, p, depth, got.Score, want.Score)
				}
				if !legal(p, got.Best) {
					t.Fatalf("%s: %q: best move %v is not legal", name, p, got.Best)
				}
				if got.Depth == depth { // not ended early by an exhausted tree
					mmNodes += want.Nodes
					searchNodes += last - prev
				}
			}
		}
		t.Logf("%-9s %4d positions, depths 1..4, nodes in the final iteration: minimax %7d, search %7d (%.0f%%)",
			name, positions, mmNodes, searchNodes, 100*float64(searchNodes)/float64(mmNodes))
	}
}

// TestPlainSearchVisitsMinimaxTree: with every technique off, each
// iteration of Search visits exactly the nodes Minimax visits at that depth.
func TestPlainSearchVisitsMinimaxTree(t *testing.T) {
	for _, s := range []string{"......... x", "x...o.... x", "xo..x.... o"} {
		p := ttt(t, s)
		e := ai.NewEngine(ai.Options{})
		var prev int64
		var iters []ai.Info
		e.Search(context.Background(), p, ai.Limits{}, func(in ai.Info) { iters = append(iters, in) })
		for _, in := range iters {
			mm := ai.Minimax(p, in.Depth, nil)
			if got := in.Nodes - prev; got != mm.Nodes || in.Score != mm.Score {
				t.Errorf("%q depth %d: search %d nodes score %d, minimax %d nodes score %d", s, in.Depth, got, in.Score, mm.Nodes, mm.Score)
			}
			prev = in.Nodes
		}
		// The search ends by itself at the length of the longest game left.
		if len(iters) == 0 || iters[len(iters)-1].Depth != len(p.Moves(nil)) {
			t.Errorf("%q: iterations %v, want the last at depth %d", s, iters, len(p.Moves(nil)))
		}
	}
}

// TestSearchAgreesWithMinimaxRandomTrees runs random trees with chance
// nodes, same-side plies and finished games: every preset agrees with
// Minimax on the value, and its best move reaches that value. One engine per
// preset serves every tree: a tree has no transpositions and its searches
// run at growing depths, so no table entry is deeper than a later search's
// final iteration.
func TestSearchAgreesWithMinimaxRandomTrees(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	engines := map[string]*ai.Engine{}
	for name, opts := range presets() {
		engines[name] = ai.NewEngine(opts)
	}
	for i := 0; i < 300; i++ {
		tr := randomTree(r, 1+r.IntN(5), false)
		for depth := 1; depth <= 5; depth++ {
			want := ai.Minimax(tr, depth, nil)
			for name, e := range engines {
				got := e.Search(context.Background(), tr, ai.Limits{Depth: depth}, nil)
				if got.Score != want.Score {
					t.Fatalf("tree %d depth %d %s: Search %d, Minimax %d", i, depth, name, got.Score, want.Score)
				}
				if len(tr.path) != 0 {
					t.Fatalf("tree %d: Search left the position moved", i)
				}
				if tr.Turn() == ai.Chance {
					if !got.Best.IsNone() {
						t.Fatalf("tree %d: chance root has best move %v", i, got.Best)
					}
					continue
				}
				if tr.Status().Over || len(tr.nodes[0].kids) == 0 {
					continue
				}
				only := restrictRoot(tr, int(got.Best.Lo-1))
				if v := ai.Minimax(only, depth, nil).Score; v != want.Score {
					t.Fatalf("tree %d depth %d %s: best move %d is worth %d, not %d", i, depth, name, got.Best.Lo, v, want.Score)
				}
			}
		}
	}
}

// chanceTree is checked by hand:
//
//	root (First): A -> C1, B -> C2
//	C1 (chance): 1/4 -> L1 (Second, eval -40), 3/4 -> L2 (Second, eval 20)
//	     = 1/4*40 + 3/4*(-20) = -5 for First, at any depth
//	C2 (chance): 1/2 -> N1 (Second, eval 50; moves to 30 or -10 for First)
//	             1/2 -> L3 (First again, eval 6)
//	     depth 1: N1 is a horizon leaf: 1/2*(-50) + 1/2*6 = -22
//	     depth 2: N1 = min(30, -10) = -10 for First: 1/2*(-10) + 1/2*6 = -2
func chanceTree() *tree {
	b := &builder{}
	root := b.add(node{turn: ai.First})
	c1 := b.add(node{turn: ai.Chance, probs: []float64{0.25, 0.75}})
	c2 := b.add(node{turn: ai.Chance, probs: []float64{0.5, 0.5}})
	l1 := b.add(leaf(ai.Second, -40))
	l2 := b.add(leaf(ai.Second, 20))
	n1 := b.add(node{turn: ai.Second, eval: 50})
	l3 := b.add(leaf(ai.First, 6))
	n1a := b.add(leaf(ai.First, 30))
	n1b := b.add(leaf(ai.First, -10))
	b.t.nodes[root].kids = []int{c1, c2}
	b.t.nodes[c1].kids = []int{l1, l2}
	b.t.nodes[c2].kids = []int{n1, l3}
	b.t.nodes[n1].kids = []int{n1a, n1b}
	return &b.t
}

func TestExpectiminimaxByHand(t *testing.T) {
	tests := []struct {
		depth int
		best  uint64
		score int
	}{
		{1, 1, -5}, // C1: -5 beats C2's -22
		{2, 2, -2}, // C2: -2 beats -5
		{3, 2, -2},
	}
	for name, opts := range presets() {
		for _, tc := range tests {
			res := ai.NewEngine(opts).Search(context.Background(), chanceTree(), ai.Limits{Depth: tc.depth}, nil)
			if res.Best.Lo != tc.best || res.Score != tc.score {
				t.Errorf("%s depth %d: best %d score %d, want %d %d", name, tc.depth, res.Best.Lo, res.Score, tc.best, tc.score)
			}
			if mm := ai.Minimax(chanceTree(), tc.depth, nil); mm.Score != tc.score || mm.Best.Lo != tc.best {
				t.Errorf("Minimax depth %d: best %d score %d, want %d %d", tc.depth, mm.Best.Lo, mm.Score, tc.best, tc.score)
			}
		}
	}
	// At a chance root the value is First's expectation and there is no move.
	tr := chanceTree()
	tr.path = []int{2} // C2
	res := ai.NewEngine(ai.DefaultOptions()).Search(context.Background(), tr, ai.Limits{Depth: 2}, nil)
	if !res.Best.IsNone() || res.Score != -2 {
		t.Errorf("chance root: best %v score %d, want none -2", res.Best, res.Score)
	}
}

// sameSideTree: First plays twice in a row after move A.
//
//	root (First): A -> S1 (First again), B -> S2 (Second)
//	S1: a -> Second leaf eval 5 (-5 for First), b -> Second leaf eval -7 (+7)
//	S2: -> First leaf eval 3, -> First leaf eval 4: Second picks 3
//	root = max(S1 = 7, S2 = 3) = 7 by A then b. Negating at S1 would give
//	S1 = -max(-5, 7)... and choose B.
func sameSideTree() *tree {
	b := &builder{}
	root := b.add(node{turn: ai.First})
	s1 := b.add(node{turn: ai.First, eval: 0})
	s2 := b.add(node{turn: ai.Second, eval: 0})
	a := b.add(leaf(ai.Second, 5))
	bb := b.add(leaf(ai.Second, -7))
	c := b.add(leaf(ai.First, 3))
	d := b.add(leaf(ai.First, 4))
	b.t.nodes[root].kids = []int{s1, s2}
	b.t.nodes[s1].kids = []int{a, bb}
	b.t.nodes[s2].kids = []int{c, d}
	return &b.t
}

func TestSameSidePlyKeepsSign(t *testing.T) {
	for name, opts := range presets() {
		res := ai.NewEngine(opts).Search(context.Background(), sameSideTree(), ai.Limits{Depth: 2}, nil)
		if res.Best.Lo != 1 || res.Score != 7 {
			t.Errorf("%s: best %d score %d, want 1 (A) and 7", name, res.Best.Lo, res.Score)
		}
		if len(res.PV) != 2 || res.PV[0].Lo != 1 || res.PV[1].Lo != 2 {
			t.Errorf("%s: PV %v, want A b", name, res.PV)
		}
	}
	if mm := ai.Minimax(sameSideTree(), 2, nil); mm.Score != 7 || mm.Best.Lo != 1 {
		t.Errorf("Minimax: %+v", mm)
	}
}

// quiescenceTree: root (First) at depth 1 sees Q (Second, eval -100: +100
// for First) and R (Second, eval 0). In Q, Second has a capture to a First
// leaf of eval -200. Quiescence sees it (Q is -200 for First) and picks R.
// In Z, a third move, every move of Second is a capture (no stand pat):
// Second must play into a First leaf of eval 50 although standing pat would
// keep 80 for Second.
func quiescenceTree() *tree {
	b := &builder{}
	root := b.add(node{turn: ai.First})
	q := b.add(node{turn: ai.Second, eval: -100, noisy: []bool{true, false}})
	r := b.add(leaf(ai.Second, 0))
	z := b.add(node{turn: ai.Second, eval: 80, noisy: []bool{true}})
	qc := b.add(leaf(ai.First, -200))
	qq := b.add(leaf(ai.First, 1000))
	zc := b.add(leaf(ai.First, 50))
	b.t.nodes[root].kids = []int{q, r, z}
	b.t.nodes[q].kids = []int{qc, qq}
	b.t.nodes[z].kids = []int{zc}
	return &b.t
}

func TestQuiescence(t *testing.T) {
	on := ai.DefaultOptions()
	off := on
	off.Quiescence = false
	res := ai.NewEngine(off).Search(context.Background(), quiescenceTree(), ai.Limits{Depth: 1}, nil)
	if res.Best.Lo != 1 || res.Score != 100 {
		t.Errorf("without quiescence: best %d score %d, want Q (1) at 100", res.Best.Lo, res.Score)
	}
	for _, p := range []ai.Position{quiescenceTree(), noisyTree{quiescenceTree()}} {
		res = ai.NewEngine(on).Search(context.Background(), p, ai.Limits{Depth: 1}, nil)
		if res.Best.Lo != 3 || res.Score != 50 {
			t.Errorf("with quiescence (%T): best %d score %d, want Z (3) at 50 (Q loses to the capture, Z has no stand pat)", p, res.Best.Lo, res.Score)
		}
	}
}

// TestQuiescenceAlphaBetaAgrees: quiescence gives the same values with
// alpha-beta on and off, and with or without the game's NoisyMoves.
func TestQuiescenceAlphaBetaAgrees(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	plainEngine, fullEngine := ai.NewEngine(ai.Options{Quiescence: true}), ai.NewEngine(ai.DefaultOptions())
	for i := 0; i < 200; i++ {
		tr := randomTree(r, 1+r.IntN(5), true)
		for depth := 1; depth <= 3; depth++ {
			plain := plainEngine.Search(context.Background(), tr, ai.Limits{Depth: depth}, nil)
			full := fullEngine.Search(context.Background(), tr, ai.Limits{Depth: depth}, nil)
			if plain.Score != full.Score {
				t.Fatalf("tree %d depth %d: plain quiescence %d, alpha-beta quiescence %d", i, depth, plain.Score, full.Score)
			}
			// A game's own noisy-move list changes nothing but speed.
			gen := ai.NewEngine(ai.Options{Quiescence: true}).Search(context.Background(), noisyTree{tr}, ai.Limits{Depth: depth}, nil)
			if gen.Score != plain.Score || gen.Nodes != plain.Nodes {
				t.Fatalf("tree %d depth %d: with NoisyMoves %d in %d nodes, without %d in %d", i, depth, gen.Score, gen.Nodes, plain.Score, plain.Nodes)
			}
		}
	}
}

func TestWinScoresCountPlies(t *testing.T) {
	tests := []struct {
		pos   string
		best  string
		score int // 0: the exact solver's
	}{
		{"xx..o.o.. x", "c3", ai.Win - 1}, // win now rather than block
		{"xx..oo... x", "c3", ai.Win - 1}, // win now rather than block
		{"xx.oo.... x", "c3", ai.Win - 1},
		{"xx..o.... o", "c3", 0},        // block
		{"x.x.o.... o", "b3", 0},        // block
		{"x...x.o.. o", "c1", 0},        // block the diagonal
		{"x...o...x o", "", 0},          // o must not take a corner
		{"xo....... x", "", ai.Win - 5}, // x wins against any defence, on its third move
		{"......... x", "", 0},
	}
	for _, tc := range tests {
		p := ttt(t, tc.pos)
		want := tc.score
		if want == 0 {
			want = solve(p, 0)
		}
		res := ai.NewEngine(ai.DefaultOptions()).Search(context.Background(), p, ai.Limits{}, nil)
		if tc.best != "" && p.FormatMove(res.Best) != tc.best {
			t.Errorf("%q: best %s, want %s", tc.pos, p.FormatMove(res.Best), tc.best)
		}
		if res.Score != want {
			t.Errorf("%q: score %d, want %d", tc.pos, res.Score, want)
		}
	}
}

func TestFinishedPosition(t *testing.T) {
	for _, tc := range []struct {
		pos   string
		score int
	}{
		{"xxx.oo... o", -ai.Win}, // o to move has lost
		{"xoxxoxoxo o", 0},
	} {
		res := ai.NewEngine(ai.DefaultOptions()).Search(context.Background(), ttt(t, tc.pos), ai.Limits{}, nil)
		if !res.Best.IsNone() || res.Score != tc.score || res.Depth != 0 {
			t.Errorf("%q: %+v, want no move, score %d, depth 0", tc.pos, res, tc.score)
		}
	}
}

func TestProgressAndPV(t *testing.T) {
	p := ttt(t, "......... x")
	var infos []ai.Info
	res := ai.NewEngine(ai.DefaultOptions()).Search(context.Background(), p, ai.Limits{}, func(in ai.Info) { infos = append(infos, in) })
	if len(infos) == 0 || infos[len(infos)-1].Depth != res.Depth {
		t.Fatalf("progress %v, result depth %d", infos, res.Depth)
	}
	for i, in := range infos {
		if in.Depth != i+1 || (i > 0 && in.Nodes < infos[i-1].Nodes) {
			t.Errorf("iteration %d: %+v", i, in)
		}
	}
	if res.Score != 0 {
		t.Errorf("tic-tac-toe is a draw, got %d", res.Score)
	}
	// The search stopped by itself once the tree was exhausted: depth 9.
	if res.Depth != 9 {
		t.Errorf("depth %d, want 9 (the whole game)", res.Depth)
	}
	// The PV is a legal line starting with the best move.
	if len(res.PV) == 0 || res.PV[0] != res.Best {
		t.Fatalf("PV %v best %v", res.PV, res.Best)
	}
	q := p.Clone()
	for _, m := range res.PV {
		if !legal(q, m) {
			t.Fatalf("PV %v: %v illegal in %s", res.PV, m, q)
		}
		q.Make(m)
	}
}

// TestCancelledContextStops: a search under a cancelled context returns a
// legal move after at most one node-check interval.
func TestCancelledContextStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := &endless{}
	res := ai.NewEngine(ai.DefaultOptions()).Search(ctx, g, ai.Limits{}, nil)
	if res.Best.IsNone() || res.Nodes > ai.NodeCheckInterval+1 {
		t.Errorf("cancelled search: best %v after %d nodes (check interval %d)", res.Best, res.Nodes, ai.NodeCheckInterval)
	}
	if len(g.path) != 0 {
		t.Errorf("position not restored")
	}
}

// TestCancelMidSearch cancels from another goroutine while the search runs
// (after its third iteration), and the search returns what it had.
func TestCancelMidSearch(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	e := ai.NewEngine(ai.DefaultOptions())
	started := make(chan struct{})
	done := make(chan ai.Result)
	go func() {
		done <- e.Search(ctx, &endless{}, ai.Limits{}, func(in ai.Info) {
			if in.Depth == 3 {
				close(started)
			}
		})
	}()
	<-started
	cancel()
	select {
	case res := <-done:
		if res.Best.IsNone() || res.Depth < 3 || res.Depth >= ai.MaxDepth {
			t.Errorf("result %+v", res)
		}
	case <-time.After(time.Minute):
		t.Fatal("search did not stop after cancel")
	}
}

func TestNodeLimit(t *testing.T) {
	for _, n := range []int64{1, 10, 1000, 12345} {
		res := ai.NewEngine(ai.DefaultOptions()).Search(context.Background(), &endless{}, ai.Limits{Nodes: n}, nil)
		if res.Nodes > n+1 || res.Best.IsNone() {
			t.Errorf("node limit %d: %d nodes, best %v", n, res.Nodes, res.Best)
		}
	}
}

// TestTimeLimit is loose on purpose (a loaded machine may not run the search
// for a long while): the endless game would search forever without the
// limit; the search returns a move, not grossly late.
// Precision is measured by BenchmarkDeadline.
func TestTimeLimit(t *testing.T) {
	const limit = 50 * time.Millisecond
	for _, lim := range []struct {
		name string
		ctx  func() (context.Context, context.CancelFunc)
		lim  ai.Limits
	}{
		{"Limits.Time", func() (context.Context, context.CancelFunc) { return context.Background(), func() {} }, ai.Limits{Time: limit}},
		{"ctx deadline", func() (context.Context, context.CancelFunc) { return context.WithTimeout(context.Background(), limit) }, ai.Limits{}},
	} {
		ctx, cancel := lim.ctx()
		res := ai.NewEngine(ai.DefaultOptions()).Search(ctx, &endless{}, lim.lim, nil)
		cancel()
		if res.Best.IsNone() || res.Elapsed > limit+2*time.Second {
			t.Errorf("%s: depth %d elapsed %v (limit %v)", lim.name, res.Depth, res.Elapsed, limit)
		}
	}
}

func TestDepthLimit(t *testing.T) {
	res := ai.NewEngine(ai.DefaultOptions()).Search(context.Background(), &endless{}, ai.Limits{Depth: 5}, nil)
	if res.Depth != 5 || len(res.PV) == 0 {
		t.Errorf("depth %d PV %v", res.Depth, res.PV)
	}
}

// TestSearchDoesNotAllocatePerNode: a whole search allocates a bounded
// number of times (result slices), however many nodes it visits.
func TestSearchDoesNotAllocatePerNode(t *testing.T) {
	opts := ai.DefaultOptions()
	opts.TTSizeMB = 1
	e := ai.NewEngine(opts)
	g := &endless{path: make([]uint64, 0, 64)}
	var nodes int64
	allocs := testing.AllocsPerRun(5, func() {
		e.Clear()
		nodes = e.Search(context.Background(), g, ai.Limits{Depth: 10}, nil).Nodes
	})
	if allocs > 20 || nodes < 1000 {
		t.Errorf("%v allocations for %d nodes", allocs, nodes)
	}
}

func TestLevels(t *testing.T) {
	ls := ai.Levels()
	names := []string{"easy", "medium", "hard", "master"}
	if len(ls) != len(names) {
		t.Fatalf("levels %v", ls)
	}
	for i, l := range ls {
		if l.Name != names[i] {
			t.Errorf("level %d is %q", i, l.Name)
		}
		if l.Limits.Depth == 0 && l.Limits.Time == 0 {
			t.Errorf("%s has no budget", l.Name)
		}
	}
	if ls[3].BlunderProb != 0 || ls[2].BlunderProb != 0 || ls[0].BlunderProb <= ls[1].BlunderProb {
		t.Errorf("blunder probabilities %v %v %v %v", ls[0].BlunderProb, ls[1].BlunderProb, ls[2].BlunderProb, ls[3].BlunderProb)
	}
	for _, tc := range []struct{ in, want string }{
		{"easy", "easy"}, {"KOLAY", "easy"}, {" orta ", "medium"}, {"Medium", "medium"},
		{"zor", "hard"}, {"hard", "hard"}, {"usta", "master"}, {"Master", "master"},
		{"1", "easy"}, {"4", "master"}, {"", ""}, {"expert", ""}, {"5", ""},
	} {
		l, ok := ai.ParseLevel(tc.in)
		if ok != (tc.want != "") || l.Name != tc.want {
			t.Errorf("ParseLevel(%q) = %q, %v; want %q", tc.in, l.Name, ok, tc.want)
		}
	}
}

// rootValues values each move of p at depth with Minimax, from p's side to
// move's point of view and with win scores counted from p.
func rootValues(p *tictactoe.Position, depth int) map[ai.Move]int {
	vs := map[ai.Move]int{}
	for _, m := range p.Moves(nil) {
		p.Make(m)
		v := -ai.Minimax(p, depth-1, nil).Score
		p.Unmake()
		switch {
		case v > ai.Win/2:
			v--
		case v < -ai.Win/2:
			v++
		}
		vs[m] = v
	}
	return vs
}

// TestChooseBlunders: with BlunderProb 1 the choice is another move within
// the margin, never a forced loss; with 0 it is a best move.
func TestChooseBlunders(t *testing.T) {
	const depth = 4
	for _, tc := range []struct {
		pos    string
		margin int
	}{{"x...o.... x", 1000}, {"x...o.... x", 30}, {"xx..o.... o", 1000}, {"......... x", 50}} {
		p := ttt(t, tc.pos)
		vals := rootValues(p, depth)
		best := -ai.Inf
		for _, v := range vals {
			best = max(best, v)
		}
		within := 0
		for _, v := range vals {
			if v >= best-tc.margin && v > -ai.Win/2 {
				within++
			}
		}
		e := ai.NewEngine(ai.DefaultOptions())
		lvl := ai.Level{Name: "test", Limits: ai.Limits{Depth: depth}, BlunderProb: 1, Margin: tc.margin}
		seen := map[ai.Move]bool{}
		for s := uint64(0); s < 40; s++ {
			res := e.Choose(context.Background(), p, lvl, rand.New(rand.NewPCG(s, 0)))
			v, ok := vals[res.Best]
			if !ok || v != res.Score || v < best-tc.margin || (v < -ai.Win/2 && v != best) {
				t.Fatalf("%q seed %d: chose %v scored %d (worth %d, best %d, margin %d)", tc.pos, s, res.Best, res.Score, v, best, tc.margin)
			}
			seen[res.Best] = true
		}
		// Every move but the engine's best is drawn at random: with two or
		// more candidates, more than one shows up.
		if (within > 2 && len(seen) < 2) || len(seen) > max(within-1, 1) {
			t.Errorf("%q: chose %d distinct moves with %d within the margin", tc.pos, len(seen), within)
		}
		lvl.BlunderProb = 0
		if res := e.Choose(context.Background(), p, lvl, rand.New(rand.NewPCG(1, 1))); vals[res.Best] != best {
			t.Errorf("%q: no blunder chose %v worth %d, best %d", tc.pos, res.Best, vals[res.Best], best)
		}
	}
}

// solve is an exact tic-tac-toe solver written apart from the engine: the
// value for the side to move, Win-ply for a win at ply.
func solve(p *tictactoe.Position, ply int) int {
	if st := p.Status(); st.Over {
		switch st.Winner {
		case ai.NoSide:
			return 0
		case p.Turn():
			return ai.Win - ply
		}
		return -(ai.Win - ply)
	}
	best := -ai.Inf
	for _, m := range p.Moves(nil) {
		p.Make(m)
		best = max(best, -solve(p, ply+1))
		p.Unmake()
	}
	return best
}

func legal(p interface{ Moves([]ai.Move) []ai.Move }, m ai.Move) bool {
	for _, x := range p.Moves(nil) {
		if x == m {
			return true
		}
	}
	return false
}

func reachable(t testing.TB) []*tictactoe.Position {
	var ps []*tictactoe.Position
	seen := map[uint64]bool{}
	var walk func(p *tictactoe.Position)
	walk = func(p *tictactoe.Position) {
		if seen[p.Hash()] {
			return
		}
		seen[p.Hash()] = true
		ps = append(ps, p.Clone().(*tictactoe.Position))
		for _, m := range p.Moves(nil) {
			p.Make(m)
			walk(p)
			p.Unmake()
		}
	}
	walk(ttt(t, "......... x"))
	return ps
}

// benchSearch searches p from empty tables every iteration (clearing them
// is not timed) and reports nodes per second.
func benchSearch(b *testing.B, opts ai.Options, p ai.Position, lim ai.Limits) {
	e := ai.NewEngine(opts)
	var nodes int64
	for b.Loop() {
		b.StopTimer()
		e.Clear()
		b.StartTimer()
		nodes += e.Search(context.Background(), p, lim, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkSearch: solving tic-tac-toe with each preset, dama's start
// position to depth 7, and the endless test game to depth 8.
func BenchmarkSearch(b *testing.B) {
	for _, c := range []struct {
		name string
		opts ai.Options
	}{{"all", ai.DefaultOptions()}, {"alphabeta", ai.Options{AlphaBeta: true}}, {"plain", ai.Options{}}} {
		b.Run("tictactoe/"+c.name, func(b *testing.B) {
			benchSearch(b, c.opts, tictactoe.Game{}.Start(), ai.Limits{})
		})
	}
	b.Run("dama/start/depth7", func(b *testing.B) {
		benchSearch(b, ai.DefaultOptions(), dama.Game{}.Start(), ai.Limits{Depth: 7})
	})
	b.Run("endless/depth8", func(b *testing.B) {
		benchSearch(b, ai.DefaultOptions(), &endless{path: make([]uint64, 0, 64)}, ai.Limits{Depth: 8})
	})
}

func BenchmarkMinimax(b *testing.B) {
	p := tictactoe.Game{}.Start()
	var nodes int64
	for b.Loop() {
		nodes += ai.Minimax(p, 9, nil).Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkDeadline measures how far past a 20ms time limit the search
// returns when the limit interrupts an iteration (a wide game, so that
// iterations seldom end just in time), as a percentage of the limit.
func BenchmarkDeadline(b *testing.B) {
	const limit = 20 * time.Millisecond
	e := ai.NewEngine(ai.DefaultOptions())
	g := &endless{path: make([]uint64, 0, 64), width: 40}
	var worst, total time.Duration
	stops := 0
	for b.Loop() {
		res := e.Search(context.Background(), g, ai.Limits{Time: limit}, nil)
		if res.Elapsed >= limit {
			stops++
			total += res.Elapsed - limit
			worst = max(worst, res.Elapsed-limit)
		}
	}
	if stops > 0 {
		b.ReportMetric(100*float64(total)/float64(stops)/float64(limit), "overrun-%")
		b.ReportMetric(100*float64(worst)/float64(limit), "worst-overrun-%")
	}
	b.ReportMetric(float64(stops)/float64(b.N), "hard-stops/op")
}

// TestInterruptedIterationKeepsBetterMove: chanceTree plus a third root move
// X with a big subtree, searched last. Iteration 1 prefers C1 (-5);
// iteration 2 finds C2 (-2) better, then spends long in X. Interrupted in X,
// the search returns C2: it was proved better at depth 2 than the depth-1
// choice, which iteration 2 searched first. Node limits make it exact.
func TestInterruptedIterationKeepsBetterMove(t *testing.T) {
	tr := chanceTree()
	b := &builder{t: *tr}
	x := b.add(node{turn: ai.Second, eval: 100})
	for i := 0; i < 30; i++ {
		b.t.nodes[x].kids = append(b.t.nodes[x].kids, b.add(leaf(ai.First, -100)))
	}
	b.t.nodes[0].kids = append(b.t.nodes[0].kids, x)
	tr = &b.t
	full := ai.NewEngine(ai.DefaultOptions()).Search(context.Background(), tr, ai.Limits{Depth: 2}, nil)
	if full.Best.Lo != 2 || full.Score != -2 {
		t.Fatalf("full depth 2: %+v", full)
	}
	found := false
	for n := int64(1); n < full.Nodes; n++ {
		res := ai.NewEngine(ai.DefaultOptions()).Search(context.Background(), tr, ai.Limits{Depth: 2, Nodes: n}, nil)
		if res.Best.IsNone() || res.Nodes > n+1 {
			t.Fatalf("node limit %d: %+v", n, res)
		}
		switch {
		case res.Depth == 1 && res.Best.Lo == 2:
			found = true
			if res.Score != -2 {
				t.Errorf("node limit %d: C2 scored %d, want its depth-2 score -2", n, res.Score)
			}
		case res.Depth == 1 && res.Best.Lo != 1:
			t.Errorf("node limit %d: depth 1 result %+v, want C1 or the better-founded C2", n, res)
		}
	}
	if !found {
		t.Error("no node limit returned the better move of the interrupted iteration")
	}
}
