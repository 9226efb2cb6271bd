package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"strconv"
	"strings"

	"oyunbot/tournament"
)

// Result odds of the pairings preview: White wins, draw, Black wins, with
// the lower-numbered (stronger) player's chance raised by previewEdge.
const (
	previewWhite = 0.40
	previewDraw  = 0.20
	previewEdge  = 0.10
	// previewStream is the second PCG word, fixed so a seed alone decides.
	previewStream = 0x9e3779b97f4a7c15
)

// runPairings previews a tournament: it pairs every round, plays it with
// seeded random results, and prints the rounds and the final standings.
func runPairings(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("pairings", flag.ContinueOnError)
	fs.SetOutput(stderr)
	system := fs.String("system", "", "pairing system: swiss, roundrobin (or double)")
	players := fs.Int("players", 0, fmt.Sprintf("number of players, 2..%d", tournament.MaxPlayers))
	rounds := fs.Int("rounds", 0, "Swiss rounds (default ceil(log2 N)); for round robin the length of one or two cycles")
	seed := fs.Uint64("seed", 1, "random seed for the results")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: bot pairings -system swiss|roundrobin -players N [-rounds R] [-seed S]\n"+
			"Prints one line per round, \"round <k>: <white>-<black> ... [bye <p>]\", then the final\n"+
			"standings, one line per player: \"<rank> <player> <points> <tie-breaks>\" (round robin:\n"+
			"Sonneborn-Berger; Swiss: Buchholz, median Buchholz).")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "pairings: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q", fs.Arg(0))
	}
	if *system == "" {
		return fail("-system is required (swiss or roundrobin)")
	}
	sys, err := tournament.ParseSystem(strings.ToLower(*system))
	if err != nil {
		return fail("unknown system %q (want swiss or roundrobin)", *system)
	}
	if *players < 2 || *players > tournament.MaxPlayers {
		return fail("-players must be between 2 and %d, got %d", tournament.MaxPlayers, *players)
	}
	swissRounds := 0
	switch sys {
	case tournament.Swiss:
		if *rounds < 0 || *rounds > tournament.MaxRounds {
			return fail("-rounds must be between 1 and %d for swiss, got %d", tournament.MaxRounds, *rounds)
		}
		swissRounds = *rounds
	default:
		cycle := tournament.RoundRobinRounds(*players)
		switch *rounds {
		case 0:
		case cycle:
			sys = tournament.RoundRobin
		case 2 * cycle:
			sys = tournament.DoubleRoundRobin
		default:
			return fail("a round robin of %d players has %d rounds (or %d for a double one), not %d",
				*players, cycle, 2*cycle, *rounds)
		}
	}

	tr, err := tournament.New("preview", sys, swissRounds, "", "preview")
	if err != nil {
		return fail("%v", err)
	}
	for i := 1; i <= *players; i++ {
		if err := tr.Join(tournament.Player{ID: strconv.Itoa(i), Name: strconv.Itoa(i)}); err != nil {
			return fail("%v", err)
		}
	}
	if _, err := tr.Start(); err != nil {
		return fail("%v", err)
	}
	rng := rand.New(rand.NewPCG(*seed, previewStream))
	for tr.State == tournament.Running {
		cur := tr.Rounds[len(tr.Rounds)-1]
		for i, p := range cur.Pairings {
			if p.Result.Done() {
				continue
			}
			if _, err := tr.RecordResult(cur.Number, i+1, previewResult(rng, p)); err != nil {
				return fail("%v", err)
			}
		}
	}

	w := bufio.NewWriter(stdout)
	for _, r := range tr.Rounds {
		fmt.Fprintf(w, "round %d:", r.Number)
		for _, p := range r.Pairings {
			fmt.Fprintf(w, " %d-%d", p.White, p.Black)
		}
		if r.Bye != 0 {
			fmt.Fprintf(w, " bye %d", r.Bye)
		}
		fmt.Fprintln(w)
	}
	for _, s := range tr.Standings() {
		fmt.Fprintf(w, "%d %d %s", s.Rank, s.Player, formatPoints(s.Points))
		for _, tb := range s.TieBreaks {
			fmt.Fprintf(w, " %s", formatPoints(tb))
		}
		fmt.Fprintln(w)
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "pairings: %v\n", err)
		return 1
	}
	return 0
}

// previewResult draws a result, the stronger (lower-numbered) player being
// a little more likely to win.
func previewResult(rng *rand.Rand, p tournament.Pairing) tournament.Result {
	white := previewWhite
	if p.White < p.Black {
		white += previewEdge
	} else {
		white -= previewEdge
	}
	switch x := rng.Float64(); {
	case x < white:
		return tournament.WhiteWins
	case x < white+previewDraw:
		return tournament.Draw
	}
	return tournament.BlackWins
}

// formatPoints writes 2, 2.5 or 1.75: no trailing zeros.
func formatPoints(x float64) string {
	return strconv.FormatFloat(x, 'f', -1, 64)
}
