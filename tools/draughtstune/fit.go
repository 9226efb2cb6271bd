package main

// fit.go: step 2, the fit of K and of the weights (Texel's local search).

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"oyunbot/games/draughts"
	"oyunbot/tools/internal/draughtsio"
)

// whiteSide is White's side (draughts' Turn is the colour; Italian's
// start has White to move).
var whiteSide = draughts.Italian.NewStart().Turn()

// entry is a position with its result for White.
type entry struct {
	p      *draughts.Position
	white  bool // White is to move (Evaluate is the mover's)
	result float64
}

// param is a weight the fit moves.
type param struct {
	name string
	ptr  func(w *draughts.Weights) *int
}

// params are the weights fitted: all but the man (100, the unit) and the
// advancement of ranks 0 (the back rank's own term) and 7 (a king).
var params = func() []param {
	ps := []param{{"King", func(w *draughts.Weights) *int { return &w.King }}}
	for r := 1; r <= 6; r++ {
		ps = append(ps, param{fmt.Sprintf("Advance%d", r), func(w *draughts.Weights) *int { return &w.Advance[r] }})
	}
	return append(ps,
		param{"BackRank", func(w *draughts.Weights) *int { return &w.BackRank }},
		param{"Bridge", func(w *draughts.Weights) *int { return &w.Bridge }},
		param{"Centre", func(w *draughts.Weights) *int { return &w.Centre }},
		param{"KingCentre", func(w *draughts.Weights) *int { return &w.KingCentre }},
		param{"Mobility", func(w *draughts.Weights) *int { return &w.Mobility }},
		param{"KingEdge", func(w *draughts.Weights) *int { return &w.KingEdge }},
		param{"Runaway", func(w *draughts.Weights) *int { return &w.Runaway }},
		param{"RunawayRank", func(w *draughts.Weights) *int { return &w.RunawayRank }},
		param{"Trade", func(w *draughts.Weights) *int { return &w.Trade }},
		param{"Tempo", func(w *draughts.Weights) *int { return &w.Tempo }},
	)
}()

// tuneFit fits the weights (step 2).
func tuneFit(args []string, stdout, stderr io.Writer) error {
	fs, gameName := newFlags("fit", stderr)
	inPath := fs.String("tune-in", "", "the positions to read (step 1's file)")
	weightsOut := fs.String("tune-weights", "", "where to write the fitted weights for tools/draughtsmatch (weights=FILE)")
	from := fs.String("tune-from", "", "a weights file to start from (default the game's DefaultWeights)")
	steps := fs.String("tune-steps", "8,4,2,1", "the local search's steps, centi-men, largest first")
	maxRounds := fs.Int("tune-rounds", 100, "the most passes over the weights at each step")
	only := fs.String("tune-only", "", "fit only these comma-separated weights (a new term alone), the rest kept")
	if err := fs.Parse(args); err != nil {
		return err
	}
	g, err := game(*gameName)
	if err != nil {
		return err
	}
	if *inPath == "" {
		return fmt.Errorf("step 2 of the tuning: run with -tune-in FILE")
	}
	var stepList []int
	for _, s := range strings.Split(*steps, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n <= 0 {
			return fmt.Errorf("-tune-steps %q: want positive integers", *steps)
		}
		stepList = append(stepList, n)
	}
	w := g.DefaultWeights()
	if *from != "" {
		if err := draughtsio.ReadWeights(*from, &w); err != nil {
			return err
		}
	}
	all, err := loadEntries(g, *inPath)
	if err != nil {
		return err
	}
	// One position in ten is held out: its error shows over-fitting.
	var fit, held []entry
	for i := range all {
		if i%10 == 9 {
			held = append(held, all[i])
		} else {
			fit = append(fit, all[i])
		}
	}
	k := fitK(fit, &w)
	before, heldBefore := meanError(fit, &w, k), meanError(held, &w, k)
	fmt.Fprintf(stdout, "%s: %d positions (%d held out), K %.6f, error %.6f (held out %.6f)\n",
		g.Name(), len(fit), len(held), k, before, heldBefore)
	free := params
	if *only != "" {
		free = nil
		for _, n := range strings.Split(*only, ",") {
			i := slices.IndexFunc(params, func(p param) bool { return p.name == n })
			if i < 0 {
				return fmt.Errorf("-tune-only: no weight %q fitted", n)
			}
			free = append(free, params[i])
		}
	}
	tuned := localSearch(fit, w, k, free, stepList, *maxRounds, stderr)
	after, heldAfter := meanError(fit, &tuned, k), meanError(held, &tuned, k)
	fmt.Fprintf(stdout, "tuned: error %.6f (held out %.6f), before %.6f (%.6f)\n", after, heldAfter, before, heldBefore)
	fmt.Fprint(stdout, goWeights(tuned))
	if *weightsOut != "" {
		out, err := os.Create(*weightsOut)
		if err != nil {
			return err
		}
		comment := fmt.Sprintf("%s, Texel fit of %s: %d positions, K %.6f, error %.6f -> %.6f", g.Name(), *inPath, len(fit), k, before, after)
		if err := draughtsio.WriteWeights(out, tuned, comment); err != nil {
			out.Close()
			return err
		}
		return out.Close()
	}
	return nil
}

// loadEntries reads step 1's file.
func loadEntries(g draughts.Game, path string) ([]entry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []entry
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		pos, res, ok := strings.Cut(sc.Text(), ";")
		if !ok {
			return nil, fmt.Errorf("%s:%d: no ';' between the position and the result", path, n)
		}
		r, err := strconv.ParseFloat(res, 64)
		if err != nil || r < 0 || r > 1 {
			return nil, fmt.Errorf("%s:%d: result %q", path, n, res)
		}
		p, err := g.Parse(pos)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		out = append(out, entry{p: p, white: p.Turn() == whiteSide, result: r})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no positions", path)
	}
	return out, nil
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// meanError is the mean squared error of sigmoid(k·eval) against the
// results, the evaluation with w, over the machine's cores.
func meanError(es []entry, w *draughts.Weights, k float64) float64 {
	workers := runtime.GOMAXPROCS(0)
	sums := make([]float64, workers)
	var wg sync.WaitGroup
	for wk := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := 0.0
			for i := wk; i < len(es); i += workers {
				e := &es[i]
				v := float64(e.p.EvaluateWith(w))
				if !e.white {
					v = -v
				}
				d := sigmoid(k*v) - e.result
				s += d * d
			}
			sums[wk] = s
		}()
	}
	wg.Wait()
	total := 0.0
	for _, s := range sums {
		total += s
	}
	return total / float64(len(es))
}

// fitK finds the logistic's scale for w by golden-section search.
func fitK(es []entry, w *draughts.Weights) float64 {
	a, b := 0.0001, 0.05
	for range 40 {
		x1, x2 := b-(b-a)/1.618, a+(b-a)/1.618
		if meanError(es, w, x1) < meanError(es, w, x2) {
			b = x2
		} else {
			a = x1
		}
	}
	return (a + b) / 2
}

// localSearch is Texel's: at each step, passes over the weights, each
// moved up, else down, by the step while that lowers the error, until a
// pass moves none (or maxRounds passes).
func localSearch(es []entry, w draughts.Weights, k float64, params []param, steps []int, maxRounds int, log io.Writer) draughts.Weights {
	best := meanError(es, &w, k)
	for _, step := range steps {
		for round := 1; round <= maxRounds; round++ {
			moved := 0
			for _, pm := range params {
				x := pm.ptr(&w)
				old := *x
				for _, d := range []int{step, -step} {
					*x = old + d
					if e := meanError(es, &w, k); e < best {
						best = e
						moved++
						// Keep going the way that helped.
						for {
							*x += d
							if e := meanError(es, &w, k); e < best {
								best = e
								continue
							}
							*x -= d
							break
						}
						break
					}
					*x = old
				}
			}
			fmt.Fprintf(log, "step %d, pass %d: %d weights moved, error %.6f\n", step, round, moved, best)
			if moved == 0 {
				break
			}
		}
	}
	return w
}

// goWeights is w as the Go code of DefaultWeights.
func goWeights(w draughts.Weights) string {
	var b strings.Builder
	b.WriteString("\tw := Weights{\n")
	fmt.Fprintf(&b, "\t\tMan:         %d,\n\t\tKing:        %d,\n", w.Man, w.King)
	if w.Advance != [8]int{} {
		fmt.Fprintf(&b, "\t\tAdvance:     [8]int{%s},\n", strings.Trim(strings.Join(strings.Fields(fmt.Sprint(w.Advance)), ", "), "[]"))
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"BackRank", w.BackRank}, {"Bridge", w.Bridge}, {"Centre", w.Centre}, {"KingCentre", w.KingCentre},
		{"Mobility", w.Mobility}, {"KingEdge", w.KingEdge}, {"Runaway", w.Runaway}, {"RunawayRank", w.RunawayRank},
		{"Trade", w.Trade}, {"Tempo", w.Tempo}} {
		if f.v != 0 {
			fmt.Fprintf(&b, "\t\t%-12s %d,\n", f.name+":", f.v)
		}
	}
	b.WriteString("\t}\n")
	return b.String()
}
