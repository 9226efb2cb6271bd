package main

// games.go: step 1, the self-play games and their labelled positions.

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/games/draughts"
	"oyunbot/tools/internal/draughtsio"
)

// gamesConfig is step 1's flags.
type gamesConfig struct {
	game     draughts.Game
	openings []string
	games    int
	nodes    int64
	seed     uint64
	random   int     // the most random plies after the opening
	blunder  float64 // the chance a move is another within margin of the best
	margin   int
	maxPlies int
	workers  int
}

// tuneGames plays the self-play games of step 1.
func tuneGames(args []string, _, stderr io.Writer) error {
	fs, gameName := newFlags("games", stderr)
	var c gamesConfig
	fs.IntVar(&c.games, "tune-games", 0, "self-play games to play")
	fs.Int64Var(&c.nodes, "tune-nodes", 2000, "nodes a move")
	fs.Uint64Var(&c.seed, "tune-seed", 1, "seed of the openings, the random plies and the mistakes")
	fs.IntVar(&c.random, "tune-random", 4, "the most random plies played after the opening (0 to this many)")
	fs.Float64Var(&c.blunder, "tune-blunder", 0.1, "the chance a move is drawn among those within -tune-margin of the best")
	fs.IntVar(&c.margin, "tune-margin", 15, "the margin of those moves, centi-men")
	fs.IntVar(&c.maxPlies, "tune-plies", 300, "a game this long is a draw")
	fs.IntVar(&c.workers, "workers", 2, "games played at once")
	book := fs.String("openings", "", "the openings file (default tools/draughtsmatch/testdata/GAME.txt)")
	outPath := fs.String("tune-out", "", "where to write the positions")
	if err := fs.Parse(args); err != nil {
		return err
	}
	g, err := game(*gameName)
	if err != nil {
		return err
	}
	if c.games <= 0 || *outPath == "" {
		return fmt.Errorf("step 1 of the tuning: run with -tune-games N -tune-out FILE")
	}
	if *book == "" {
		*book = draughtsio.BookPath(g)
	}
	c.game = g
	if c.openings, err = draughtsio.ReadOpenings(*book, g); err != nil {
		return err
	}
	out, err := os.Create(*outPath)
	if err != nil {
		return err
	}
	defer out.Close()
	w := bufio.NewWriter(out)
	kept, err := playGames(c, w, stderr)
	if err != nil {
		return err
	}
	if err := w.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "%d games, %d positions written to %s\n", c.games, kept, *outPath)
	return out.Close()
}

// playGames plays c's games on c.workers and writes their positions in
// the games' order, each distinct position once (its first game's
// result), so that the output depends on the flags alone.
func playGames(c gamesConfig, w io.Writer, log io.Writer) (int, error) {
	// The endgame database whole before the first game (it decides the
	// games' ends and which positions are kept).
	<-c.game.Ready()
	results := make([][]string, c.games)
	jobs := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done, start := 0, time.Now()
	for range max(c.workers, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			opts := ai.DefaultOptions()
			opts.TTSizeMB = 8
			e := ai.NewEngine(opts)
			for i := range jobs {
				r := playGame(c, e, i)
				mu.Lock()
				results[i] = r
				if done++; done%200 == 0 {
					fmt.Fprintf(log, "%d games, %s\n", done, time.Since(start).Round(time.Second))
				}
				mu.Unlock()
			}
		}()
	}
	for i := range c.games {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	seen := map[string]bool{}
	kept := 0
	for _, lines := range results {
		for _, l := range lines {
			if pos := l[:len(l)-len(resultOf(l))-1]; !seen[pos] {
				seen[pos] = true
				kept++
				if _, err := fmt.Fprintln(w, l); err != nil {
					return kept, err
				}
			}
		}
	}
	return kept, nil
}

// resultOf is the result field of a line "POSITION;RESULT".
func resultOf(line string) string {
	for i := len(line) - 1; i >= 0; i-- {
		if line[i] == ';' {
			return line[i+1:]
		}
	}
	return ""
}

// playGame plays game i and returns its kept positions as lines.
func playGame(c gamesConfig, e *ai.Engine, i int) []string {
	rng := rand.New(rand.NewPCG(c.seed, uint64(i)))
	p, err := c.game.Parse(c.openings[rng.IntN(len(c.openings))])
	if err != nil {
		panic(err) // checked when read
	}
	for range rng.IntN(c.random + 1) {
		ms := p.Moves(nil)
		if len(ms) == 0 {
			break
		}
		p.Make(ms[rng.IntN(len(ms))])
	}
	e.Clear() // each game alike, whatever the worker played before
	lvl := ai.Level{Name: "tune", Limits: ai.Limits{Nodes: c.nodes}, NoBook: true, BlunderProb: c.blunder, Margin: c.margin}
	var kept []string
	result := "0.5"
	for ply := 0; ply < c.maxPlies; ply++ {
		if st := p.Status(); st.Over {
			result = resultFor(st.Winner)
			break
		}
		if winner, _, ok := p.EndgameResult(); ok {
			result = resultFor(winner)
			break
		}
		if !p.InCheck() {
			kept = append(kept, p.String())
		}
		res := e.Choose(context.Background(), p, lvl, rng)
		if res.Best.IsNone() {
			panic("no move in a game not over: " + p.String())
		}
		p.Make(res.Best)
	}
	for j := range kept {
		kept[j] += ";" + result
	}
	return kept
}

// resultFor is the result for White of a game won by winner.
func resultFor(winner ai.Side) string {
	switch winner {
	case ai.NoSide:
		return "0.5"
	case whiteSide:
		return "1"
	}
	return "0"
}
