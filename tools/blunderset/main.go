// Command blunderset builds and measures the test set of the post-game
// analysis (package analysis, issue 24): games of self-play at a level
// with blunders injected at known plies, each confirmed by an oracle
// stronger than the analysis, and the share of them the analysis calls
// blunders beside the share of the level's own moves it calls blunders.
//
// The blunders (injectors.go): in chess a piece left en prise (the
// opponent has a capture that wins at least a minor piece by static
// exchange), confirmed by Stockfish as a fall of at least 15 points of
// lichess's win chance; in dama a move that leaves a man to the
// opponent's compulsory capture, confirmed by a deeper search of the
// engine as a loss of at least a man (Italian draughts and checkers the
// same); in tavla a checker left alone
// within a direct shot of an opponent's checker, confirmed by the
// reference evaluation two plies deep as a loss of at least 0.16 points.
//
//	nice -n 10 go run ./tools/blunderset -game chess -games 15 -out analysis/testdata/blunders/chess
//	nice -n 10 go run ./tools/blunderset -measure analysis/testdata/blunders/chess
//
// Each game is a file NNN.txt: a record (analysis.ParseRecord) after
// comment lines that say how it was made, which plies are random (the
// opening), and which were injected with the oracle's loss.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"oyunbot/ai"
	"oyunbot/analysis"
	"oyunbot/games"
	"oyunbot/games/chess/chessgame"
	"oyunbot/games/dama"
	"oyunbot/games/draughts"
	"oyunbot/games/islem"
	"oyunbot/games/tavla"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("blunderset", flag.ContinueOnError)
	fs.SetOutput(stderr)
	gameName := fs.String("game", "chess", "chess, dama, italian, checkers or tavla (islem too, without blunders)")
	levelName := fs.String("level", "master", "the level both sides play at")
	moveTime := fs.Duration("time", 0, "time a move (default: the level's)")
	n := fs.Int("games", 10, "games to play")
	first := fs.Int("first", 1, "number of the first game (a later run adds games)")
	maxPlies := fs.Int("plies", 90, "a game stops after this many plies")
	inject := fs.String("inject", "", "plies (0-based, comma-separated) where a blunder is injected: the side to move there, or at its next turns when none is found (default: the game's; none: plain self-play)")
	random := fs.Int("random", 2, "random opening plies (the same for every game only with the same seed)")
	seed := fs.Uint64("seed", 1, "seed of the dice, the openings and the choice among blunders")
	out := fs.String("out", "", "the folder to write the games to")
	measure := fs.String("measure", "", "instead: analyse the games in this folder and report")
	depth := fs.Int("depth", 0, "-measure: the analysis's depth (default: the game's)")
	nodes := fs.Int64("nodes", 0, "-measure: the analysis's nodes a position (default: the game's)")
	sf := fs.String("stockfish", "/usr/games/stockfish", "chess's oracle")
	sfNodes := fs.Int("sfnodes", 1_000_000, "the oracle's nodes a position (chess)")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	g, ok := map[string]games.Game{"chess": chessgame.Game{}, "dama": dama.Game{}, "italian": draughts.Italian, "checkers": draughts.Checkers,
		"hapis": tavla.Game{}, "islem": islem.Game{}}[*gameName]
	if !ok {
		fmt.Fprintf(stderr, "blunderset: -game must be chess, dama, italian, checkers, hapis or islem\n")
		return 2
	}
	if *measure != "" {
		if err := measureSet(stdout, g, *measure, analysis.Budget{Depth: *depth, Nodes: *nodes}); err != nil {
			fmt.Fprintf(stderr, "blunderset: %v\n", err)
			return 1
		}
		return 0
	}
	if *out == "" {
		fmt.Fprintln(stderr, "blunderset: give -out FOLDER (or -measure FOLDER)")
		return 2
	}
	lvl, ok := games.HostOf(g).Level(*levelName)
	if !ok {
		fmt.Fprintf(stderr, "blunderset: unknown level %q\n", *levelName)
		return 2
	}
	if *moveTime > 0 {
		lvl.Limits.Time = *moveTime
	}
	plies := defaultInjections[g.Name()]
	if *inject == "none" {
		plies = nil
	} else if *inject != "" {
		plies = nil
		for _, f := range strings.Split(*inject, ",") {
			k, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || k < 0 {
				fmt.Fprintf(stderr, "blunderset: -inject: %q is not a ply\n", f)
				return 2
			}
			plies = append(plies, k)
		}
	}
	var inj injector
	if len(plies) > 0 {
		var err error
		if inj, err = newInjector(g, *sf, *sfNodes); err != nil {
			fmt.Fprintf(stderr, "blunderset: %v\n", err)
			return 1
		}
		defer inj.close()
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fmt.Fprintf(stderr, "blunderset: %v\n", err)
		return 1
	}
	e := ai.NewEngine(ai.DefaultOptions())
	for i := *first; i < *first+*n; i++ {
		began := time.Now()
		gm, err := play(g, e, lvl, inj, i, *seed, *maxPlies, *random, plies)
		if err != nil {
			fmt.Fprintf(stderr, "blunderset: game %d: %v\n", i, err)
			return 1
		}
		path := filepath.Join(*out, fmt.Sprintf("%03d.txt", i))
		if err := os.WriteFile(path, []byte(gm.text(g, lvl.Name, *seed)), 0o644); err != nil {
			fmt.Fprintf(stderr, "blunderset: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "game %d: %d plies, injected %v (losses %v), %s\n", i, len(gm.moves), gm.injected, gm.losses, time.Since(began).Round(time.Second))
	}
	return 0
}

// defaultInjections are the plies of each game's blunders: one for each
// side, and a third for the first, far enough apart that the game is not
// over between them as a rule.
var defaultInjections = map[string][]int{
	"chess":    {20, 41, 62},
	"dama":     {20, 41, 62},
	"italian":  {20, 41, 62},
	"checkers": {20, 41, 62},
	"hapis":    {12, 29, 46}, // plies count rolls and dice: about four a turn
}

// game is a played game of the set.
type game struct {
	start    games.Position
	moves    []ai.Move
	random   []int // the random opening's plies
	injected []int // the injected turns' first plies
	losses   []float64
}

func (gm game) text(g games.Game, level string, seed uint64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# blunderset %s, both sides %s, seed %d\n", g.Name(), level, seed)
	fmt.Fprintf(&b, "# random %s\n", ints(gm.random))
	fmt.Fprintf(&b, "# injected %s\n", ints(gm.injected))
	fmt.Fprintf(&b, "# oracle-loss %s\n", floats(gm.losses))
	b.WriteString(analysis.FormatRecord(g, gm.start, gm.moves))
	return b.String()
}

// play plays game i: the level on both sides, a blunder injected at each
// of the plies (or at the same side's next turns when no blunder is found
// there), dice and openings from the seed.
func play(g games.Game, e *ai.Engine, lvl ai.Level, inj injector, i int, seed uint64, maxPlies, random int, plies []int) (game, error) {
	rng := rand.New(rand.NewPCG(seed, uint64(i)))
	e.NewGame()
	gm := game{start: g.Start()}
	p := gm.start.Clone()
	pending := slices.Clone(plies) // plies still to inject at, sorted
	slices.Sort(pending)
	var wanted ai.Side = ai.NoSide // the side that owes a blunder
	for len(gm.moves) < maxPlies && !p.Status().Over {
		k := len(gm.moves)
		if p.Turn() == ai.Chance {
			play1(p, &gm, sample(p, rng))
			continue
		}
		if len(pending) > 0 && k >= pending[0] && wanted == ai.NoSide {
			wanted, pending = p.Turn(), pending[1:]
		}
		if k < random {
			ms := games.Legal(p, nil)
			gm.random = append(gm.random, k)
			play1(p, &gm, ms[rng.IntN(len(ms))])
			continue
		}
		if wanted == p.Turn() && startsTurn(gm, p) {
			turn, loss, err := inj.blunder(p, rng)
			if err != nil {
				return gm, err
			}
			if turn != nil {
				gm.injected = append(gm.injected, k)
				gm.losses = append(gm.losses, loss)
				for _, m := range turn {
					play1(p, &gm, m)
				}
				wanted = ai.NoSide
				continue
			}
		}
		play1(p, &gm, e.Choose(context.Background(), p, lvl, rng).Best)
	}
	return gm, nil
}

// startsTurn: the side to move has not moved yet this turn.
func startsTurn(gm game, p games.Position) bool {
	q := gm.start.Clone()
	var last ai.Side = ai.NoSide
	for _, m := range gm.moves {
		if t := q.Turn(); t != ai.Chance {
			last = t
		} else {
			last = ai.NoSide // a roll begins a turn
		}
		q.Make(m)
	}
	return last != p.Turn()
}

func play1(p games.Position, gm *game, m ai.Move) {
	gm.moves = append(gm.moves, m)
	p.Make(m)
}

// sample draws a chance outcome by its probability.
func sample(p games.Position, rng *rand.Rand) ai.Move {
	outs := p.(ai.Stochastic).Chances(nil)
	x := rng.Float64()
	for _, o := range outs {
		if x -= o.Prob; x < 0 {
			return o.Move
		}
	}
	return outs[len(outs)-1].Move
}

func ints(xs []int) string {
	var s []string
	for _, x := range xs {
		s = append(s, strconv.Itoa(x))
	}
	return strings.Join(s, " ")
}

func floats(xs []float64) string {
	var s []string
	for _, x := range xs {
		s = append(s, strconv.FormatFloat(x, 'f', 2, 64))
	}
	return strings.Join(s, " ")
}

// errNoOracle: the oracle a game needs is missing.
var errNoOracle = errors.New("no oracle")
