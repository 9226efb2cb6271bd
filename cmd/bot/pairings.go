package main

import (
	"fmt"
	"io"
)

// runPairings is a placeholder until its issue lands.
func runPairings(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "not implemented yet")
	return 2
}
