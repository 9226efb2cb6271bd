package tavla

import (
	"syscall"
	"time"
)

// threadCPU is the CPU time (user and system) of the calling OS thread
// (lock the goroutine to it): a search's own CPU time, beside a busy
// loop's.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
