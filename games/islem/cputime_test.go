//go:build unix

package islem

import (
	"syscall"
	"testing"
)

// cpuTime is the process's user+system CPU time in nanoseconds: on a shared
// machine it says more about a benchmark's cost than the wall clock.
func cpuTime() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// reportCPU reports the CPU time per operation since start and the rate of
// units (operations found, placements scored) per CPU second.
func reportCPU(b *testing.B, start int64, units int, unit string) {
	cpu := float64(cpuTime() - start)
	if cpu <= 0 || b.N == 0 {
		return
	}
	b.ReportMetric(cpu/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(units)/(cpu/1e9), unit+"/cpu-s")
}
