// Command selfplay plays matches between the bot's engines, for the
// levels' ladders and for measuring an engine technique or an evaluation
// change (a level with techniques switched off, against the seed
// documents' minimax), and prints each game and A's score with a 95%
// confidence interval:
//
//	go run ./tools/selfplay -game G -a SPEC -b SPEC -games N [-time D | -depth N | -nodes N] [-seed S] [-workers W]
//
// It lives apart from the product (cmd/bot), as the other developer
// programs under tools/ do.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"oyunbot/ai"
	"oyunbot/games"
	"oyunbot/internal/registry"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// Self-play defaults.
const (
	defaultMaxPlies  = 300 // a game still running after this many turns is a draw
	maxMinimaxDepth  = 8   // minimaxN beyond this would run for hours
	baselineMinimaxD = 3   // "minimax" alone: the seed documents' depth
	z95              = 1.959964
)

// run is `selfplay -game G -a SPEC -b SPEC -games N [-time D] [-seed S]`:
// N games between players A and B, and a summary of A's result
// with a 95% confidence interval.
//
// SPEC is a level (easy, medium, hard, master or the Turkish names),
// optionally with engine techniques switched off to measure them
// ("hard-qs-tt": see engineFeatures), or minimaxN (plain full-width minimax
// to depth N; "minimax" is minimax3):
// the seed documents' engine, scoring bare material when the game has an
// ai.MaterialEvaluator and Evaluate otherwise. -time replaces the per-move
// time of level players.
//
// Games come in pairs: games 2k and 2k+1 open with the same random plies
// (-random-plies, 2 to 4 by default, drawn from -seed) with colours swapped,
// so that neither player profits from a lucky opening, and A plays first in
// even games. A game longer than -maxplies turns is scored a draw (reason
// "ply-limit"). Games run in parallel on -workers goroutines (GOMAXPROCS by
// default), each with its own engines.
func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gameName := fs.String("game", "", "game name, e.g. tictactoe")
	aSpec := fs.String("a", "", "player A: a level (easy, medium, hard, master) or minimaxN")
	bSpec := fs.String("b", "", "player B: a level or minimaxN")
	n := fs.Int("games", 10, "number of games")
	moveTime := fs.Duration("time", 0, "time per move for level players (default: the level's)")
	nodes := fs.Int64("nodes", 0, "fixed node budget of level players a move, with no time limit (with -depth: both bounds)")
	depth := fs.Int("depth", 0, "fixed search depth of level players, with no time limit (default: the level's limits); the games do not depend on the machine's load")
	seed := fs.Uint64("seed", 1, "seed of the openings and of deliberate mistakes")
	plies := fs.String("random-plies", "2-4", "random plies opening each game: N or MIN-MAX")
	maxPlies := fs.Int("maxplies", defaultMaxPlies, "a game still running after this many turns (one side's plies in a row; dice rolls not counted) is a draw")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "games played at once")
	hashMB := fs.Int("hash", 16, "transposition table size in MiB of each engine")
	quiet := fs.Bool("quiet", false, "print the summary only")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "selfplay: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q", fs.Arg(0))
	}
	g, err := registry.Lookup(*gameName)
	if err != nil {
		return fail("%v", err)
	}
	if g.Players() != 2 {
		return fail("%s is a one-player game", g.Name())
	}
	if *hashMB < 1 || *hashMB > 4096 {
		return fail("-hash must be 1..4096")
	}
	cfg := selfplayConfig{game: g, seed: *seed, maxPlies: *maxPlies}
	for _, s := range []struct {
		name, spec string
		dst        *playerSpec
	}{{"-a", *aSpec, &cfg.a}, {"-b", *bSpec, &cfg.b}} {
		if *s.dst, err = parsePlayerSpec(s.spec, *moveTime, *hashMB, games.HostOf(g).Level); err != nil {
			return fail("%s: %v", s.name, err)
		}
		if (*depth > 0 || *nodes > 0) && s.dst.minimaxDepth == 0 {
			s.dst.level.Limits = ai.Limits{Depth: *depth, Nodes: *nodes, Turns: s.dst.level.Limits.Turns}
		}
	}
	if cfg.minPlies, cfg.maxRandom, err = parsePlyRange(*plies); err != nil {
		return fail("-random-plies: %v", err)
	}
	switch {
	case *n < 1 || *n > 1_000_000:
		return fail("-games must be 1..1000000")
	case *moveTime < 0:
		return fail("-time must not be negative")
	case *nodes < 0:
		return fail("-nodes must not be negative")
	case *depth < 0 || *depth > ai.MaxDepth:
		return fail("-depth must be 0..%d", ai.MaxDepth)
	case *maxPlies < 1:
		return fail("-maxplies must be positive")
	case *workers < 1:
		return fail("-workers must be positive")
	}

	var printMu sync.Mutex
	results := make([]gameResult, *n)
	done := make([]bool, *n)
	next := 0 // the next game to print, so lines come in game order
	report := func(r gameResult) {
		printMu.Lock()
		defer printMu.Unlock()
		results[r.index], done[r.index] = r, true
		for next < len(done) && done[next] {
			if !*quiet {
				fmt.Fprintln(stdout, results[next].line(g))
			}
			next++
		}
	}
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(*workers, *n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, b := cfg.a.newPlayer(), cfg.b.newPlayer()
			for i := range jobs {
				report(cfg.play(i, a, b))
			}
		}()
	}
	for i := 0; i < *n; i++ {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if line, ok := pointsSummary(results); ok {
		fmt.Fprintln(stdout, line)
	}
	fmt.Fprintln(stdout, summarize(cfg.a.name, cfg.b.name, results))
	return 0
}

// playerSpec is a parsed SPEC.
type playerSpec struct {
	name         string
	level        ai.Level
	opts         ai.Options
	minimaxDepth int // > 0: plain minimax
}

// engineFeatures names the techniques a SPEC may switch off ("hard-qs") to
// measure one alone (ai.Switches).
func engineFeatures() map[string]func(*ai.Options) { return ai.Switches() }

// featureNames lists engineFeatures' names in order.
func featureNames() string { return ai.SwitchNames() }

// parsePlayerSpec reads LEVEL[-FEATURE...] or minimax[N]; level reads a
// level's name as the game knows it (its own levels, such as tavla's seed).
func parsePlayerSpec(s string, moveTime time.Duration, hashMB int, level func(string) (ai.Level, bool)) (playerSpec, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return playerSpec{}, fmt.Errorf("a player is required: a level (%s) or minimaxN", standardLevels())
	}
	if rest, ok := strings.CutPrefix(s, "minimax"); ok {
		d := baselineMinimaxD
		if rest != "" {
			var err error
			if d, err = strconv.Atoi(rest); err != nil || d < 1 || d > maxMinimaxDepth {
				return playerSpec{}, fmt.Errorf("%q: minimax depth must be 1..%d", s, maxMinimaxDepth)
			}
		}
		return playerSpec{name: "minimax" + strconv.Itoa(d), minimaxDepth: d}, nil
	}
	parts := strings.Split(s, "-")
	lvl, ok := level(parts[0])
	if !ok {
		return playerSpec{}, fmt.Errorf("unknown player %q: a level (%s) or minimaxN", s, standardLevels())
	}
	if moveTime > 0 {
		lvl.Limits.Time = moveTime
	}
	spec := playerSpec{name: lvl.Name, level: lvl, opts: ai.DefaultOptions()}
	spec.opts.TTSizeMB = hashMB
	for _, f := range parts[1:] {
		off, ok := engineFeatures()[f]
		if !ok {
			return playerSpec{}, fmt.Errorf("%q: unknown feature %q (%s)", s, f, featureNames())
		}
		off(&spec.opts)
		spec.name += "-" + f
	}
	return spec, nil
}

func parsePlyRange(s string) (lo, hi int, err error) {
	a, b, ranged := strings.Cut(strings.TrimSpace(s), "-")
	if lo, err = strconv.Atoi(a); err == nil {
		hi = lo
		if ranged {
			hi, err = strconv.Atoi(b)
		}
	}
	if err != nil || lo < 0 || hi < lo || hi > 100 {
		return 0, 0, fmt.Errorf("%q: want N or MIN-MAX with 0 <= MIN <= MAX <= 100", s)
	}
	return lo, hi, nil
}

// player makes moves for one side; level players own an engine.
type player struct {
	spec playerSpec
	e    *ai.Engine
}

func (s playerSpec) newPlayer() *player {
	pl := &player{spec: s}
	if s.minimaxDepth == 0 {
		pl.e = ai.NewEngine(s.opts)
	}
	return pl
}

func (pl *player) move(p games.Position, rng *rand.Rand) ai.Move {
	if pl.spec.minimaxDepth > 0 {
		var eval func(ai.Position) int
		if _, ok := p.(ai.MaterialEvaluator); ok {
			eval = func(q ai.Position) int { return q.(ai.MaterialEvaluator).Material() }
		}
		return ai.Minimax(p, pl.spec.minimaxDepth, eval).Best
	}
	return pl.e.Choose(context.Background(), p, pl.spec.level, rng).Best
}

type selfplayConfig struct {
	game                games.Game
	a, b                playerSpec
	seed                uint64
	minPlies, maxRandom int
	maxPlies            int
}

// gameResult is one game, scored for A.
type gameResult struct {
	index   int
	aFirst  bool
	opening []string
	winner  ai.Side
	reason  string
	plies   int
	aScore  float64 // 1 win, 0.5 draw, 0 loss
	points  int     // what the win was worth (tavla's mars: 2); 0 for a draw
}

// play plays game i: A moves first when i is even; the opening depends on
// the pair i/2 only.
func (c *selfplayConfig) play(i int, a, b *player) gameResult {
	r := gameResult{index: i, aFirst: i%2 == 0, winner: ai.NoSide}
	for _, pl := range []*player{a, b} {
		if pl.e != nil {
			pl.e.NewGame()
		}
	}
	openRng := rand.New(rand.NewPCG(c.seed, uint64(i/2)))
	moveRng := rand.New(rand.NewPCG(c.seed, 1<<32|uint64(i)))
	p := c.game.Start()
	random := c.minPlies + openRng.IntN(c.maxRandom-c.minPlies+1)
	buf := make([]ai.Move, 0, ai.MaxMoves)
	// The limit counts turns: in dama a ply is a turn, while a tavla turn
	// is a roll and up to four plies.
	turns, last := 0, ai.NoSide
	for ; turns < c.maxPlies; r.plies++ {
		st := p.Status()
		if st.Over {
			r.winner, r.reason = st.Winner, st.Reason
			break
		}
		var m ai.Move
		switch {
		case p.Turn() == ai.Chance:
			m = sampleChance(p, openRng)
		case r.plies < random:
			moves := p.Moves(buf[:0])
			m = moves[openRng.IntN(len(moves))]
		case (p.Turn() == ai.First) == r.aFirst:
			m = a.move(p, moveRng)
		default:
			m = b.move(p, moveRng)
		}
		if m.IsNone() {
			r.reason = "no-move" // the rules left a live position without moves
			break
		}
		if r.plies < random {
			r.opening = append(r.opening, p.FormatMove(m))
		}
		if t := p.Turn(); t != ai.Chance && t != last {
			turns, last = turns+1, t
		}
		p.Make(m)
	}
	if r.reason == "" {
		r.reason = "ply-limit"
		if st := p.Status(); st.Over {
			r.winner, r.reason = st.Winner, st.Reason
		}
	}
	r.points = p.Status().WinPoints()
	aSide := ai.First
	if !r.aFirst {
		aSide = ai.Second
	}
	switch r.winner {
	case aSide:
		r.aScore = 1
	case ai.NoSide:
		r.aScore = 0.5
	}
	return r
}

// sampleChance draws a chance outcome by its probability.
func sampleChance(p games.Position, rng *rand.Rand) ai.Move {
	st, ok := p.(ai.Stochastic)
	if !ok {
		return ai.NoMove
	}
	outs := st.Chances(nil)
	x := rng.Float64()
	for _, o := range outs {
		if x -= o.Prob; x < 0 {
			return o.Move
		}
	}
	if len(outs) == 0 {
		return ai.NoMove
	}
	return outs[len(outs)-1].Move
}

func (r gameResult) line(g games.Game) string {
	side := g.SideNames()[0]
	if !r.aFirst {
		side = g.SideNames()[1]
	}
	res := map[float64]string{1: "win", 0.5: "draw", 0: "loss"}[r.aScore]
	opening := strings.Join(r.opening, ",")
	if opening == "" {
		opening = "-"
	}
	return fmt.Sprintf("game %d a:%s opening %s result %s reason %s plies %d", r.index+1, side, opening, res, r.reason, r.plies)
}

// summarize writes A's wins, draws, losses and score with a 95% confidence
// interval from the per-game score variance (normal approximation), and the
// Elo difference the score implies.
func summarize(a, b string, rs []gameResult) string {
	var wins, draws, losses int
	sum := 0.0
	for _, r := range rs {
		switch r.aScore {
		case 1:
			wins++
		case 0.5:
			draws++
		default:
			losses++
		}
		sum += r.aScore
	}
	n := float64(len(rs))
	mean := sum / n
	half := 0.0
	if len(rs) > 1 {
		ss := 0.0
		for _, r := range rs {
			ss += (r.aScore - mean) * (r.aScore - mean)
		}
		half = z95 * math.Sqrt(ss/(n-1)/n)
	}
	elo := "n/a"
	if mean > 0 && mean < 1 {
		elo = fmt.Sprintf("%+.0f", math.Round(-400*math.Log10(1/mean-1))+0) // +0: no "-0"
	}
	return fmt.Sprintf("a %s vs b %s: games %d wins %d draws %d losses %d score %.3f ci95 %.3f-%.3f elo %s",
		a, b, len(rs), wins, draws, losses, mean, max(mean-half, 0), min(mean+half, 1), elo)
}

// pointsSummary writes A's and B's points and A's share of them with a 95%
// confidence interval (delta method for a ratio), when some game was worth
// more than one point (tavla's mars); ok is false otherwise.
func pointsSummary(rs []gameResult) (string, bool) {
	var a, b []float64
	more := false
	for _, r := range rs {
		more = more || r.points > 1
		var x, y float64
		switch r.aScore {
		case 1:
			x = float64(r.points)
		case 0:
			y = float64(r.points)
		}
		a, b = append(a, x), append(b, y)
	}
	if !more {
		return "", false
	}
	var sa, st float64
	for i := range a {
		sa, st = sa+a[i], st+a[i]+b[i]
	}
	n := float64(len(rs))
	share, half := 0.0, 0.0
	if st > 0 {
		share = sa / st
		if len(rs) > 1 {
			ss := 0.0
			for i := range a {
				d := a[i] - share*(a[i]+b[i])
				ss += d * d
			}
			half = z95 * math.Sqrt(ss/(n-1)/n) / (st / n)
		}
	}
	return fmt.Sprintf("points a %.0f b %.0f share %.3f ci95 %.3f-%.3f", sa, st-sa, share, max(share-half, 0), min(share+half, 1)), true
}

// standardLevels lists the standard levels' names.
func standardLevels() string {
	var names []string
	for _, l := range ai.Levels() {
		names = append(names, l.Name)
	}
	return strings.Join(names, ", ")
}
