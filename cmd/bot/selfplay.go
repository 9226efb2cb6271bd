package main

import (
	"fmt"
	"io"
)

// runSelfplay is a placeholder until its issue lands.
func runSelfplay(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "not implemented yet")
	return 2
}
