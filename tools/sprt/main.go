// Command sprt plays chess matches between two UCI engines the way engine
// authors test changes: game pairs from a book of balanced openings with
// colours swapped, several games at once, and a running report of the
// pentanomial counts, the Elo difference with its 95% interval and, when
// asked, a sequential probability ratio test (SPRT) that stops the match
// as soon as it can tell H0 (Elo <= elo0) from H1 (Elo >= elo1).
//
// A change to the engine is tested at a fixed node count (noise-free: the
// same moves whatever the machine's load) against the build before it:
//
//	git stash; go build -o /tmp/base ./cmd/bot; git stash pop; go build -o /tmp/new ./cmd/bot
//	nice -n 10 go run ./tools/sprt -concurrency 2 -sprt 0,5 -each nodes=20000 \
//	    -engine name=new,cmd=/tmp/new,arg=uci -engine name=base,cmd=/tmp/base,arg=uci
//
// Against an outside engine, such as Stockfish limited to a rating:
//
//	go run ./tools/sprt -games 60 -each movetime=1s \
//	    -engine name=oyunbot,cmd=/tmp/new,arg=uci,option.Level=master \
//	    -engine name=sf2400,cmd=/usr/games/stockfish,option.UCI_LimitStrength=true,option.UCI_Elo=2400 \
//	    -anchor 2400
//
// Engine SPECs are comma-separated key=value pairs: name, cmd, arg
// (repeatable), option.NAME=VALUE (sent with setoption), a time control
// (nodes=N, depth=N, movetime=DUR, tc=[MOVES/]BASE+INC) and nice=N.
// -each gives the defaults both engines share. Our bot's book is switched
// off (option OwnBook false) unless a SPEC sets it: the openings decide.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/signal"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"oyunbot/tools/internal/sprtstat"
)

type specList []string

func (s *specList) String() string     { return strings.Join(*s, " ") }
func (s *specList) Set(v string) error { *s = append(*s, v); return nil }

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// config is a whole match.
type config struct {
	engines     [2]engineSpec
	openings    []string
	games       int // at most, in pairs
	concurrency int
	test        *sprtstat.SPRT
	adj         adjudication
	timeMargin  time.Duration
	anchor      float64 // the second engine's rating, or NaN
	hasAnchor   bool
	pgn         io.Writer
	event       string
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sprt", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var specs specList
	fs.Var(&specs, "engine", "an engine SPEC (twice: the first is the one tested)")
	each := fs.String("each", "", "settings both engines share (a SPEC without name and cmd)")
	book := fs.String("openings", "tools/sprt/testdata/openings.epd", "the openings, one FEN or EPD a line")
	shuffle := fs.Bool("shuffle", true, "take the openings in an order drawn from -seed (else from the top)")
	seed := fs.Uint64("seed", 1, "seed of the openings' order")
	skip := fs.Int("skip", 0, "skip this many openings of the order (a later run continues with fresh ones)")
	games := fs.Int("games", 20000, "the most games to play (a pair is two)")
	conc := fs.Int("concurrency", 1, "games played at once")
	sprtArg := fs.String("sprt", "", "ELO0,ELO1[,ALPHA,BETA]: stop when the SPRT decides (alpha and beta 0.05 unless given)")
	maxPlies := fs.Int("maxplies", 400, "a game this long is a draw (0: no limit)")
	resign := fs.String("resign", "", "SCORE,MOVES: a game both engines score SCORE cp or more for one side for MOVES moves each is won by it")
	draw := fs.String("draw", "", "FROM,SCORE,MOVES: from move FROM on, a game both engines score within ±SCORE cp for MOVES moves each is drawn")
	timeMargin := fs.Duration("timemargin", 50*time.Millisecond, "how far past its clock an engine may answer")
	anchor := fs.String("anchor", "", "the second engine's rating: the first's is printed with its interval")
	pgnOut := fs.String("pgn", "", "write the games to this PGN file")
	event := fs.String("event", "", "PGN Event tag (default: the engines' names)")
	gen := fs.Int("gen-openings", 0, "instead of a match: write this many balanced openings (needs -stockfish)")
	genPlies := fs.Int("gen-plies", 8, "plies of each generated opening")
	genSeed := fs.Uint64("gen-seed", 1, "seed of the generated openings")
	genOut := fs.String("gen-out", "openings.epd", "file the generated openings go to")
	stockfish := fs.String("stockfish", "/usr/games/stockfish", "the Stockfish binary for -gen-openings")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "sprt: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q", fs.Arg(0))
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if *gen > 0 {
		f, err := os.Create(*genOut)
		if err != nil {
			return fail("%v", err)
		}
		cfg := genConfig{stockfish: *stockfish, count: *gen, plies: *genPlies, multiPV: 4, window: 40,
			pickDepth: 10, checkDep: 16, balance: 40, seed: *genSeed}
		err = genOpenings(ctx, cfg, f, stderr)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return fail("%v", err)
		}
		return 0
	}

	var cfg config
	if len(specs) != 2 {
		return fail("two -engine SPECs are needed, got %d", len(specs))
	}
	base, err := parseEngineSpec(*each, engineSpec{})
	if err != nil {
		return fail("-each: %v", err)
	}
	for i, s := range specs {
		e, err := parseEngineSpec(s, base)
		if err != nil {
			return fail("-engine %q: %v", s, err)
		}
		if e.cmd == "" {
			return fail("-engine %q: cmd= is missing", s)
		}
		if e.name == "" {
			e.name = fmt.Sprintf("engine%d", i+1)
		}
		if e.tc == (timeControl{}) {
			return fail("-engine %q: no time control (nodes=, depth=, movetime= or tc=, here or in -each)", s)
		}
		cfg.engines[i] = e
	}
	if cfg.engines[0].name == cfg.engines[1].name {
		cfg.engines[1].name += "-2"
	}
	r, err := openFile(*book)
	if err != nil {
		return fail("-openings: %v", err)
	}
	cfg.openings, err = readOpenings(r)
	r.Close()
	if err != nil {
		return fail("-openings %s: %v", *book, err)
	}
	if *shuffle {
		rng := rand.New(rand.NewPCG(*seed, 0x5eed))
		rng.Shuffle(len(cfg.openings), func(i, j int) { cfg.openings[i], cfg.openings[j] = cfg.openings[j], cfg.openings[i] })
	}
	if *skip < 0 {
		return fail("-skip must not be negative")
	}
	cfg.openings = append(cfg.openings[*skip%len(cfg.openings):], cfg.openings[:*skip%len(cfg.openings)]...)
	if *games < 2 {
		return fail("-games must be at least 2 (one pair)")
	}
	cfg.games = *games / 2 * 2
	if *conc < 1 || *conc > 64 {
		return fail("-concurrency must be 1..64")
	}
	cfg.concurrency = *conc
	if *sprtArg != "" {
		t, err := sprtstat.Parse(*sprtArg)
		if err != nil {
			return fail("-sprt: %v", err)
		}
		cfg.test = &t
	}
	cfg.adj.maxPlies = *maxPlies
	if *resign != "" {
		v, err := ints(*resign, 2)
		if err != nil {
			return fail("-resign: %v", err)
		}
		cfg.adj.resignScore, cfg.adj.resignMoves = v[0], v[1]
	}
	if *draw != "" {
		v, err := ints(*draw, 3)
		if err != nil {
			return fail("-draw: %v", err)
		}
		cfg.adj.drawFrom, cfg.adj.drawScore, cfg.adj.drawMoves = v[0], v[1], v[2]
	}
	cfg.timeMargin = *timeMargin
	if *anchor != "" {
		a, err := strconv.ParseFloat(*anchor, 64)
		if err != nil {
			return fail("-anchor: %q is not a rating", *anchor)
		}
		cfg.anchor, cfg.hasAnchor = a, true
	}
	cfg.event = *event
	if cfg.event == "" {
		cfg.event = cfg.engines[0].name + " vs " + cfg.engines[1].name
	}
	if *pgnOut != "" {
		f, err := os.Create(*pgnOut)
		if err != nil {
			return fail("-pgn: %v", err)
		}
		defer f.Close()
		cfg.pgn = f
	}
	for i := range cfg.engines {
		if strings.Contains(cfg.engines[i].cmd, "bot") {
			if _, ok := cfg.engines[i].options["OwnBook"]; !ok {
				cfg.engines[i].options["OwnBook"] = "false"
			}
		}
	}
	return playMatch(ctx, cfg, stdout, stderr)
}

// ints reads n comma-separated non-negative integers.
func ints(s string, n int) ([]int, error) {
	f := strings.Split(s, ",")
	if len(f) != n {
		return nil, fmt.Errorf("%q: want %d comma-separated numbers", s, n)
	}
	out := make([]int, n)
	for i, x := range f {
		v, err := strconv.Atoi(strings.TrimSpace(x))
		if err != nil || v < 0 {
			return nil, fmt.Errorf("%q is not a non-negative number", x)
		}
		out[i] = v
	}
	return out, nil
}

// playMatch plays the pairs on cfg.concurrency workers, printing each game
// and the running summary, until the games are played, the SPRT decides
// or the context ends. Each worker keeps its own two engine processes and
// plays both games of a pair (the first engine White, then Black).
func playMatch(ctx context.Context, cfg config, stdout, stderr io.Writer) int {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	fmt.Fprintf(stdout, "%s (%s) vs %s (%s), %d openings, up to %d games, %d at once",
		cfg.engines[0].name, cfg.engines[0].tc, cfg.engines[1].name, cfg.engines[1].tc, len(cfg.openings), cfg.games, cfg.concurrency)
	if cfg.test != nil {
		fmt.Fprintf(stdout, ", %s", cfg.test)
	}
	fmt.Fprintln(stdout)

	var (
		mu       sync.Mutex
		t        sprtstat.Tally
		verdict  string
		failures int
		round    int
		times    [2][]moveTime
	)
	pairs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < cfg.concurrency; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var eng [2]*engine
			defer func() {
				for _, e := range eng {
					if e != nil {
						e.close()
					}
				}
			}()
			for pair := range pairs {
				var scores [2]float64
				for g := 0; g < 2; g++ {
					for i := range eng {
						if eng[i] == nil {
							e, err := startEngine(cfg.engines[i])
							if err != nil {
								fmt.Fprintf(stderr, "sprt: %v\n", err)
								cancel()
								return
							}
							eng[i] = e
						}
					}
					white, black := eng[0], eng[1]
					if g == 1 {
						white, black = black, white
					}
					rec := playGame(ctx, cfg.openings[pair%len(cfg.openings)], white, black, cfg.adj, cfg.timeMargin)
					if rec.failed == "interrupted" {
						return
					}
					s := rec.whiteScore
					if g == 1 {
						s = 1 - s
					}
					scores[g] = s
					mu.Lock()
					round++
					if rec.failed != "" {
						failures++
						// The engine that failed is restarted for the next game.
						for i, e := range eng {
							if e.spec.name == rec.failed {
								e.close()
								eng[i] = nil
							}
						}
					}
					times[0] = append(times[0], rec.thinkTimes[g]...)
					times[1] = append(times[1], rec.thinkTimes[1-g]...)
					fmt.Fprintf(stdout, "game %d (opening %d): %s - %s %s (%s, %d plies, %s)\n", round, pair+1,
						rec.white, rec.black, rec.resultText(), rec.reason, len(rec.moves), rec.done.Sub(rec.start).Round(time.Millisecond))
					if cfg.pgn != nil {
						io.WriteString(cfg.pgn, rec.pgn(round, cfg.event))
					}
					mu.Unlock()
				}
				mu.Lock()
				t.AddPair(scores[0], scores[1])
				fmt.Fprintf(stdout, "  %s\n", sprtstat.Summary(&t, cfg.test))
				if cfg.test != nil && verdict == "" {
					if verdict = cfg.test.Verdict(&t); verdict != "" {
						cancel()
					}
				}
				mu.Unlock()
			}
		}()
	}
	func() {
		defer close(pairs)
		for i := 0; i < cfg.games/2; i++ {
			select {
			case pairs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	wg.Wait()

	fmt.Fprintf(stdout, "\nfinal: %s vs %s: %s\n", cfg.engines[0].name, cfg.engines[1].name, sprtstat.Summary(&t, cfg.test))
	if cfg.test != nil {
		switch verdict {
		case "H1":
			fmt.Fprintf(stdout, "SPRT: H1 accepted (%s is at least %g Elo better, at the test's error rates)\n", cfg.engines[0].name, cfg.test.Elo1)
		case "H0":
			fmt.Fprintf(stdout, "SPRT: H0 accepted (%s is not %g Elo better)\n", cfg.engines[0].name, cfg.test.Elo1)
		default:
			fmt.Fprintln(stdout, "SPRT: no decision")
		}
	}
	if cfg.hasAnchor {
		est, lo, hi := t.Elo()
		fmt.Fprintf(stdout, "rating of %s: %.0f [%.0f, %.0f] (%s at %.0f)\n", cfg.engines[0].name,
			cfg.anchor+est, cfg.anchor+lo, cfg.anchor+hi, cfg.engines[1].name, cfg.anchor)
	}
	for i, e := range cfg.engines {
		if line := timeReport(times[i]); line != "" {
			fmt.Fprintf(stdout, "think time of %s: %s\n", e.name, line)
		}
		if line := searchReport(times[i]); line != "" {
			fmt.Fprintf(stdout, "search of %s: %s\n", e.name, line)
		}
	}
	if failures > 0 {
		fmt.Fprintf(stdout, "%d games ended by an engine failure (crash, hang or illegal move; scored as a loss for it)\n", failures)
	}
	return 0
}

// searchReport sums up how far an engine searched: the median nodes and
// depth of its moves (as it reported them), which shows what a time
// control gave it on a loaded machine.
func searchReport(ts []moveTime) string {
	var nodes []int64
	var depths []int
	for _, t := range ts {
		if t.depth > 0 {
			nodes, depths = append(nodes, t.nodes), append(depths, t.depth)
		}
	}
	if len(nodes) == 0 {
		return ""
	}
	slices.Sort(nodes)
	slices.Sort(depths)
	return fmt.Sprintf("%d moves, median %d nodes, depth %d (p10 %d nodes, p90 %d)", len(nodes), nodes[len(nodes)/2],
		depths[len(depths)/2], nodes[len(nodes)/10], nodes[len(nodes)*9/10])
}

// timeReport sums up think times against their budgets (fixed time a move
// only): the median, the 99th percentile and the worst as a share of the
// budget.
func timeReport(ts []moveTime) string {
	var r []float64
	for _, t := range ts {
		if t.budget > 0 {
			r = append(r, float64(t.elapsed)/float64(t.budget))
		}
	}
	if len(r) == 0 {
		return ""
	}
	sort.Float64s(r)
	q := func(p float64) float64 { return 100 * r[min(int(p*float64(len(r))), len(r)-1)] }
	return fmt.Sprintf("%d moves, median %.1f%%, p99 %.1f%%, worst %.1f%% of the move time", len(r), q(0.5), q(0.99), 100*r[len(r)-1])
}
