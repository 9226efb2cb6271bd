package tournament

import (
	"math/rand/v2"
	"testing"
)

// bruteMatching returns the best (cardinality, weight) over all matchings,
// ranking by cardinality first when maxCard is set.
func bruteMatching(nv int, edges []wedge, maxCard bool) (int, int64) {
	w := make(map[[2]int]int64)
	for _, e := range edges {
		w[pairKey(e.u, e.v)] = e.w
	}
	used := make([]bool, nv)
	bestC, bestW := -1, int64(0)
	better := func(c int, x int64) bool {
		if bestC < 0 {
			return true
		}
		if maxCard && c != bestC {
			return c > bestC
		}
		return x > bestW
	}
	var rec func(v, c int, x int64)
	rec = func(v, c int, x int64) {
		for v < nv && used[v] {
			v++
		}
		if v == nv {
			if better(c, x) {
				bestC, bestW = c, x
			}
			return
		}
		used[v] = true
		rec(v+1, c, x) // v stays single
		for u := v + 1; u < nv; u++ {
			if ew, ok := w[pairKey(v, u)]; ok && !used[u] {
				used[u] = true
				rec(v+1, c+1, x+ew)
				used[u] = false
			}
		}
		used[v] = false
	}
	rec(0, 0, 0)
	return bestC, bestW
}

func checkMate(t *testing.T, nv int, edges []wedge, mate []int) (int, int64) {
	t.Helper()
	w := make(map[[2]int]int64)
	for _, e := range edges {
		w[pairKey(e.u, e.v)] = e.w
	}
	c, x := 0, int64(0)
	for v, u := range mate {
		if u == -1 {
			continue
		}
		if u < 0 || u >= nv || mate[u] != v {
			t.Fatalf("mate not symmetric: mate[%d]=%d", v, u)
		}
		ew, ok := w[pairKey(u, v)]
		if !ok {
			t.Fatalf("matched %d-%d without an edge", u, v)
		}
		if u > v {
			c++
			x += ew
		}
	}
	return c, x
}

func TestMaxWeightMatchingSmall(t *testing.T) {
	tests := []struct {
		name    string
		nv      int
		edges   []wedge
		maxCard bool
		want    []int
	}{
		{"empty", 0, nil, false, []int{}},
		{"single edge", 2, []wedge{{0, 1, 1}}, false, []int{1, 0}},
		{"heavier middle", 4, []wedge{{1, 2, 10}, {2, 3, 11}}, false, []int{-1, -1, 3, 2}},
		{"max cardinality beats weight", 5, []wedge{{1, 2, 5}, {2, 3, 11}, {3, 4, 5}}, true, []int{-1, 2, 1, 4, 3}},
		{"triangle blossom", 5, []wedge{{1, 2, 8}, {1, 3, 9}, {2, 3, 10}, {3, 4, 7}}, false, []int{-1, 2, 1, 4, 3}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := maxWeightMatching(tt.nv, tt.edges, tt.maxCard)
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Fatalf("got %v, want %v", got, tt.want)
				}
			}
		})
	}
}

// TestMaxWeightMatchingRandom compares with exhaustive search on many random
// graphs, sparse and dense, with small weight ranges (many ties, nested
// blossoms) and wide ones.
func TestMaxWeightMatchingRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for iter := range 3000 {
		nv := 1 + rng.IntN(11)
		density := rng.Float64()
		wmax := int64(1 + rng.IntN([]int{3, 10, 1000}[iter%3]))
		var edges []wedge
		for i := 0; i < nv; i++ {
			for j := i + 1; j < nv; j++ {
				if rng.Float64() < density {
					edges = append(edges, wedge{i, j, 1 + rng.Int64N(wmax)})
				}
			}
		}
		maxCard := iter%2 == 0
		mate := maxWeightMatching(nv, edges, maxCard)
		c, x := checkMate(t, nv, edges, mate)
		bc, bx := bruteMatching(nv, edges, maxCard)
		if (maxCard && c != bc) || x != bx {
			t.Fatalf("iter %d nv=%d maxCard=%v edges=%v: got card %d weight %d, best card %d weight %d",
				iter, nv, maxCard, edges, c, x, bc, bx)
		}
	}
}

func BenchmarkMatching64(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	var edges []wedge
	for i := range 64 {
		for j := i + 1; j < 64; j++ {
			edges = append(edges, wedge{i, j, rng.Int64N(1 << 40)})
		}
	}
	for b.Loop() {
		maxWeightMatching(64, edges, true)
	}
}
