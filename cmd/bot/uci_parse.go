package main

// uci_parse.go reads the lines of the Universal Chess Interface protocol
// into commands; uci.go runs them. Reading is kept apart so that it can be
// fuzzed: any line gives a command or an error, never a panic.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// uciCmd is one line of the protocol, read.
type uciCmd struct {
	name string // uci, isready, ucinewgame, position, go, stop, quit, setoption, ponderhit, debug
	// position
	fen   string // "" for startpos
	moves []string
	// go
	goArgs goParams
	// setoption
	option, value string
}

// goParams are the arguments of go. Zero fields were not given.
type goParams struct {
	wtime, btime, winc, binc time.Duration
	movestogo                int
	movetime                 time.Duration
	depth                    int
	nodes                    int64
	mate                     int
	infinite                 bool
	ponder                   bool
}

// errUnknownCommand is returned for a line that is no command: the protocol
// says to ignore it.
var errUnknownCommand = errors.New("unknown command")

// parseUCILine reads one line. An empty line or an unknown command is
// errUnknownCommand; a known command with bad arguments is another error.
func parseUCILine(line string) (uciCmd, error) {
	f := strings.Fields(line)
	if len(f) == 0 {
		return uciCmd{}, errUnknownCommand
	}
	c := uciCmd{name: f[0]}
	args := f[1:]
	switch c.name {
	case "uci", "isready", "ucinewgame", "stop", "quit", "ponderhit", "debug", "register":
		return c, nil
	case "position":
		return c, parsePositionArgs(&c, args)
	case "go":
		g, err := parseGoArgs(args)
		c.goArgs = g
		return c, err
	case "setoption":
		return c, parseSetOption(&c, args)
	}
	return uciCmd{}, errUnknownCommand
}

// parsePositionArgs reads "startpos|fen F... [moves M...]".
func parsePositionArgs(c *uciCmd, args []string) error {
	if len(args) == 0 {
		return errors.New("position: startpos or fen expected")
	}
	rest := args[1:]
	switch args[0] {
	case "startpos":
	case "fen":
		n := 0
		for n < len(rest) && rest[n] != "moves" {
			n++
		}
		if n == 0 {
			return errors.New("position fen: the FEN is missing")
		}
		c.fen = strings.Join(rest[:n], " ")
		rest = rest[n:]
	default:
		return fmt.Errorf("position: startpos or fen expected, not %q", args[0])
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return fmt.Errorf("position: moves expected, not %q", rest[0])
		}
		c.moves = rest[1:]
	}
	return nil
}

// maxUCIDuration bounds times read from go, so that sums cannot overflow.
const maxUCIDuration = 1000 * time.Hour

// parseGoArgs reads go's arguments; searchmoves is not supported.
func parseGoArgs(args []string) (goParams, error) {
	var g goParams
	for i := 0; i < len(args); i++ {
		key := args[i]
		switch key {
		case "infinite":
			g.infinite = true
			continue
		case "ponder":
			g.ponder = true
			continue
		}
		if i+1 >= len(args) {
			return g, fmt.Errorf("go: %s needs a value", key)
		}
		i++
		n, err := strconv.ParseInt(args[i], 10, 64)
		if err != nil {
			return g, fmt.Errorf("go: %s: %q is not a number", key, args[i])
		}
		ms := time.Duration(min(max(n, 0), int64(maxUCIDuration/time.Millisecond))) * time.Millisecond
		small := int(min(max(n, 0), 1<<20))
		switch key {
		case "wtime":
			g.wtime = ms
		case "btime":
			g.btime = ms
		case "winc":
			g.winc = ms
		case "binc":
			g.binc = ms
		case "movetime":
			g.movetime = ms
		case "movestogo":
			g.movestogo = small
		case "depth":
			g.depth = small
		case "mate":
			g.mate = small
		case "nodes":
			g.nodes = max(n, 0)
		default:
			return g, fmt.Errorf("go: unknown argument %q", key)
		}
	}
	return g, nil
}

// parseSetOption reads "name N... [value V...]" (names may have spaces).
func parseSetOption(c *uciCmd, args []string) error {
	if len(args) < 2 || args[0] != "name" {
		return errors.New("setoption: name expected")
	}
	i := 1
	for i < len(args) && args[i] != "value" {
		i++
	}
	c.option = strings.Join(args[1:i], " ")
	if c.option == "" {
		return errors.New("setoption: the name is missing")
	}
	if i < len(args) {
		c.value = strings.Join(args[i+1:], " ")
	}
	return nil
}
