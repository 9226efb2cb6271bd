package main

import (
	"fmt"
	"io"
)

// runPerft is a placeholder until its issue lands.
func runPerft(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "not implemented yet")
	return 2
}
