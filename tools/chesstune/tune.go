package main

// tune.go: the steps of the Texel tuning (the package doc gives them).

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/games/chess"
	"oyunbot/games/chess/engine"
)

// bookLines are the opening book's lines, the self-play games' openings.
var bookLines = engine.BookLines()

// tuneGames plays the self-play games of step 1.
func tuneGames(args []string, _, stderr io.Writer) error {
	fs := newFlags("games", stderr)
	games := fs.Int("tune-games", 0, "self-play games to play")
	nodes := fs.Int64("tune-nodes", 2000, "nodes a move")
	seed := fs.Uint64("tune-seed", 1, "seed of the openings")
	outPath := fs.String("tune-out", "", "where to write the positions")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *games == 0 || *outPath == "" {
		return fmt.Errorf("step 1 of the tuning: run with -tune-games N -tune-out FILE")
	}
	out, err := os.Create(*outPath)
	if err != nil {
		return err
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
				lines := tuneGame(e, g, *seed, *nodes)
				mu.Lock()
				for _, l := range lines {
					fmt.Fprintln(w, l)
				}
				kept += len(lines)
				if g%100 == 99 {
					fmt.Fprintf(stderr, "%d games, %d positions, %s\n", g+1, kept, time.Since(start).Round(time.Second))
				}
				mu.Unlock()
			}
		}()
	}
	for g := 0; g < *games; g++ {
		jobs <- g
	}
	close(jobs)
	wg.Wait()
	return nil
}

// tuneGame plays game g and returns its kept positions as "FEN;result;".
func tuneGame(e *ai.Engine, g int, seed uint64, nodes int64) []string {
	rng := rand.New(rand.NewPCG(seed, uint64(g)))
	p := engine.NewStart()
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
		res := e.Search(context.Background(), p, ai.Limits{Nodes: nodes}, nil)
		if res.Best.IsNone() {
			break
		}
		if !p.InCheck() && !engine.MoveOf(res.Best).IsNoisy() && rng.IntN(2) == 0 {
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

// tunePGN is step 1 from match games: the positions of each game
// read, kept by the rule of tuneGame (not in check, the move played
// quiet, one in two), each distinct position once.
func tunePGN(args []string, _, stderr io.Writer) error {
	fs := newFlags("pgn", stderr)
	glob := fs.String("tune-pgn", "", "a glob of PGN files whose games give the positions")
	seed := fs.Uint64("tune-seed", 1, "seed of the choice of positions")
	outPath := fs.String("tune-out", "", "where to write the positions")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *glob == "" || *outPath == "" {
		return fmt.Errorf("step 1 from match games: run with -tune-pgn GLOB -tune-out FILE")
	}
	files, err := filepath.Glob(*glob)
	if err != nil || len(files) == 0 {
		return fmt.Errorf("no PGN files match %q (%v)", *glob, err)
	}
	out, err := os.Create(*outPath)
	if err != nil {
		return err
	}
	defer out.Close()
	w := bufio.NewWriter(out)
	defer w.Flush()
	rng := rand.New(rand.NewPCG(*seed, 0))
	seen := map[uint64]bool{}
	games, kept := 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		for _, g := range splitPGN(string(data)) {
			lines, err := pgnPositions(g, rng, seen)
			if err != nil {
				fmt.Fprintf(stderr, "%s: game %d skipped: %v\n", f, games+1, err)
				continue
			}
			games++
			kept += len(lines)
			for _, l := range lines {
				fmt.Fprintln(w, l)
			}
		}
	}
	fmt.Fprintf(stderr, "%d games from %d files, %d positions\n", games, len(files), kept)
	return nil
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
	p := chess.NewStart()
	if fen := tags["FEN"]; fen != "" {
		var err error
		if p, err = chess.ParseFEN(fen); err != nil {
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

// tuneLabel adds Stockfish's expected scores (step 2).
func tuneLabel(args []string, _, stderr io.Writer) error {
	fs := newFlags("label", stderr)
	inPath := fs.String("tune-in", "", "positions to read")
	outPath := fs.String("tune-out", "", "where to write the labelled positions (a name with \"label\")")
	stockfish := fs.String("stockfish", "/usr/games/stockfish", "the Stockfish binary")
	depth := fs.Int("tune-depth", 7, "Stockfish's depth")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *inPath == "" || *outPath == "" || !strings.Contains(*outPath, "label") {
		return fmt.Errorf("step 2 of the tuning: run with -tune-in FILE -tune-out FILE (a name with \"label\")")
	}
	in, err := os.Open(*inPath)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(*outPath)
	if err != nil {
		return err
	}
	defer out.Close()
	w := bufio.NewWriter(out)
	defer w.Flush()
	sf := exec.Command(*stockfish)
	sfIn, err := sf.StdinPipe()
	if err != nil {
		return err
	}
	sfOut, err := sf.StdoutPipe()
	if err != nil {
		return err
	}
	if err := sf.Start(); err != nil {
		return err
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
		fmt.Fprintf(sfIn, "position fen %s\ngo depth %d\n", f[0], *depth)
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
			fmt.Fprintf(stderr, "%d positions labelled, %s\n", n, time.Since(start).Round(time.Second))
		}
	}
	return sc.Err()
}

// tuneFit fits the weights (step 3).
func tuneFit(args []string, _, stderr io.Writer) error {
	fs := newFlags("fit", stderr)
	inPath := fs.String("tune-in", "", "labelled positions to read")
	outPath := fs.String("tune-out", "", "the Go file to write (eval_tuned.go)")
	lambda := fs.Float64("tune-lambda", 0.75, "the weight of Stockfish's expected score in the target (the game's result has the rest)")
	epochs := fs.Int("tune-epochs", 1000, "passes of gradient descent")
	reg := fs.Float64("tune-reg", 2e-9, "weight of the squared distance from the hand-set weights (keeps rarely seen weights near them)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *inPath == "" || *outPath == "" || !strings.HasSuffix(*outPath, ".go") {
		return fmt.Errorf("step 3 of the tuning: run with -tune-in FILE -tune-out FILE.go")
	}
	all, err := loadTuneEntries(*inPath, *lambda)
	if err != nil {
		return err
	}
	// One position in ten is held out: its error shows over-fitting.
	var entries, held []engine.TuneEntry
	for i := range all {
		if i%10 == 9 {
			held = append(held, all[i])
		} else {
			entries = append(entries, all[i])
		}
	}
	m, k := engine.Fit(entries, held, *epochs, *reg, stderr)
	out, err := os.Create(*outPath)
	if err != nil {
		return err
	}
	if err := engine.WriteTuned(out, m, len(entries), k); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// loadTuneEntries reads and traces the labelled positions, each with its
// target: lambda of Stockfish's expected score, the rest the result's.
func loadTuneEntries(path string, lambda float64) ([]engine.TuneEntry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []engine.TuneEntry
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Split(sc.Text(), ";")
		if len(fs) < 3 || fs[2] == "" {
			continue
		}
		res, err1 := strconv.ParseFloat(fs[1], 64)
		exp, err2 := strconv.ParseFloat(fs[2], 64)
		p, err3 := engine.ParseFEN(fs[0])
		if err1 != nil || err2 != nil || err3 != nil {
			continue
		}
		out = append(out, engine.TraceEntry(p, lambda*exp+(1-lambda)*res))
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no labelled positions", path)
	}
	return out, nil
}
