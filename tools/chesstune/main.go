// Command chesstune tunes and measures the chess engine
// (games/chess/engine), run by hand; each step is a subcommand with its
// own flags (-h lists them):
//
// Texel tuning of the evaluation's weights, in three steps (each takes
// from minutes to an hour or two on the shared machine):
//
//  1. Games: the engine plays itself at a few thousand nodes a move from
//     the book's lines and a few random plies; every quiet position (not
//     in check, the move played not a capture or promotion) is kept with
//     a chance of one in two, with the game's result.
//
//     nice -n 10 go run ./tools/chesstune games -tune-games 12000 -tune-out /tmp/games.txt
//
//     Or from the games of engine matches (tools/sprt's PGN files: the
//     engine of the day against itself or Stockfish, at the match's
//     nodes or time), every position once:
//
//     go run ./tools/chesstune pgn -tune-pgn '/tmp/m/*.pgn' -tune-out /tmp/games.txt
//
//  2. Labels: Stockfish searches each position to a small depth and
//     gives its expected score (UCI_ShowWDL: wins and half the draws).
//
//     nice -n 10 go run ./tools/chesstune label -tune-in /tmp/games.txt \
//     -tune-out /tmp/labelled.txt -stockfish /usr/games/stockfish
//
//  3. Fit: the weights minimise the mean squared error between the
//     logistic of the evaluation and a blend of Stockfish's expected
//     score and the game's result (Texel's method, by gradient descent
//     with Adam on the evaluation's trace: engine/eval.go records how
//     often each weight counts). It writes eval_tuned.go.
//
//     nice -n 10 go run ./tools/chesstune fit -tune-in /tmp/labelled.txt \
//     -tune-out games/chess/engine/eval_tuned.go
//
// A file line is "FEN;result;expected": the game's result for White (1,
// 0.5, 0) and Stockfish's expected score for White (empty before step 2).
// Every tuned set is accepted only by an SPRT against the one before
// (tools/sprt, BENCHMARKS.md).
//
// Measurements:
//
//	go run ./tools/chesstune match -match no-futility [-match-games 20] [-match-time 100ms]
//	go run ./tools/chesstune fingerprint -fingerprint-depth 11
//	go run ./tools/chesstune budget -budget 200
//
// match plays the full engine against the engine with one technique
// switched off; fingerprint prints each benchmark position's search (nodes,
// score, best move, principal variation) to a fixed depth, which a change
// that must leave the search as it was leaves as it was (diff the output
// before and after); budget measures how long each level with a time
// budget takes to reply beside a busy loop on every core.
//
// These ran as tests with custom flags (go test ./games/chess -run
// TestTuneFit -tune-in ...) until issue 38; the flags are the same.
package main

import (
	"flag"
	"io"
	"os"
	"oyunbot/tools/internal/subcmd"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// commands are the subcommands, each with its flags parsed from args.
var commands = map[string]subcmd.Func{
	"games":       tuneGames,
	"pgn":         tunePGN,
	"label":       tuneLabel,
	"fit":         tuneFit,
	"match":       optionsMatch,
	"fingerprint": fingerprint,
	"budget":      levelBudgets,
}

func run(args []string, stdout, stderr io.Writer) int {
	return subcmd.Run("chesstune", commands, args, stdout, stderr)
}

// newFlags is a subcommand's flag set, its errors to stderr.
func newFlags(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("chesstune "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}
