package tavla

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// testBearoff is the database built once for the package's tests (not
// the cache's: a test never depends on a file outside its folder).
var testBearoff = sync.OnceValue(BuildBearoff)

// TestBearoffIndex: the ranking is a bijection of the 54,264 boards onto
// 0..54263, in the order boBoards lists them.
func TestBearoffIndex(t *testing.T) {
	boards := boBoards()
	if len(boards) != boPositions {
		t.Fatalf("%d boards, want %d", len(boards), boPositions)
	}
	for i, c := range boards {
		if got := boIndex(&c); got != i {
			t.Fatalf("board %v: index %d, want %d", c, got, i)
		}
	}
}

// TestBearoffExact: distributions worked out by hand. A checker on the 1
// point, two there, or one on the 2 point and one on the 1 point (1-1
// plays 2/1, 1/off, 1/off): one roll. One checker on the 6 point: off at
// once unless the dice total less than 6 and are not 2-2 (1-1, 1-2, 2-1,
// 1-3, 3-1, 1-4, 4-1, 2-3, 3-2: 9 of 36), then surely at the second: 3/4
// at one roll, 1/4 at two, 1.25 on average. And no board is off in 0
// rolls but the empty one; every distribution sums to 1.
func TestBearoffExact(t *testing.T) {
	db := testBearoff()
	for _, tc := range []struct {
		c    [6]int8
		want []float64
	}{
		{[6]int8{}, []float64{1}},
		{[6]int8{1}, []float64{0, 1}},
		{[6]int8{2}, []float64{0, 1}},
		{[6]int8{1, 1}, []float64{0, 1}},
		{[6]int8{0, 0, 0, 0, 0, 1}, []float64{0, 0.75, 0.25}},
	} {
		got := db.Rolls(tc.c)
		for n := range boRolls {
			want := 0.0
			if n < len(tc.want) {
				want = tc.want[n]
			}
			if math.Abs(float64(got[n])-want) > 1e-6 {
				t.Errorf("%v: P(%d rolls) = %v, want %v", tc.c, n, got[n], want)
			}
		}
	}
	if m := db.Mean([6]int8{0, 0, 0, 0, 0, 1}); math.Abs(m-1.25) > 1e-6 {
		t.Errorf("a checker on the 6 point: mean %v rolls, want 1.25", m)
	}
	for i, c := range boBoards() {
		sum := 0.0
		for _, p := range db.Rolls(c) {
			sum += float64(p)
		}
		if math.Abs(sum-1) > 1e-4 || (i > 0 && db.Rolls(c)[0] != 0) {
			t.Fatalf("%v: the distribution sums to %v, P(0) %v", c, sum, db.Rolls(c)[0])
		}
	}
}

// TestBearoffMonotone: a checker more never makes the bear-off shorter on
// average (one moved a point farther may: six checkers on the 5 point
// need 4.6996 rolls, five there and one on the 6 point 4.6963, which
// wastes less of the sixes); 15 checkers on the 1 point
// take 7.5 rolls or less (two a roll, four on doubles) and more than 6.
func TestBearoffMonotone(t *testing.T) {
	db := testBearoff()
	for _, c := range boBoards() {
		m := db.Mean(c)
		n := 0
		for _, k := range c {
			n += int(k)
		}
		for p := range 6 {
			if n < checkers {
				d := c
				d[p]++
				if db.Mean(d) < m-1e-5 {
					t.Fatalf("%v: %v rolls; with a checker more on %d, %v", c, m, p+1, db.Mean(d))
				}
			}
		}
	}
	if m := db.Mean([6]int8{15}); m > 7.5 || m < 6 {
		t.Errorf("15 checkers on the 1 point: %v rolls", m)
	}
}

// homeText is a standard tavla position: White's home board c (c[d-1]
// checkers on the point d away from off, the rest off), Black's 15 on its
// 1 point, White holding dice a-b.
func homeText(c [6]int8, a, b int) string {
	cells := make([]string, points)
	for i := range cells {
		cells[i] = "."
	}
	n := 0
	for d := 1; d <= 6; d++ {
		if c[d-1] > 0 {
			cells[points-d] = "w" + itoa(int(c[d-1]))
			n += int(c[d-1])
		}
	}
	cells[0] = "b15"
	return strings.Join(cells, ",") + " " + itoa(checkers-n) + " 0 0 0 w " + itoa(a) + "-" + itoa(b)
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestBearoffPlaysAgreeWithTheRules: the boards the database's own move
// rules reach from a home board with a roll are exactly those of the
// game's turn generator (its rules for bearing off with a higher die and
// for using every die), on 2,000 random boards and rolls.
func TestBearoffPlaysAgreeWithTheRules(t *testing.T) {
	boards := boBoards()
	rng := rand.New(rand.NewPCG(1, 2))
	g := newTurnGen()
	for range 2000 {
		c := boards[1+rng.IntN(len(boards)-1)]
		a, b := 1+rng.IntN(6), 1+rng.IntN(6)
		if a < b {
			a, b = b, a
		}
		text := homeText(c, a, b)
		p, err := parsePositionOf(text, true)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		var want []int
		for _, tu := range g.generate(&p.st) {
			h, ok := tu.st.homeBoard(white)
			if !ok {
				t.Fatalf("%s: a turn leaves White out of its home", text)
			}
			if i := boIndex(&h); !slices.Contains(want, i) {
				want = append(want, i)
			}
		}
		got := boPlays(c, a, b, nil)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: the database's plays reach %v, the rules %v", text, got, want)
		}
	}
}

// TestBearoffChances: the race's chances from the two distributions. One
// checker on White's 6 point against one on Black's 1 point, White to
// roll: White wins with the 27 rolls of 36 that bear it off (no mars: both
// have checkers off). White's last checker on its 1 point against Black's
// 15 none off: a mars, surely. Not a bear-off (a checker outside home):
// none.
func TestBearoffChances(t *testing.T) {
	db := testBearoff()
	for _, tc := range []struct {
		text        string
		win, gw, gl float64
	}{
		{"b1,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,w1,.,.,.,.,. 14 14 0 0 w -", 0.75, 0, 0},
		{"b1,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,w1,.,.,.,.,. 14 14 0 0 b -", 1, 0, 0},
		{"b15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,w1 14 0 0 0 w -", 1, 1, 0},
		// Black to roll with 15 on its 1 point: it bears off two or four
		// at once and loses a single game.
		{"b15,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,w1 14 0 0 0 b -", 0, 0, 0},
	} {
		p, err := parsePositionOf(tc.text, true)
		if err != nil {
			t.Fatal(err)
		}
		o, ok := db.probs(&p.st, p.st.side)
		if !ok {
			t.Fatalf("%s: not a bear-off", tc.text)
		}
		if math.Abs(float64(o[outWin])-tc.win) > 1e-5 || math.Abs(float64(o[outMarsWin])-tc.gw) > 1e-5 || math.Abs(float64(o[outMarsLoss])-tc.gl) > 1e-5 {
			t.Errorf("%s: %v, want %v %v %v", tc.text, o, tc.win, tc.gw, tc.gl)
		}
	}
	p, err := parsePositionOf("b1,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,w1,.,.,.,.,.,. 14 14 0 0 w -", true)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := db.probs(&p.st, white); ok {
		t.Error("a checker on White's 7 point: read as a bear-off")
	}
}

// TestBearoffCache: the database is saved at first use, loaded from the
// file afterwards with the same tables, and rebuilt from a damaged file.
func TestBearoffCache(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the database three times")
	}
	dir := t.TempDir()
	db, err := LoadBearoffFrom(dir)
	if err != nil || db.Loaded || db.Path == "" {
		t.Fatalf("first load: %v, loaded %v, path %q", err, db.Loaded, db.Path)
	}
	again, err := LoadBearoffFrom(dir)
	if err != nil || !again.Loaded || !slices.Equal(again.dist, db.dist) || !slices.Equal(again.first, db.first) {
		t.Fatalf("second load: %v, loaded %v", err, again.Loaded)
	}
	path := filepath.Join(dir, bearoffName)
	data, _ := os.ReadFile(path)
	data[len(data)/2] ^= 0xff
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	fixed, err := LoadBearoffFrom(dir)
	if err != nil || fixed.Loaded || !fixed.Rebuilt || !slices.Equal(fixed.dist, db.dist) {
		t.Fatalf("damaged file: %v, loaded %v, rebuilt %v", err, fixed.Loaded, fixed.Rebuilt)
	}
}

// TestBearoffBestPlays: each board's distribution is that of its rolls'
// best plays (the fewest rolls on average among every board the roll
// can leave, listed by boPlays) one roll later, on 3,000 random boards:
// the fast build's tables choose as a plain search of the plays would.
func TestBearoffBestPlays(t *testing.T) {
	db := testBearoff()
	boards := boBoards()
	rng := rand.New(rand.NewPCG(3, 4))
	for range 3000 {
		i := 1 + rng.IntN(len(boards)-1)
		c := boards[i]
		want := make([]float64, boRolls)
		for _, r := range rolls {
			plays := boPlays(c, r.a, r.b, nil)
			best := plays[0]
			for _, j := range plays[1:] {
				if db.Mean(boards[j]) < db.Mean(boards[best]) {
					best = j
				}
			}
			for n := 0; n+1 < boRolls; n++ {
				want[n+1] += r.w / 36 * float64(db.Rolls(boards[best])[n])
			}
		}
		for n, p := range db.Rolls(c) {
			if math.Abs(float64(p)-want[n]) > 1e-5 {
				t.Fatalf("%v: P(%d rolls) %v, by its best plays %v", c, n, p, want[n])
			}
		}
	}
}

// TestBearoffInTheEvaluation: with the database ready, a search's value
// and the cube's chances of a bear-off are the database's (White's one
// checker on its 6 point against Black's on its 1 point: 3/4, a roll
// ahead 3/4 too, since a miss leaves Black a sure win); without it
// (NoBearoff, and the cube's bearoff false) the network's, which differ.
func TestBearoffInTheEvaluation(t *testing.T) {
	const race = "b1,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,.,w1,.,.,.,.,. 14 14 0 0 w - 1 d money"
	g, err := Backgammon{}.ParsePosition(race)
	if err != nil {
		t.Fatal(err)
	}
	p := g.(*Pos)
	for _, ahead := range []int{0, 1} {
		a, ok := p.CubeAdvice(nil, ahead)
		if !ok || math.Abs(a.Win-0.75) > 1e-6 || a.GammonWin != 0 || a.GammonLoss != 0 || !a.Double {
			t.Errorf("ahead %d: %+v, want the database's 0.75, no gammons, and a double", ahead, a)
		}
		net, _ := p.cubeAdvice(nil, ahead, false)
		if math.Abs(net.Win-0.75) < 1e-6 {
			t.Errorf("ahead %d: the network's reading is the database's %v", ahead, net.Win)
		}
	}
	with := NewSearcher(SearchOptions{Net: defaultStdNet()})
	without := NewSearcher(SearchOptions{Net: defaultStdNet(), NoBearoff: true})
	if v := with.value(&p.st, white); math.Abs(v-0.5) > 1e-6 {
		t.Errorf("the search's value %v, want 2·0.75-1", v)
	}
	if v := without.value(&p.st, white); math.Abs(v-0.5) < 1e-6 {
		t.Errorf("without the database the value is still %v", v)
	}
}

// TestBearoffAgainstTheNetwork: the network's chance to win in random
// bear-offs (both sides home, 1 to 15 checkers each, some off) is close
// to the database's exact one on average, a check that both read the
// roller the same way round; the mean error is logged (BENCHMARKS.md),
// with how often the cube's decisions (the cube centred, 0-ply) on the
// two readings differ.
func TestBearoffAgainstTheNetwork(t *testing.T) {
	db := testBearoff()
	ev := newEvaluator(defaultStdNet())
	boards := boBoards()
	rng := rand.New(rand.NewPCG(5, 6))
	var sum, worst float64
	var doubles, takes int
	const n = 2000
	for range n {
		var ws, bs [6]int8
		for ws == [6]int8{} {
			ws = boards[rng.IntN(len(boards))]
		}
		for bs == [6]int8{} {
			bs = boards[rng.IntN(len(boards))]
		}
		var st state
		st.hit = true
		cnt := [2]int{}
		for d := 1; d <= 6; d++ {
			st.occ[index(white, 25-d)] = ws[d-1]
			st.occ[index(black, 25-d)] = -bs[d-1]
			cnt[0] += int(ws[d-1])
			cnt[1] += int(bs[d-1])
		}
		st.off = [2]int8{int8(checkers - cnt[0]), int8(checkers - cnt[1])}
		exact, ok := db.probs(&st, white)
		if !ok {
			t.Fatalf("%v %v: not a bear-off", ws, bs)
		}
		net := ev.probs(&st, white)
		d := math.Abs(float64(net[outWin] - exact[outWin]))
		sum += d
		worst = max(worst, d)
		pips := 0
		for k, c := range ws {
			pips += (k + 1) * int(c)
		}
		x := min(max(0.55+0.00125*float64(pips), 0.6), 0.7)
		a := adviseCube(float64(exact[outWin]), float64(exact[outMarsWin]), float64(exact[outMarsLoss]), 0, x)
		b := adviseCube(float64(net[outWin]), float64(net[outMarsWin]), float64(net[outMarsLoss]), 0, x)
		if a.Double != b.Double {
			doubles++
		}
		if a.Take != b.Take {
			takes++
		}
	}
	t.Logf("the network's win chance against the database's over %d bear-offs: mean error %.4f, worst %.4f; "+
		"the cube centred, the decision to double differs in %d, to take in %d", n, sum/n, worst, doubles, takes)
	if sum/n > 0.05 {
		t.Errorf("mean error %.4f", sum/n)
	}
}

// TestBearoffGnubg: the database's chances against GNU Backgammon
// 1.07.001's in 300 random bear-offs (testdata/bearoff-gnubg.txt, made by
// `go run ./tools/gnubgbearoff -n 300 -seed 1`: gnubg's 0-ply, which
// reads its own bear-off databases there, the two-sided exact one for
// six checkers or fewer a side). The differences are logged; they stay
// within 0.02 (the one-sided approximation, gnubg's 16-bit tables).
func TestBearoffGnubg(t *testing.T) {
	db := testBearoff()
	data, err := os.ReadFile(filepath.Join("testdata", "bearoff-gnubg.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var n int
	var sum, worst [3]float64
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		if len(f) != 15 {
			t.Fatalf("line %q", line)
		}
		var c [12]int8
		for i := range c {
			v, err := strconv.Atoi(f[i])
			if err != nil {
				t.Fatalf("line %q: %v", line, err)
			}
			c[i] = int8(v)
		}
		var st state
		st.hit = true
		cnt := [2]int{}
		for d := 1; d <= 6; d++ {
			st.occ[index(white, 25-d)] = c[d-1]
			st.occ[index(black, 25-d)] = -c[6+d-1]
			cnt[0] += int(c[d-1])
			cnt[1] += int(c[6+d-1])
		}
		st.off = [2]int8{int8(checkers - cnt[0]), int8(checkers - cnt[1])}
		o, ok := db.probs(&st, white)
		if !ok {
			t.Fatalf("%q: not a bear-off", line)
		}
		n++
		for k := range 3 {
			g, err := strconv.ParseFloat(f[12+k], 64)
			if err != nil {
				t.Fatalf("line %q: %v", line, err)
			}
			d := math.Abs(float64(o[k]) - g)
			sum[k] += d
			if d > worst[k] {
				worst[k] = d
			}
			if d > 0.02 {
				t.Errorf("%q: ours %v", line, o)
			}
		}
	}
	t.Logf("%d bear-offs against gnubg: mean difference win %.5f gammon win %.5f gammon loss %.5f; worst %.4f %.4f %.4f",
		n, sum[0]/float64(n), sum[1]/float64(n), sum[2]/float64(n), worst[0], worst[1], worst[2])
}
