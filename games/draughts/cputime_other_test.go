//go:build !unix

package draughts

func cpuTime() int64 { return 0 }
