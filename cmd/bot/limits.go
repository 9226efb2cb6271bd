package main

// limits.go: the bot's memory settings. GOMEMLIMIT, the Go runtime's soft
// limit, is set by default so that the garbage collector works harder as
// the process nears its container's memory (a burst of animations, many
// people's searches) instead of letting the heap grow to twice what is
// live; the slow commands' workers and their searches' shared memory bound
// that burst in the first place (chat/slow.go).

import (
	"errors"
	"fmt"
	"math"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// defaultMemLimit is GOMEMLIMIT when none is set and no container limit is
// found: the bot's measured peak under load (BENCHMARKS.md, "Memory") is
// well under it.
const defaultMemLimit = 512 << 20

// containerShare is the part of a container's memory limit given to the Go
// heap: the rest is for what the runtime does not count (stacks, the
// binary, the kernel's page tables).
const containerShare = 0.75

// cgroupLimitFiles hold a container's memory limit (cgroup v2, then v1).
var cgroupLimitFiles = []string{"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}

// memLimitFor is the soft memory limit for a GOMEMLIMIT setting: the
// setting itself (Go's syntax: 512MiB, 1GiB, a number of bytes; "off" for
// none), else three quarters of the container's limit, else
// defaultMemLimit. from says which.
func memLimitFor(setting string, readFile func(string) ([]byte, error)) (limit int64, from string, err error) {
	if setting != "" {
		n, err := parseBytes(setting)
		if err != nil {
			return 0, "", fmt.Errorf("GOMEMLIMIT=%q: %w", setting, err)
		}
		return n, "GOMEMLIMIT", nil
	}
	for _, f := range cgroupLimitFiles {
		b, err := readFile(f)
		if err != nil {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		if err != nil || n <= 0 || n >= 1<<50 { // "max", or v1's "no limit"
			continue
		}
		return int64(float64(n) * containerShare), "container", nil
	}
	return defaultMemLimit, "default", nil
}

// parseBytes reads a size as GOMEMLIMIT takes it: a whole number of bytes
// with an optional unit (B, KiB, MiB, GiB, TiB), or "off" (no limit).
func parseBytes(s string) (int64, error) {
	s = strings.TrimSpace(s)
	if s == "off" {
		return math.MaxInt64, nil
	}
	units := []struct {
		suffix string
		shift  uint
	}{{"TiB", 40}, {"GiB", 30}, {"MiB", 20}, {"KiB", 10}, {"B", 0}}
	var shift uint
	for _, u := range units {
		if num, ok := strings.CutSuffix(s, u.suffix); ok {
			s, shift = num, u.shift
			break
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 || s == "" || s[0] < '0' || s[0] > '9' {
		return 0, errors.New("want a whole number of bytes with B, KiB, MiB, GiB or TiB (512MiB), or off")
	}
	if n > math.MaxInt64>>shift {
		return 0, errors.New("too large")
	}
	return n << shift, nil
}

// setMemLimit applies the soft memory limit of the settings and says which
// it is.
func setMemLimit(setting string) (limit int64, from string, err error) {
	limit, from, err = memLimitFor(setting, os.ReadFile)
	if err != nil {
		return 0, "", err
	}
	debug.SetMemoryLimit(limit)
	return limit, from, nil
}

// memText writes a memory limit for the log.
func memText(n int64) string {
	if n == math.MaxInt64 {
		return "off"
	}
	return strconv.FormatInt(n>>20, 10) + "MiB"
}
