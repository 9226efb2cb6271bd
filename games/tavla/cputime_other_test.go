//go:build !linux

package tavla

import "time"

// threadCPU is not measured here (Linux only): 0.
func threadCPU() time.Duration { return 0 }
