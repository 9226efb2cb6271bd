// Command draughtsmatch is tools/sprt's twin for Italian draughts and
// checkers: it plays two configurations of the bot's engine against each
// other in one process, in pairs of games from a book of balanced
// openings (each played with both colours), and reports the pentanomial
// counts, the Elo difference with its 95% interval and, when asked, a
// sequential probability ratio test that stops the match as soon as it
// tells H0 (Elo <= elo0) from H1 (Elo >= elo1).
//
// A strength change is tested in fixed nodes (the same moves whatever the
// machine's load) against the engine without it:
//
//	nice -n 10 go run ./tools/draughtsmatch -game italian -nodes 20000 -sprt 0,10 \
//	    -a name=new -b name=base,off=lmr
//
// An engine SPEC is comma-separated key=value pairs: name; off=T1+T2 (ai
// switches turned off, see ai.Switches); tune.FIELD=N (a field of the
// search's ai.Tuning); w.FIELD=N (a field of the evaluation's Weights,
// w.AdvanceR=N for rank R, from the game's defaults); weights=FILE (every
// weight a file names, NAME=N one a line, as tools/draughtstune writes
// them; a later w.FIELD changes one of them); egdb=N (the endgame database probed with at
// most N pieces on the board, 0 not at all; default all it has, up to
// OYUNBOT_DRAUGHTS_EGDB pieces). -nodes, -depth and -movetime are each side's
// budget a move (-movetime is the time mode: it depends on the load).
//
// The openings (testdata/GAME.txt, one position text a line) are every
// position three plies from the start whose score in a plain depth-10
// search is within 0.35 men of even; -gen writes them again. In nodes or
// depth a game is the same every time it is played from its opening, so
// a match plays at most two games an opening (174 pairs with these);
// testdata/GAME-4.txt, four plies (-gen -gen-plies 4), has some 630.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/games/draughts"
	"oyunbot/tools/internal/draughtsio"
	"oyunbot/tools/internal/sprtstat"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// engineSpec is one side of the match.
type engineSpec struct {
	name    string
	opts    ai.Options
	tuning  *ai.Tuning // nil: the game's
	weights *draughts.Weights
	egdb    int // the most pieces the endgame database is probed at (-1: all it has)
}

// config is a whole match.
type config struct {
	game     draughts.Game
	engines  [2]engineSpec
	limits   ai.Limits
	openings []string
	games    int
	workers  int
	maxPlies int
	test     *sprtstat.SPRT
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("draughtsmatch", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gameName := fs.String("game", "italian", "italian or checkers")
	a := fs.String("a", "name=a", "the engine tested (SPEC)")
	b := fs.String("b", "name=b", "the engine it is measured against (SPEC)")
	nodes := fs.Int64("nodes", 20000, "nodes a move (0: no node limit)")
	depth := fs.Int("depth", 0, "depth a move (0: no depth limit)")
	movetime := fs.Duration("movetime", 0, "time a move (0: no time limit; the time mode depends on the load)")
	book := fs.String("openings", "", "the openings file (default tools/draughtsmatch/testdata/GAME.txt)")
	seed := fs.Uint64("seed", 1, "seed of the openings' order")
	games := fs.Int("games", 2000, "the most games (a pair is two)")
	workers := fs.Int("workers", 1, "games played at once")
	maxPlies := fs.Int("maxplies", 300, "a game this long is a draw")
	sprtArg := fs.String("sprt", "", "ELO0,ELO1[,ALPHA,BETA]: stop when the SPRT decides (alpha and beta 0.05 unless given)")
	gen := fs.Bool("gen", false, "write the openings file from the start position and exit")
	genPlies := fs.Int("gen-plies", 3, "with -gen: the openings' plies from the start")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	g, ok := map[string]draughts.Game{"italian": draughts.Italian, "checkers": draughts.Checkers}[*gameName]
	if !ok {
		fmt.Fprintf(stderr, "draughtsmatch: -game is italian or checkers, not %q\n", *gameName)
		return 2
	}
	if *book == "" {
		*book = draughtsio.BookPath(g)
	}
	if *gen {
		if err := writeOpenings(*book, g, *genPlies); err != nil {
			fmt.Fprintln(stderr, "draughtsmatch:", err)
			return 1
		}
		return 0
	}
	cfg := config{game: g, games: *games, workers: max(*workers, 1), maxPlies: *maxPlies,
		limits: ai.Limits{Nodes: *nodes, Depth: *depth, Time: *movetime}}
	if *nodes == 0 && *depth == 0 && *movetime == 0 {
		fmt.Fprintln(stderr, "draughtsmatch: give -nodes, -depth or -movetime")
		return 2
	}
	for i, s := range []string{*a, *b} {
		e, err := parseSpec(s, g)
		if err != nil {
			fmt.Fprintln(stderr, "draughtsmatch:", err)
			return 2
		}
		cfg.engines[i] = e
	}
	if *sprtArg != "" {
		t, err := sprtstat.Parse(*sprtArg)
		if err != nil {
			fmt.Fprintln(stderr, "draughtsmatch:", err)
			return 2
		}
		cfg.test = &t
	}
	ops, err := draughtsio.ReadOpenings(*book, g)
	if err != nil {
		fmt.Fprintln(stderr, "draughtsmatch:", err)
		return 1
	}
	rng := rand.New(rand.NewPCG(*seed, *seed^0x0be))
	rng.Shuffle(len(ops), func(i, j int) { ops[i], ops[j] = ops[j], ops[i] })
	cfg.openings = ops
	if pairs := len(ops); *movetime == 0 && cfg.games > 2*pairs {
		// In nodes or depth the games are deterministic: a pair played
		// again from the same opening is the same pair again, which
		// would narrow the interval with no new evidence.
		fmt.Fprintf(stdout, "draughtsmatch: %d openings make %d distinct games in nodes or depth; -games %d cut to %d (a larger book: -gen -gen-plies 4)\n",
			pairs, 2*pairs, cfg.games, 2*pairs)
		cfg.games = 2 * pairs
	}
	// The endgame database, loaded or built (once, into the cache
	// folder) before the first game, so that every game sees it whole.
	<-g.Ready()
	fmt.Fprintf(stdout, "%s: %s vs %s, %s, %d openings, endgame database of %d pieces\n", g.Name(), cfg.engines[0].name, cfg.engines[1].name, budget(cfg.limits), len(ops), g.EGDB().Pieces())
	t := match(context.Background(), cfg, stdout)
	fmt.Fprintln(stdout, "final:", sprtstat.Summary(&t, cfg.test))
	return 0
}

func budget(l ai.Limits) string {
	var parts []string
	if l.Nodes > 0 {
		parts = append(parts, fmt.Sprintf("%d nodes", l.Nodes))
	}
	if l.Depth > 0 {
		parts = append(parts, fmt.Sprintf("depth %d", l.Depth))
	}
	if l.Time > 0 {
		parts = append(parts, l.Time.String())
	}
	return strings.Join(parts, ", ") + " a move"
}

// parseSpec reads an engine SPEC of game g (see the package comment).
func parseSpec(s string, g draughts.Game) (engineSpec, error) {
	e := engineSpec{name: s, opts: ai.DefaultOptions(), egdb: -1}
	for _, kv := range strings.Split(s, ",") {
		if kv == "" {
			continue
		}
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return e, fmt.Errorf("%q in SPEC %q is no key=value", kv, s)
		}
		switch {
		case k == "name":
			e.name = v
		case k == "egdb":
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return e, fmt.Errorf("egdb=%s: want the most pieces, 0 for none", v)
			}
			e.egdb = n
		case k == "off":
			sw := ai.Switches()
			for _, n := range strings.Split(v, "+") {
				f, ok := sw[n]
				if !ok {
					return e, fmt.Errorf("no switch %q (have %s)", n, ai.SwitchNames())
				}
				f(&e.opts)
			}
		case strings.HasPrefix(k, "tune."):
			if e.tuning == nil {
				p := draughts.Italian.NewStart()
				e.tuning = p.Tuning()
			}
			if err := setInt(e.tuning, strings.TrimPrefix(k, "tune."), v); err != nil {
				return e, err
			}
		case strings.HasPrefix(k, "w."), k == "weights":
			if e.weights == nil {
				w := g.DefaultWeights()
				e.weights = &w
			}
			if k == "weights" {
				if err := draughtsio.ReadWeights(v, e.weights); err != nil {
					return e, err
				}
				continue
			}
			if err := draughtsio.SetWeight(e.weights, strings.TrimPrefix(k, "w."), v); err != nil {
				return e, err
			}
		default:
			return e, fmt.Errorf("unknown key %q in SPEC %q", k, s)
		}
	}
	return e, nil
}

// setInt sets the int field name of the struct *ptr to v.
func setInt(ptr any, name, v string) error {
	f := reflect.ValueOf(ptr).Elem().FieldByName(name)
	if !f.IsValid() || f.Kind() != reflect.Int {
		return fmt.Errorf("no int field %s in %T", name, ptr)
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return fmt.Errorf("%s=%s: %v", name, v, err)
	}
	f.SetInt(int64(n))
	return nil
}

// player is an engine of a worker.
type player struct {
	spec engineSpec
	eng  *ai.Engine
}

func newPlayer(s engineSpec) *player {
	e := ai.NewEngine(s.opts)
	e.SetTuning(s.tuning)
	return &player{spec: s, eng: e}
}

// play plays one game from opening; first is the index (0: A, 1: B) of
// the player who moves first. It returns A's score and the reason.
func play(ctx context.Context, cfg *config, opening string, ps [2]*player, first int) (float64, string) {
	p, err := cfg.game.Parse(opening)
	if err != nil {
		panic(err) // checked when read
	}
	for _, pl := range ps {
		pl.eng.Clear() // each game alike, whatever came before
	}
	mover := p.Turn()
	owner := func(side ai.Side) int { // the player index of side
		if side == mover {
			return first
		}
		return 1 - first
	}
	for ply := 0; ply < cfg.maxPlies; ply++ {
		st := p.Status()
		if st.Over {
			if st.Winner == ai.NoSide {
				return 0.5, st.Reason
			}
			if owner(st.Winner) == 0 {
				return 1, st.Reason
			}
			return 0, st.Reason
		}
		pl := ps[owner(p.Turn())]
		if pl.spec.weights != nil {
			p.SetWeights(*pl.spec.weights)
		} else {
			p.SetWeights(cfg.game.DefaultWeights())
		}
		p.SetEndgamePieces(pl.spec.egdb)
		res := pl.eng.Choose(ctx, p, ai.Level{Name: pl.spec.name, Limits: cfg.limits, NoBook: true}, nil)
		if res.Best.IsNone() {
			panic("no move in a game not over: " + p.String())
		}
		p.Make(res.Best)
	}
	return 0.5, "ply-limit"
}

// match plays the pairs and returns the tally, printing a line every ten
// pairs and when the SPRT decides.
func match(ctx context.Context, cfg config, out io.Writer) sprtstat.Tally {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu    sync.Mutex
		t     sprtstat.Tally
		wg    sync.WaitGroup
		next  int
		start = time.Now()
	)
	pairs := cfg.games / 2
	for w := 0; w < cfg.workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ps := [2]*player{newPlayer(cfg.engines[0]), newPlayer(cfg.engines[1])}
			for {
				mu.Lock()
				i := next
				next++
				done := i >= pairs || ctx.Err() != nil
				mu.Unlock()
				if done {
					return
				}
				op := cfg.openings[i%len(cfg.openings)]
				s1, _ := play(ctx, &cfg, op, ps, 0)
				s2, _ := play(ctx, &cfg, op, ps, 1)
				if ctx.Err() != nil {
					return
				}
				mu.Lock()
				t.AddPair(s1, s2)
				n := t.Pairs[0] + t.Pairs[1] + t.Pairs[2] + t.Pairs[3] + t.Pairs[4]
				verdict := ""
				if cfg.test != nil {
					verdict = cfg.test.Verdict(&t)
				}
				if n%10 == 0 || verdict != "" {
					fmt.Fprintf(out, "%s %s\n", time.Since(start).Round(time.Second), sprtstat.Summary(&t, cfg.test))
				}
				if verdict != "" {
					fmt.Fprintf(out, "%s: %s accepted\n", cfg.test, verdict)
					cancel()
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return t
}

// Opening generation.
const (
	openingDepth   = 10
	openingBalance = 35 // centi-men
)

// writeOpenings writes every distinct position plies from the start
// whose plain search scores within openingBalance of even.
func writeOpenings(path string, g draughts.Game, plies int) error {
	start := g.NewStart()
	seen := map[string]bool{}
	var lines []string
	// The plain search (no selective technique): the book must not move
	// when the engine's search does.
	opts := ai.DefaultOptions()
	for _, n := range []string{"tuned", "checkext", "lmr", "futility"} {
		ai.Switches()[n](&opts)
	}
	e := ai.NewEngine(opts)
	var walk func(p *draughts.Position, depth int, line []string)
	walk = func(p *draughts.Position, depth int, line []string) {
		if p.Status().Over {
			return
		}
		if depth == 0 {
			key := p.String()
			if seen[key] {
				return
			}
			seen[key] = true
			e.Clear()
			res := e.Search(context.Background(), p, ai.Limits{Depth: openingDepth}, nil)
			if res.Score >= -openingBalance && res.Score <= openingBalance {
				lines = append(lines, fmt.Sprintf("%s # %s (%+d)", key, strings.Join(line, " "), res.Score))
			}
			return
		}
		for _, m := range p.Moves(nil) {
			s := p.FormatNumeric(m)
			p.Make(m)
			walk(p, depth-1, append(line, s))
			p.Unmake()
		}
	}
	walk(start, plies, nil)
	text := fmt.Sprintf("# %s: the positions %d plies from the start scored within %d of even by a plain depth-%d search\n# (go run ./tools/draughtsmatch -game %s -gen -gen-plies %d)\n",
		g.Name(), plies, openingBalance, openingDepth, g.Name(), plies) + strings.Join(lines, "\n") + "\n"
	return os.WriteFile(path, []byte(text), 0o644)
}
