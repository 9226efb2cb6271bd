package main

// openings.go reads the opening book (one position a line, FEN or EPD)
// and makes one: -gen-openings plays a few plies from the start position
// choosing at random among Stockfish's best moves, and keeps the end
// position only if a deeper Stockfish search scores it balanced. The
// shipped book, testdata/openings.epd, was made so (its header says how).

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"oyunbot/games/chess/chessgame"
)

// readOpenings reads positions, one a line: a FEN (4 to 6 fields) or an
// EPD line (4 fields, then operations after a space; anything from the
// first ';' that is not part of the four fields is dropped). Empty lines
// and lines starting with '#' are skipped. Every position must parse.
func readOpenings(r io.Reader) ([]string, error) {
	var out []string
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 4 {
			return nil, fmt.Errorf("line %d: %q is not a FEN or EPD position", n, line)
		}
		// Keep the halfmove clock and move number when they are numbers
		// (FEN); an EPD's operations follow the four fields instead.
		k := 4
		for k < len(f) && k < 6 {
			if _, err := strconv.Atoi(f[k]); err != nil {
				break
			}
			k++
		}
		fen := strings.Join(f[:k], " ")
		if _, err := chessgame.ParseFEN(fen); err != nil {
			return nil, fmt.Errorf("line %d: %v", n, err)
		}
		out = append(out, fen)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no positions")
	}
	return out, nil
}

// genConfig is how -gen-openings makes a book.
type genConfig struct {
	stockfish string
	count     int    // positions wanted
	plies     int    // plies from the start
	multiPV   int    // candidate moves a ply
	window    int    // a candidate within this many centipawns of the best
	pickDepth int    // depth of the search that lists candidates
	checkDep  int    // depth of the search that judges the end position
	balance   int    // keep a position scored within ±balance centipawns
	seed      uint64 //
}

// genOpenings writes cfg.count balanced openings to w.
func genOpenings(ctx context.Context, cfg genConfig, w io.Writer, log io.Writer) error {
	sf, err := startEngine(engineSpec{name: "stockfish", cmd: cfg.stockfish})
	if err != nil {
		return err
	}
	defer sf.close()
	sf.send(fmt.Sprintf("setoption name MultiPV value %d", cfg.multiPV))
	if err := sf.ready(); err != nil {
		return err
	}
	fmt.Fprintf(w, "# %d balanced openings for engine testing (tools/sprt), made here by\n", cfg.count)
	fmt.Fprintf(w, "#   go run ./tools/sprt -gen-openings %d -gen-plies %d -gen-seed %d -stockfish PATH\n", cfg.count, cfg.plies, cfg.seed)
	fmt.Fprintf(w, "# with %s: %d plies from the start, each drawn at random among the best %d moves\n", sf.id, cfg.plies, cfg.multiPV)
	fmt.Fprintf(w, "# of a depth-%d search that score within %d centipawns of the best; the end position\n", cfg.pickDepth, cfg.window)
	fmt.Fprintf(w, "# is kept when a depth-%d search scores it within ±%d centipawns (its score is the ce\n", cfg.checkDep, cfg.balance)
	fmt.Fprintf(w, "# operation, from the side to move; c0 holds the moves). No position repeats.\n")
	rng := rand.New(rand.NewPCG(cfg.seed, 0x0be41))
	seen := map[string]bool{}
	for kept, tries := 0, 0; kept < cfg.count; tries++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		p := chessgame.NewStart()
		var moves []string
		for len(moves) < cfg.plies && !p.Status().Over {
			cands, err := candidates(sf, moves, cfg.pickDepth, cfg.window)
			if err != nil {
				return err
			}
			if len(cands) == 0 {
				break
			}
			mv := cands[rng.IntN(len(cands))]
			am, err := p.ParseMove(mv)
			if err != nil {
				return fmt.Errorf("stockfish move %s: %v", mv, err)
			}
			p.Make(am)
			moves = append(moves, mv)
		}
		if len(moves) < cfg.plies || p.Status().Over || p.InCheck() {
			continue
		}
		key := strings.Join(strings.Fields(p.FEN())[:4], " ")
		if seen[key] {
			continue
		}
		seen[key] = true
		sf.send("setoption name MultiPV value 1")
		r, err := sf.think(ctx, "position startpos moves "+strings.Join(moves, " "), fmt.Sprintf("go depth %d", cfg.checkDep), 5*time.Minute)
		sf.send(fmt.Sprintf("setoption name MultiPV value %d", cfg.multiPV))
		if err != nil {
			return err
		}
		if r.mate != 0 || r.score > cfg.balance || r.score < -cfg.balance {
			continue
		}
		kept++
		fmt.Fprintf(w, "%s ce %d; c0 \"%s\";\n", key, r.score, strings.Join(moves, " "))
		if kept%25 == 0 {
			fmt.Fprintf(log, "%d openings kept of %d tried\n", kept, tries+1)
		}
	}
	return nil
}

// candidates are the moves of a MultiPV search after moves that score
// within window of the best.
func candidates(sf *engine, moves []string, depth, window int) ([]string, error) {
	pos := "position startpos"
	if len(moves) > 0 {
		pos += " moves " + strings.Join(moves, " ")
	}
	sf.send(pos)
	sf.send(fmt.Sprintf("go depth %d", depth))
	type pv struct {
		score int
		move  string
	}
	byIndex := map[int]pv{}
	var best string
	err := sf.until(5*time.Minute, func(l string) bool {
		if rest, ok := strings.CutPrefix(l, "bestmove "); ok {
			best = strings.Fields(rest + " ")[0]
			return true
		}
		f := strings.Fields(l)
		if len(f) == 0 || f[0] != "info" {
			return false
		}
		var r searchResult
		r.readInfo(l)
		idx, move := 1, ""
		for i := 1; i+1 < len(f); i++ {
			switch f[i] {
			case "multipv":
				idx, _ = strconv.Atoi(f[i+1])
			case "pv":
				move = f[i+1]
			}
		}
		if move != "" && r.scored && r.mate == 0 {
			byIndex[idx] = pv{r.score, move}
		}
		return false
	})
	if err != nil {
		return nil, err
	}
	var pvs []pv
	for _, v := range byIndex {
		pvs = append(pvs, v)
	}
	if len(pvs) == 0 {
		if best != "" && best != "(none)" {
			return []string{best}, nil
		}
		return nil, nil
	}
	sort.Slice(pvs, func(i, j int) bool { return pvs[i].score > pvs[j].score })
	var out []string
	for _, v := range pvs {
		if v.score >= pvs[0].score-window {
			out = append(out, v.move)
		}
	}
	return out, nil
}

// openFile opens path for reading, "-" for stdin.
func openFile(path string) (io.ReadCloser, error) {
	if path == "-" {
		return io.NopCloser(os.Stdin), nil
	}
	return os.Open(path)
}
