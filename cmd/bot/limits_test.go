package main

import (
	"errors"
	"math"
	"os"
	"testing"
)

// TestMemLimit: GOMEMLIMIT as set wins (Go's syntax); without it, three
// quarters of a container's limit (cgroup v2, else v1), else the default;
// "no limit" files count as none; a bad setting is refused.
func TestMemLimit(t *testing.T) {
	files := func(m map[string]string) func(string) ([]byte, error) {
		return func(name string) ([]byte, error) {
			if v, ok := m[name]; ok {
				return []byte(v), nil
			}
			return nil, os.ErrNotExist
		}
	}
	v2, v1 := cgroupLimitFiles[0], cgroupLimitFiles[1]
	for _, tc := range []struct {
		setting string
		files   map[string]string
		want    int64
		from    string
	}{
		{"", nil, defaultMemLimit, "default"},
		{"", map[string]string{v2: "1073741824\n"}, 768 << 20, "container"},
		{"", map[string]string{v2: "max\n", v1: "2147483648\n"}, 1536 << 20, "container"},
		{"", map[string]string{v1: "9223372036854771712\n"}, defaultMemLimit, "default"},
		{"300MiB", map[string]string{v2: "1073741824"}, 300 << 20, "GOMEMLIMIT"},
		{"2GiB", nil, 2 << 30, "GOMEMLIMIT"},
		{"1000000", nil, 1000000, "GOMEMLIMIT"},
		{"off", nil, math.MaxInt64, "GOMEMLIMIT"},
	} {
		got, from, err := memLimitFor(tc.setting, files(tc.files))
		if err != nil || got != tc.want || from != tc.from {
			t.Errorf("%q %v: %d from %s (%v), want %d from %s", tc.setting, tc.files, got, from, err, tc.want, tc.from)
		}
	}
	for _, bad := range []string{"512M", "1.5GiB", "-1", "MiB", "lots", "99999999999TiB"} {
		if _, _, err := memLimitFor(bad, files(nil)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestMemorySettings: the slow workers and the searches' memory are read
// with the others, and refused when they make no sense.
func TestMemorySettings(t *testing.T) {
	load := func(env map[string]string) (config, error) {
		return loadConfig(func(k string) (string, bool) { v, ok := env[k]; return v, ok }, "")
	}
	c, err := load(map[string]string{"OYUNBOT_SLOW_WORKERS": "3", "OYUNBOT_SEARCH_MEMORY": "64MiB", "GOMEMLIMIT": "400MiB"})
	if err != nil || c.SlowWorkers != 3 || c.SearchMemory != 64<<20 || c.MemLimit != "400MiB" {
		t.Fatalf("%+v %v", c, err)
	}
	for _, env := range []map[string]string{
		{"OYUNBOT_SLOW_WORKERS": "0"}, {"OYUNBOT_SEARCH_MEMORY": "12"}, {"OYUNBOT_SEARCH_MEMORY": "lots"}, {"GOMEMLIMIT": "1G"},
	} {
		if _, err := load(env); err == nil || errors.Is(err, os.ErrNotExist) {
			t.Errorf("%v accepted", env)
		}
	}
}
