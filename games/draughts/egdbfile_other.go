//go:build !unix

package draughts

import "os"

// mapFile reads the file at path (no mapping on this system: the table is
// on the Go heap).
func mapFile(path string) ([]byte, error) { return os.ReadFile(path) }

func unmapFile([]byte) {}
