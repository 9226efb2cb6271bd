package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/games/puzzle"
	"oyunbot/internal/registry"
)

// runAnalyse is `bot analyse -game G (-level L | -time D | -depth N)`: for
// each position read from stdin (one a line in the game's text format, its
// optional fields included, such as a FEN's move counters; `#` comments
// and blank lines are ignored, and trailing fields that make the line no
// position) it prints
//
//	bestmove <move> score <n> depth <d> nodes <n> time <ms>
//
// where score is from the side to move's point of view (ai.Win-ply for a
// win found ply plies ahead). A finished game prints `bestmove none` with
// the result's score and depth 0. -level plays the level as the bot does
// (ai.Engine.ChooseWith): its evaluation style, its own search (tavla's
// levels) and, at a level that makes deliberate mistakes, its mistakes
// and book choices, drawn from -seed and the position's number, so that
// `-level easy` is not `-level hard`. -time and -depth override the
// level's budget (or set it without -level). -pv appends the principal variation
// (`pv m1 m2 ...`); -minimax appends `minimax-score <n> minimax-nodes <n>`
// from plain minimax at the depth the search completed, to compare node
// counts (exponential: keep the depth small). Each position is searched
// with cleared tables, so a fixed-depth analysis is reproducible.
//
// A sliding puzzle (puzzle8, puzzle15) is solved instead: see
// analysePuzzle. With -record it analyses a whole game: see
// runAnalyseRecord.
func runAnalyse(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if hasRecordFlag(args) {
		return runAnalyseRecord(args, stdin, stdout, stderr)
	}
	fs := flag.NewFlagSet("analyse", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gameName := fs.String("game", "", "game name, e.g. tictactoe")
	levelName := fs.String("level", "", "level: easy, medium, hard, master (kolay, orta, zor, usta)")
	timeLimit := fs.Duration("time", 0, "time per position, e.g. 500ms")
	depth := fs.Int("depth", 0, "search depth in plies")
	withPV := fs.Bool("pv", false, "append the principal variation")
	withMinimax := fs.Bool("minimax", false, "append plain minimax's score and node count at the completed depth")
	hashMB := fs.Int("hash", 16, "transposition table size in MiB")
	algo := fs.String("algo", "", "sliding puzzles: the search, e.g. idastar, astar-manhattan, bfs (default idastar with the best heuristic)")
	seed := fs.Uint64("seed", 1, "seed of a level's deliberate mistakes")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "analyse: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	g, err := registry.Lookup(*gameName)
	if err != nil {
		fmt.Fprintf(stderr, "analyse: %v\n", err)
		return 2
	}
	if pg, ok := g.(puzzle.Game); ok {
		return analysePuzzle(pg, *algo, *timeLimit, stdin, stdout, stderr)
	}
	if *algo != "" {
		fmt.Fprintf(stderr, "analyse: -algo is for sliding puzzles, not %s\n", g.Name())
		return 2
	}
	var (
		lim      ai.Limits
		level    ai.Level // the level's engine variant (a seed document's evaluation)
		hasLevel bool
	)
	switch {
	case *levelName != "":
		lvl, ok := games.HostOf(g).Level(*levelName)
		if !ok {
			fmt.Fprintf(stderr, "analyse: unknown level %q (%s)\n", *levelName, levelNames(g))
			return 2
		}
		lim, level, hasLevel = lvl.Limits, lvl, true
	case *timeLimit == 0 && *depth == 0:
		fmt.Fprintln(stderr, "analyse: give -level, -time or -depth")
		return 2
	}
	if *timeLimit < 0 || *depth < 0 || *depth > ai.MaxDepth || *hashMB < 1 || *hashMB > 4096 {
		fmt.Fprintf(stderr, "analyse: -time must not be negative, -depth must be 0..%d, -hash 1..4096\n", ai.MaxDepth)
		return 2
	}
	if *timeLimit > 0 {
		lim.Time = *timeLimit
	}
	if *depth > 0 {
		lim.Depth = *depth
	}

	opts := ai.DefaultOptions()
	opts.TTSizeMB = *hashMB
	e := ai.NewEngine(opts)
	n := uint64(0)
	return eachPosition("analyse", g, true, stdin, stdout, stderr, func(out io.Writer, p games.Position) {
		e.Clear()
		n++
		var res ai.Result
		if hasLevel {
			lvl := level
			lvl.Limits = lim
			var rng *rand.Rand
			if lvl.BlunderProb > 0 {
				rng = rand.New(rand.NewPCG(*seed, n))
			}
			res = e.ChooseWith(context.Background(), p, lvl, rng, nil)
		} else {
			res = e.Search(context.Background(), p, lim, nil)
		}
		move := "none"
		if !res.Best.IsNone() {
			move = p.FormatMove(res.Best)
		}
		fmt.Fprintf(out, "bestmove %s score %d depth %d nodes %d time %d", move, res.Score, res.Depth, res.Nodes, res.Elapsed.Milliseconds())
		if *withPV {
			fmt.Fprintf(out, " pv%s", formatLine(p, res.PV))
		}
		if *withMinimax {
			mm := ai.Minimax(p, res.Depth, nil)
			fmt.Fprintf(out, " minimax-score %d minimax-nodes %d", mm.Score, mm.Nodes)
		}
		fmt.Fprintln(out)
	})
}

// levelNames lists a game's levels (the standard ones with no game).
func levelNames(gs ...games.Game) string {
	levels := ai.Levels()
	if len(gs) > 0 {
		levels = games.HostOf(gs[0]).LevelList()
	}
	var names []string
	for _, l := range levels {
		names = append(names, l.Name)
	}
	return strings.Join(names, ", ")
}

// formatLine writes moves played in turn from p, each with a leading space
// (p is left as it was).
func formatLine(p games.Position, moves []ai.Move) string {
	q := p.Clone()
	var b strings.Builder
	for _, m := range moves {
		b.WriteString(" " + q.FormatMove(m))
		q.Make(m)
	}
	return b.String()
}

// analysePuzzle is `bot analyse -game puzzle8|puzzle15 [-algo NAME] [-time
// D]`: for each start read from stdin (tiles row by row from the top,
// comma-separated, 0 for the blank; `#` comments and blank lines ignored)
// it prints
//
//	bestmove <tile> length <n> nodes <n> time <ms>
//
// the tile to slide first and the solution's length (optimal for the
// optimal searches), or `bestmove none length 0 nodes 0 time 0` for a
// solved start. A line that is no start, or one the search gives up on
// (-time, or the memory bound), prints `error line <n>: <why>` in its place
// and the exit status is 1 at the end. The 15-puzzle's pattern databases
// are loaded (or built) first.
func analysePuzzle(g puzzle.Game, algo string, timeLimit time.Duration, stdin io.Reader, stdout, stderr io.Writer) int {
	size := g.Size
	if size == 0 {
		size = 3
	}
	m := puzzle.Method{Alg: ai.IDAStar, H: puzzle.PDBHeuristic}
	if algo != "" {
		var ok bool
		if m, ok = puzzle.ParseMethod(size, algo); !ok {
			fmt.Fprintf(stderr, "analyse: unknown -algo %q (e.g. %s)\n", algo, strings.Join(puzzleMethodNames(size), ", "))
			return 2
		}
	}
	if timeLimit < 0 {
		fmt.Fprintln(stderr, "analyse: -time must not be negative")
		return 2
	}
	if size == 4 {
		if _, err := puzzle.LoadPDB(); err != nil {
			fmt.Fprintf(stderr, "analyse: pattern databases: %v\n", err) // built, but not saved: go on
		}
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	sc := bufio.NewScanner(stdin)
	status := 0
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		if strings.TrimSpace(text) == "" {
			continue
		}
		pos, err := g.ParsePosition(text)
		if err != nil {
			fmt.Fprintf(out, "error line %d: %v\n", line, err)
			status = 1
			continue
		}
		p := pos.(*puzzle.Pos)
		res, err := puzzle.Solve(context.Background(), p, m, puzzle.Budget{Time: timeLimit})
		switch {
		case err != nil:
			fmt.Fprintf(out, "error line %d: %v\n", line, err)
			status = 1
		case !res.Found():
			fmt.Fprintf(out, "error line %d: %s found no solution (%s after %d nodes, %d ms)\n", line, m, res.Stopped, res.Nodes, res.Elapsed.Milliseconds())
			status = 1
		case len(res.Path) == 0:
			fmt.Fprintln(out, "bestmove none length 0 nodes 0 time 0")
		default:
			fmt.Fprintf(out, "bestmove %s length %d nodes %d time %d\n", p.FormatMove(res.Path[0]), res.Length, res.Nodes, res.Elapsed.Milliseconds())
		}
	}
	if err := sc.Err(); err != nil {
		out.Flush()
		fmt.Fprintf(stderr, "analyse: reading input: %v\n", err)
		return 1
	}
	return status
}

func puzzleMethodNames(size int) []string {
	var names []string
	for _, m := range puzzle.CompareMethods(size) {
		names = append(names, m.String())
	}
	return names
}
