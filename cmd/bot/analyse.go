package main

import (
	"fmt"
	"io"
)

// runAnalyse is a placeholder until its issue lands.
func runAnalyse(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "not implemented yet")
	return 2
}
