//go:build !unix

package islem

import "testing"

// cpuTime is not measured here: the benchmarks report wall-clock figures only.
func cpuTime() int64 { return 0 }

func reportCPU(*testing.B, int64, int, string) {}
