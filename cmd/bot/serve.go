package main

import (
	"fmt"
	"io"
)

// runBot is a placeholder until its issue lands.
func runBot(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "not implemented yet")
	return 2
}
