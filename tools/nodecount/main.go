// Command nodecount searches a fixed set of positions of a game to a fixed
// depth with a fresh engine each and prints each search's nodes, best move
// and score, then the totals: two builds (or two switch sets) that search
// alike print the same lines, so a refactor of the search can be checked
// node for node (BENCHMARKS.md, "One search in ai"):
//
//	go run ./tools/nodecount -game dama -depth 6 [-positions 20] [-plies 10] [-seed 1] [-turns] [-off SWITCHES] [-level NAME] [-reuse | -line] [-cpuprofile F]
//
// Positions are the start position after 0 to -plies random plies drawn
// from -seed (a position over or at a dice roll is skipped). -off takes
// engine switches (ai.Switches) to switch off, comma-separated; -level
// searches with a level of the game (its style and Plain flag, the depth
// given) through Choose without deliberate mistakes. Each search has a
// fresh engine unless -reuse.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"runtime/pprof"
	"strings"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/internal/registry"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("nodecount", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gameName := fs.String("game", "", "game name, e.g. dama")
	depth := fs.Int("depth", 4, "search depth")
	n := fs.Int("positions", 20, "positions searched")
	plies := fs.Int("plies", 10, "at most this many random plies from the start")
	seed := fs.Uint64("seed", 1, "seed of the random plies")
	nodeLimit := fs.Int64("nodes", 0, "stop each search after about this many nodes (with -depth 64: a node budget)")
	turns := fs.Bool("turns", false, "depth counts turns (ai.Limits.Turns)")
	off := fs.String("off", "", "engine switches to switch off, comma-separated")
	levelName := fs.String("level", "", "search as this level of the game (style, Plain), at -depth")
	line := fs.Bool("line", false, "the positions are one game's: after the random plies, each search's best move is played (one engine, as -reuse)")
	reuse := fs.Bool("reuse", false, "one engine searches every position in turn (its table and histories carried over, as in a game)")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the searches to this file")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			fmt.Fprintln(stderr, "nodecount:", err)
			return 1
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			fmt.Fprintln(stderr, "nodecount:", err)
			return 1
		}
		defer pprof.StopCPUProfile()
	}
	g, err := registry.Lookup(*gameName)
	if err != nil {
		fmt.Fprintln(stderr, "nodecount:", err)
		return 2
	}
	opts := ai.DefaultOptions()
	if *off != "" {
		sw := ai.Switches()
		for _, s := range strings.Split(*off, ",") {
			f, ok := sw[s]
			if !ok {
				fmt.Fprintf(stderr, "nodecount: unknown switch %q (%s)\n", s, ai.SwitchNames())
				return 2
			}
			f(&opts)
		}
	}
	var lvl *ai.Level
	if *levelName != "" {
		l, ok := games.HostOf(g).Level(*levelName)
		if !ok {
			fmt.Fprintf(stderr, "nodecount: unknown level %q\n", *levelName)
			return 2
		}
		l.Limits = ai.Limits{Depth: *depth, Nodes: *nodeLimit, Turns: *turns}
		l.BlunderProb = 0
		lvl = &l
	}
	rng := rand.New(rand.NewPCG(*seed, 0))
	buf := make([]ai.Move, 0, ai.MaxMoves)
	var total int64
	depthSum, searches := 0, 0
	shared := ai.NewEngine(opts)
	var p games.Position
	for i := 0; i < *n; i++ {
		k := 0
		if !*line || p == nil {
			p = g.Start()
			k = rng.IntN(*plies + 1)
		}
		for j := 0; j < k && !p.Status().Over; j++ {
			if p.Turn() == ai.Chance {
				break
			}
			moves := p.Moves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p.Make(moves[rng.IntN(len(moves))])
		}
		if p.Status().Over || p.Turn() == ai.Chance {
			if *line {
				break
			}
			continue
		}
		e := shared
		if !*reuse && !*line {
			e = ai.NewEngine(opts)
		}
		var res ai.Result
		if lvl != nil {
			res = e.Choose(context.Background(), p, *lvl, nil)
		} else {
			res = e.Search(context.Background(), p, ai.Limits{Depth: *depth, Nodes: *nodeLimit, Turns: *turns}, nil)
		}
		best := "-"
		if !res.Best.IsNone() {
			best = p.FormatMove(res.Best)
		}
		fmt.Fprintf(stdout, "%s %2d plies %2d: nodes %9d best %-10s score %6d depth %2d\n", *gameName, i, k, res.Nodes, best, res.Score, res.Depth)
		total += res.Nodes
		depthSum += res.Depth
		searches++
		if *line {
			if res.Best.IsNone() {
				break
			}
			p.Make(res.Best)
		}
	}
	if *nodeLimit > 0 && searches > 0 {
		fmt.Fprintf(stdout, "%s %d nodes a search: depth %.2f on average\n", *gameName, *nodeLimit, float64(depthSum)/float64(searches))
	}
	fmt.Fprintf(stdout, "%s depth %d: %d nodes\n", *gameName, *depth, total)
	return 0
}
