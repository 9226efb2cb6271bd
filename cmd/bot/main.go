// Command bot is oyunbot: with no subcommand it runs the chat bot (console
// mode when no platform token is set); the subcommands are engine tools for
// analysis and testing (perft, analyse, pairings, uci, pdb), checkdb lists
// the database rows the bot cannot read, version says what build this is,
// and healthcheck asks a running bot's /healthz (for containers). The
// developer programs (the load tool, self-play matches, the documentation's
// pictures) live under tools/, so that this binary links no test fake.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// tool is a subcommand: it reads stdin, writes stdout/stderr and returns the
// process exit code.
type tool func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

func tools() map[string]tool {
	return map[string]tool{
		"perft":       runPerft,
		"analyse":     runAnalyse,
		"analyze":     runAnalyse,
		"pairings":    runPairings,
		"checkdb":     runCheckDB,
		"uci":         runUCI,
		"pdb":         runPDB,
		"egdb":        runEGDB,
		"version":     runVersion,
		"healthcheck": runHealthcheck,
	}
}

// movedTools are the subcommands that became programs of their own under
// tools/: the bot says where they went.
var movedTools = map[string]string{
	"loadtest": "./tools/loadtest",
	"selfplay": "./tools/selfplay",
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if t, ok := tools()[args[0]]; ok {
			return t(args[1:], stdin, stdout, stderr)
		}
		if dir, ok := movedTools[args[0]]; ok {
			fmt.Fprintf(stderr, "bot %s is a program of its own now: go run %s %s\n", args[0], dir, strings.Join(args[1:], " "))
			return 2
		}
		if args[0] == "help" {
			fmt.Fprintln(stdout, "usage: bot [-console]            run the chat bot\n"+
				"       bot perft    -game G -depth N [-divide]\n"+
				"       bot analyse  -game G (-level L | -time D | -depth N)\n"+
				"       bot pairings -system swiss|roundrobin -players N [-rounds R] [-seed S]\n"+
				"       bot checkdb  [-db FILE]        list the rows the bot cannot read (exit 1 if any)\n"+
				"       bot uci      [-game chess]     the chess engine over UCI on stdin/stdout\n"+
				"       bot pdb      [-rebuild]        build or check the 15-puzzle's pattern databases (OYUNBOT_CACHE_DIR)\n"+
				"       bot egdb     [-rebuild] [-verify] build or check the draughts endgame databases (OYUNBOT_CACHE_DIR)\n"+
				"       bot version                    the build: release tag or commit, its time, the Go toolchain\n"+
				"       bot healthcheck [-url URL]     ask the running bot's /healthz (exit 0 when healthy; for containers)\n"+
				"developer programs: go run ./tools/loadtest, ./tools/selfplay, ./tools/docpictures (-h for their flags)")
			return 0
		}
	}
	return runBot(args, stdin, stdout, stderr)
}
