package engine

// tune.go is the evaluation's side of the Texel tuning that
// tools/chesstune runs (its doc gives the steps): a position's trace (how
// often each weight counts, eval.go's evalTrace), the model that computes
// the evaluation from a trace in floating point, its fit by gradient
// descent, and the writer of eval_tuned.go.

import (
	"bytes"
	"fmt"
	"go/format"
	"io"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"

	"oyunbot/games/chess"
)

// TuneEntry is one position's trace for the tuner: the nonzero weight counts, the king
// danger features, phase, scale and the target.
type TuneEntry struct {
	idx    []int16
	coef   []int16
	kd     [2][nKD]int8
	phase  int8
	scale  int8
	target float32
}

// TuneModel is the evaluation as the tuner computes it from a trace, in
// floating point, from White's point of view.
type TuneModel struct {
	p  [nParams][2]float64
	kd [nKD]float64
}

func (m *TuneModel) eval(e *TuneEntry) (v float64, units [2]float64) {
	var mg, eg float64
	for i, ix := range e.idx {
		c := float64(e.coef[i])
		mg += c * m.p[ix][0]
		eg += c * m.p[ix][1]
	}
	for c := 0; c < 2; c++ {
		u := 0.0
		for j := range nKD {
			u += float64(e.kd[c][j]) * m.kd[j]
		}
		u = max(u, 0)
		units[c] = u
		sign := -1.0
		if c == 1 {
			sign = 1
		}
		mg += sign * u * u / 4096
		eg += sign * u / 16
	}
	ph := float64(e.phase)
	return (mg*ph + eg*(24-ph)) / 24 * float64(e.scale) / 64, units
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// Fit fits the weights to entries by gradient descent (Adam) for epochs
// passes, pulled toward the hand-set weights the tuning first started
// from by reg times the squared distance; held are held out, their error
// showing over-fitting. It logs its progress to log and returns the
// model and the logistic's scale K it used.
func Fit(entries, held []TuneEntry, epochs int, reg float64, log io.Writer) (*TuneModel, float64) {
	m := CurrentModel()
	// The regularisation pulls toward the hand-set weights the tuning
	// first started from, not toward the last fit.
	start := initialModel()
	// K: the scale of the logistic that fits the current evaluation best.
	k := fitK(m, entries)
	fmt.Fprintf(log, "%d positions, K %.5f, error %.6f\n", len(entries), k, TuneError(m, entries, k))

	const lr = 1.0
	const b1, b2, eps = 0.9, 0.999, 1e-8
	var mp, vp [nParams][2]float64
	var mk, vk [nKD]float64
	workers := runtime.GOMAXPROCS(0)
	for epoch := 1; epoch <= epochs; epoch++ {
		gp, gk, loss := gradient(m, entries, k, workers)
		for i := range m.p {
			for j := 0; j < 2; j++ {
				g := gp[i][j] + 2*reg*(m.p[i][j]-start.p[i][j])
				mp[i][j] = b1*mp[i][j] + (1-b1)*g
				vp[i][j] = b2*vp[i][j] + (1-b2)*g*g
				mh := mp[i][j] / (1 - math.Pow(b1, float64(epoch)))
				vh := vp[i][j] / (1 - math.Pow(b2, float64(epoch)))
				m.p[i][j] -= lr * mh / (math.Sqrt(vh) + eps)
			}
		}
		for j := range m.kd {
			g := gk[j] + 2*reg*(m.kd[j]-start.kd[j])
			mk[j] = b1*mk[j] + (1-b1)*g
			vk[j] = b2*vk[j] + (1-b2)*g*g
			mh := mk[j] / (1 - math.Pow(b1, float64(epoch)))
			vh := vk[j] / (1 - math.Pow(b2, float64(epoch)))
			m.kd[j] -= lr * mh / (math.Sqrt(vh) + eps)
		}
		if epoch%25 == 0 || epoch == 1 {
			fmt.Fprintf(log, "epoch %d: error %.6f, held-out %.6f\n", epoch, loss, TuneError(m, held, k))
		}
	}
	fmt.Fprintf(log, "tuned error %.6f, held-out %.6f\n", TuneError(m, entries, k), TuneError(m, held, k))
	return m, k
}

// CurrentModel is the model of the weights in use.
func CurrentModel() *TuneModel {
	var m TuneModel
	for i, s := range evalParams {
		m.p[i] = [2]float64{float64(s.mg), float64(s.eg)}
	}
	for j, v := range kingDanger {
		m.kd[j] = float64(v)
	}
	return &m
}

// initialModel is the model of the hand-set weights.
func initialModel() *TuneModel {
	var m TuneModel
	for i, s := range initialParams() {
		m.p[i] = [2]float64{float64(s.mg), float64(s.eg)}
	}
	for j, v := range initialKingDanger {
		m.kd[j] = float64(v)
	}
	return &m
}

// TraceEntry is p's trace for the tuner, with its target: the expected
// score for White the fit aims the evaluation's logistic at.
func TraceEntry(p *Position, target float64) TuneEntry {
	var tr evalTrace
	p.evaluate(&tr)
	e := TuneEntry{phase: int8(tr.phase), scale: int8(tr.scale), target: float32(target)}
	for i, c := range tr.coef {
		if c != 0 {
			e.idx = append(e.idx, int16(i))
			e.coef = append(e.coef, int16(c))
		}
	}
	for c := range 2 {
		for j := range nKD {
			e.kd[c][j] = int8(min(max(tr.kd[c][j], -128), 127))
		}
	}
	return e
}

// BookLines are the opening book's lines in SAN (the tuner's openings).
func BookLines() []string { return slices.Clone(bookLines) }

// TuneError is the mean squared error of the model's logistic (scale k)
// against the entries' targets.
func TuneError(m *TuneModel, es []TuneEntry, k float64) float64 {
	sum := 0.0
	for i := range es {
		v, _ := m.eval(&es[i])
		d := sigmoid(k*v) - float64(es[i].target)
		sum += d * d
	}
	return sum / float64(len(es))
}

// fitK finds the logistic's scale by golden-section search.
func fitK(m *TuneModel, es []TuneEntry) float64 {
	a, b := 0.0005, 0.02
	for range 40 {
		x1, x2 := b-(b-a)/1.618, a+(b-a)/1.618
		if TuneError(m, es, x1) < TuneError(m, es, x2) {
			b = x2
		} else {
			a = x1
		}
	}
	return (a + b) / 2
}

// gradient is the error's gradient by every weight, over workers.
func gradient(m *TuneModel, es []TuneEntry, k float64, workers int) (gp [nParams][2]float64, gk [nKD]float64, loss float64) {
	type part struct {
		gp   [nParams][2]float64
		gk   [nKD]float64
		loss float64
	}
	parts := make([]part, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			pt := &parts[w]
			for i := w; i < len(es); i += workers {
				e := &es[i]
				v, units := m.eval(e)
				s := sigmoid(k * v)
				d := s - float64(e.target)
				pt.loss += d * d
				g := 2 * d * s * (1 - s) * k * float64(e.scale) / 64
				ph := float64(e.phase) / 24
				gmg, geg := g*ph, g*(1-ph)
				for j, ix := range e.idx {
					c := float64(e.coef[j])
					pt.gp[ix][0] += gmg * c
					pt.gp[ix][1] += geg * c
				}
				for c := 0; c < 2; c++ {
					if units[c] <= 0 {
						continue
					}
					sign := -1.0
					if c == 1 {
						sign = 1
					}
					du := sign * (gmg*2*units[c]/4096 + geg/16)
					for j := range nKD {
						pt.gk[j] += du * float64(e.kd[c][j])
					}
				}
			}
		}()
	}
	wg.Wait()
	n := float64(len(es))
	for _, pt := range parts {
		for i := range gp {
			gp[i][0] += pt.gp[i][0] / n
			gp[i][1] += pt.gp[i][1] / n
		}
		for j := range gk {
			gk[j] += pt.gk[j] / n
		}
		loss += pt.loss / n
	}
	return gp, gk, loss
}

// WriteTuned writes the model's weights as eval_tuned.go, fitted on n
// positions with the logistic's scale k, formatted as gofmt would.
func WriteTuned(out io.Writer, m *TuneModel, n int, k float64) error {
	w := new(bytes.Buffer)
	// The generated line before the package clause, where Go's tools look
	// for it (go.dev/s/generatedcode).
	fmt.Fprintf(w, "// Code generated by chesstune fit (tools/chesstune) on %d positions, K %.5f. DO NOT EDIT.\n\npackage engine\n\n", n, k)
	fmt.Fprintf(w, "// tunedParams are the tuned evaluation weights (eval_params.go's layout).\nvar tunedParams = [nParams]score{\n")
	names := paramNames()
	for i := range m.p {
		fmt.Fprintf(w, "\t{%d, %d}, // %s\n", int(math.Round(m.p[i][0])), int(math.Round(m.p[i][1])), names[i])
	}
	fmt.Fprintf(w, "}\n\n// tunedKingDanger are the tuned king danger weights.\nvar tunedKingDanger = [nKD]int{")
	for j := range m.kd {
		if j > 0 {
			fmt.Fprint(w, ", ")
		}
		fmt.Fprint(w, int(math.Round(m.kd[j])))
	}
	fmt.Fprint(w, "}\n")
	// gofmt's layout (the comments aligned), so that the file is the
	// generator's output byte for byte.
	src, err := format.Source(w.Bytes())
	if err != nil {
		return err
	}
	_, err = out.Write(src)
	return err
}

// paramNames names each parameter index, for the generated file.
func paramNames() []string {
	names := make([]string, nParams)
	kinds := []string{"", "pawn", "knight", "bishop", "rook", "queen", "king"}
	groups := []struct {
		at, n int
		name  string
	}{
		{pMaterial, 7, "material"}, {pMobKnight, 9, "knight mobility"}, {pMobBishop, 14, "bishop mobility"},
		{pMobRook, 15, "rook mobility"}, {pMobQueen, 28, "queen mobility"}, {pDoubled, 1, "doubled"}, {pIsolated, 1, "isolated"},
		{pBackward, 1, "backward"}, {pPhalanx, 8, "phalanx"}, {pSupported, 8, "supported"}, {pPassed, 8, "passed"},
		{pPassedFree, 8, "passed, free path"}, {pPassedSafe, 8, "passed, safe stop"}, {pPassedOwnK, 8, "passed, own king distance"},
		{pPassedOppK, 8, "passed, enemy king distance"}, {pBishopPair, 1, "bishop pair"}, {pOutpostN, 1, "knight outpost"},
		{pOutpostB, 1, "bishop outpost"}, {pRookOpen, 1, "rook open file"}, {pRookSemi, 1, "rook half-open file"},
		{pRook7th, 1, "rook on the 7th"}, {pBadBishop, 1, "bad bishop pawn"}, {pShelter, 8, "shelter"}, {pStorm, 8, "storm"},
		{pKingOpen, 1, "king open file"}, {pThreatPawn, 7, "threat by pawn"}, {pThreatMin, 7, "threat by minor"},
		{pThreatRook, 7, "threat by rook"}, {pHanging, 1, "hanging"}, {pThreatKing, 1, "threat by king"},
		{pPushThreat, 1, "pawn push threat"}, {pTempo, 1, "tempo"},
		{pRookBehind, 1, "rook behind passed pawn"}, {pKingPawn, 8, "king to nearest pawn"}, {pMinorShield, 1, "minor behind pawn"},
		{pFlankEmpty, 1, "pawnless king flank"}, {pSpace, 1, "space"}, {pRookQFile, 1, "rook on queen file"}, {pLongDiag, 1, "long diagonal bishop"},
		{pKnightOnQueen, 1, "knight on queen"}, {pSliderOnQueen, 1, "slider on queen"}, {pRestricted, 1, "restricted"},
	}
	for _, g := range groups {
		for i := 0; i < g.n; i++ {
			names[g.at+i] = g.name
			if g.n > 1 {
				names[g.at+i] = fmt.Sprintf("%s %d", g.name, i)
				if g.name == "material" || strings.HasPrefix(g.name, "threat") {
					names[g.at+i] = g.name + " " + kinds[i]
				}
			}
		}
	}
	for k := 1; k <= 6; k++ {
		for sq := 0; sq < 64; sq++ {
			names[pPST+(k-1)*64+sq] = kinds[k] + " " + chess.SquareName(sq)
		}
	}
	return names
}
