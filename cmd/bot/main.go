// Command bot is oyunbot: with no subcommand it runs the chat bot (console
// mode when no platform token is set); the subcommands are engine tools for
// analysis, testing and benchmarks (perft, analyse, selfplay, pairings),
// and checkdb lists the database rows the bot cannot read.
package main

import (
	"fmt"
	"io"
	"os"
)

// tool is a subcommand: it reads stdin, writes stdout/stderr and returns the
// process exit code.
type tool func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

func tools() map[string]tool {
	return map[string]tool{
		"perft":    runPerft,
		"analyse":  runAnalyse,
		"analyze":  runAnalyse,
		"selfplay": runSelfplay,
		"pairings": runPairings,
		"checkdb":  runCheckDB,
		"uci":      runUCI,
		"pdb":      runPDB,
		"loadtest": runLoadtest,
	}
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if t, ok := tools()[args[0]]; ok {
			return t(args[1:], stdin, stdout, stderr)
		}
		if args[0] == "help" {
			fmt.Fprintln(stdout, "usage: bot [-console]            run the chat bot\n"+
				"       bot perft    -game G -depth N [-divide]\n"+
				"       bot analyse  -game G (-level L | -time D | -depth N)\n"+
				"       bot selfplay -game G -a SPEC -b SPEC -games N [-time D] [-seed S]\n"+
				"       bot pairings -system swiss|roundrobin -players N [-rounds R] [-seed S]\n"+
				"       bot checkdb  [-db FILE]        list the rows the bot cannot read (exit 1 if any)\n"+
				"       bot uci      [-game chess]     the chess engine over UCI on stdin/stdout\n"+
				"       bot pdb      [-rebuild]        build or check the 15-puzzle's pattern databases (OYUNBOT_CACHE_DIR)\n"+
				"       bot loadtest [-games N] [-moves M] [-procs P] [-db FILE|URL]  games through a fake Telegram: moves/s, latency, memory")
			return 0
		}
	}
	return runBot(args, stdin, stdout, stderr)
}
