package engine

// tune_test.go Texel-tunes the evaluation's weights, in three steps run by
// hand (each takes from minutes to an hour or two on the shared machine):
//
//  1. Games: the engine plays itself at a few thousand nodes a move from
//     the book's lines and a few random plies; every quiet position (not
//     in check, the move played not a capture or promotion) is kept with
//     a chance of one in two, with the game's result.
//
//     nice -n 10 go test ./games/chess -run TestTuneGames -timeout 0 \
//     -tune-games 12000 -tune-out /tmp/games.txt
//
//     Or from the games of engine matches (tools/sprt's PGN files: the
//     engine of the day against itself or Stockfish, at the match's
//     nodes or time), every position once:
//
//     go test ./games/chess -run TestTunePGN -tune-pgn '/tmp/m/*.pgn' \
//     -tune-out /tmp/games.txt
//
//  2. Labels: Stockfish searches each position to a small depth and
//     gives its expected score (UCI_ShowWDL: wins and half the draws).
//
//     nice -n 10 go test ./games/chess -run TestTuneLabel -timeout 0 \
//     -tune-in /tmp/games.txt -tune-out /tmp/labelled.txt -stockfish /usr/games/stockfish
//
//  3. Fit: the weights minimise the mean squared error between the
//     logistic of the evaluation and a blend of Stockfish's expected
//     score and the game's result (Texel's method, by gradient descent
//     with Adam on the evaluation's trace: eval.go records how often each
//     weight counts). It writes eval_tuned.go's values.
//
//     nice -n 10 go test ./games/chess -run TestTuneFit -timeout 0 \
//     -tune-in /tmp/labelled.txt -tune-out /tmp/eval_tuned.go
//
// A file line is "FEN;result;expected": the game's result for White (1,
// 0.5, 0) and Stockfish's expected score for White (empty before step 2).
// Every tuned set is accepted only by an SPRT against the one before
// (tools/sprt, BENCHMARKS.md).

import (
	"oyunbot/games/chess"

	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"oyunbot/ai"
)

var (
	tuneGames  = flag.Int("tune-games", 0, "TestTuneGames: self-play games to play")
	tuneNodes  = flag.Int64("tune-nodes", 2000, "TestTuneGames: nodes a move")
	tuneSeed   = flag.Uint64("tune-seed", 1, "TestTuneGames: seed of the openings")
	tunePGN    = flag.String("tune-pgn", "", "TestTunePGN: a glob of PGN files whose games give the positions")
	tuneIn     = flag.String("tune-in", "", "TestTuneLabel, TestTuneFit: positions to read")
	tuneOut    = flag.String("tune-out", "", "where TestTuneGames, TestTuneLabel and TestTuneFit write")
	stockfish  = flag.String("stockfish", "/usr/games/stockfish", "TestTuneLabel: the Stockfish binary")
	tuneDepth  = flag.Int("tune-depth", 7, "TestTuneLabel: Stockfish's depth")
	tuneLambda = flag.Float64("tune-lambda", 0.75, "TestTuneFit: the weight of Stockfish's expected score in the target (the game's result has the rest)")
	tuneEpochs = flag.Int("tune-epochs", 1000, "TestTuneFit: passes of gradient descent")
	tuneReg    = flag.Float64("tune-reg", 2e-9, "TestTuneFit: weight of the squared distance from the hand-set weights (keeps rarely seen weights near them)")
)

// TestTuneGames plays the self-play games of step 1.
func TestTuneGames(t *testing.T) {
	if *tuneGames == 0 {
		t.Skip("step 1 of the tuning: run with -tune-games N -tune-out FILE")
	}
	out, err := os.Create(*tuneOut)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	w := bufio.NewWriter(out)
	defer w.Flush()
	var mu sync.Mutex
	jobs := make(chan int)
	var wg sync.WaitGroup
	kept := 0
	start := time.Now()
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			opts := ai.DefaultOptions()
			opts.TTSizeMB = 8
			e := ai.NewEngine(opts)
			for g := range jobs {
				lines := tuneGame(e, g)
				mu.Lock()
				for _, l := range lines {
					fmt.Fprintln(w, l)
				}
				kept += len(lines)
				if g%100 == 99 {
					fmt.Fprintf(os.Stderr, "%d games, %d positions, %s\n", g+1, kept, time.Since(start).Round(time.Second))
				}
				mu.Unlock()
			}
		}()
	}
	for g := 0; g < *tuneGames; g++ {
		jobs <- g
	}
	close(jobs)
	wg.Wait()
}

// tuneGame plays game g and returns its kept positions as "FEN;result;".
func tuneGame(e *ai.Engine, g int) []string {
	rng := rand.New(rand.NewPCG(*tuneSeed, uint64(g)))
	p := NewStart()
	line := strings.Fields(bookLines[rng.IntN(len(bookLines))])
	for _, s := range line[:rng.IntN(len(line)+1)] {
		m, err := p.ParseSAN(s)
		if err != nil {
			break
		}
		p.MakeMove(m)
	}
	for range 2 + rng.IntN(7) {
		ms := p.Moves(nil)
		if len(ms) == 0 {
			break
		}
		p.Make(ms[rng.IntN(len(ms))])
	}
	e.NewGame()
	var fens []string
	for ply := 0; ply < 400; ply++ {
		if p.Status().Over {
			break
		}
		res := e.Search(context.Background(), p, ai.Limits{Nodes: *tuneNodes}, nil)
		if res.Best.IsNone() {
			break
		}
		if !p.InCheck() && !MoveOf(res.Best).IsNoisy() && rng.IntN(2) == 0 {
			fens = append(fens, p.FEN())
		}
		p.Make(res.Best)
	}
	result := "0.5"
	if st := p.Status(); st.Over && st.Winner != ai.NoSide {
		result = map[ai.Side]string{ai.First: "1", ai.Second: "0"}[st.Winner]
	}
	out := make([]string, len(fens))
	for i, f := range fens {
		out[i] = f + ";" + result + ";"
	}
	return out
}

// TestTunePGN is step 1 from match games: the positions of each game
// read, kept by the rule of tuneGame (not in check, the move played
// quiet, one in two), each distinct position once.
func TestTunePGN(t *testing.T) {
	if *tunePGN == "" || *tuneOut == "" {
		t.Skip("step 1 from match games: run with -tune-pgn GLOB -tune-out FILE")
	}
	files, err := filepath.Glob(*tunePGN)
	if err != nil || len(files) == 0 {
		t.Fatalf("no PGN files match %q (%v)", *tunePGN, err)
	}
	out, err := os.Create(*tuneOut)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	w := bufio.NewWriter(out)
	defer w.Flush()
	rng := rand.New(rand.NewPCG(*tuneSeed, 0))
	seen := map[uint64]bool{}
	games, kept := 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, g := range splitPGN(string(data)) {
			lines, err := pgnPositions(g, rng, seen)
			if err != nil {
				t.Logf("%s: game %d skipped: %v", f, games+1, err)
				continue
			}
			games++
			kept += len(lines)
			for _, l := range lines {
				fmt.Fprintln(w, l)
			}
		}
	}
	t.Logf("%d games from %d files, %d positions", games, len(files), kept)
}

// splitPGN cuts a PGN file into games, each its tag pairs and movetext.
func splitPGN(text string) []string {
	var games []string
	var cur strings.Builder
	inMoves := false
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "[") && inMoves {
			games = append(games, cur.String())
			cur.Reset()
			inMoves = false
		}
		if l != "" && !strings.HasPrefix(l, "[") {
			inMoves = true
		}
		cur.WriteString(l + "\n")
	}
	if inMoves {
		games = append(games, cur.String())
	}
	return games
}

// pgnPositions replays one game (tools/sprt's PGN: a FEN tag, SAN moves,
// no comments) and returns its kept positions as "FEN;result;".
func pgnPositions(game string, rng *rand.Rand, seen map[uint64]bool) ([]string, error) {
	tags := map[string]string{}
	var moves []string
	for _, l := range strings.Split(game, "\n") {
		if strings.HasPrefix(l, "[") {
			if k, v, ok := strings.Cut(strings.Trim(l, "[]"), " "); ok {
				tags[k] = strings.Trim(v, `"`)
			}
			continue
		}
		for _, tok := range strings.Fields(l) {
			if strings.HasSuffix(tok, ".") || tok == "1-0" || tok == "0-1" || tok == "1/2-1/2" || tok == "*" {
				continue
			}
			moves = append(moves, tok)
		}
	}
	result, ok := map[string]string{"1-0": "1", "0-1": "0", "1/2-1/2": "0.5"}[tags["Result"]]
	if !ok {
		return nil, fmt.Errorf("result %q", tags["Result"])
	}
	p := NewStart()
	if fen := tags["FEN"]; fen != "" {
		var err error
		if p, err = ParseFEN(fen); err != nil {
			return nil, err
		}
	}
	var out []string
	for _, s := range moves {
		m, err := p.ParseSAN(s)
		if err != nil {
			return nil, fmt.Errorf("move %q: %v", s, err)
		}
		if !p.InCheck() && !m.IsNoisy() && rng.IntN(2) == 0 && !seen[p.Hash()] {
			seen[p.Hash()] = true
			out = append(out, p.FEN()+";"+result+";")
		}
		p.MakeMove(m)
	}
	return out, nil
}

// TestTuneLabel adds Stockfish's expected scores (step 2).
func TestTuneLabel(t *testing.T) {
	if *tuneIn == "" || *tuneOut == "" || !strings.Contains(*tuneOut, "label") {
		t.Skip("step 2 of the tuning: run with -tune-in FILE -tune-out FILE (a name with \"label\")")
	}
	in, err := os.Open(*tuneIn)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(*tuneOut)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	w := bufio.NewWriter(out)
	defer w.Flush()
	sf := exec.Command(*stockfish)
	sfIn, err := sf.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	sfOut, err := sf.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := sf.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { fmt.Fprintln(sfIn, "quit"); sf.Wait() }()
	lines := bufio.NewScanner(sfOut)
	fmt.Fprintln(sfIn, "uci\nsetoption name UCI_ShowWDL value true\nsetoption name Hash value 64\nisready")
	for lines.Scan() && lines.Text() != "readyok" {
	}
	sc := bufio.NewScanner(in)
	n := 0
	start := time.Now()
	for sc.Scan() {
		f := strings.Split(sc.Text(), ";")
		if len(f) < 2 {
			continue
		}
		fmt.Fprintf(sfIn, "position fen %s\ngo depth %d\n", f[0], *tuneDepth)
		wdl := ""
		for lines.Scan() {
			l := lines.Text()
			if strings.HasPrefix(l, "bestmove") {
				break
			}
			if i := strings.Index(l, " wdl "); i >= 0 && !strings.Contains(l, "bound") {
				wdl = l[i+5:]
			}
		}
		var win, draw, loss float64
		if _, err := fmt.Sscan(wdl, &win, &draw, &loss); err != nil {
			continue
		}
		e := (win + draw/2) / 1000 // for the side to move
		if strings.Fields(f[0])[1] == "b" {
			e = 1 - e
		}
		fmt.Fprintf(w, "%s;%s;%.3f\n", f[0], f[1], e)
		if n++; n%10000 == 0 {
			fmt.Fprintf(os.Stderr, "%d positions labelled, %s\n", n, time.Since(start).Round(time.Second))
		}
	}
}

// tuneEntry is one position's trace: the nonzero weight counts, the king
// danger features, phase, scale and the target.
type tuneEntry struct {
	idx    []int16
	coef   []int16
	kd     [2][nKD]int8
	phase  int8
	scale  int8
	target float32
}

// tuneModel is the evaluation as the tuner computes it from a trace, in
// floating point, from White's point of view.
type tuneModel struct {
	p  [nParams][2]float64
	kd [nKD]float64
}

func (m *tuneModel) eval(e *tuneEntry) (v float64, units [2]float64) {
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

// TestTuneFit fits the weights (step 3).
func TestTuneFit(t *testing.T) {
	if *tuneIn == "" || *tuneOut == "" || !strings.HasSuffix(*tuneOut, ".go") {
		t.Skip("step 3 of the tuning: run with -tune-in FILE -tune-out FILE.go")
	}
	all := loadTuneEntries(t, *tuneIn)
	// One position in ten is held out: its error shows over-fitting.
	var entries, held []tuneEntry
	for i := range all {
		if i%10 == 9 {
			held = append(held, all[i])
		} else {
			entries = append(entries, all[i])
		}
	}
	var m tuneModel
	for i, s := range evalParams {
		m.p[i] = [2]float64{float64(s.mg), float64(s.eg)}
	}
	for j, v := range kingDanger {
		m.kd[j] = float64(v)
	}
	// The regularisation pulls toward the hand-set weights the tuning
	// first started from, not toward the last fit.
	var start tuneModel
	for i, s := range initialParams() {
		start.p[i] = [2]float64{float64(s.mg), float64(s.eg)}
	}
	for j, v := range initialKingDanger {
		start.kd[j] = float64(v)
	}
	// K: the scale of the logistic that fits the current evaluation best.
	k := fitK(&m, entries)
	t.Logf("%d positions, K %.5f, error %.6f", len(entries), k, tuneError(&m, entries, k))

	const lr = 1.0
	const b1, b2, eps = 0.9, 0.999, 1e-8
	var mp, vp [nParams][2]float64
	var mk, vk [nKD]float64
	workers := runtime.GOMAXPROCS(0)
	for epoch := 1; epoch <= *tuneEpochs; epoch++ {
		gp, gk, loss := gradient(&m, entries, k, workers)
		for i := range m.p {
			for j := 0; j < 2; j++ {
				g := gp[i][j] + 2**tuneReg*(m.p[i][j]-start.p[i][j])
				mp[i][j] = b1*mp[i][j] + (1-b1)*g
				vp[i][j] = b2*vp[i][j] + (1-b2)*g*g
				mh := mp[i][j] / (1 - math.Pow(b1, float64(epoch)))
				vh := vp[i][j] / (1 - math.Pow(b2, float64(epoch)))
				m.p[i][j] -= lr * mh / (math.Sqrt(vh) + eps)
			}
		}
		for j := range m.kd {
			g := gk[j] + 2**tuneReg*(m.kd[j]-start.kd[j])
			mk[j] = b1*mk[j] + (1-b1)*g
			vk[j] = b2*vk[j] + (1-b2)*g*g
			mh := mk[j] / (1 - math.Pow(b1, float64(epoch)))
			vh := vk[j] / (1 - math.Pow(b2, float64(epoch)))
			m.kd[j] -= lr * mh / (math.Sqrt(vh) + eps)
		}
		if epoch%25 == 0 || epoch == 1 {
			fmt.Fprintf(os.Stderr, "epoch %d: error %.6f, held-out %.6f\n", epoch, loss, tuneError(&m, held, k))
		}
	}
	t.Logf("tuned error %.6f, held-out %.6f", tuneError(&m, entries, k), tuneError(&m, held, k))
	out, err := os.Create(*tuneOut)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	writeTuned(out, &m, len(entries), k)
}

// loadTuneEntries reads and traces the labelled positions.
func loadTuneEntries(t *testing.T, path string) []tuneEntry {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []tuneEntry
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Split(sc.Text(), ";")
		if len(fs) < 3 || fs[2] == "" {
			continue
		}
		res, err1 := strconv.ParseFloat(fs[1], 64)
		exp, err2 := strconv.ParseFloat(fs[2], 64)
		p, err3 := ParseFEN(fs[0])
		if err1 != nil || err2 != nil || err3 != nil {
			continue
		}
		var tr evalTrace
		p.evaluate(&tr)
		e := tuneEntry{phase: int8(tr.phase), scale: int8(tr.scale),
			target: float32(*tuneLambda*exp + (1-*tuneLambda)*res)}
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
		out = append(out, e)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no labelled positions", path)
	}
	return out
}

func tuneError(m *tuneModel, es []tuneEntry, k float64) float64 {
	sum := 0.0
	for i := range es {
		v, _ := m.eval(&es[i])
		d := sigmoid(k*v) - float64(es[i].target)
		sum += d * d
	}
	return sum / float64(len(es))
}

// fitK finds the logistic's scale by golden-section search.
func fitK(m *tuneModel, es []tuneEntry) float64 {
	a, b := 0.0005, 0.02
	for range 40 {
		x1, x2 := b-(b-a)/1.618, a+(b-a)/1.618
		if tuneError(m, es, x1) < tuneError(m, es, x2) {
			b = x2
		} else {
			a = x1
		}
	}
	return (a + b) / 2
}

// gradient is the error's gradient by every weight, over workers.
func gradient(m *tuneModel, es []tuneEntry, k float64, workers int) (gp [nParams][2]float64, gk [nKD]float64, loss float64) {
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

// writeTuned writes the tuned weights as eval_tuned.go.
func writeTuned(w io.Writer, m *tuneModel, n int, k float64) {
	// The generated line before the package clause, where Go's tools look
	// for it (go.dev/s/generatedcode).
	fmt.Fprintf(w, "// Code generated by TestTuneFit (tune_test.go) on %d positions, K %.5f. DO NOT EDIT.\n\npackage chess\n\n", n, k)
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
	sort.Strings(nil)
	return names
}

// TestTraceMatchesEvaluate: the tuner's model, computed from the trace
// with the weights in use, gives the evaluation (within rounding), so
// that the weights it fits are the evaluation's.
func TestTraceMatchesEvaluate(t *testing.T) {
	var m tuneModel
	for i, s := range evalParams {
		m.p[i] = [2]float64{float64(s.mg), float64(s.eg)}
	}
	for j, v := range kingDanger {
		m.kd[j] = float64(v)
	}
	r := rand.New(rand.NewPCG(5, 5))
	n := 0
	for g := range 30 {
		p, _ := ParseFEN(playoutStarts[g%len(playoutStarts)])
		for ply := 0; ply < 120 && !p.Status().Over; ply++ {
			var tr evalTrace
			got := p.evaluate(&tr)
			e := tuneEntry{phase: int8(tr.phase), scale: int8(tr.scale)}
			for i, c := range tr.coef {
				if c != 0 {
					e.idx = append(e.idx, int16(i))
					e.coef = append(e.coef, int16(c))
				}
			}
			for c := range 2 {
				for j := range nKD {
					e.kd[c][j] = int8(tr.kd[c][j])
				}
			}
			v, _ := m.eval(&e)
			if p.SideToMove() == Black {
				v = -v
			}
			if math.Abs(v-float64(got)) > 3 {
				t.Fatalf("%s: evaluate %d, the trace's model %.1f", p.FEN(), got, v)
			}
			if p.evaluate(nil) != got {
				t.Fatalf("%s: tracing changed the evaluation", p.FEN())
			}
			n++
			ms := p.Moves(nil)
			p.Make(ms[r.IntN(len(ms))])
		}
	}
	if n < 1000 {
		t.Errorf("only %d positions checked", n)
	}
}

// TestPGNPositions: the PGN step reads tools/sprt's games (a FEN tag or
// none, SAN moves), keeps only quiet positions with the game's result,
// and never keeps a position twice.
func TestPGNPositions(t *testing.T) {
	const text = `[Event "a vs b"]
[Result "1-0"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O f6 1-0

[Event "a vs b"]
[Result "0-1"]
[FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq -"]
[SetUp "1"]

1... Nc6 2. Bb5 a6 0-1

[Event "broken"]
[Result "1/2-1/2"]

1. e4 Ke7 2. Qh5 1/2-1/2
`
	games := splitPGN(text)
	if len(games) != 3 {
		t.Fatalf("%d games, want 3", len(games))
	}
	rng := rand.New(rand.NewPCG(1, 0))
	seen := map[uint64]bool{}
	var all []string
	for _, g := range games[:2] {
		lines, err := pgnPositions(g, rng, seen)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, lines...)
	}
	if _, err := pgnPositions(games[2], rng, seen); err == nil || !strings.Contains(err.Error(), "Ke7") {
		t.Errorf("an illegal move: error %v, want one naming Ke7", err)
	}
	if len(all) == 0 {
		t.Fatal("no positions kept")
	}
	fens := map[string]bool{}
	for _, l := range all {
		f := strings.Split(l, ";")
		if len(f) != 3 || f[2] != "" || (f[1] != "1" && f[1] != "0") {
			t.Errorf("line %q: want FEN;result; with result 1 or 0", l)
		}
		if fens[f[0]] {
			t.Errorf("position kept twice: %s", f[0])
		}
		fens[f[0]] = true
		p, err := ParseFEN(f[0])
		if err != nil || p.InCheck() {
			t.Errorf("%s: %v, in check %v", f[0], err, err == nil && p.InCheck())
		}
		// The position before 4.Bxc6 (a capture is played from it) is never kept.
		if strings.HasPrefix(f[0], "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w") {
			t.Errorf("kept the position before a capture: %s", f[0])
		}
	}
}
