//go:build unix

package draughts

import "syscall"

// cpuTime is the process's user+system CPU time in nanoseconds: on a
// shared machine it says more about a benchmark's speed than the clock.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}
