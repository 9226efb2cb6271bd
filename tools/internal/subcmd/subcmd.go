// Package subcmd runs a developer tool's subcommands ("chesstune fit
// ...", "draughtstune games ..."): the one dispatcher those tools share.
package subcmd

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Func is a subcommand: its arguments after its name.
type Func func(args []string, stdout, stderr io.Writer) error

// Run runs the subcommand args[0] of the tool named tool and returns the
// process's exit code: 2 with the usage when there is no such command, 0
// for -h, 1 with the error when the command fails.
func Run(tool string, commands map[string]Func, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || commands[args[0]] == nil {
		var names []string
		for n := range commands {
			names = append(names, n)
		}
		sort.Strings(names)
		fmt.Fprintf(stderr, "usage: %s %s [flags] (%s COMMAND -h lists its flags)\n", tool, strings.Join(names, "|"), tool)
		return 2
	}
	if err := commands[args[0]](args[1:], stdout, stderr); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintln(stderr, tool+" "+args[0]+":", err)
		return 1
	}
	return 0
}
