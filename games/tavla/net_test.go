package tavla

import (
	"bytes"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"oyunbot/ai"
)

// TestEmbeddedNet: the embedded weights read back whole, of the version
// the code expects, and say where they come from.
func TestEmbeddedNet(t *testing.T) {
	n := defaultNet()
	if n.Version != NetVersion {
		t.Fatalf("version %d, want %d", n.Version, NetVersion)
	}
	if !strings.HasPrefix(n.Note, "tavlatrain ") {
		t.Fatalf("note %q does not name its training", n.Note)
	}
	if n.Hidden < 1 || len(n.W1) != numInputs*n.Hidden {
		t.Fatalf("shape: %d hidden, %d first-layer weights", n.Hidden, len(n.W1))
	}
}

// TestNetFileRoundTrip: weights written and read back are the same;
// damaged or cut files and other shapes are refused with a reason.
func TestNetFileRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	n := NewNet(12, 0.3, rng.Float64)
	n.Version, n.Note = 7, "test"
	var buf bytes.Buffer
	if _, err := n.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	m, err := ReadNet(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if m.Version != 7 || m.Note != "test" || m.Hidden != 12 || m.B2 != n.B2 ||
		!slicesEqual(m.W1, n.W1) || !slicesEqual(m.B1, n.B1) || !slicesEqual(m.W2, n.W2) {
		t.Fatal("the weights read back differ")
	}
	bad := append([]byte(nil), data...)
	bad[len(bad)/2] ^= 1
	for _, c := range []struct {
		name string
		data []byte
		want string
	}{
		{"damaged", bad, "checksum"},
		{"cut", data[:len(data)-9], "checksum"},
		{"not a network", []byte("hello, this is not a network file at all"), "TAVLANET"},
		{"empty", nil, "TAVLANET"},
	} {
		if _, err := ReadNet(bytes.NewReader(c.data)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error about %s", c.name, err, c.want)
		}
	}
}

func slicesEqual(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// mirror is st with the colours swapped: each side's checkers where the
// other side's stood, in its own numbering.
func mirror(st *state) state {
	var m state
	for i := range points {
		m.occ[points-1-i] = -st.occ[i]
		if st.pinned(i) {
			m.pins |= 1 << (points - 1 - i)
		}
	}
	m.off[0], m.off[1] = st.off[1], st.off[0]
	m.side = st.side.Opponent()
	return m
}

// TestEvaluationIsColourBlind: a position and its mirror image (colours
// swapped) light the same inputs and are worth the same to the side
// about to roll.
func TestEvaluationIsColourBlind(t *testing.T) {
	e := newEvaluator(defaultNet())
	for _, p := range turnPositions(t, 3) {
		st := p.st
		m := mirror(&st)
		a := e.probs(&st, st.side)
		fa := e.f
		b := e.probs(&m, m.side)
		if fa.n != e.f.n || fa.idx != e.f.idx || fa.val != e.f.val || a != b {
			t.Fatalf("%s: %v, mirrored %v", p, a, b)
		}
	}
}

// TestEvaluationKnowsTheEnd: the network's chances in positions whose
// outcome is nearly sure: a race far ahead, and the opponent's last
// checker pinned on its own point 1 under a door of ours with our others
// home.
func TestEvaluationKnowsTheEnd(t *testing.T) {
	e := newEvaluator(defaultNet())
	for _, c := range []struct {
		name, pos string
		win, mars float32 // at least
	}{
		// White has 13 off and two home; Black's 15 are all still far.
		{"race", board(map[int]string{23: "w1", 24: "w1", 10: "b15"}, "13 0", "w", "-"), 0.95, 0.8},
		// Black's last checker at Black's point 1 (White's 24) pinned under
		// two of White's; White's others home, Black's 14 borne off none.
		{"mother pinned", board(map[int]string{19: "w5", 20: "w4", 21: "w4", 24: "w2/b", 5: "b14"}, "0 0", "w", "-"), 0.9, 0.5},
	} {
		p := mustPos(t, c.pos)
		pr := e.probs(&p.st, white)
		if pr[outWin] < c.win || pr[outMarsWin] < c.mars {
			t.Errorf("%s: win %.3f mars %.3f, want at least %.2f and %.2f", c.name, pr[outWin], pr[outMarsWin], c.win, c.mars)
		}
		m := mirror(&p.st)
		if q := e.probs(&m, black); q != pr {
			t.Errorf("%s: mirrored for Black %v, for White %v", c.name, q, pr)
		}
	}
}

// TestInferenceAllocates nothing: encoding and the forward pass, and the
// listing of a roll's turns once its buffers have grown.
func TestInferenceAllocatesNothing(t *testing.T) {
	e := newEvaluator(defaultNet())
	p := mustPos(t, benchPos)
	st := p.st
	if n := testing.AllocsPerRun(100, func() { e.equity(&st, white) }); n != 0 {
		t.Errorf("evaluation: %.1f allocations a call", n)
	}
	g := newTurnGen()
	g.generate(&st)
	if n := testing.AllocsPerRun(100, func() { g.generate(&st) }); n != 0 {
		t.Errorf("turn listing: %.1f allocations a call", n)
	}
}

// TestFromBase: the network's chances for a turn's end computed from the
// roll's start (only the inputs that differ) are those computed from
// scratch, up to float32 rounding, and cost no allocation.
func TestFromBase(t *testing.T) {
	e := newEvaluator(defaultNet())
	g := newTurnGen()
	worst := 0.0
	for _, p := range turnPositions(t, 2) {
		st := p.st
		opp := st.side.Opponent()
		e.setBase(0, &st, opp)
		turns := g.generate(&st)
		for i := range turns {
			a := e.fromBase(0, &turns[i].st, opp)
			b := e.probs(&turns[i].st, opp)
			for k := range a {
				worst = max(worst, math.Abs(float64(a[k]-b[k])))
			}
		}
	}
	if worst > 1e-5 {
		t.Fatalf("from the base and from scratch differ by %.2g", worst)
	}
	p := mustPos(t, benchPos)
	st := p.st
	e.setBase(1, &st, black)
	end := g.generate(&st)[0].st
	if n := testing.AllocsPerRun(100, func() { e.fromBase(1, &end, black) }); n != 0 {
		t.Errorf("%.1f allocations a call", n)
	}
}

// TestSigmoidTable: the table's sigmoid is within 1e-5 of the exact one.
func TestSigmoidTable(t *testing.T) {
	for x := -20.0; x <= 20; x += 0.01 {
		want := 1 / (1 + math.Exp(-x))
		if got := float64(sigmoid(float32(x))); math.Abs(got-want) > 1e-5 {
			t.Fatalf("sigmoid(%.2f) = %.7f, want %.7f", x, got, want)
		}
	}
}

// TestFinalValue: a finished game is worth its points exactly.
func TestFinalValue(t *testing.T) {
	p := mustPos(t, board(map[int]string{3: "b15"}, "15 0", "b", "-"))
	if v, over := finalValue(&p.st, white); !over || v != 2 {
		t.Fatalf("mars for White: %v %v", v, over)
	}
	if v, _ := finalValue(&p.st, black); v != -2 {
		t.Fatalf("mars against Black: %v", v)
	}
	q := mustPos(t, board(map[int]string{3: "b14"}, "15 1", "b", "-"))
	if v, _ := finalValue(&q.st, ai.Second); v != -1 {
		t.Fatalf("single loss for Black: %v", v)
	}
}
