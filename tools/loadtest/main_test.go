package main

import (
	"bytes"
	"strings"
	"testing"

	"oyunbot/store/pgtest"
)

// TestLoadtest: a short run of the load tool, one and two processes on
// SQLite (and two on PostgreSQL when OYUNBOT_TEST_POSTGRES is set): every
// move answered is a move stored, and the figures are printed. The
// figures themselves are not judged (BENCHMARKS.md has them).
func TestLoadtest(t *testing.T) {
	for _, tc := range []struct {
		name string
		db   func(t *testing.T) string
		args []string
	}{
		{"sqlite, 1 process", nil, []string{"-procs", "1"}},
		{"sqlite, 2 processes", nil, []string{"-procs", "2"}},
		{"postgres, 2 processes", loadtestSchema, []string{"-procs", "2"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"-games", "3", "-moves", "6"}, tc.args...)
			if tc.db != nil {
				args = append(args, "-db", tc.db(t))
			}
			var out, errb bytes.Buffer
			if code := run(args, &out, &errb); code != 0 {
				t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out.String(), errb.String())
			}
			for _, want := range []string{"moves: 18 answered, 18 stored", "reply latency: p50 ", "memory: heap in use peak "} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("no %q in:\n%s", want, out.String())
				}
			}
		})
	}
}

// loadtestSchema is a fresh schema of OYUNBOT_TEST_POSTGRES's database,
// dropped after the test; the test is skipped without one (not in CI).
func loadtestSchema(t *testing.T) string { return pgtest.Schema(t) }
