package tavla

// net.go is the learned evaluation: a network with one hidden layer that
// reads a position from the side about to roll and gives its chances to
// win, to win a mars and to lose one. It was trained by TD(λ) self-play
// (tools/tavlatrain; the recipe and the curve are in BENCHMARKS.md); its
// weights are embedded in the binary, versioned (NetVersion) and checked
// (a CRC) when read.
//
// Inputs, 246, from the roller's side ("me") and the other ("them"), each
// side's points in its own numbering, so that one set of weights serves
// both colours:
//
//	for each side and each of its points 1..24, five inputs:
//	  one checker of the side on top, exactly two, three or more,
//	  (n-3)/4 for n > 3 checkers, and a checker of the side pinned there
//	each side's borne-off checkers / 15, pips / 360, and whether it may
//	bear off now
//
// In standard tavla nothing is ever pinned: there the pin inputs of a
// side's points 1, 2 and 3 say instead that it has one, two or three or
// more checkers on the bar, and point 4's (n-3)/4 for n > 3 (a bar checker
// counts 25 pips). Its network is another set of weights of the same
// shape (netstd1.bin).
//
// The counts are one-hot rather than cumulative (the first layer is linear:
// either can express the other) so that a point lights two inputs at most.
// Evaluating a position touches only its lit inputs' weights.

import (
	"bytes"
	_ "embed"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"sync"

	"oyunbot/ai"
)

// StdNetVersion is the version of standard tavla's embedded weights.
const StdNetVersion = 1

//go:embed netstd1.bin
var stdNetFile []byte

// defaultStdNet is standard tavla's embedded network, read once on first
// use.
var defaultStdNet = sync.OnceValue(func() *Net {
	n, err := ReadNet(bytes.NewReader(stdNetFile))
	if err != nil {
		panic("tavla: the embedded standard network: " + err.Error())
	}
	if n.Version != StdNetVersion {
		panic(fmt.Sprintf("tavla: the embedded standard network is version %d, the code expects %d", n.Version, StdNetVersion))
	}
	return n
})

// Network shape.
const (
	perPoint   = 5
	inOff      = 2 * points * perPoint // me, them: off / 15
	inPip      = inOff + 2             // me, them: pips / 360
	inBear     = inPip + 2             // me, them: may bear off
	numInputs  = inBear + 2
	numOutputs = 3 // win, mars win, mars loss
	// maxLit bounds the inputs a position lights: per side at most 15
	// occupied points with two inputs each, 15 pins, and the six totals.
	maxLit = 2*(2*checkers+checkers) + 6
	// maxHidden bounds the hidden layer a weights file may have.
	maxHidden = 256
)

// Outputs' indices.
const (
	outWin = iota
	outMarsWin
	outMarsLoss
)

// NetVersion is the version of the embedded weights: it changes whenever
// they do, so that an analysis can say which evaluation it used.
const NetVersion = 1

//go:embed net1.bin
var netFile []byte

// defaultNet is the embedded network, read once on first use.
var defaultNet = sync.OnceValue(func() *Net {
	n, err := ReadNet(bytes.NewReader(netFile))
	if err != nil {
		panic("tavla: the embedded network: " + err.Error())
	}
	if n.Version != NetVersion {
		panic(fmt.Sprintf("tavla: the embedded network is version %d, the code expects %d", n.Version, NetVersion))
	}
	return n
})

// Net is a network's weights. It is read-only once built: any number of
// evaluators may share it.
type Net struct {
	Version uint32
	Hidden  int
	// Note says where the weights come from (the training's seed, games,
	// λ and learning rate).
	Note string
	// W1 is input-major: the weights from input i to the hidden units are
	// W1[i*Hidden : (i+1)*Hidden].
	W1 []float32
	B1 []float32
	// W2 is output-major: W2[k*Hidden+j] from hidden unit j to output k.
	W2 []float32
	B2 [numOutputs]float32
}

// NewNet returns a network with hidden units whose weights are drawn from
// rng uniformly in ±scale (the start of a training).
func NewNet(hidden int, scale float64, next func() float64) *Net {
	n := &Net{Hidden: hidden, W1: make([]float32, numInputs*hidden), B1: make([]float32, hidden), W2: make([]float32, numOutputs*hidden)}
	for _, w := range [][]float32{n.W1, n.B1, n.W2} {
		for i := range w {
			w[i] = float32((2*next() - 1) * scale)
		}
	}
	return n
}

const netMagic = "TAVLANET"

// WriteTo writes the weights: the magic, version, shape and note, the
// weights as little-endian float32, and a CRC-32 of all that.
func (n *Net) WriteTo(w io.Writer) (int64, error) {
	var b bytes.Buffer
	b.WriteString(netMagic)
	for _, v := range []uint32{n.Version, numInputs, uint32(n.Hidden), numOutputs, uint32(len(n.Note))} {
		binary.Write(&b, binary.LittleEndian, v)
	}
	b.WriteString(n.Note)
	binary.Write(&b, binary.LittleEndian, n.W1)
	binary.Write(&b, binary.LittleEndian, n.B1)
	binary.Write(&b, binary.LittleEndian, n.W2)
	binary.Write(&b, binary.LittleEndian, n.B2[:])
	binary.Write(&b, binary.LittleEndian, crc32.ChecksumIEEE(b.Bytes()))
	k, err := w.Write(b.Bytes())
	return int64(k), err
}

// ReadNet reads weights written by WriteTo.
func ReadNet(r io.Reader) (*Net, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if len(data) < len(netMagic)+24 || string(data[:len(netMagic)]) != netMagic {
		return nil, errors.New("not a tavla network (no TAVLANET header)")
	}
	body, sum := data[:len(data)-4], binary.LittleEndian.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return nil, errors.New("the network's checksum does not match: the file is damaged")
	}
	rd := bytes.NewReader(body[len(netMagic):])
	var hdr [5]uint32
	if err := binary.Read(rd, binary.LittleEndian, &hdr); err != nil {
		return nil, err
	}
	if hdr[1] != numInputs || hdr[3] != numOutputs || hdr[2] == 0 || hdr[2] > maxHidden {
		return nil, fmt.Errorf("a network of %d inputs, %d hidden units and %d outputs; this code reads %d inputs, up to %d hidden, %d outputs",
			hdr[1], hdr[2], hdr[3], numInputs, maxHidden, numOutputs)
	}
	n := &Net{Version: hdr[0], Hidden: int(hdr[2])}
	note := make([]byte, hdr[4])
	if _, err := io.ReadFull(rd, note); err != nil {
		return nil, err
	}
	n.Note = string(note)
	n.W1 = make([]float32, numInputs*n.Hidden)
	n.B1 = make([]float32, n.Hidden)
	n.W2 = make([]float32, numOutputs*n.Hidden)
	for _, w := range [][]float32{n.W1, n.B1, n.W2, n.B2[:]} {
		if err := binary.Read(rd, binary.LittleEndian, w); err != nil {
			return nil, fmt.Errorf("the network is cut short: %w", err)
		}
	}
	if rd.Len() != 0 {
		return nil, fmt.Errorf("%d bytes after the network's weights", rd.Len())
	}
	return n, nil
}

// Clone returns a copy of the weights (a training works on its own).
func (n *Net) Clone() *Net {
	c := *n
	c.W1 = append([]float32(nil), n.W1...)
	c.B1 = append([]float32(nil), n.B1...)
	c.W2 = append([]float32(nil), n.W2...)
	return &c
}

// features is a position's lit inputs: indices and values.
type features struct {
	idx [maxLit]int16
	val [maxLit]float32
	n   int
}

func (f *features) add(i int, v float32) {
	f.idx[f.n], f.val[f.n] = int16(i), v
	f.n++
}

// encode lights st's inputs as seen by side me, who rolls next.
func (f *features) encode(st *state, me ai.Side) {
	f.n = 0
	for k, s := range [2]ai.Side{me, me.Opponent()} {
		sg := sign(s)
		base := k * points * perPoint
		pip := 0
		home := 0
		pinnedAny := false
		for q := 1; q <= points; q++ {
			i := index(s, q)
			at := base + (q-1)*perPoint
			n := int(st.occ[i] * sg)
			switch {
			case n > 0:
				pip += n * (points + 1 - q)
				if q >= 19 {
					home += n
				}
				switch n {
				case 1:
					f.add(at, 1)
				case 2:
					f.add(at+1, 1)
				default:
					f.add(at+2, 1)
					if n > 3 {
						f.add(at+3, float32(n-3)/4)
					}
				}
			case n < 0 && st.pinned(i):
				// One of s's checkers lies under the other side's stack.
				pip += points + 1 - q
				pinnedAny = true
				f.add(at+4, 1)
			}
		}
		if n := int(st.bar[s]); n > 0 {
			pip += n * (points + 1)
			switch n {
			case 1:
				f.add(base+4, 1)
			case 2:
				f.add(base+perPoint+4, 1)
			default:
				f.add(base+2*perPoint+4, 1)
				if n > 3 {
					f.add(base+3*perPoint+4, float32(n-3)/4)
				}
			}
		}
		if off := st.off[s]; off > 0 {
			f.add(inOff+k, float32(off)/checkers)
		}
		if pip > 0 {
			f.add(inPip+k, float32(pip)/360)
		}
		if !pinnedAny && st.bar[s] == 0 && home+int(st.off[s]) == checkers {
			f.add(inBear+k, 1)
		}
	}
}

// Sigmoid by table: 1/(1+e^-x) on [-sigRange, sigRange] in steps of
// 1/sigScale, linear between steps (error under 1e-5), 0 and 1 beyond.
const (
	sigRange = 16
	sigScale = 64
	sigSize  = 2*sigRange*sigScale + 2
)

var sigTable = func() (t [sigSize]float32) {
	for i := range t {
		x := float64(i)/sigScale - sigRange
		t[i] = float32(1 / (1 + math.Exp(-x)))
	}
	return t
}()

func sigmoid(x float32) float32 {
	y := (x + sigRange) * sigScale
	if y <= 0 {
		return 0
	}
	if y >= sigSize-2 {
		return 1
	}
	i := int(y)
	fr := y - float32(i)
	return sigTable[i] + fr*(sigTable[i+1]-sigTable[i])
}

// evaluator evaluates positions with a network; its buffers make a call
// allocation-free. Not safe for concurrent use.
type evaluator struct {
	net *Net
	// bearoff: a position where both sides have every checker home (in
	// standard tavla and backgammon) is rated by the bear-off database
	// (bearoff.go) once it is ready, not by the network.
	bearoff bool
	f       features
	h       [maxHidden]float32
	// bases are positions many evaluated ones differ little from (a
	// roll's start, whose turns' ends each move a few checkers), one per
	// level of a search: from a base only the inputs that differ are
	// added (see fromBase).
	bases [maxBases]evalBase
	seen  [numInputs]uint32
	gen   uint32
}

// maxBases bounds the levels of bases (a search's depth and a rollout).
const maxBases = 8

// evalBase is a base position's inputs (dense, and which are lit) and
// its hidden layer's sums before the sigmoid.
type evalBase struct {
	x      [numInputs]float32
	f      features
	sums   [maxHidden]float32
	roller ai.Side
}

func newEvaluator(n *Net) *evaluator { return &evaluator{net: n} }

// probs returns the roller's chances: to win, to win a mars, to lose a
// mars (consistent: a mars win no likelier than a win, a mars loss no
// likelier than a loss). The hidden layer's values stay in e.h.
func (e *evaluator) probs(st *state, roller ai.Side) [numOutputs]float32 {
	if o, ok := e.exact(st, roller); ok {
		return o
	}
	e.f.encode(st, roller)
	out := e.forward()
	out[outMarsWin] = min(out[outMarsWin], out[outWin])
	out[outMarsLoss] = min(out[outMarsLoss], 1-out[outWin])
	return out
}

// forward runs the network on e.f: its raw outputs.
func (e *evaluator) forward() [numOutputs]float32 {
	n := e.net
	hn := n.Hidden
	h := e.h[:hn:hn]
	copy(h, n.B1)
	for k := 0; k < e.f.n; k++ {
		i := int(e.f.idx[k])
		row := n.W1[i*hn : i*hn+hn : i*hn+hn]
		if v := e.f.val[k]; v == 1 {
			for j := range row {
				h[j] += row[j]
			}
		} else {
			for j := range row {
				h[j] += v * row[j]
			}
		}
	}
	return e.output()
}

// output runs the network from the hidden sums in e.h (left as the
// hidden layer's values).
func (e *evaluator) output() [numOutputs]float32 {
	n := e.net
	hn := n.Hidden
	h := e.h[:hn:hn]
	for j := range h {
		h[j] = sigmoid(h[j])
	}
	var out [numOutputs]float32
	for k := range out {
		w := n.W2[k*hn : k*hn+hn : k*hn+hn]
		s := n.B2[k]
		for j := range w {
			s += w[j] * h[j]
		}
		out[k] = sigmoid(s)
	}
	return out
}

// setBase makes st, seen by roller, the base of level k.
func (e *evaluator) setBase(k int, st *state, roller ai.Side) {
	b := &e.bases[k]
	for i := 0; i < b.f.n; i++ {
		b.x[b.f.idx[i]] = 0
	}
	b.f.encode(st, roller)
	b.roller = roller
	hn := e.net.Hidden
	sums := b.sums[:hn:hn]
	copy(sums, e.net.B1)
	for i := 0; i < b.f.n; i++ {
		ix := int(b.f.idx[i])
		v := b.f.val[i]
		b.x[ix] = v
		row := e.net.W1[ix*hn : ix*hn+hn : ix*hn+hn]
		for j := range row {
			sums[j] += v * row[j]
		}
	}
}

// fromBase is probs(st, roller) computed from level k's base, whose
// roller must be the same: the hidden sums are the base's plus the
// weights of the inputs that differ (a few for a turn's end against the
// roll's start, against all of them from scratch). The result equals
// probs' up to float32 rounding.
func (e *evaluator) fromBase(k int, st *state, roller ai.Side) [numOutputs]float32 {
	if o, ok := e.exact(st, roller); ok {
		return o
	}
	b := &e.bases[k]
	e.f.encode(st, roller)
	e.gen++
	if e.gen == 0 {
		clear(e.seen[:])
		e.gen = 1
	}
	hn := e.net.Hidden
	h := e.h[:hn:hn]
	copy(h, b.sums[:hn])
	add := func(ix int, d float32) {
		row := e.net.W1[ix*hn : ix*hn+hn : ix*hn+hn]
		for j := range row {
			h[j] += d * row[j]
		}
	}
	for i := 0; i < e.f.n; i++ {
		ix := int(e.f.idx[i])
		e.seen[ix] = e.gen
		if d := e.f.val[i] - b.x[ix]; d != 0 {
			add(ix, d)
		}
	}
	for i := 0; i < b.f.n; i++ {
		if ix := int(b.f.idx[i]); e.seen[ix] != e.gen {
			add(ix, -b.x[ix])
		}
	}
	out := e.output()
	out[outMarsWin] = min(out[outMarsWin], out[outWin])
	out[outMarsLoss] = min(out[outMarsLoss], 1-out[outWin])
	return out
}

// exact is the bear-off database's chances for roller in st when e uses
// it, it is ready and both sides are bearing off (standard tavla's hitting
// game only: hapis's positions are not read there).
func (e *evaluator) exact(st *state, roller ai.Side) ([numOutputs]float32, bool) {
	if !e.bearoff || !st.hit {
		return [numOutputs]float32{}, false
	}
	db := readyBearoff()
	if db == nil {
		return [numOutputs]float32{}, false
	}
	return db.probs(st, roller)
}

// equityOf is the points the roller expects from its chances, a mars
// worth two: P(win) - P(loss) + P(mars win) - P(mars loss).
func equityOf(o [numOutputs]float32) float64 {
	return float64(2*o[outWin] - 1 + o[outMarsWin] - o[outMarsLoss])
}

// equity is st's value in points for roller, who rolls next; a finished
// game is worth its result exactly.
func (e *evaluator) equity(st *state, roller ai.Side) float64 {
	if v, over := finalValue(st, roller); over {
		return v
	}
	return equityOf(e.probs(st, roller))
}

// finalValue is a finished game's points for side s (a draw is 0), and
// whether the game is finished.
func finalValue(st *state, s ai.Side) (float64, bool) {
	for w := white; w <= black; w++ {
		if st.off[w] == checkers {
			v := 1.0
			if st.off[w.Opponent()] == 0 {
				v = 2
			}
			if w != s {
				v = -v
			}
			return v, true
		}
	}
	return 0, false
}
