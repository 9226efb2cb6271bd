//go:build unix

package main

import (
	"syscall"
	"time"
)

// processCPU is the process's user+system CPU time so far (0 where it
// cannot be read): on a shared machine the CPU a load run spent per move
// says more than its wall-clock rate.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
