// Command draughtstune tunes the evaluation of Italian draughts and
// checkers (games/draughts/eval.go) by Texel's method, run by hand, in
// two steps, each a subcommand with its own flags (-h lists them):
//
//  1. Games: the engine plays itself at a small node budget a move from
//     the book of balanced openings (tools/draughtsmatch/testdata) and a
//     few random plies; every quiet position (no capture pending for the
//     side to move) of more pieces than the endgame database holds (it
//     decides the smaller ones: the evaluation is not asked there) is
//     kept once, with the game's result for White. A game ends by the
//     rules, by the database's verdict once it holds the position, or as
//     a draw at -tune-plies. The file is the same for the same flags
//     whatever the load (fixed nodes, one seed).
//
//     nice -n 15 go run ./tools/draughtstune games -game italian -tune-games 3000 \
//     -tune-out /tmp/italian-pos.txt
//
//  2. Fit: the logistic's scale K is fitted to the weights in use first,
//     then the weights by Texel's local search: each weight in turn is
//     moved up, else down, by a step while that lowers the mean squared
//     error between sigmoid(K·eval) and the results; the step halves
//     when no weight moves (8, 4, 2, 1 centi-men). The man stays at 100,
//     the unit. It prints the error before and after, on the positions
//     fitted and on one in ten held out, and the weights as Go code for
//     DefaultWeights; -tune-weights writes them as a file that
//     tools/draughtsmatch reads (weights=FILE) for the SPRT that decides.
//
//     nice -n 15 go run ./tools/draughtstune fit -game italian -tune-in /tmp/italian-pos.txt \
//     -tune-weights /tmp/italian.weights
//
//     -tune-only NAME fits one weight alone, the rest kept (a new term's
//     value before its own SPRT); -tune-from FILE starts from a weights file.
//
// A file line is "POSITION;RESULT": the position's text (Game.Parse) and
// the game's result for White (1, 0.5, 0). games/draughts/TUNING.md
// records the runs and the SPRTs (BENCHMARKS.md) behind the defaults.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"oyunbot/tools/internal/subcmd"

	"oyunbot/games/draughts"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// commands are the subcommands, each with its flags parsed from args.
var commands = map[string]subcmd.Func{
	"games": tuneGames,
	"fit":   tuneFit,
}

func run(args []string, stdout, stderr io.Writer) int {
	return subcmd.Run("draughtstune", commands, args, stdout, stderr)
}

// newFlags is a subcommand's flag set, its errors to stderr, with the
// -game flag every subcommand has.
func newFlags(name string, stderr io.Writer) (*flag.FlagSet, *string) {
	fs := flag.NewFlagSet("draughtstune "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs, fs.String("game", "italian", "italian or checkers")
}

// game is the game named by -game.
func game(name string) (draughts.Game, error) {
	g, ok := map[string]draughts.Game{"italian": draughts.Italian, "checkers": draughts.Checkers}[name]
	if !ok {
		return g, fmt.Errorf("-game is italian or checkers, not %q", name)
	}
	return g, nil
}
